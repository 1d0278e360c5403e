"""The map's marks for the morale and casualties modules (R18.1, R18.2), as the legend explains them: a unit
out of the fight drawn dim with its mark below it (zoomed), a stunned, broken or shaken one with its flag's
mark below it, and one that fled not drawn at all."""

from __future__ import annotations

import attrs
import pytest

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import unit_flags
from apcombat.model import Facing, Pose, with_fields
from apcombat.model.fates import Fate, MoraleState
from apcombat.tui.screens.legend import legend_text
from apcombat.tui.widgets.map_glyphs import unit_rows
from apcombat.tui.widgets.unit_looks import look_of, unit_line


@pytest.fixture(scope="module")
def duel():
    return load_encounter(content_root() / "encounters" / "duel.toml", load_library(content_root()))


@pytest.mark.parametrize(
    ("changes", "text", "dim"),
    [
        ({"fate": Fate.MAN_DOWN, "hp": 0}, "+   ", True),  # R18.2.1
        ({"fate": Fate.DEAD}, "†   ", True),
        ({"fate": Fate.SURRENDERED}, "_   ", True),  # R18.1.5
        ({"stunned": True, "hp": 1}, "↗ *", False),  # R18.2.1
        ({"morale": MoraleState.BROKEN}, "↗ !", False),  # R18.1.3
        ({"morale": MoraleState.SHAKEN}, "↗ ?", False),
    ],
)
def test_r18_states_have_their_marks(duel, changes, text, dim) -> None:
    unit = with_fields(duel.unit("ana"), facing=Facing.NE, pose=Pose.UPRIGHT, **changes)  # flat names
    state = duel.with_unit(unit)
    look = look_of(state, unit, "V1", unit_flags(state, unit))
    mark, style = unit_line(look, "standard", 2, 0)
    below, _ = unit_line(look, "standard", 2, 1)  # zoom 2: the mark, then the facing, pose and flags
    assert mark == "[V1]" and below.startswith(text) and bool(style.dim) == dim


def test_r18_1_3_a_unit_that_fled_leaves_the_map_and_the_legend_explains_the_marks(duel) -> None:
    state = duel.with_unit(attrs.evolve(duel.unit("ana"), fate=Fate.FLED))
    drawn = [glyph for row in unit_rows(state).values() for glyph in row]
    assert len(drawn) == 1 and drawn[0][1].mark == "R1"  # only the raider is drawn
    legend = legend_text().plain
    assert "x down, z unconscious, + man down, † dead, _ surrendered" in legend
    assert all(words in legend for words in ("* stunned", "! broken", "? shaken"))
