"""The baseline level as a whole: short seeded baseline-vs-baseline games of every shipped map encounter
(round cap 10) end, no line of theirs is refused, and replaying each game's history gives the same result;
the same state and seed give the same line; and it beats the `random` level."""

from __future__ import annotations

from pathlib import Path

import pytest

from apcombat.ai import LEVELS
from apcombat.ai.seeds import side_rng
from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game
from apcombat.model import DEFAULT_AI, AiSettings, Effort, Encounter
from apcombat.sim.match import play_match

ENCOUNTERS = Path(__file__).resolve().parents[2] / "content" / "encounters"
# the 120 x 100 maps: one game is a fair sample, CI kept short
SEEDS = {"big_battlefield": (0,), "hex_battlefield": (0,), "river_fog": (0,)}
ROUND_CAP = 10


def load(name: str) -> Encounter:
    return load_encounter(ENCOUNTERS / f"{name}.toml", load_library(content_root(None)))


MAP_ENCOUNTERS = sorted(path.stem for path in ENCOUNTERS.glob("*.toml") if load(path.stem).map is not None)
"""Every shipped encounter with a map (table-mode fights have no AI side)."""


def test_every_shipped_map_encounter_is_covered() -> None:
    assert {"duel", "street_fight", "heavy_weapons", "rooftops", "big_battlefield"} <= set(MAP_ENCOUNTERS)
    # R20: the hex maps too, the battlefield among them
    assert {"hex_duel", "hex_street_fight", "hex_battlefield"} <= set(MAP_ENCOUNTERS)


@pytest.mark.parametrize("name", MAP_ENCOUNTERS)
def test_baseline_against_itself_plays_legal_lines_to_the_end_and_replays_the_same(name: str) -> None:
    encounter = load(name)
    for seed in SEEDS.get(name, (0, 1)):
        result = play_match(encounter, seed, {side.id: "baseline" for side in encounter.sides}, ROUND_CAP)
        assert dict(result.illegal) == {"baseline": 0}, f"{name} seed {seed}"
        assert result.rounds <= ROUND_CAP
        replayed = Game.replay(encounter, seed, result.history)
        assert (replayed.state.winner if replayed.state.finished else None) == result.winner
        assert [entry.line for entry in replayed.history] == [entry.line for entry in result.history]


def test_the_same_state_and_seed_give_the_same_line_and_reason_whatever_the_knobs() -> None:
    encounter = load("street_fight")
    game = Game(encounter, seed=5)
    game.play("start")
    bold = AiSettings("baseline", Effort.HIGH, aggression=1.0, caution=0.0)  # baseline ignores effort and knobs
    for _ in range(12):
        side = game.state.unit(game.state.active).side
        first = LEVELS["baseline"](DEFAULT_AI).decide(game.state, side_rng(5, side))
        again = LEVELS["baseline"](bold).decide(game.state, side_rng(5, side))
        assert first == again
        game.play(first.line)
        if game.state.finished:
            break


def test_the_same_seed_plays_the_same_game() -> None:
    encounter = load("duel")
    ais = {side.id: "baseline" for side in encounter.sides}
    first, again = play_match(encounter, 3, ais, 5), play_match(encounter, 3, ais, 5)
    assert first.history == again.history and first.winner == again.winner


@pytest.mark.parametrize("name", ["duel", "street_fight"])
def test_baseline_beats_random(name: str) -> None:
    encounter = load(name)
    first, second = (side.id for side in encounter.sides)
    wins = 0
    for seed in range(2):
        for ais in ({first: "baseline", second: "random"}, {first: "random", second: "baseline"}):
            result = play_match(encounter, seed, ais, 30)
            wins += result.winner is not None and ais[result.winner] == "baseline"
    # The 95 % of the issue is measured over 200 games (README); here 4 of 4 seeded games.
    assert wins == 4
