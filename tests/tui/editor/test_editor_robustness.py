"""The editor under rough use (QA of issue 27): a few hundred random keys, clicks and drags with its dialogs
opened and closed never crash it and undo still takes every edit back; a save that cannot be written says so
in one notice and loses nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from apcombat.editor import new_fight
from apcombat.tui.screens.editor.screen import EditorScreen
from apcombat.tui.screens.title import TitleScreen
from apcombat.tui.widgets.map_view import MapView

KEYS = (
    *"0123456789",
    *"FLMNPRTabcefgimnoprstvxz",
    "space", "enter", "escape", "tab", "shift+tab", "delete", "backspace",
    "up", "down", "left", "right", "shift+up", "shift+down", "shift+left", "shift+right",
    "h", "j", "k", "l", "ctrl+z", "ctrl+y", "ctrl+n", "ctrl+s", "home", "end", "pageup", "pagedown", "question_mark",
)  # fmt: skip
"""Everything but what leaves the app or plays the fight (f10, ctrl+q, ctrl+t, ctrl+c)."""


@pytest.fixture(autouse=True)
def quick_autosave(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("apcombat.tui.screens.editor.screen.AUTOSAVE_AFTER", 0.01)


def editor(ui) -> EditorScreen | None:
    return next((s for s in reversed(ui.app.screen_stack) if isinstance(s, EditorScreen)), None)


@pytest.mark.parametrize(("seed", "size"), [(1, (140, 45)), (2, (80, 24))])
def test_random_keys_clicks_and_drags_never_crash_and_undo_still_works(
    run_ui, library, seed: int, size: tuple[int, int]
) -> None:
    chance = random.Random(seed)
    session = new_fight(library, "Rough use")
    first = session.encounter

    async def script(ui) -> None:
        await ui.wait_for_screen(EditorScreen)
        for _ in range(300):
            screen = editor(ui)
            if screen is None or isinstance(ui.screen, TitleScreen):
                break  # escape, then "discard" or "draft": out of the editor, as asked
            roll = chance.random()
            if roll < 0.1 and ui.screen is screen:
                offset = (chance.randrange(0, 40), chance.randrange(0, 14))
                await ui.pilot.click(MapView, offset=offset)
            elif roll < 0.15 and ui.screen is screen:
                start = (chance.randrange(0, 40), chance.randrange(0, 14))
                end = (chance.randrange(0, 40), chance.randrange(0, 14))
                await ui.pilot.mouse_down(MapView, offset=start)
                await ui.pilot.hover(MapView, offset=end)
                await ui.pilot.mouse_up(MapView, offset=end)
            else:
                await ui.press(chance.choice(KEYS))
        assert ui.app.return_code in (None, 0), ui.app.crash_message
        while len(ui.app.screen_stack) > 1 and not isinstance(ui.screen, (EditorScreen, TitleScreen)):
            await ui.press("escape")
        if isinstance(ui.screen, EditorScreen):
            while session.can_undo:
                await ui.press("ctrl+z")
            assert session.encounter == first

    app = run_ui(script, size=size, open_path=None, editing=session)
    assert not app.crash_message


def test_a_save_that_cannot_be_written_says_so_and_keeps_a_draft(run_ui, library, tmp_path: Path) -> None:
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    session = new_fight(library, "Cannot save")
    session.path = blocker / "cannot.toml"

    async def script(ui) -> None:
        await ui.wait_for_screen(EditorScreen)
        await ui.press("2")
        await ui.press("ctrl+s")
        (notice,) = [n for n in ui.notices() if "Could not save" in n]
        assert "kept as a draft" in notice and notice.count(". ") == 0
        assert session.unsaved and session.draft_path is not None and session.draft_path.is_file()

    run_ui(script, open_path=None, editing=session)


def test_a_400_by_400_paste_is_cut_at_the_edge_and_says_so(run_ui, library) -> None:
    from textual import events

    session = new_fight(library, "Big paste")

    async def script(ui) -> None:
        screen = await ui.wait_for_screen(EditorScreen)
        screen.map_view.post_message(events.Paste("\n".join(["#" * 400] * 400)))
        await ui.settle()
        battle_map = session.encounter.map
        assert battle_map is not None and battle_map.rows == ("#" * 20,) * 12
        assert any("400 x 400 pasted, 20 x 12 of it on the map" in notice for notice in ui.notices())

    run_ui(script, open_path=None, editing=session)
