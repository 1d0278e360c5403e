"""Table mode's pick, then act (issue 28, items 1 and 5), on the saloon brawl (content/encounters/table_brawl.toml):
a digit picks the unit at that place in the turn order, `-`/`+` change the picked unit's HP and say whom, `<`/`>`
move it up or down the initiative order (`gm order`, R13.2). Keys are counted as the issue counts them: from the
battlefield with another unit acting and nothing picked; the picking keys and Enter count, a number's digits do not."""

from __future__ import annotations

from test_table_shot_keys import BRAWL, Keys, drifters_turn
from tui_kit import Ui

from apcombat.tui.screens.dialogs import AskScreen
from apcombat.tui.screens.table import TableScreen
from apcombat.tui.widgets.panels import TurnOrder


async def hp_change(ui: Ui, keys: Keys, *picks: str, sign: str, amount: str) -> str:
    """Pick with `picks`, press the sign, type the amount, Enter; the dialog's question."""
    await keys.press(*picks, sign)
    ask = await ui.wait_for_screen(AskScreen)
    question = ask.prompt
    await keys.type(amount)
    await keys.press("enter")
    await ui.wait_for_screen(TableScreen)
    await ui.settle()
    return question


def test_a_digit_picks_a_unit_and_minus_hurts_it_in_three_keys(run_ui):
    async def script(ui: Ui) -> None:
        await drifters_turn(ui)
        order = ui.state.order
        assert order[0] == "drifter"
        third = ui.state.unit(order[2])
        before = third.hp
        keys = Keys(ui)
        question = await hp_change(ui, keys, "3", sign="minus", amount="4")
        assert keys.count == 3  # 3, -, Enter
        assert third.name in question  # says whom
        assert ui.state.unit(third.id).hp == before - 4
        assert ui.game.session.game.history[-1].line == f"gm hp {third.id} -4"
        assert ui.state.active == "drifter"  # the acting unit is still acting

        # The pick holds: + heals the same unit; nothing picked (a new turn), the acting unit.
        keys = Keys(ui)
        await hp_change(ui, keys, sign="plus", amount="1")
        assert keys.count == 2
        assert ui.state.unit(third.id).hp == before - 3

        # 0 is the tenth place: there are six, so nothing is picked and the hint says why.
        await ui.press("0")
        assert "no unit at place 10: 6 in the turn order" in ui.text("#hint")

    run_ui(script, size=(80, 24), open_path=BRAWL)


def test_less_and_greater_move_the_picked_unit_in_the_turn_order(run_ui):
    async def script(ui: Ui) -> None:
        await drifters_turn(ui)
        order = list(ui.state.order)
        fifth = ui.state.unit(order[4])
        keys = Keys(ui)
        await keys.press("5", "less_than_sign")  # R13.2: one place up, as gm order
        await ui.settle()
        assert keys.count == 2
        assert ui.state.order.index(fifth.id) == 3
        assert ui.game.session.game.history[-1].line == f"gm order {fifth.id} 4"
        assert f"game master: {fifth.name} moves to place 4 in the initiative order" in ui.log_text()
        await ui.press("greater_than_sign", "greater_than_sign")
        await ui.settle()
        assert ui.state.order[-1] == fifth.id
        await ui.press("greater_than_sign")  # already last: nothing played
        assert f"{fifth.name} is already last in the turn order" in ui.text("#hint")
        assert ui.game.session.game.history[-1].line == f"gm order {fifth.id} 6"

    run_ui(script, size=(80, 24), open_path=BRAWL)


async def dialog(ui: Ui, keys: Keys, *pressed: str, number: str) -> str:
    """Press `pressed`, type the number in the dialog they open, Enter; the dialog's question."""
    await keys.press(*pressed)
    ask = await ui.wait_for_screen(AskScreen)
    await keys.type(number)
    await keys.press("enter")
    await ui.wait_for_screen(TableScreen)
    await ui.settle()
    return ask.prompt


def test_tab_picks_for_the_game_master_keys_too(run_ui):
    async def script(ui: Ui) -> None:
        await drifters_turn(ui)
        await ui.press("1")  # Drifter himself
        await ui.press("tab")  # the first enemy standing, Raider Jed: now the picked unit
        keys = Keys(ui)
        assert "Raider Jed" in await dialog(ui, keys, "minus", number="2")
        assert ui.game.session.game.history[-1].line == "gm hp raider_1 -2"

    run_ui(script, size=(80, 24), open_path=BRAWL)


def test_a_click_on_a_unit_in_the_turn_order_picks_it(run_ui):
    async def script(ui: Ui) -> None:
        await drifters_turn(ui)
        order = ui.game.query_one(TurnOrder)
        fourth = ui.state.unit(ui.state.order[2])  # third: at 80 x 24 the order shows three
        top = order.content_region.y - order.region.y
        left = order.content_region.x - order.region.x
        await ui.pilot.click(TurnOrder, offset=(left + 2, top + order.rows.index(fourth.id)))
        await ui.settle()
        assert f"picked: {fourth.name}" in ui.text("#hint")
        marked = [line for line in ui.text("#order").splitlines() if line.strip("│ ").startswith("›")]
        assert len(marked) == 1 and fourth.name in marked[0]  # the turn order marks the unit picked
        keys = Keys(ui)
        assert fourth.name in await dialog(ui, keys, "plus", number="1")

    run_ui(script, size=(80, 24), open_path=BRAWL)


def test_the_turn_order_shows_the_unit_picked_when_not_every_line_fits(run_ui):
    """At 80 x 24 the turn order shows four units from the acting one: a unit picked below them (the sixth)
    scrolls into view with its › mark, so the game master sees whom the keys act on (issue 28's trial)."""

    def seen(order: TurnOrder) -> str:
        return "\n".join(str(order.render()).splitlines()[: order.content_region.height])

    async def script(ui: Ui) -> None:
        await drifters_turn(ui)
        sixth = ui.state.unit(ui.state.order[5])
        order = ui.game.query_one(TurnOrder)
        await ui.settle()
        assert sixth.name not in seen(order)
        await ui.press("6")
        await ui.settle()
        assert f"›  {sixth.initiative} R2 {sixth.name}" in seen(order)
        assert "above" in seen(order)  # the list says what it left out

    run_ui(script, size=(80, 24), open_path=BRAWL)
