"""The tactical level in whole games: short low-effort games against baseline on every shipped map encounter
play no illegal line (R16.2 interruptions included: there it plays as the watcher); a tactical-vs-baseline
game saved in the middle goes on identically after a load; the same seed plays the same game."""

from __future__ import annotations

from pathlib import Path

import pytest

from apcombat.ai import LEVELS, Player
from apcombat.ai.tactical import TacticalLevel
from apcombat.ai.turn import turn_steps
from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game
from apcombat.model import AiSettings, Effort, Encounter
from apcombat.saves import load_game, save_game
from apcombat.sim.match import play_match
from apcombat.sim.runner import BatchSettings, plan_games, run_games

ENCOUNTERS = content_root() / "encounters"
# the 120 x 100 maps: two rounds are a fair sample, CI kept short
ROUND_CAPS = {"big_battlefield": 2, "hex_battlefield": 2, "river_fog": 2}
ROUND_CAP = 10


def load(name: str) -> Encounter:
    return load_encounter(ENCOUNTERS / f"{name}.toml", load_library(content_root(None)))


MAP_ENCOUNTERS = sorted(path.stem for path in ENCOUNTERS.glob("*.toml") if load(path.stem).map is not None)


@pytest.fixture
def tactical_low() -> str:
    """`tactical` at low effort, as `apcombat sim --ai` names it."""
    return "tactical,effort=low"


@pytest.mark.parametrize("name", MAP_ENCOUNTERS)
def test_tactical_plays_only_legal_lines_on_every_shipped_map(name: str, tactical_low: str) -> None:
    encounter = load(name)
    first, second = (side.id for side in encounter.sides[:2])
    ais = {side.id: "baseline" for side in encounter.sides} | {first: tactical_low}
    result = play_match(encounter, 0, ais, ROUND_CAPS.get(name, ROUND_CAP))
    assert dict(result.illegal)[tactical_low] == 0, name
    assert dict(result.decision_ms)[tactical_low].calls > 0
    if name == "duel":  # and from the other side
        again = play_match(encounter, 1, ais | {first: "baseline", second: tactical_low}, ROUND_CAP)
        assert dict(again.illegal)[tactical_low] == 0


def play_on(game: Game, players: dict[str, Player], asks: int) -> None:
    """Let each acting side's AI answer `asks` times, as the runner and the app do."""
    done = 0
    while done < asks and not game.state.finished:
        side = game.state.unit(game.state.active).side
        for _ in turn_steps(game, players[side]):
            done += 1
            if done == asks:
                break


def test_a_tactical_game_saved_in_the_middle_goes_on_identically_after_a_load(tmp_path: Path) -> None:
    encounter = load("duel")
    first, second = (side.id for side in encounter.sides)
    players: dict[str, Player] = {first: TacticalLevel(AiSettings(effort=Effort.LOW)), second: LEVELS["baseline"]()}
    game = Game(encounter, seed=2)
    game.play("start")
    play_on(game, players, 6)
    loaded = load_game(save_game(game, tmp_path / "middle.toml"))
    assert loaded.state == game.state and loaded.history == game.history
    play_on(game, players, 12)
    play_on(loaded, players, 12)
    assert [entry.line for entry in loaded.history] == [entry.line for entry in game.history]
    assert [entry.reason for entry in loaded.history] == [entry.reason for entry in game.history]
    assert loaded.state == game.state


def test_the_same_seed_plays_the_same_tactical_game(tactical_low: str) -> None:
    encounter = load("duel")
    first, second = (side.id for side in encounter.sides)
    ais = {first: tactical_low, second: "baseline"}
    one, two = play_match(encounter, 3, ais, 4), play_match(encounter, 3, ais, 4)
    assert one.history == two.history and one.winner == two.winner


@pytest.mark.parametrize("name", ["duel", "street_fight"])
def test_a_few_low_effort_tactical_games_play_no_illegal_line(name: str, tactical_low: str) -> None:
    # the CI's share of issue 12's "zero illegal lines in every run": a seed against baseline and one against
    # tactical itself (now the default level), each from both sides, round cap 10
    encounter = load(name)
    first, second = (side.id for side in encounter.sides)
    plan = [
        *plan_games({first: tactical_low, second: "baseline"}, 0, 1, swap=True),
        *plan_games({first: tactical_low, second: "tactical,effort=low,aggression=1"}, 1, 1, swap=True),
    ]
    results = run_games(encounter, plan, BatchSettings(max_rounds=ROUND_CAP), jobs=1)
    assert len(results) == 4
    assert all(count == 0 for result in results for _, count in result.illegal), name
