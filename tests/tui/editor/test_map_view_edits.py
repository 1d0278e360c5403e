"""The map view's fast path for map edits (only the rows whose ground changed are drawn again, every other
line kept) and the editor's overlays (flagged problem cells, the next stroke) in every palette."""

from __future__ import annotations

import attrs
from textual.pilot import Pilot

from apcombat.model import Terrain
from apcombat.tui.widgets.map_glyphs import RowMarks, draw_row
from apcombat.tui.widgets.map_palettes import PALETTES
from apcombat.tui.widgets.map_view import MapOverlay, MapView
from tests.tui.test_map_view import MapApp, cell_text, map_line, run, small_encounter


def test_a_painted_cell_redraws_its_row_only() -> None:
    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        state = view.state
        assert state is not None and state.map is not None
        kept = map_line(view, 4)
        painted = attrs.evolve(state.map, rows=(*state.map.rows[:3], "....H..#_.", *state.map.rows[4:]))
        view.show(attrs.evolve(state, map=painted))
        await pilot.pause()
        assert cell_text(view, (7, 3)) == "██"
        assert map_line(view, 4) is kept  # the line cache was not cleared by the edit

    run(small_encounter(), test)


def test_fires_lit_and_put_out_redraw_on_the_fast_path() -> None:
    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        state = view.state
        assert state is not None and state.map is not None
        kept = map_line(view, 0)
        view.show(attrs.evolve(state, map=state.map.with_fire((3, 4), True)))
        await pilot.pause()
        assert cell_text(view, (3, 4)) == "^^"
        view.show(attrs.evolve(state, map=state.map.with_fire((3, 4), True).with_fire((3, 4), False)))
        await pilot.pause()
        assert cell_text(view, (3, 4)) == ", "
        assert map_line(view, 0) is kept

    run(small_encounter(), test)


def test_flagged_and_stroke_cells_are_tinted_in_every_palette() -> None:
    row = (Terrain.FLOOR,) * 6
    marks = RowMarks(0, flagged=frozenset({1}), stroke=frozenset({3}), ground="......")
    for name in PALETTES:
        segments = list(draw_row(row, marks, palette_name=name))
        styles = [segment.style for segment in segments for _ in segment.text]
        flagged, stroke, plain = styles[2], styles[6], styles[10]
        assert flagged is not None and flagged.underline, name  # legible without colour too
        assert flagged.bgcolor is not None and stroke is not None and stroke.bgcolor is not None, name
        assert plain is None or plain.bgcolor is None, name
        assert flagged.bgcolor != stroke.bgcolor, name


def test_the_overlay_draws_on_the_map() -> None:
    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        state = view.state
        assert state is not None
        before = map_line(view, 4)
        view.show(state, MapOverlay(flagged=frozenset({(5, 4)})))
        await pilot.pause()
        assert map_line(view, 4) is not before
        assert any(segment.style and segment.style.underline for segment in map_line(view, 4))

    run(small_encounter(), test)
