"""The battlefield's log (issue 24, item 2): a 40-round minigun burst at a Knight is one line of the log panel
in `short` detail and every line in `full`; a click shows its rounds (never those not rolled); an action's dice
for a re-roll are folded into it until `R` asks which die; `[` and `]` scroll the panel; ctrl+l opens the whole
log, which filters by unit, side and kind and searches. Snapshots of the whole log at 140 x 45 and 80 x 24."""

from __future__ import annotations

import pytest
from test_ai_options import tactical_skirmish
from test_log_folding import minigun_encounter
from test_module_keys import encounter as reroll_encounter
from tui_kit import SEED, Ui

from apcombat.content import load_encounter
from apcombat.engine import Game
from apcombat.saves import save_game
from apcombat.tui.screens.dialogs import ChoiceScreen
from apcombat.tui.screens.full_log import FullLogScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.replay import ReplayScreen
from apcombat.tui.widgets.event_log import EventLog

BURST_LINE = "▸ Gruk: 40 rounds at Knight Rhys: 3 hit, 31 damage (31 -> 0 HP); down after round 3"


async def burst(ui: Ui) -> None:
    """Gruk's minigun burst downs Knight Rhys (seed 7: 3 hits, 37 rounds not rolled)."""
    await ui.press("s")
    await ui.command("shoot gruk rhys burst")
    assert ui.state.unit("rhys").down


def panel(ui: Ui) -> EventLog:
    return ui.game.query_one(EventLog)


async def detail(ui: Ui, chosen: str) -> None:
    """The player's log_detail changed (as the settings screen does): the battlefield is redrawn."""
    ui.app.settings = ui.app.settings.replace(log_detail=chosen)
    ui.game.refresh_view()
    await ui.settle()


def test_a_40_round_burst_is_one_line_of_the_panel_in_short_and_every_line_in_full(run_ui, tmp_path):
    async def script(ui):
        assert ui.app.settings.log_detail == "short"  # the default
        await burst(ui)
        lines = ui.log_text().splitlines()
        assert BURST_LINE in lines
        assert not [line for line in lines if "round " in line and ": " in line and "rounds at" not in line]
        assert "not rolled" not in ui.log_text()

        await detail(ui, "full")
        full = ui.log_text()
        assert "Gruk attacks Knight Rhys: 3 hits, 31 damage (31 -> 0 HP)" in full and BURST_LINE not in full
        assert full.count("not rolled — Knight Rhys is already down") == 37
        assert "round 40: not rolled" in full

        await detail(ui, "short")
        assert BURST_LINE in ui.log_text().splitlines()

    run_ui(script, open_path=minigun_encounter(tmp_path / "encounters"))


def test_a_click_on_a_burst_shows_its_rolled_rounds_and_another_folds_them(run_ui, tmp_path):
    async def script(ui):
        await burst(ui)
        log = panel(ui)
        row = log.lines_in_view().index(BURST_LINE)  # one row a line: the panel is wide
        await ui.pilot.click(EventLog, offset=(5, 1 + row))  # under the panel's top border
        await ui.settle()
        text = ui.log_text()
        assert BURST_LINE.replace("▸", "▾") in text
        assert "round 3: d100 = " in text and "round 4" not in text and "not rolled" not in text
        log.scroll_home(animate=False, immediate=True)
        await ui.settle()
        row = log.lines_in_view().index(BURST_LINE.replace("▸", "▾"))
        await ui.pilot.click(EventLog, offset=(5, 1 + row))
        await ui.settle()
        assert BURST_LINE in ui.log_text() and "round 1: d100" not in ui.log_text()

    run_ui(script, open_path=minigun_encounter(tmp_path / "encounters"))


def test_an_actions_dice_are_folded_until_r_asks_which_die(run_ui, tmp_path):
    async def script(ui):
        await ui.press("s")
        await ui.command("gm dice 99", f"shoot {ui.state.active} rex")
        assert "Ana attacks Rex: misses" in ui.log_text()
        assert "dice of this action" not in ui.log_text()
        await ui.press("R")
        choice = await ui.wait_for_screen(ChoiceScreen)
        assert [label for _, label in choice.options] == [
            "Vault: die 1, d100 for Ana's shot at Rex = 99 (2 of 4 points)"
        ]
        said = "dice of this action, for a re-roll (reroll SIDE N, R18.6.2): 1: d100 for Ana's shot at Rex = 99"
        assert said in ui.log_text()
        assert said in " ".join(panel(ui).lines_in_view())  # in view beside the dialog
        await ui.press("enter")
        await ui.settle()
        assert "re-roll for Vault: die 1" in ui.log_text()

    run_ui(script, open_path=reroll_encounter(tmp_path))


def test_brackets_scroll_the_log_panel(run_ui, tmp_path):
    async def script(ui):
        await burst(ui)
        await detail(ui, "full")  # many more lines than rows
        log = panel(ui)
        bottom = log.scroll_offset.y
        assert bottom > 0 and bottom == log.max_scroll_y
        await ui.press("left_square_bracket")
        page = log.scrollable_content_region.height - 1
        assert log.scroll_offset.y == bottom - page
        await ui.press("left_square_bracket", "left_square_bracket")
        assert log.scroll_offset.y == bottom - 3 * page
        await ui.press("right_square_bracket")
        assert log.scroll_offset.y == bottom - 2 * page
        await ui.press(*["right_square_bracket"] * 10)
        assert log.scroll_offset.y == bottom
        await ui.press(*["left_square_bracket"] * 30)
        assert log.scroll_offset.y == 0

    run_ui(script, size=(80, 24), open_path=minigun_encounter(tmp_path / "encounters"))


def whole_log(ui: Ui) -> list[str]:
    """The lines the whole log shows (its filter's)."""
    return ui.screen.query_one("#full-log", EventLog).text_lines()


def test_the_whole_log_has_every_line_and_filters_by_unit_side_and_kind(run_ui, tmp_path):
    async def script(ui):
        await burst(ui)
        await ui.command("end", "turn ana S")
        await ui.press("ctrl+l")
        screen = await ui.wait_for_screen(FullLogScreen)
        lines = whole_log(ui)
        assert "Gruk attacks Knight Rhys: 3 hits, 31 damage (31 -> 0 HP)" in lines
        assert sum("not rolled" in line for line in lines) == 37  # every line, whatever log_detail says
        assert "unit: all · side: all · kind: all" in ui.text("#full-log-status")

        await ui.press("k")  # kinds: attacks first
        assert "kind: attacks" in ui.text("#full-log-status")
        assert lines[0] not in whole_log(ui) and "Gruk attacks Knight Rhys: 3 hits" in whole_log(ui)[0]
        await ui.press("k")
        assert "kind: moves" in ui.text("#full-log-status")
        assert whole_log(ui) == ["Ana turns to face S: 1 AP (8 -> 7)"]
        await ui.press("K", "K")  # back to all
        assert whole_log(ui) == lines

        await ui.press("u", "u")  # units in the encounter's order: Gruk, Knight Rhys
        assert "unit: Knight Rhys" in ui.text("#full-log-status")
        shown = [line for line in whole_log(ui) if not line.startswith(" ")]
        assert shown and all("Knight Rhys" in line for line in shown)
        await ui.press("u", "s")  # Ana, and the vault's side
        assert "unit: Ana · side: Vault" in ui.text("#full-log-status")
        assert not [line for line in whole_log(ui) if "attacks" in line]
        await ui.press("c")
        assert whole_log(ui) == lines and "unit: all · side: all · kind: all" in ui.text("#full-log-status")

        await ui.press("escape")
        await ui.wait_for_screen(GameScreen)
        assert screen not in ui.app.screen_stack

    run_ui(script, open_path=minigun_encounter(tmp_path / "encounters"))


def test_the_whole_log_searches_and_n_goes_from_match_to_match(run_ui, tmp_path):
    async def script(ui):
        await burst(ui)
        await ui.press("ctrl+l")
        await ui.wait_for_screen(FullLogScreen)
        log = ui.screen.query_one("#full-log", EventLog)
        log.scroll_home(animate=False, immediate=True)
        await ui.press("slash")
        await ui.type("d100")
        await ui.press("enter")
        assert "“d100”: 1 of 3 lines" in ui.text("#full-log-status")
        lines = log.text_lines()
        assert "round 1: d100" in lines[log.current_match]
        assert log.search == "d100" and len(log.matches("D100")) == 3
        await ui.press("n")
        assert "2 of 3" in ui.text("#full-log-status") and "round 2: d100" in lines[log.current_match]
        await ui.press("N", "N")
        assert "3 of 3" in ui.text("#full-log-status") and "round 3: d100" in lines[log.current_match]
        top = log.row_of(log.current_match)
        assert log.scroll_offset.y <= top < log.scroll_offset.y + log.scrollable_content_region.height

        await ui.press("slash")
        await ui.type("no such words")
        await ui.press("enter")
        assert "no line holds “no such words”" in ui.text("#full-log-status")
        await ui.press("slash", "escape")  # Escape closes the search box first, then the log
        assert isinstance(ui.screen, FullLogScreen)
        await ui.press("escape")
        await ui.wait_for_screen(GameScreen)

    run_ui(script, open_path=minigun_encounter(tmp_path / "encounters"))


def test_one_match_of_the_search_is_one_line_not_1_lines(run_ui, tmp_path):
    async def script(ui):
        await burst(ui)
        await ui.press("ctrl+l")
        await ui.wait_for_screen(FullLogScreen)
        await ui.press("slash")
        await ui.type("round 2: d100")
        await ui.press("enter")
        assert "“round 2: d100”: 1 of 1 line" in ui.text("#full-log-status")
        await ui.press("u")  # a filter shows the lines again: the match is counted, none stood on
        assert ui.text("#full-log-status").endswith("“round 2: d100”: 1 line")

    run_ui(script, open_path=minigun_encounter(tmp_path / "encounters"))


@pytest.mark.parametrize("size", [(140, 45), (80, 24)], ids=["140x45", "80x24"])
def test_whole_log_snapshot(snap, size, tmp_path):
    async def steps(ui):
        await burst(ui)
        await ui.press("ctrl+l")
        await ui.wait_for_screen(FullLogScreen)
        await ui.press("u", "u", "slash")
        await ui.type("HIT")
        await ui.press("enter", "n")

    assert snap(steps, size, open_path=minigun_encounter(tmp_path / "encounters"))


def test_the_replay_viewers_log_folds_bursts_too(run_ui, library, tmp_path):
    game = Game(load_encounter(minigun_encounter(tmp_path / "encounters"), library), seed=SEED)
    game.play_all(["start", "shoot gruk rhys burst"])
    save_game(game, tmp_path / "saves" / "burst.toml")

    async def script(ui):
        await ui.press("r", "enter")  # the newest save's replay
        replay = await ui.wait_for_screen(ReplayScreen)
        await ui.press("end")
        lines = replay.query_one(EventLog).text_lines()
        assert BURST_LINE in lines and not [line for line in lines if "not rolled" in line]

    run_ui(script, open_path=None)


def test_the_whole_log_shows_each_ai_commands_reason(run_ui, tmp_path):
    async def script(ui):
        await ui.press("s", "e")  # Rex's turn, played by the tactical AI
        await ui.until(lambda: ui.state.active == "ana" and ui.state.round == 2 and not ui.game.ai.pending, "Ana")
        reasons = [entry.reason for entry in ui.game.session.game.history if entry.reason]
        await ui.press("ctrl+l")
        await ui.wait_for_screen(FullLogScreen)
        await ui.press("K", "K", "K")  # the kinds backwards: other, turns, then AI
        assert "kind: AI" in ui.text("#full-log-status")
        lines = whole_log(ui)
        assert reasons and len(lines) == len(reasons)
        for line, reason in zip(lines, reasons, strict=True):
            assert line.startswith("AI (Rex) ") and line.endswith(f": {reason}")

    run_ui(script, open_path=tactical_skirmish(tmp_path / "encounters"), ai_pace=0)
