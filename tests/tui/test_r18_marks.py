"""The map's marks for the morale and casualties modules (R18.1, R18.2), as the legend explains them: a unit
out of the fight drawn dim with its mark, a stunned, broken or shaken one with a mark in place of its facing,
and one that fled not drawn at all."""

from __future__ import annotations

import attrs
import pytest

from apcombat.content import content_root, load_encounter, load_library
from apcombat.model import with_fields
from apcombat.model.fates import Fate, MoraleState
from apcombat.tui.screens.legend import legend_text
from apcombat.tui.widgets.map_glyphs import unit_glyph, unit_rows


@pytest.fixture(scope="module")
def duel():
    return load_encounter(content_root() / "encounters" / "duel.toml", load_library(content_root()))


@pytest.mark.parametrize(
    ("changes", "text", "dim"),
    [
        ({"fate": Fate.MAN_DOWN, "hp": 0}, "a+", True),  # R18.2.1
        ({"fate": Fate.DEAD}, "a†", True),
        ({"fate": Fate.SURRENDERED}, "a_", True),  # R18.1.5
        ({"stunned": True, "hp": 1}, "A*", False),  # R18.2.1
        ({"morale": MoraleState.BROKEN}, "A!", False),  # R18.1.3
        ({"morale": MoraleState.SHAKEN}, "A?", False),
    ],
)
def test_r18_states_have_their_marks(duel, changes, text, dim) -> None:
    unit = with_fields(duel.unit("ana"), **changes)  # the modules' state by its flat names
    drawn, style = unit_glyph(unit, "A", "bright_green", False, False)
    assert drawn == text and bool(style.dim) == dim


def test_r18_1_3_a_unit_that_fled_leaves_the_map_and_the_legend_explains_the_marks(duel) -> None:
    state = duel.with_unit(attrs.evolve(duel.unit("ana"), fate=Fate.FLED))
    drawn = [glyph for row in unit_rows(state, {"ana": "A", "raider": "R"}).values() for glyph in row]
    assert len(drawn) == 1 and drawn[0][1].startswith("R")  # only the raider is drawn
    legend = legend_text().plain
    assert "man down +, dead †, surrendered _" in legend and "stunned *, broken !, shaken ?" in legend
