"""A side's own colour (`[[side]] colour`) drawn wherever its colour shows: the map's unit looks and
last-seen marks, the panels and turn order, the overview, the players' view page; in every palette, each
name its own colour there."""

from __future__ import annotations

import attrs
import pytest

from apcombat.content import content_root, load_encounter
from apcombat.engine import unit_flags, unit_marks
from apcombat.model import Encounter
from apcombat.model.side_colours import SIDE_COLOURS
from apcombat.players_view.page import PAGE_COLOURS, fight_html
from apcombat.tui.screens.overview import overview_text
from apcombat.tui.widgets.map_glyphs import unit_rows
from apcombat.tui.widgets.map_palettes import PALETTES
from apcombat.tui.widgets.panels import side_colour
from apcombat.tui.widgets.unit_looks import look_of, unit_line


def duel(library, *colours: str | None) -> Encounter:
    encounter = load_encounter(content_root() / "encounters" / "duel.toml", library)
    sides = tuple(attrs.evolve(side, colour=colour) for side, colour in zip(encounter.sides, colours, strict=True))
    return attrs.evolve(encounter, sides=sides)


@pytest.mark.parametrize("palette", list(PALETTES))
def test_each_palette_draws_six_colours_told_apart(palette: str) -> None:
    assert len(set(PALETTES[palette].sides)) == len(SIDE_COLOURS)


@pytest.mark.parametrize("palette", list(PALETTES))
def test_a_side_named_blue_is_drawn_blue_on_the_map_and_in_the_panels(library, palette: str) -> None:
    state = duel(library, "blue", None)
    blue = PALETTES[palette].sides[SIDE_COLOURS.index("blue")]
    first = state.sides[0]
    marks = unit_marks(state)
    for unit in state.units:
        look = look_of(state, unit, marks[unit.id], unit_flags(state, unit))
        _, style = unit_line(look, palette, 1, 0)
        want = blue if unit.side == first.id else PALETTES[palette].sides[1]  # the second keeps its place's
        assert style.color is not None and style.color.name == want
        assert look.side == (0 if unit.side == first.id else 1)  # the brackets and case stay the place's
    assert side_colour(state, first.id, palette) == blue


def test_unnamed_sides_are_drawn_as_before(library) -> None:
    state = duel(library, None, None)
    assert [side_colour(state, side.id) for side in state.sides] == list(PALETTES["standard"].sides[:2])


def test_a_last_seen_mark_and_the_overview_take_the_enemys_colour(library) -> None:
    state = duel(library, None, "cyan")
    enemy = state.units[1]
    assert enemy.at is not None and enemy.side == state.sides[1].id
    cyan = PALETTES["standard"].sides[SIDE_COLOURS.index("cyan")]
    away = attrs.evolve(state, units=(state.units[0],))  # the enemy unseen: only its mark is drawn
    rows = unit_rows(away, remembered=((enemy.at, 1, enemy.pose),))
    (look,) = [look for _, look in rows[enemy.at[1]] if look.remembered]
    assert unit_line(look, "standard", 1, 0)[1].color.name == cyan
    text, _ = overview_text(state, unit_marks(state), 40, 20)
    assert any(cyan in str(span.style) for span in text.spans)


def test_the_players_view_colours_a_side_by_its_name(library) -> None:
    page = fight_html(duel(library, "magenta", None), [])
    assert f"color:{PAGE_COLOURS['magenta']}" in page and f"color:{PAGE_COLOURS['red']}" in page
