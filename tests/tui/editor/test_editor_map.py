"""The editor's map: painting with keys and the mouse, previews, undo and redo, new maps, resize, shift, paste,
hexes (issue 27, items 2 and 9)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual import events

from apcombat.content import Library
from apcombat.editor import EditorSession
from apcombat.editor.opening import new_fight
from apcombat.model import Terrain
from apcombat.tui.app import ApcombatApp
from apcombat.tui.screens.editor import EditorScreen
from apcombat.tui.widgets.map_view import MapView
from tests.tui.conftest import Ui

pytestmark = pytest.mark.usefixtures("user_folders")

SIZE = (140, 45)


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
