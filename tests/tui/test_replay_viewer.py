"""The replay viewer steps through a save's fight one command at a time, forth and back, its log always the
log of the fight up to the command shown."""

from __future__ import annotations

from conftest import SEED, event_words

from apcombat.content import load_encounter
from apcombat.engine import Game
from apcombat.saves import save_game
from apcombat.tui.screens.replay import ReplayScreen
from apcombat.tui.widgets.event_log import EventLog


def saved_fight(skirmish, library, folder) -> Game:
    game = Game(load_encounter(skirmish, library), seed=SEED)
    game.play_all(["start", "gm force hit", "shoot ana rex", "pose ana crouched", "end", "pose rex prone"])
    save_game(game, folder / "fight.toml")
    return game


def test_the_replay_steps_forth_and_back_with_its_log(run_ui, skirmish, library, tmp_path):
    game = saved_fight(skirmish, library, tmp_path / "saves")
    count = len(game.history)

    async def script(ui):
        await ui.press("r", "enter")  # the newest save's replay
        await ui.wait_for_screen(ReplayScreen)
        assert "command 0 of" in ui.text("#replay-position") and replay_log_words(ui) == []
        await ui.press("end")
        assert f"command {count} of {count}" in ui.text("#replay-position")
        assert replay_log_words(ui) == event_words(game.log)
        await ui.press("p", "p")
        before = Game.replay(game.start, game.seed, game.history[: count - 2])
        assert f"command {count - 2} of {count}" in ui.text("#replay-position")
        assert replay_log_words(ui) == event_words(before.log)
        await ui.press("n")
        assert replay_log_words(ui) == event_words(Game.replay(game.start, game.seed, game.history[: count - 1]).log)

    run_ui(script, open_path=None)


def replay_log_words(ui) -> list[str]:
    """What the replay's log shows, word by word."""
    return " ".join(strip.text for strip in ui.screen.query_one(EventLog).lines).split()
