"""The map view on a hex map (R20.1): odd rows drawn half a cell east, the six facing arrows, the cursor keys
over hexes and clicks landing on the right hex at every zoom."""

from __future__ import annotations

from itertools import pairwise

from test_map_view import GUTTER, MapApp, run, unit
from textual.geometry import Offset
from textual.pilot import Pilot

from apcombat.board import HexGrid
from apcombat.model import BattleMap, Encounter, Facing, Side
from apcombat.tui.widgets.map_view import RULER_LINES, ZOOMS, MapOverlay, MapView
from apcombat.tui.widgets.unit_looks import FACING_MARKS

ROWS = (
    "........",
    "..##....",
    "........",
    "....==..",
    "........",
)


def hex_encounter() -> Encounter:
    facings = (Facing.E, Facing.NE, Facing.NW, Facing.W, Facing.SW, Facing.SE)
    return Encounter(
        name="hexes",
        sides=[Side("blue", "Blue"), Side("red", "Red")],
        units=[unit(f"u{i}", "blue" if i < 3 else "red", (i, 4), facing=facing) for i, facing in enumerate(facings)],
        map=BattleMap(ROWS, kind="hex"),
        active="u0",
    )


def screen_line(view: MapView, y: int, sub: int = 0) -> str:
    return view.render_line(RULER_LINES + view.zoom * y + sub).text


def test_odd_rows_are_drawn_half_a_cell_east_with_the_six_facing_arrows() -> None:
    # R20.1: each cell sits between the two above it and the two below it.
    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        assert screen_line(view, 0)[GUTTER:].startswith("·         ·     ")  # the floor's dot every fifth cell
        assert screen_line(view, 1)[GUTTER:].startswith("     ████  ")
        assert screen_line(view, 3)[GUTTER:].startswith("         ▄▄▄▄")
        assert screen_line(view, 4)[GUTTER:].startswith("B1B2B3r1r2r3")  # the marks, the sides' case
        assert view.size_at(1).width == GUTTER + 2 * 8 + 1  # half a cell wider than the rows
        view.zoom = 2  # zoomed, each unit shows its facing below its mark
        await pilot.pause()
        row = screen_line(view, 4, 1)[GUTTER:]
        marks = [FACING_MARKS[facing] for facing in (Facing.E, Facing.NE, Facing.NW, Facing.W, Facing.SW, Facing.SE)]
        assert [row[4 * x] for x in range(6)] == marks

    run(hex_encounter(), test)


def test_the_cursor_keys_walk_a_row_and_zigzag_up_and_down_a_column() -> None:
    # Left and right along the row; up and down keep the column: up from an even row is the north-east
    # neighbour, from an odd row the north-west one, so every key press moves to a neighbouring hex.
    grid = HexGrid()

    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        view.cursor = (3, 4)
        seen = [view.cursor]
        for key in ("up", "up", "up", "right", "down", "down", "left", "left"):
            await pilot.press(key)
            seen.append(view.cursor)
        assert seen == [(3, 4), (3, 3), (3, 2), (3, 1), (4, 1), (4, 2), (4, 3), (3, 3), (2, 3)]
        for before, after in pairwise(seen):
            assert after in {step.to for step in grid.steps(before)}, (before, after)
        assert {grid.facing_towards(a, b) for a, b in pairwise(seen[:4])} == {Facing.NE, Facing.NW}

    run(hex_encounter(), test)


def test_clicks_land_on_the_right_hex_at_every_zoom() -> None:
    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        for zoom in ZOOMS:
            view.zoom = zoom
            await pilot.pause()
            view.scroll_to(0, 0, animate=False)
            await pilot.pause()
            for cell in [(0, 0), (5, 0), (0, 1), (4, 1), (7, 1), (2, 2), (6, 3)]:
                x, y = cell
                left = GUTTER + 2 * zoom * x + (zoom if y % 2 else 0)
                for column in (left, left + 2 * zoom - 1):  # the hex's first and last column
                    for line in range(zoom):
                        view.cursor = (7, 4) if cell != (7, 4) else (0, 4)
                        await pilot.click(MapView, offset=(column, RULER_LINES + zoom * y + line))
                        await pilot.pause()
                        assert view.cursor == cell, (zoom, cell, column, line)
            view.cursor = (7, 4)
            await pilot.click(MapView, offset=(GUTTER, RULER_LINES + zoom))  # the half cell before odd row 1
            await pilot.pause()
            assert view.cursor == (7, 4)
            assert view.cell_at(Offset(GUTTER + zoom - 1, RULER_LINES + zoom)) is None

    run(hex_encounter(), test, size=(70, 24))


def test_overlays_and_the_path_tint_the_shifted_cells() -> None:
    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        row = screen_line(view, 1)
        assert row[GUTTER + 1 + 2 * 5 : GUTTER + 1 + 2 * 5 + 2] == "·6"  # 5,1 on the odd row: one column east
        assert row[GUTTER + 1 + 2 * 6 : GUTTER + 1 + 2 * 6 + 2] == "·5"

    overlay = MapOverlay(path=(((5, 1), 6), ((6, 1), 5)))
    run(hex_encounter(), test, overlay=overlay)


def style_at(view: MapView, y: int, column: int):
    position = 0
    for segment in view.render_line(RULER_LINES + y):
        if position <= column < position + len(segment.text):
            return segment.style
        position += len(segment.text)
    raise AssertionError(column)


def test_the_reach_cone_sight_and_cover_overlays_sit_on_the_shifted_hexes() -> None:
    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        at = GUTTER + 1 + 2 * 2  # 2,1 on the odd row: one column east of 2,0 above it
        assert style_at(view, 1, at).bgcolor.name == "blue" and style_at(view, 1, at + 1).bgcolor.name == "blue"
        assert style_at(view, 1, at - 1).bgcolor.name != "blue"  # the column before belongs to 1,1
        assert style_at(view, 3, GUTTER + 1 + 2 * 6).bgcolor.name == "red"  # 6,3: an enemy's cone
        assert style_at(view, 2, GUTTER + 2 * 7).dim  # 7,2: out of sight
        assert not style_at(view, 2, GUTTER + 2 * 1).dim
        assert screen_line(view, 3)[GUTTER + 1 + 2 * 1 : GUTTER + 1 + 2 * 1 + 2] == "·▪"  # 1,3 covered

    overlay = MapOverlay(
        reachable={(2, 1): 1},
        cones=frozenset({(6, 3)}),
        sight=frozenset((x, y) for x in range(7) for y in range(5)),
        cover=frozenset({(1, 3)}),
    )
    run(hex_encounter(), test, overlay=overlay)
