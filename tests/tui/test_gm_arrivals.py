"""Reinforcements and bystanders in the app (issue 28, item 3): the game master's menu brings a unit in — a
character of the characters folders or a new one from the character form, to a side or a new side, an id
offered, on a map the cursor's cell offered — and removes one (the picked one in table mode). Each plays a
`gm add` or `gm remove` line; the engine judges it (tests/engine/test_gm_arrivals.py)."""

from __future__ import annotations

from test_table_shot_keys import BRAWL, drifters_turn
from textual.widgets import OptionList
from tui_kit import Ui, choose_gm

from apcombat.tui.screens.character_form import CharacterFormScreen
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.editor.unit_picker import UnitPicker
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.table import TableScreen


def history(ui: Ui) -> list[str]:
    return [entry.line for entry in ui.game.session.game.history]


async def name_the_new_side(ui: Ui, name: str) -> None:
    """The new side's name typed, then the newcomer's id as offered: the line is played."""
    ask = await ui.wait_for_screen(AskScreen)
    assert "new side's name" in ask.prompt
    await ui.type(name)
    await ui.press("enter")
    await ui.wait_for_screen(AskScreen)
    await ui.press("enter")  # the id offered
    await ui.wait_for_screen(TableScreen)
    await ui.settle()


def test_table_mode_brings_in_a_raider_for_the_raiders_and_removes_the_picked_unit(run_ui):
    async def script(ui: Ui) -> None:
        await drifters_turn(ui)
        await choose_gm(ui, "add")
        await ui.wait_for_screen(UnitPicker)
        assert "Bring in a unit (the table)" in ui.screen_text()
        await ui.type("raid")  # the list narrows to the raider, highlighted
        await ui.press("shift+tab", "enter", "down", "enter", "tab", "enter")  # joins the raiders; take it
        ask = await ui.wait_for_screen(AskScreen)
        assert "The newcomer's id" in ask.prompt
        await ui.press("enter")  # the id offered: raider (the brawl's raiders are raider_1 and raider_2)
        await ui.wait_for_screen(TableScreen)
        await ui.settle()
        assert history(ui)[-1] == "gm add raider raider raiders"
        assert ui.state.unit("raider").side == "raiders"
        assert "game master: Raider joins Raiders passing through, initiative" in ui.log_text()

        third = ui.state.unit(ui.state.order[2])
        await ui.press("3")  # pick, then act: the menu removes the picked unit and says whom
        await choose_gm(ui, "remove")
        await ui.wait_for_screen(TableScreen)
        await ui.settle()
        assert history(ui)[-1] == f"gm remove {third.id}"
        assert ui.state.status(ui.state.unit(third.id)).value == "fled"

    run_ui(script, size=(80, 24), open_path=BRAWL)


def test_a_new_character_from_the_form_joins_a_new_side(run_ui, user_folders):
    async def script(ui: Ui) -> None:
        await drifters_turn(ui)
        await choose_gm(ui, "add")
        await ui.wait_for_screen(UnitPicker)
        await ui.press(
            "shift+tab", "enter", "end", "enter", "tab", "down", "home", "enter"
        )  # a new side; new character…
        await ui.wait_for_screen(CharacterFormScreen)
        await ui.type("Stranger")
        await ui.press("tab", "tab", "enter")  # past "save to characters/" to the weapon in hand
        await ui.type("knife")
        await ui.press("enter", "f10")
        await name_the_new_side(ui, "Bystanders")  # the id offered: stranger
        assert history(ui)[-1] == "gm add stranger stranger bystanders"
        assert ui.state.side("bystanders").name == "Bystanders"
        assert list(user_folders.rglob("characters/stranger.toml"))  # saved to the user's folder first

    run_ui(script, size=(80, 24), open_path=BRAWL)


async def a_raider_for_a_new_side(ui: Ui) -> None:
    """On Drifter's turn, the GM menu's Bring in: the raider, for a side not in the fight ("joins a new side…")."""
    await drifters_turn(ui)
    await choose_gm(ui, "add")
    await ui.wait_for_screen(UnitPicker)
    await ui.type("raid")
    await ui.press("shift+tab", "enter", "end", "enter", "tab", "enter")  # a new side; the raider


def test_enter_takes_the_new_sides_name_offered(run_ui):
    """The side's name is offered in the box ("Bystanders"): Enter takes it, as the id's Enter does, rather than
    leaving the game master's newcomer silently not brought in (found at the table, issue 28's trial)."""

    async def script(ui: Ui) -> None:
        await a_raider_for_a_new_side(ui)
        for question in ("new side's name", "The newcomer's id"):  # each offered: Enter takes it
            assert question in (await ui.wait_for_screen(AskScreen)).prompt
            await ui.press("enter")
        await ui.wait_for_screen(TableScreen)
        await ui.settle()
        assert history(ui)[-1] == "gm add raider raider bystanders"
        assert ui.state.side("bystanders").name == "Bystanders"

    run_ui(script, size=(80, 24), open_path=BRAWL)


def test_a_new_sides_long_name_makes_an_id_a_line_takes(run_ui):
    async def script(ui: Ui) -> None:
        await a_raider_for_a_new_side(ui)
        await name_the_new_side(ui, "The Hill Folk of the Long Valley near the Old Dam")  # 49 letters: cut to 40
        assert history(ui)[-1] == "gm add raider raider the_hill_folk_of_the_long_valley_near_th"
        assert ui.state.unit("raider").side == "the_hill_folk_of_the_long_valley_near_th"

    run_ui(script, size=(80, 24), open_path=BRAWL)


def test_on_a_map_the_newcomer_stands_on_the_cursors_cell(run_ui):
    async def script(ui: Ui) -> None:
        await ui.press("s")
        await ui.move_cursor_to((5, 5))
        await choose_gm(ui, "add")
        await ui.wait_for_screen(UnitPicker)
        assert "Bring in a unit (5,5)" in ui.screen_text()
        await ui.press("enter")  # the first ready character (Ana), for the side acting (vault)
        await ui.wait_for_screen(AskScreen)
        await ui.press("enter")  # the id offered: ana_2, the skirmish has an ana
        ask = await ui.wait_for_screen(AskScreen)
        assert "A free cell X,Y (the cursor's offered)" in ask.prompt
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        await ui.settle()
        assert history(ui)[-1] == "gm add ana_2 ana vault 5,5"
        assert ui.state.unit("ana_2").at == (5, 5)

    run_ui(script)


def test_a_letter_goes_to_the_menus_entry_so_bringing_in_is_three_keys(run_ui):
    # The game master's menu is long (17 entries): a letter goes to the next entry starting with it, as in any
    # list box — `g`, `b`, Enter opens "Bring in a unit"; `b` again goes on to "Back to a snapshot".
    async def script(ui: Ui) -> None:
        await drifters_turn(ui)
        await ui.press("g")
        menu = await ui.wait_for_screen(ChoiceScreen)
        await ui.press("b")
        listing = menu.query_one(OptionList)
        assert listing.get_option_at_index(listing.highlighted or 0).id == "add"
        await ui.press("b")
        assert listing.get_option_at_index(listing.highlighted or 0).id == "back"
        await ui.press("b", "enter")
        assert "Bring in a unit" in (await ui.wait_for_screen(UnitPicker)).title_text

    run_ui(script, size=(80, 24), open_path=BRAWL)
