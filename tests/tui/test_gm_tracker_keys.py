"""What a game master reaches for, in the app (issue 13, item 3): `+` and `-` change the HP of the unit under
the cursor or of the acting unit, the turn order shows each unit's conditions with what is left of them, and
the game master's menu holds quick HP and the dice log. Every change is a `gm` line in the game's history.

The test encounter (tui_kit.py): Ana (31 HP) at 1,3 acts first; Rex (20 HP) at 7,0."""

from __future__ import annotations

from textual.widgets import OptionList
from tui_kit import active_line
from tui_kit import choose_gm as choose

from apcombat.content import content_root
from apcombat.model import BodyLocation, Burning, Exhaustion
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.gm import DiceLogScreen, dice_lines
from apcombat.tui.widgets.panels import conditions_of


async def answer(ui, *keys: str, text: str) -> None:
    """Press `keys`, type `text` into the dialog they open, and Enter."""
    await ui.press(*keys)
    await ui.wait_for_screen(AskScreen)
    await ui.type(text)
    await ui.press("enter")
    await ui.wait_for_screen(GameScreen)
    await ui.settle()


def test_plus_and_minus_change_the_hp_of_the_unit_in_focus(run_ui):
    async def script(ui):
        await ui.press("s")
        assert ui.state.active == "ana"
        await answer(ui, "minus", text="5")  # the cursor is on Ana, the acting unit
        assert ui.state.unit("ana").hp == 26
        await ui.move_cursor_to((7, 0))
        await answer(ui, "minus", text="8")
        await answer(ui, "plus", text="3")
        assert ui.state.unit("rex").hp == 15
        history = [entry.line for entry in ui.game.session.game.history]
        assert history[-3:] == ["gm hp ana -5", "gm hp rex -8", "gm hp rex +3"]
        assert "game master: Rex +3 HP, 12 -> 15 HP" in ui.log_text()
        await answer(ui, "plus", text="9")  # R0.5: no more than the most HP
        assert ui.state.unit("rex").hp == 20
        await answer(ui, "plus", text="1")
        assert "Rex already has 20 HP, the most it has (R0.5)" in ui.notices()
        await ui.press("ctrl+z")
        await ui.settle()
        assert ui.state.unit("rex").hp == 15

        # The menu's quick HP asks whose, then +N or -N.
        await choose(ui, "hp")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press("enter")  # Ana, the first unit
        await ui.wait_for_screen(AskScreen)
        await ui.type("-6")
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        await ui.settle()
        assert ui.state.unit("ana").hp == 20

    run_ui(script)


def test_the_turn_order_shows_conditions_with_what_is_left(run_ui):
    async def script(ui):
        await ui.press("s")
        await ui.command("gm condition rex burning 2", "gm condition ana exhaustion 3 -20", "gm condition rex head 2")
        rex = ui.state.unit("rex")
        assert rex.burning == Burning(step=1) and BodyLocation.HEAD in rex.wounds
        assert ui.state.unit("ana").exhaustion == Exhaustion(20, 3)
        order = ui.text("#order")
        assert "exhausted 20% 3" in order
        assert "burning 2, head wound -2 AP" in order
        await ui.press("e")  # R6.2: Rex burns at the start of his turn, one burn left; R12.1: 2 AP lost
        await ui.settle()
        order = ui.text("#order")
        assert "burning 1, head wound" in order and "-2 AP" not in order
        await ui.command("gm condition rex burning off")
        assert "burning" not in ui.text("#order")

    run_ui(script)


def test_the_dice_log_shows_who_rolled_what(run_ui):
    async def script(ui):
        await ui.press("s")
        await choose(ui, "dice_log")
        screen = await ui.wait_for_screen(DiceLogScreen)
        assert screen.lines == dice_lines(ui.game.session.log)
        assert "initiative: Ana" in ui.screen_text()
        await ui.press("escape")
        await ui.wait_for_screen(GameScreen)

    run_ui(script)


def test_conditions_of_a_unit_in_the_words_of_the_turn_order(run_ui):
    async def script(ui):
        await ui.command("gm condition rex unconscious 2")
        assert conditions_of(ui.state.unit("rex")) == ["unconscious 2"]
        assert "unconscious 2" in ui.text("#order")

    run_ui(script)


def test_on_a_short_terminal_the_acting_unit_stays_in_view_under_everyone_s_conditions(run_ui):
    # The saloon brawl's six units, each with two conditions, at 80 x 24: the list starts near the acting unit.
    brawl = content_root() / "encounters" / "table_brawl.toml"

    async def script(ui):
        await ui.press("s")
        ids = [unit.id for unit in ui.state.units]
        await ui.command(
            *(f"gm condition {uid} head 1" for uid in ids), *(f"gm condition {uid} burning 2" for uid in ids)
        )
        for _ in range(4):
            await ui.press("e")
            await ui.settle()
            order = ui.text("#order")
            assert "▶" in active_line(order) and ui.state.unit(ui.state.active).name in active_line(order)
            assert "above" in order or "below" in order

    run_ui(script, size=(80, 24), open_path=brawl)


def test_the_menu_sets_a_condition_and_moves_a_unit_in_the_order(run_ui):
    async def script(ui):
        await ui.press("s")
        assert ui.state.order == ("ana", "rex")
        await choose(ui, "condition")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press("down", "enter")  # Rex
        conditions = await ui.wait_for_screen(ChoiceScreen)
        options = conditions.query_one(OptionList)
        options.highlighted = options.get_option_index("unconscious")
        await ui.press("enter")
        await ui.wait_for_screen(AskScreen)
        await ui.type("off")
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        await ui.settle()
        assert ui.game.session.game.history[-1].line == "gm condition rex unconscious off"

        await choose(ui, "order")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press("down", "enter")  # Rex
        await ui.wait_for_screen(AskScreen)
        await ui.type("1")
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        await ui.settle()
        assert ui.state.order == ("rex", "ana")
        assert "Rex moves to place 1 in the initiative order: Rex, Ana" in ui.log_text()

    run_ui(script)
