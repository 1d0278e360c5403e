"""A game master's evening in the app (issue 28, item 8): the game master's menu marks a snapshot of the
fight's place and goes back to one, undoing every command since; redo plays them again.

The test encounter (tui_kit.py): Ana (31 HP) at 1,3 acts first; Rex (20 HP) at 7,0."""

from __future__ import annotations

from tui_kit import choose_gm as choose

from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.game import GameScreen


def test_the_menu_marks_a_snapshot_and_goes_back_to_it(run_ui):
    async def script(ui):
        await ui.press("s")
        await choose(ui, "back")
        await ui.wait_for_screen(GameScreen)
        assert "no snapshot is marked yet: Snapshot in this menu marks one" in ui.notices()
        await choose(ui, "snapshot")
        dialog = await ui.wait_for_screen(AskScreen)
        assert "Name the snapshot" in ui.screen_text() and dialog is ui.app.screen
        await ui.press("enter")  # the name offered: round-1
        await ui.wait_for_screen(GameScreen)
        await ui.settle()
        await ui.command("gm hp rex -8", "gm hp ana -5")
        assert (ui.state.unit("rex").hp, ui.state.unit("ana").hp) == (12, 26)
        await choose(ui, "back")
        await ui.wait_for_screen(ChoiceScreen)
        assert "round-1" in ui.screen_text()
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        await ui.settle()
        assert (ui.state.unit("rex").hp, ui.state.unit("ana").hp) == (20, 31)
        assert "back to snapshot round-1, 2 commands undone" in ui.log_text()
        history = [entry.line for entry in ui.game.session.game.history]
        assert history[-1] == "gm snapshot round-1"
        await ui.command("redo")
        assert ui.state.unit("rex").hp == 12

    run_ui(script)
