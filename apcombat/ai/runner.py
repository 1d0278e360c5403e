"""A batch of AI-vs-AI games: which games (seeds, and with `--swap` the sides' AIs exchanged), played here,
in a process pool, or on a cluster, the results always in the order of the plan."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor

import attrs

from apcombat.ai import DEFAULT_MAX_ROUNDS
from apcombat.ai.match import MatchResult, play_match
from apcombat.ai.players import working_directory_on_path
from apcombat.model import Encounter

Progress = Callable[[int, int], None]  # (games done, games in all)


@attrs.frozen
class BatchSettings:
    """What every game of a batch shares: the round cap, and whether to keep each game's history (to write
    it as a save; a million games' histories would fill the memory for nothing)."""

    max_rounds: int = DEFAULT_MAX_ROUNDS
    keep_history: bool = False


@attrs.frozen
class PlannedGame:
    """One game of a batch: the dice's seed and the AI of each side (side id, AI) in the encounter's order."""

    seed: int
    sides: tuple[tuple[str, str], ...]


def plan_games(ais: Mapping[str, str], seed: int, games: int, swap: bool) -> list[PlannedGame]:
    """`games` seeds from `seed` on; with `swap` each seed is played again with the AIs moved one side on
    (with two sides: exchanged), which cancels the map's asymmetry."""
    sides = list(ais)
    specs = [ais[side] for side in sides]
    plan = []
    for number in range(games):
        plan.append(PlannedGame(seed + number, tuple(zip(sides, specs, strict=True))))
        if swap:
            moved = specs[-1:] + specs[:-1]
            plan.append(PlannedGame(seed + number, tuple(zip(sides, moved, strict=True))))
    return plan


def play_planned(
    game: PlannedGame, encounter: Encounter, settings: BatchSettings, folder: str | None = None
) -> MatchResult:
    """Play one planned game; `folder` goes on the Python path first (a worker looking for plug-ins)."""
    if folder is not None:
        working_directory_on_path(folder)
    result = play_match(encounter, game.seed, dict(game.sides), settings.max_rounds)
    return result if settings.keep_history else attrs.evolve(result, history=())


def run_games(
    encounter: Encounter,
    plan: list[PlannedGame],
    settings: BatchSettings,
    jobs: int = 1,
    cluster: str | None = None,
    progress: Progress | None = None,
) -> list[MatchResult]:
    """Every planned game's result, in the plan's order, however many processes or machines played them."""
    if cluster is not None:
        from apcombat.ai.cluster import run_on_cluster

        results = run_on_cluster(cluster, encounter, plan, settings, os.getcwd())
    elif jobs > 1:
        results = _in_pool(encounter, plan, settings, jobs)
    else:
        results = (play_planned(game, encounter, settings) for game in plan)
    done = []
    for result in results:
        done.append(result)
        if progress is not None:
            progress(len(done), len(plan))
    return done


_worker_encounter: Encounter | None = None


def _start_worker(encounter: Encounter, folder: str) -> None:
    global _worker_encounter
    _worker_encounter = encounter
    working_directory_on_path(folder)


def _play_in_worker(game: PlannedGame, settings: BatchSettings) -> MatchResult:
    assert _worker_encounter is not None
    return play_planned(game, _worker_encounter, settings)


def _in_pool(
    encounter: Encounter, plan: list[PlannedGame], settings: BatchSettings, jobs: int
) -> Iterator[MatchResult]:
    with ProcessPoolExecutor(jobs, initializer=_start_worker, initargs=(encounter, os.getcwd())) as pool:
        yield from pool.map(_play_in_worker, plan, [settings] * len(plan))
