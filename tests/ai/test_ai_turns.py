"""The AI game loop: one unit's turn asked of its AI line by line, illegal lines counted and ending the
turn, the line cap, the round cap, and the result the engine gives."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apcombat.ai.turn import MAX_LINES_PER_TURN
from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game
from apcombat.model import Encounter
from apcombat.sim.match import play_match

BOTS = {
    "greedy_bot:play",
    "misbehaving_bots:ends",
    "misbehaving_bots:raises",
    "misbehaving_bots:refused",
    "misbehaving_bots:other_unit",
}
ENCOUNTERS = Path(__file__).resolve().parents[2] / "content" / "encounters"


@pytest.fixture(scope="module")
def duel() -> Encounter:
    return load_encounter(ENCOUNTERS / "duel.toml", load_library(content_root(None)))


def _replayed(duel: Encounter, result) -> Game:
    return Game.replay(duel, result.seed, result.history)


@pytest.mark.parametrize(
    "bot",
    [
        "misbehaving_bots:game_master",
        "misbehaving_bots:other_unit",
        "misbehaving_bots:raises",
        "misbehaving_bots:refused",
    ],
)
def test_every_illegal_line_is_counted_and_ends_the_turn(ai_plugins: Path, duel: Encounter, bot: str) -> None:
    result = play_match(duel, seed=4, ais={"vault": "misbehaving_bots:ends", "raiders": bot}, max_rounds=3)
    illegal = dict(result.illegal)
    asked = dict(result.decision_ms)
    # every line the bot gave was illegal, and each cost the raider its turn: one line a turn, 3 rounds
    assert illegal[bot] == asked[bot].calls == 3
    assert illegal["misbehaving_bots:ends"] == 0
    lines = [entry.line for entry in result.history]
    assert lines == ["start"] + ["end"] * 6  # nothing the bot said was played; the runner ended its turns
    assert result.winner is None and result.rounds == 3  # the round cap: a draw


def test_more_than_200_lines_in_one_turn_end_it_and_count_as_illegal(ai_plugins: Path, duel: Encounter) -> None:
    result = play_match(
        duel, seed=2, ais={"vault": "misbehaving_bots:ends", "raiders": "misbehaving_bots:turns_forever"}, max_rounds=2
    )
    assert dict(result.illegal)["misbehaving_bots:turns_forever"] == 2  # one per raider turn
    assert dict(result.decision_ms)["misbehaving_bots:turns_forever"].calls == 2 * MAX_LINES_PER_TURN
    lines = [entry.line for entry in result.history]
    first = next(i for i, line in enumerate(lines) if line.startswith("turn raider"))
    assert all(line.startswith("turn raider") for line in lines[first : first + MAX_LINES_PER_TURN])
    assert lines[first + MAX_LINES_PER_TURN] == "end"


def test_the_round_cap_makes_a_draw(ai_plugins: Path, duel: Encounter) -> None:
    ends = "misbehaving_bots:ends"
    result = play_match(duel, seed=0, ais={"vault": ends, "raiders": ends}, max_rounds=5)
    assert (result.winner, result.rounds) == (None, 5)


def test_a_fight_won_reports_the_engines_winner_and_replays_to_it(ai_plugins: Path, duel: Encounter) -> None:
    greedy = "greedy_bot:play"
    result = play_match(duel, seed=1, ais={"vault": greedy, "raiders": greedy}, max_rounds=30)
    game = _replayed(duel, result)
    assert game.state.finished
    assert result.winner == game.state.winner is not None
    assert result.rounds == game.state.round
    assert sum(dict(result.illegal).values()) == 0


def test_the_same_seed_gives_the_same_game(ai_plugins: Path, duel: Encounter) -> None:
    greedy = "greedy_bot:play"
    first = play_match(duel, seed=9, ais={"vault": greedy, "raiders": greedy})
    again = play_match(duel, seed=9, ais={"vault": greedy, "raiders": greedy})
    assert first.history == again.history and first.units == again.units


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), max_rounds=st.integers(1, 6), raiders=st.sampled_from(sorted(BOTS)))
def test_any_game_ends_within_the_cap_and_replays_to_its_result(ai_plugins, duel, seed, max_rounds, raiders):
    result = play_match(duel, seed, {"vault": "greedy_bot:play", "raiders": raiders}, max_rounds)
    assert 1 <= result.rounds <= max_rounds
    game = _replayed(duel, result)
    assert result.winner == (game.state.winner if game.state.finished else None)
    assert result.winner in (None, "vault", "raiders")
    assert dict(result.illegal)["greedy_bot:play"] == 0
