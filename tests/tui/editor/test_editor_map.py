"""The editor's map: painting with keys and the mouse, previews, undo and redo, new maps, resize, shift, paste,
hexes (issue 27, items 2 and 9)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual import events
from tui_kit import Ui

from apcombat.content import Library
from apcombat.editor import EditorSession
from apcombat.editor.opening import new_fight
from apcombat.model import Terrain
from apcombat.tui.app import ApcombatApp
from apcombat.tui.screens.editor import EditorScreen
from apcombat.tui.widgets.map_view import MapView

pytestmark = pytest.mark.usefixtures("user_folders")

SIZE = (140, 45)
CLEAR = ("end", *["backspace"] * 12)  # what an input of the dialog held


def fight(library: Library, kind: str = "square", size: tuple[int, int] = (20, 12)) -> EditorSession:
    return new_fight(library, "Ambush", size, kind)


Script = Callable[[Ui, EditorScreen], Awaitable[None]]


def in_editor(run_ui: Callable[..., ApcombatApp], session: EditorSession, script: Script, **options: Any) -> None:
    """Run `script` in the editor opened on `session`."""

    async def main(ui: Ui) -> None:
        screen = ui.screen
        assert isinstance(screen, EditorScreen)
        await script(ui, screen)

    run_ui(main, open_path=None, editing=session, **options)


def terrain_at(screen: EditorScreen, x: int, y: int) -> Terrain:
    battle_map = screen.encounter.map
    assert battle_map is not None
    return battle_map.at((x, y))


def test_keys_paint_every_kind_and_undo_redo(run_ui: Callable[..., ApcombatApp], library: Library) -> None:
    async def script(ui: Ui, screen: EditorScreen) -> None:
        pilot = ui.pilot
        await pilot.press("right", "right", "2")  # a wall at 2,0
        assert terrain_at(screen, 2, 0) is Terrain.WALL
        await pilot.press("b", "3")  # a 3-brush of low cover around 2,0
        assert {terrain_at(screen, x, y) for x in (1, 2, 3) for y in (0, 1)} == {Terrain.LOW}
        await pilot.press("m", "down", "down", "down", "right", "right", "i")  # a line from 2,0 to 4,3
        assert terrain_at(screen, 4, 3) is Terrain.LOW
        await pilot.press("4", "ctrl+z")  # the stairs brush, taken back
        await pilot.press("m", "right", "right", "down", "r")  # a filled rectangle 4,3 .. 6,4
        assert {terrain_at(screen, x, y) for x in (4, 5, 6) for y in (3, 4)} == {Terrain.STAIRS}
        await pilot.press("ctrl+z")
        assert terrain_at(screen, 6, 4) is Terrain.FLOOR
        await pilot.press("ctrl+y")
        assert terrain_at(screen, 6, 4) is Terrain.STAIRS
        await pilot.press("6", "ctrl+z", "down", "down", "down", "f")  # rubble chosen; the floor flooded with it
        assert screen.session.history[-1].startswith("filled")
        assert terrain_at(screen, 19, 11) is Terrain.RUBBLE
        assert terrain_at(screen, 6, 4) is Terrain.STAIRS
        await pilot.press("F")  # a fire at set-up on the rubble
        assert screen.encounter.map is not None and screen.encounter.map.burning(screen.cursor)
        await pilot.press("ctrl+z", "ctrl+z")
        assert terrain_at(screen, 19, 11) is Terrain.FLOOR

    in_editor(run_ui, fight(library), script)


def test_stroke_preview_follows_the_cursor(run_ui: Callable[..., ApcombatApp], library: Library) -> None:
    async def script(ui: Ui, screen: EditorScreen) -> None:
        pilot = ui.pilot
        view = screen.map_view
        await pilot.press("b", "right", "right", "down", "down")
        assert view.overlay.stroke == frozenset((x, y) for x in (1, 2, 3) for y in (1, 2, 3))
        await pilot.press("m", "right", "right")  # a line from the mark
        assert view.overlay.stroke == frozenset({(2, 2), (3, 2), (4, 2)})

    in_editor(run_ui, fight(library), script)


def test_mouse_drag_paints_one_undo_step(run_ui: Callable[..., ApcombatApp], library: Library) -> None:
    async def script(ui: Ui, screen: EditorScreen) -> None:
        pilot = ui.pilot
        view = screen.map_view
        await pilot.press("2", "ctrl+z")  # the wall chosen, nothing painted
        before = len(screen.session.history)
        await pilot.click(MapView, offset=(view.geometry.gutter + 2 * 3, 2 + 1))  # a click: the cursor only
        assert view.cursor == (3, 1)
        assert terrain_at(screen, 3, 1) is Terrain.FLOOR
        await drag(pilot, view, [(3, 1), (4, 1), (5, 1), (5, 2)])
        assert [terrain_at(screen, *cell) for cell in [(3, 1), (4, 1), (5, 1), (5, 2)]] == [Terrain.WALL] * 4
        assert len(screen.session.history) == before + 1
        await pilot.press("ctrl+z")
        assert terrain_at(screen, 5, 2) is Terrain.FLOOR

    in_editor(run_ui, fight(library), script)


async def drag(pilot: Any, view: MapView, cells: list[tuple[int, int]]) -> None:
    """Press on the first cell, move over the others, let go."""

    def offset(cell: tuple[int, int]) -> tuple[int, int]:
        return view.geometry.gutter + 2 * cell[0], 2 + cell[1]

    def send(kind: type[events.MouseEvent], cell: tuple[int, int]) -> None:
        x, y = offset(cell)
        view.post_message(kind(view, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))

    send(events.MouseDown, cells[0])
    await pilot.pause()
    for cell in cells[1:]:
        send(events.MouseMove, cell)
        await pilot.pause()
    send(events.MouseUp, cells[-1])
    await pilot.pause()


def test_new_map_resize_and_shift_are_one_undo_step_each(run_ui: Callable[..., ApcombatApp], library: Library) -> None:
    async def script(ui: Ui, screen: EditorScreen) -> None:
        pilot = ui.pilot
        await pilot.press("2")  # a wall at 0,0
        await pilot.press("N")
        await pilot.pause()
        await pilot.press(*CLEAR, *"30 x 1001", "enter")  # too large: the dialog says so
        await pilot.pause()
        assert "1,000" in str(pilot.app.screen.query_one("#form-problem").render())
        await pilot.press(*["backspace"] * 4, *"15", "tab", "down", "enter")  # 30 x 15, hexes (the second choice)
        await pilot.press("shift+tab", "enter")
        await pilot.pause()
        battle_map = screen.encounter.map
        assert battle_map is not None
        assert (battle_map.width, battle_map.height) == (30, 15)
        assert terrain_at(screen, 0, 0) is Terrain.FLOOR
        await pilot.press("2", "M")  # a wall at 0,0; the map made 10 x 8 and shifted 2 east, 2 south
        await pilot.pause()
        await pilot.press(*CLEAR, *"10 x 8", "tab", *"2 2", "enter")
        await pilot.pause()
        battle_map = screen.encounter.map
        assert battle_map is not None
        assert (battle_map.width, battle_map.height) == (10, 8)
        assert terrain_at(screen, 2, 2) is Terrain.WALL
        assert terrain_at(screen, 0, 0) is Terrain.FLOOR
        await pilot.press("ctrl+z")
        battle_map = screen.encounter.map
        assert battle_map is not None and (battle_map.width, battle_map.height) == (30, 15)
        await pilot.press("M")
        await pilot.pause()
        await pilot.press("tab", *"0 1", "enter")  # a hex map shifts by pairs of rows: refused, nothing changed
        await pilot.pause()
        assert screen.encounter.map == battle_map

    in_editor(run_ui, fight(library), script)


def test_paste_rows_from_the_terminal_and_from_a_file(
    run_ui: Callable[..., ApcombatApp], library: Library, tmp_path: Path
) -> None:
    rows = tmp_path / "hut.txt"
    rows.write_text("^^^\n^.^\n", encoding="utf-8")

    async def script(ui: Ui, screen: EditorScreen) -> None:
        pilot = ui.pilot
        await pilot.press("right", "down")
        screen.map_view.post_message(events.Paste("##=\n#H:\n"))
        await pilot.pause()
        assert [terrain_at(screen, x, 2) for x in (1, 2, 3)] == [Terrain.WALL, Terrain.STAIRS, Terrain.RUBBLE]
        before = len(screen.session.history)
        screen.map_view.post_message(events.Paste("#Q#\n"))  # an unknown character: refused, nothing pasted
        await pilot.pause()
        assert len(screen.session.history) == before
        await pilot.press("down", "down", "down", "P")
        await pilot.pause()
        await pilot.press(*str(rows), "enter")
        await pilot.pause()
        assert [terrain_at(screen, x, 4) for x in (1, 2, 3)] == [Terrain.HUT] * 3
        assert terrain_at(screen, 2, 5) is Terrain.FLOOR
        assert screen.session.history[-1] == "pasted 2 row(s) from hut.txt"
        await pilot.press("ctrl+z")
        assert terrain_at(screen, 1, 4) is Terrain.FLOOR

    in_editor(run_ui, fight(library), script)


def test_hex_map_painting(run_ui: Callable[..., ApcombatApp], library: Library) -> None:
    async def script(ui: Ui, screen: EditorScreen) -> None:
        pilot = ui.pilot
        await pilot.press("down", "right", "b", "3")  # a 3-brush on a hex map: the cell and its six neighbours
        battle_map = screen.encounter.map
        assert battle_map is not None and battle_map.kind == "hex"
        low = {
            (x, y)
            for y in range(battle_map.height)
            for x in range(battle_map.width)
            if terrain_at(screen, x, y) is Terrain.LOW
        }
        assert len(low) == 7 and (1, 1) in low
        await drag(pilot, screen.map_view, [(5, 4), (6, 4)])
        assert terrain_at(screen, 6, 4) is Terrain.LOW

    in_editor(run_ui, fight(library, "hex"), script)


def test_zoom_overview_legend_and_panels_at_80_by_24(run_ui: Callable[..., ApcombatApp], library: Library) -> None:
    async def script(ui: Ui, screen: EditorScreen) -> None:
        pilot = ui.pilot
        await pilot.press("z")
        assert screen.map_view.zoom == 2
        await pilot.press("v")
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "OverviewScreen"
        await pilot.press("escape", "L")
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "LegendScreen"
        await pilot.press("escape")
        await pilot.pause()
        panels = screen.query_one("#editor-panels")
        width = screen.map_view.size.width
        await pilot.press("p")
        await pilot.pause()
        assert not panels.display and screen.map_view.size.width > width

    in_editor(run_ui, fight(library), script, size=(80, 24))
