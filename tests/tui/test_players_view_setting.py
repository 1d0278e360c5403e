"""The players' view in the app (issue 13, item 4): the game master's menu sets how it shows each side's HP
(`gm show`), and the app autosaves after every command — not only when a turn ends — so the players' view
(`apcombat serve --watch saves/autosave.toml`) follows the fight."""

from __future__ import annotations

from textual.widgets import OptionList

from apcombat.model import HpShown
from apcombat.saves import load_game
from apcombat.tui.screens.dialogs import ChoiceScreen
from apcombat.tui.screens.game import GameScreen


async def pick(ui, option_id: str) -> None:
    menu = await ui.wait_for_screen(ChoiceScreen)
    options = menu.query_one(OptionList)
    options.highlighted = options.get_option_index(option_id)
    await ui.press("enter")


def test_the_gm_menu_sets_how_the_players_view_shows_a_sides_hp(run_ui, tmp_path):
    async def script(ui):
        await ui.press("s")
        side = ui.state.sides[1]
        await ui.press("g")
        await pick(ui, "show")
        await pick(ui, side.id)
        await pick(ui, "words")
        await ui.wait_for_screen(GameScreen)
        await ui.settle()
        assert ui.state.side(side.id).hp_shown is HpShown.WORDS
        assert ui.game.session.game.history[-1].line == f"gm show {side.id} words"
        assert f"game master: the players' view shows the HP of {side.name} as wound words" in ui.log_text()

    run_ui(script)


def test_the_app_autosaves_after_every_command(run_ui, tmp_path):
    autosave = tmp_path / "saves" / "autosave.toml"

    def saved(ui):
        # The autosave is written in the background a moment after each command; on a loaded machine the test
        # may read before it lands, so it asks for the waiting save first (what the app does at a turn's end).
        assert ui.game.session.autosave.flush()
        return load_game(autosave).state

    async def script(ui):
        await ui.press("s")
        active = ui.state.active
        await ui.command(f"pose {active} crouched")
        assert ui.state.active == active  # the turn goes on: before issue 13 nothing was saved yet
        assert saved(ui) == ui.state
        await ui.command("gm hp rex -3")
        assert saved(ui).unit("rex").hp == ui.state.unit("rex").hp
        await ui.press("ctrl+z")
        await ui.settle()
        assert saved(ui) == ui.state

    run_ui(script)


def test_the_gm_menu_lists_what_the_players_see_and_turns_each_switch_over(run_ui, tmp_path):
    async def script(ui):
        await ui.press("s")
        await ui.press("g")
        await pick(ui, "show")
        menu = await ui.wait_for_screen(ChoiceScreen)
        labels = [str(option.prompt) for option in menu.query_one(OptionList).options]
        assert labels == [
            *(f"HP of {side.name}: exact" for side in ui.state.sides),
            "The AI's reasons: off — Enter turns on",
            "Hidden-HP enemies' statuses: off — Enter turns on",
        ]
        await pick(ui, "switch:reasons")
        await ui.wait_for_screen(GameScreen)
        await ui.settle()
        assert ui.state.players_shown.reasons and ui.game.session.game.history[-1].line == "gm show reasons on"
        assert "game master: the players' view shows the AI's reasons" in ui.log_text()
        await ui.press("g")
        await pick(ui, "show")
        menu = await ui.wait_for_screen(ChoiceScreen)
        assert "The AI's reasons: on — Enter turns off" in [
            str(option.prompt) for option in menu.query_one(OptionList).options
        ]
        await pick(ui, "switch:statuses")
        await ui.wait_for_screen(GameScreen)
        await ui.settle()
        assert ui.game.session.game.history[-1].line == "gm show statuses on"
        await ui.press("ctrl+z")  # undone like any command
        await ui.settle()
        assert ui.state.players_shown.reasons and not ui.state.players_shown.statuses

    run_ui(script)
