"""The game master's notes on the screen (issue 28, item 4): on a map the game master's screen sets one through
the `g` menu and shows it in the turn order and the unit panel; a player's screen (R21.8.2 b, the fog of war off
or on) never shows a note nor its log line (R21.7.4). The yard of R21.11 (fog_fights.py)."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList
from tui_kit import Ui, choose_gm

from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from tests.engine.modules.fog_fights import ana, ben, fog_file, jed

NOTE = "has the key to the cellar"


async def started(ui: Ui) -> None:
    await ui.press("s")
    await ui.until(lambda: ui.state.active == "ana", "Ana's turn")
    await ui.settle()


def test_the_game_masters_screen_sets_a_note_from_the_g_menu_and_shows_it(run_ui, tmp_path):
    path = fog_file(tmp_path, ana((0, 3)), ben((2, 6)), jed((6, 3)), controls={"vault": "human", "raiders": "gm"})

    async def script(ui: Ui) -> None:
        await started(ui)
        await choose_gm(ui, "note")
        whom = await ui.wait_for_screen(ChoiceScreen)
        options = whom.query_one(OptionList)
        options.highlighted = options.get_option_index("ana")
        await ui.press("enter")
        ask = await ui.wait_for_screen(AskScreen)
        assert "Note on Ana" in ask.prompt
        await ui.type(NOTE)
        await ui.press("enter")
        await ui.settle()
        assert ui.game.session.game.history[-1].line == f"gm note ana {NOTE}"
        assert f"✎ {NOTE}" in ui.text("#order", ui.game)
        assert NOTE in ui.text("#unit", ui.game)  # Ana acts: her panel
        # Opened again, the dialog holds the note; emptied, Enter clears it.
        await choose_gm(ui, "note")
        await ui.press("enter")  # Ana, the first listed
        ask = await ui.wait_for_screen(AskScreen)
        assert ask.query_one("Input").value == NOTE
        await ui.press("ctrl+u", "enter")
        await ui.settle()
        assert ui.state.unit("ana").note == "" and "✎" not in ui.text("#order", ui.game)
        assert "game master: note on Ana cleared" in ui.log_text()

    run_ui(script, open_path=path)


@pytest.mark.parametrize("modules", [(), ("fog_of_war",)], ids=["fog off", "fog on"])
def test_a_players_screen_never_shows_a_note(run_ui, tmp_path, modules):  # R21.7.4, R21.8.2 b
    path = fog_file(
        tmp_path, ana((0, 3)), ben((2, 6)), jed((6, 3)), modules=modules, controls={"vault": "human", "raiders": "ai"}
    )

    async def script(ui: Ui) -> None:
        await started(ui)
        await ui.command(f"gm note ana {NOTE}", f"gm note jed {NOTE}")
        assert ui.game.session.state.unit("jed").note == NOTE  # the fight holds it
        shown = ui.text("#order", ui.game) + ui.text("#unit", ui.game) + ui.log_text() + ui.screen_text()
        assert "cellar" not in shown and "✎" not in shown

    run_ui(script, open_path=path)
