"""AI sides in the app (issue 10 item 3): an `ai` side is played by its AI, the level chosen on the set-up
screen; its lines play one at a time (pace 0 here), the reason in the log; the screen answers keys while the
AI thinks in a worker; `n` skips to the end of the AI's turn; watchers' interruptions change hands; a delayed
human unit may step in before an AI unit (R13.3); undo goes back to the player's last command.

The test encounter (see tui_kit.py): Ana (vault, 12 AP, always first) against Rex (raiders) at 7,0 facing W.
Scripted test levels (registered in apcombat.ai.LEVELS for one test) play fixed lines and record each call.
"""

from __future__ import annotations

import threading
from pathlib import Path

import attrs
import pytest
from textual.widgets import Select
from tui_kit import SKIRMISH_UNITS, Scripted, Ui, write_encounter

from apcombat.ai import DEFAULT_LEVEL, LEVELS
from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game
from apcombat.model import AiSettings, Control, Effort
from apcombat.saves import save_game
from apcombat.tui.screens.dialogs import ChoiceScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.help import HelpScreen
from apcombat.tui.screens.setup import SetupScreen

BRAWL = content_root() / "encounters" / "table_brawl.toml"


@pytest.fixture
def rex_ai(tmp_path: Path) -> Path:
    """The test encounter with the raiders' side played by the AI."""
    return write_encounter(
        tmp_path / "encounters",
        "aiskirmish",
        SKIRMISH_UNITS,
        side=[
            {"id": "vault", "name": "Vault", "control": "human"},
            {"id": "raiders", "name": "Raiders", "control": "ai"},
        ],
    )


@pytest.fixture
def ai_game(run_ui, rex_ai: Path, monkeypatch: pytest.MonkeyPatch):
    """`ai_game(bot, steps, pace=0)`: `bot` registered as the level "scripted", the raiders handed to it on the
    set-up screen, the fight started; then `await steps(ui)`."""

    def run(bot: Scripted, steps, pace: float = 0) -> None:
        monkeypatch.setitem(LEVELS, "scripted", lambda settings: bot)

        async def script(ui: Ui) -> None:
            await start_from_setup(ui, rex_ai, "scripted")
            await steps(ui)

        run_ui(script, ai_pace=pace)

    return run


async def start_from_setup(ui: Ui, path: Path, level: str) -> None:
    """Open the set-up screen of `path`, hand every `ai` side to `level`, start and roll initiative."""
    ui.app.push_screen(SetupScreen(path, ui.app.library))
    setup = await ui.wait_for_screen(SetupScreen)
    for select in setup.query(Select):
        if (select.id or "").startswith("level-") and select.display:
            select.value = level
    await ui.press("f10")
    await ui.wait_for_screen(GameScreen)
    await ui.press("s")
    await ui.settle()


async def until_human_turn(ui: Ui, unit: str = "ana", round_: int | None = None) -> None:
    await ui.until(
        lambda: ui.state.active == unit and (round_ is None or ui.state.round == round_) and not ui.game.ai.pending,
        f"{unit}'s turn",
    )


def test_the_setup_screen_offers_each_side_an_ai_level_and_no_ai_in_table_mode(run_ui, skirmish):
    async def script(ui):
        ui.app.push_screen(SetupScreen(skirmish, ui.app.library))
        setup = await ui.wait_for_screen(SetupScreen)
        level = setup.query_one("#level-raiders", Select)
        assert not level.display  # a human side has no AI level
        setup.query_one("#side-raiders", Select).value = "ai"
        await ui.settle()
        assert level.display and level.value in LEVELS
        assert {value for _, value in level._options if value in LEVELS} == set(LEVELS)

        ui.app.push_screen(SetupScreen(BRAWL, ui.app.library))
        table = await ui.wait_for_screen(SetupScreen)
        assert "no AI" in ui.screen_text()
        for side in table.query(Select).results():
            if (side.id or "").startswith("side-"):
                assert "ai" not in [value for _, value in side._options]
        assert not list(table.query("#level-regulars")) and not list(table.query("#level-raiders"))

    run_ui(script)


def test_the_duel_raider_is_played_by_the_ai_with_its_reasons_in_the_log(run_ui, duel):
    async def script(ui):
        await ui.press("s")
        assert set(ui.game.session.ai_settings) == {"raiders"}
        for _ in range(3):  # Ana ends her turns; the raider plays its own (and may win)
            await ui.until(
                lambda: ui.state.finished or (ui.state.active == "ana" and not ui.game.ai.pending), "Ana's turn"
            )
            if ui.state.finished:
                break
            await ui.press("e")
            await ui.settle()
        assert ui.state.round >= 3 or ui.state.finished
        assert "AI (Raider)" in ui.log_text()

    run_ui(script, open_path=duel, ai_pace=0)


def test_the_screen_answers_keys_while_the_ai_thinks(ai_game):
    gate = threading.Event()
    bot = Scripted(["pose rex crouched"], gate)

    async def steps(ui):
        await ui.press("e")  # Ana ends: Rex's AI is asked, and blocks in its worker
        await ui.until(bot.asked.is_set, "the AI to be asked")
        assert ui.state.active == "rex"
        cursor = ui.map.cursor
        await ui.press("right")
        assert ui.map.cursor == (cursor[0] + 1, cursor[1])  # the cursor still moves
        assert "n Skip AI" in ui.screen_text().splitlines()[-1]  # the footer shows it while it acts
        await ui.press("question_mark")
        await ui.wait_for_screen(HelpScreen)  # help still opens
        await ui.press("escape")
        await ui.wait_for_screen(GameScreen)
        await ui.press("e")  # the player cannot end the AI's turn for it
        assert ui.state.active == "rex" and ui.state.unit("rex").pose.value == "upright"
        gate.set()
        await until_human_turn(ui, round_=2)
        assert ui.state.unit("rex").pose.value == "crouched"
        log = ui.log_text()
        assert "AI (Rex) pose rex crouched: scripted: pose rex crouched" in log
        assert log.index("AI (Rex) pose rex crouched") < log.index("Rex goes crouched")

    ai_game(bot, steps)


def test_the_skip_key_plays_the_rest_of_the_ai_turn_at_once(ai_game):
    bot = Scripted(["pose rex crouched", "pose rex prone"])

    async def steps(ui):
        await ui.press("e")
        await ui.settle()
        assert ui.state.active == "rex" and bot.calls == 0  # waiting for the pace (an hour here)
        await ui.press("n")
        await until_human_turn(ui, round_=2)
        assert bot.calls == 3 and ui.state.unit("rex").pose.value == "prone"

    ai_game(bot, steps, pace=3600)


def test_a_human_watcher_interrupts_the_ai_and_hands_control_back_with_e(ai_game):
    bot = Scripted(["move rex 5,3", "pose rex crouched"])

    async def steps(ui):
        await ui.command("gm dice 1", "react ana")  # R16.1: Ana watches; her perception roll will be a 1
        await ui.until(lambda: ui.state.interrupt is not None, "Ana's interruption")  # R16.2
        await ui.settle()
        assert ui.state.active == "ana" and bot.calls == 1  # the AI waits for the human watcher
        await ui.press("e")  # the interruption ends: back to the AI, which goes on with its turn
        await until_human_turn(ui, round_=2)
        assert bot.calls == 3 and ui.state.unit("rex").pose.value == "crouched"

    ai_game(bot, steps)


def test_an_ai_watcher_plays_its_interruption_during_the_human_turn_at_once(ai_game):
    bot = Scripted(["react rex", "pose rex crouched"])

    async def steps(ui):
        await ui.press("e")
        await until_human_turn(ui, round_=2)
        assert ui.state.unit("rex").watch is not None  # R16.1
        await ui.command("gm dice 1", "move ana 3,1")  # into Rex's cone; his perception roll is a 1
        await until_human_turn(ui)
        assert bot.calls == 3  # the interruption's line, then its end
        assert ui.state.unit("rex").pose.value == "crouched" and ui.state.interrupt is None  # R16.2
        assert "AI (Rex) pose rex crouched" in ui.log_text()

    ai_game(bot, steps)


def test_a_delayed_human_unit_is_offered_to_step_in_before_the_ai_acts(ai_game):
    bot = Scripted(["pose rex crouched"])

    async def steps(ui):
        await ui.press("d")  # R13.3: Ana delays; Rex (AI) is next
        choice = await ui.wait_for_screen(ChoiceScreen)
        assert "step in" in ui.screen_text() and bot.calls == 0
        choice.dismiss("ana")
        await ui.wait_for_screen(GameScreen)
        await ui.settle()
        assert bot.calls == 0  # the AI waits while Ana steps in
        await ui.command("pose ana crouched")
        assert ui.state.active == "ana" and ui.state.unit("ana").pose.value == "crouched"
        await ui.press("e")
        await until_human_turn(ui, round_=2)  # Rex then takes his turn (R13.3), played by the AI
        assert bot.calls >= 1 and ui.state.unit("rex").pose.value == "crouched"

    ai_game(bot, steps)


def test_undo_goes_back_to_the_players_last_command_and_the_ai_waits(ai_game):
    bot = Scripted(["pose rex crouched", "pose rex prone"])

    async def steps(ui):
        await ui.command("move ana 2,3")
        await ui.press("e")
        await until_human_turn(ui, round_=2)
        assert ui.state.unit("rex").pose.value == "prone"
        await ui.press("ctrl+z")  # the AI's three lines and Ana's end are taken back
        await ui.settle()
        assert (ui.state.round, ui.state.active, ui.state.unit("ana").ap) == (1, "ana", 11)
        assert ui.state.unit("rex").pose.value == "upright"
        await ui.press("ctrl+y")  # redo: Ana's end again; the AI does not play over the undone lines
        await ui.settle()
        assert ui.state.active == "rex" and bot.calls == 3
        await ui.press("ctrl+y", "ctrl+y", "ctrl+y")
        await ui.settle()
        assert ui.state.round == 2 and ui.state.unit("rex").pose.value == "prone" and bot.calls == 3
        await ui.press("ctrl+z", "ctrl+z")  # twice: before Ana's end, then before her move
        await ui.settle()
        assert ui.state.unit("ana").at == (1, 3) and ui.state.unit("ana").ap == 12

    ai_game(bot, steps)


def test_an_ai_that_cannot_even_end_its_turn_waits_and_says_which_line_to_undo(ai_game):
    # Found by fuzzing: a die typed with `gm dice` that Ana's burn at the start of round 2 cannot take refuses
    # the AI's end (R0.2, R6.2); the AI stopped without a word, its worker's error swallowed.
    bot = Scripted(["pose rex crouched"])

    async def steps(ui):
        await ui.command("gm condition ana burning 2", "gm dice 999", "end")
        await ui.until(lambda: any("the AI waits" in notice for notice in ui.notices()), "the AI to say why it waits")
        assert (
            "the AI waits: scripted roll 1: 999 cannot be rolled on a d10 (faces 1 to 10); wanted 1d10+5 for Ana's "
            "burning (1d10+5 fire damage): undo the gm dice line that typed it (R0.2)"
        ) in ui.notices()
        assert ui.state.active == "rex" and ui.state.unit("rex").pose.value == "crouched"
        assert not ui.game.ai.pending and bot.calls == 2  # asked once more, for the end: not again and again

    ai_game(bot, steps)


def test_the_setup_screen_offers_effort_and_knobs_prefilled_from_the_encounter(run_ui, tmp_path):
    ai = {"level": "random", "effort": "high", "aggression": 0.8}
    path = write_encounter(
        tmp_path / "encounters",
        "bold",
        SKIRMISH_UNITS,
        side=[{"id": "vault", "name": "Vault", "control": "human"}, {"id": "raiders", "name": "Raiders", "ai": ai}],
    )

    async def script(ui: Ui) -> None:
        ui.app.push_screen(SetupScreen(path, ui.app.library))
        setup = await ui.wait_for_screen(SetupScreen)
        row = setup.query_one("#ai-raiders")
        assert not row.display  # the raiders are human in the file: no AI settings asked
        setup.query_one("#side-raiders", Select).value = "ai"
        await ui.settle()
        assert row.display and not setup.query_one("#ai-vault").display
        values = [setup.query_one(f"#{knob}-raiders", Select).value for knob in ("level", "effort", "aggression")]
        assert values == ["random", "high", 0.8] and setup.query_one("#caution-raiders", Select).value == 0.5
        offered = [value for _, value in setup.query_one("#aggression-raiders", Select)._options]
        assert offered == [0.0, 0.25, 0.5, 0.75, 0.8, 1.0]  # the file's 0.8 among the steps
        assert "effort: high" in ui.screen_text() and "aggression: 0.8" in ui.screen_text()
        setup.query_one("#effort-raiders", Select).value = "low"
        setup.query_one("#caution-raiders", Select).value = 1.0
        await ui.press("f10")
        await ui.wait_for_screen(GameScreen)
        chosen = AiSettings("random", Effort.LOW, aggression=0.8, caution=1.0)
        assert ui.state.side("raiders").ai == chosen and ui.game.session.ai_settings == {"raiders": chosen}

    run_ui(script, ai_pace=0)


def test_the_settings_chosen_on_set_up_are_saved_and_a_loaded_game_plays_with_them(run_ui, rex_ai, tmp_path):
    saved = tmp_path / "chosen.toml"
    chosen = AiSettings("random", Effort.HIGH, aggression=0.25, caution=0.0)

    async def set_up(ui: Ui) -> None:
        ui.app.push_screen(SetupScreen(rex_ai, ui.app.library))
        setup = await ui.wait_for_screen(SetupScreen)
        for knob in ("level", "effort", "aggression", "caution"):
            value = getattr(chosen, knob)
            setup.query_one(f"#{knob}-raiders", Select).value = value.value if knob == "effort" else value
        await ui.press("f10")
        await ui.wait_for_screen(GameScreen)
        assert ui.game.session.ai_settings == {"raiders": chosen}
        save_game(ui.game.session.game, saved)

    async def loaded(ui: Ui) -> None:
        assert ui.game.session.ai_settings == {"raiders": chosen}  # not the default level

    run_ui(set_up, ai_pace=0)
    text = saved.read_text(encoding="utf-8")
    assert 'level = "random"' in text and 'effort = "high"' in text and "aggression = 0.25" in text
    run_ui(loaded, open_path=saved, ai_pace=0)


def test_a_save_naming_a_level_this_apcombat_lacks_plays_at_the_default_level_and_says_so(run_ui, rex_ai, tmp_path):
    game = Game(load_encounter(rex_ai, load_library(content_root(None))), seed=1)
    newer = AiSettings("grandmaster", Effort.LOW, caution=0.9)
    sides = tuple(attrs.evolve(side, ai=newer) if side.control is Control.AI else side for side in game.state.sides)
    saved = save_game(Game(attrs.evolve(game.state, sides=sides), seed=1), tmp_path / "newer.toml")

    async def loaded(ui: Ui) -> None:
        # the level falls back to the default one; the effort and knobs are kept
        assert ui.game.session.ai_settings == {"raiders": attrs.evolve(newer, level=DEFAULT_LEVEL)}
        await ui.settle()
        said = "Raiders were set up to play at the AI level 'grandmaster'"  # a plural side's name: "were", "they"
        assert any(said in notice and f"they play at {DEFAULT_LEVEL}" in notice for notice in ui.notices())

    run_ui(loaded, open_path=saved, ai_pace=0)
