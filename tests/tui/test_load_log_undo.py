"""A save opened in the app shows the fight's whole log (from the load's one replay of its history), scrolled
to its end; undo right after the load goes back one command, state and log, as undo does in play."""

from __future__ import annotations

from pathlib import Path

from tui_kit import SEED, event_words

from apcombat.content import load_encounter
from apcombat.engine import Game
from apcombat.saves import save_game
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.widgets.event_log import EventLog


def played_game(encounter: Path, library, rounds: int = 6) -> Game:
    """A fight of a few rounds on the test encounter: turns, poses, game-master lines, a shot."""
    game = Game(load_encounter(encounter, library), seed=SEED)
    game.play("start")
    for round_number in range(rounds):
        active = game.state.active
        facing = ("S", "N")[round_number // 2 % 2]  # each unit turns one way, then back
        game.play_all([f"turn {active} {facing}", f"gm mod {round_number}", f"pose {active} crouched"])
        if active == "ana" and round_number == 2:
            game.play_all(["gm force hit", "shoot ana rex"])
        game.play_all([f"pose {active} upright", "end"])
    return game


def shown_words(ui) -> list[str]:
    return ui.log_text().split()


def test_a_loaded_save_shows_the_fights_log_at_its_end(run_ui, skirmish, library, tmp_path):
    game = played_game(skirmish, library)
    path = save_game(game, tmp_path / "long.toml")

    async def script(ui):
        screen = await ui.wait_for_screen(GameScreen)
        await ui.settle()
        assert len(screen.session.game.history) == len(game.history)
        assert shown_words(ui) == event_words(game.log)
        assert any("attacks Rex" in event.text for event in game.log)  # the shot and its breakdown are there
        assert len(ui.log_text().splitlines()) > 8  # more than the log's rows: it is scrolled to the end
        assert game.log[-1].text.split("\n")[0] in ui.screen_text()
        screen.query_one(EventLog).scroll_home(animate=False)  # scrolled back, the fight's start is there
        await ui.settle()
        assert game.log[0].text.split("\n")[0][:60] in ui.screen_text()

    run_ui(script, open_path=path)


def test_undo_right_after_a_load_goes_back_one_command_state_and_log(run_ui, skirmish, library, tmp_path):
    game = played_game(skirmish, library)
    path = save_game(game, tmp_path / "long.toml")
    before = Game.replay(game.start, game.seed, game.history[:-1])
    last = game.history[-1].line

    async def script(ui):
        screen = await ui.wait_for_screen(GameScreen)
        await ui.settle()
        await ui.press("ctrl+z")
        await ui.settle()
        assert screen.session.state == before.state
        assert ui.log_text().splitlines()[-1] == f"undone: {last}"
        assert shown_words(ui) == [*event_words(before.log), "undone:", *last.split()]
        await ui.press("ctrl+z")  # and again, further back than the last command
        await ui.settle()
        assert screen.session.state == Game.replay(game.start, game.seed, game.history[:-2]).state
        assert ui.log_text().splitlines()[-1] == f"undone: {game.history[-2].line}"

    run_ui(script, open_path=path)
