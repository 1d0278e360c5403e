"""Issue 28, item 2: every distance box at the table takes a bare number in the table's unit (cm, R0.1:
3 cm = 1 m) and says how it read it — the move, run and jump dialogs, the shot dialog's distance and the
command line. The saloon brawl (content/encounters/table_brawl.toml); `gm dice 3 4 1 3 1 1` fixes initiative
(R13.1): Drifter acts first."""

from __future__ import annotations

from test_table_fight import choose
from test_table_throw_keys import table_fight
from textual.widgets import Input
from tui_kit import Ui

from apcombat.content import content_root
from apcombat.tui.screens.blast import BlastScreen
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.shot import ShotScreen

BRAWL = content_root() / "encounters" / "table_brawl.toml"


async def started(ui: Ui) -> None:
    await ui.wait_for_screen(GameScreen)
    await ui.command("gm dice 3 4 1 3 1 1")
    await ui.press("s")
    await ui.settle()
    assert ui.state.active == "drifter"


def test_the_move_dialog_takes_a_bare_number_as_cm_and_says_so(run_ui):
    async def script(ui: Ui) -> None:
        await started(ui)
        ap = ui.state.unit("drifter").ap
        await ui.press("m")
        ask = await ui.wait_for_screen(AskScreen)
        await ui.type("6")
        assert ui.text("#answer-reading", ask) == "6 → 6 cm (2 m)"
        await ui.press("enter")  # m, 6, Enter: two keys and the digits (R7.1: 60 mm walking, 2 AP)
        await ui.settle()
        assert ui.screen is ui.game and ui.state.unit("drifter").ap == ap - 2

    run_ui(script, open_path=BRAWL)


def test_the_run_and_jump_dialogs_say_how_they_read_the_distance(run_ui):
    async def script(ui: Ui) -> None:
        await started(ui)
        await ui.press("M")
        ask = await ui.wait_for_screen(AskScreen)
        await ui.type("4.5")
        assert ui.text("#answer-reading", ask) == "4.5 → 4.5 cm (1.5 m)"
        await ui.type(",")
        assert ui.text("#answer-reading", ask) == ""  # "4.5, run" is no line: the engine's refusal on Enter
        await ui.press("escape", "J")
        ask = await ui.wait_for_screen(AskScreen)
        await ui.type("3")
        assert ui.text("#answer-reading", ask) == "3 → 3 cm (1 m)"

    run_ui(script, open_path=BRAWL)


def test_the_shot_dialog_says_how_it_read_the_distance(run_ui):
    async def script(ui: Ui) -> None:
        await started(ui)
        await ui.press("f")
        if isinstance(ui.screen, ChoiceScreen):
            await ui.press("enter")
        shot = await ui.wait_for_screen(ShotScreen)
        assert shot.query_one("#distance", Input).value == ""
        await ui.type("21")
        assert ui.text("#distance-reading", shot).strip() == "21 → 21 cm (7 m)"
        assert ui.text("#shot-dice-order", shot).startswith("dice: ")

    run_ui(script, open_path=BRAWL)


def test_the_command_line_says_how_it_read_a_distance(run_ui):
    async def script(ui: Ui) -> None:
        await started(ui)
        ap = ui.state.unit("drifter").ap
        await ui.press("colon")
        await ui.type("move drifter 6")
        assert ui.text("#hint", ui.game).strip() == "6 → 6 cm (2 m)"
        await ui.press("enter")
        await ui.settle()
        assert ui.state.unit("drifter").ap == ap - 2

    run_ui(script, open_path=BRAWL)


def test_the_throw_dialog_takes_a_bare_number_as_cm(run_ui, tmp_path):
    """R22.9.1: T, the weapon, then the distance to the point: `9` is 9 cm, 3 m."""

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.press("s")
        await ui.command("gm dice 41")
        await ui.press("T")
        await choose(ui, "molotov")
        ask = await ui.wait_for_screen(AskScreen)
        await ui.type("9")
        assert ui.text("#answer-reading", ask) == "9 → 9 cm (3 m)"
        await ui.press("enter")
        await ui.wait_for_screen(BlastScreen)
        assert ui.state.blast_waiting is not None and ui.state.blast_waiting.distance_m == 3

    run_ui(script, open_path=table_fight(tmp_path))
