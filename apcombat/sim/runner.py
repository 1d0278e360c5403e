"""A batch of AI-vs-AI games played here, in a process pool or on a cluster, the results always in the
order of the plan."""

from __future__ import annotations

import os
from collections.abc import Callable, Generator

from apcombat.model import Encounter
from apcombat.sim.batch import BatchSettings, GamePlan, Plan, PlannedGame, plan_games, play_planned
from apcombat.sim.match import MatchResult

__all__ = ["BatchSettings", "GamePlan", "PlannedGame", "plan_games", "play_games", "play_planned", "run_games"]

Progress = Callable[[int, int], None]  # (games done, games in all)


def play_games(
    encounter: Encounter,
    plan: Plan,
    settings: BatchSettings,
    jobs: int = 1,
    cluster: str | None = None,
) -> Generator[MatchResult, None, None]:
    """Each planned game's result as it comes, in the plan's order, however many processes or machines play
    them. Closing the iterator early (or an error, Ctrl-C, SIGTERM) cancels the games not played yet: the
    pool's workers stop, the cluster's tasks are cancelled (its workers are the user's and stay)."""
    if cluster is not None:
        from apcombat.sim.cluster import run_on_cluster

        return run_on_cluster(cluster, encounter, plan, settings, os.getcwd())
    if jobs > 1:
        from apcombat.sim.pool import in_pool

        return in_pool(encounter, plan, settings, jobs)
    return (play_planned(game, encounter, settings) for game in plan)


def run_games(
    encounter: Encounter,
    plan: Plan,
    settings: BatchSettings,
    jobs: int = 1,
    cluster: str | None = None,
    progress: Progress | None = None,
) -> list[MatchResult]:
    """Every planned game's result, in the plan's order (`play_games`, all of them)."""
    done = []
    for result in play_games(encounter, plan, settings, jobs, cluster):
        done.append(result)
        if progress is not None:
            progress(len(done), len(plan))
    return done
