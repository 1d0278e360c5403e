"""Issue 22 item 0: no game may hang, whatever dice the engine is handed. Every AI-vs-AI game of every shipped
map encounter — at the encounter's own AI settings (what `apcombat sim` plays without `--ai`) and the round
cap `sim` plays to — ends: a win, or the round cap's draw. The quick seeds 0-2 of each here (0-4 took a minute
more of CI's fifteen), plus the seed that once hung (the tactical look-ahead's lowest-face dice tied the
activation deck's d6 for ever, R18.5.1); 50 seeds each on demand: tests/bench/bench_every_encounter.py.

The games are played on both cores at once (they are most of this file's two minutes), each test waiting
for its own game under a watchdog far beyond any honest game's length: it only catches a hang."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from multiprocessing.pool import AsyncResult

import pytest

from apcombat.ai.spec import spec_of
from apcombat.content import content_root, load_encounter, load_library
from apcombat.model import Encounter
from apcombat.sim import DEFAULT_MAX_ROUNDS
from apcombat.sim.match import MatchResult, play_match

ENCOUNTERS = content_root() / "encounters"
QUICK_SEEDS = range(3)
ONCE_HUNG = [("last_stand", 8)]
WATCHDOG_S = 300  # the slowest game here (a 40-unit battlefield to the round cap) takes seconds, not minutes
# The whole file on one worker (pyproject.toml: --dist loadgroup): split over two, each would start every game
# on a pool of its own, and a test waiting on its game behind all the others could pass its watchdog.
pytestmark = pytest.mark.xdist_group("every_encounter_ends")


def load(name: str) -> Encounter:
    return load_encounter(ENCOUNTERS / f"{name}.toml", load_library(content_root(None)))


MAP_ENCOUNTERS = sorted(path.stem for path in ENCOUNTERS.glob("*.toml") if load(path.stem).map is not None)
GAMES = [*((name, seed) for name in MAP_ENCOUNTERS for seed in QUICK_SEEDS), *ONCE_HUNG]


def own_ais(encounter: Encounter) -> dict[str, str]:
    """Each side's AI as its encounter's `ai` names it, as `apcombat sim` plays it without `--ai`."""
    return {side.id: spec_of(side.ai) for side in encounter.sides}


def play(name: str, seed: int) -> MatchResult:
    encounter = load(name)
    return play_match(encounter, seed, own_ais(encounter), DEFAULT_MAX_ROUNDS)


@pytest.fixture(scope="module")
def games() -> Iterator[dict[tuple[str, int], AsyncResult[MatchResult]]]:
    """Every game of this file, started at once on two worker processes in the order the tests wait for them;
    the workers are killed at the end, a hung one with them."""
    pool = multiprocessing.get_context("spawn").Pool(2)  # no fork of a process that may run threads
    try:
        yield {game: pool.apply_async(play, game) for game in GAMES}
    finally:
        pool.terminate()
        pool.join()


@pytest.mark.parametrize(("name", "seed"), GAMES)
def test_every_ai_game_of_a_shipped_map_encounter_ends(games, name: str, seed: int) -> None:
    try:
        result = games[name, seed].get(WATCHDOG_S)
    except multiprocessing.TimeoutError:
        pytest.fail(f"{name} seed {seed} did not end within {WATCHDOG_S} s: a hang")
    sides = {side.id for side in load(name).sides}
    assert result.winner in sides or result.rounds == DEFAULT_MAX_ROUNDS, (result.winner, result.rounds)
