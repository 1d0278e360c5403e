"""On-demand benchmark of the `tactical` AI level against `baseline` (not run by pytest or CI).

    python tests/bench/bench_tactical.py [--seeds 40] [--jobs 2] [--ai tactical ...] [--fights duel ...]
                                         [--timing-games 3] [--skip-wins] [--skip-timing] [--fog]

1. Each `--ai` against baseline: `--seeds` seeds with --swap (2 x seeds games) on each of the duel, the
   street fight and heavy weapons, the round cap 30. A win is a game the AI's side won; its share of the
   games (the headline: a draw is no win) and of the decisive games (draws left out), each with its 95 %
   Wilson interval, draws, illegal lines, decision time p50 / p95 per call. `--ai` values: `tactical`
   (expectimax, normal effort) or this module's variants `bench_tactical:LOOKAHEAD_EFFORT` (e.g.
   bench_tactical:sampled_normal).
2. Decision time of each variant on the street fight over `--timing-games` seeded games against baseline,
   in one process: p50 / p95 / max per call, wall clock, so other processes on the machine add to it.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from pathlib import Path

import attrs

from apcombat.ai.tactical import TacticalLevel
from apcombat.content import content_root, load_encounter, load_library
from apcombat.model import AiSettings, Effort, Encounter
from apcombat.sim.runner import BatchSettings, plan_games, run_games
from apcombat.sim.summary import wilson_interval
from apcombat.sim.timing import DecisionTimes

HERE = Path(__file__).resolve().parent
ENCOUNTERS = HERE.parents[1] / "content" / "encounters"
FIGHTS = ("duel", "street_fight", "heavy_weapons")

_LEVELS = {
    f"{lookahead}_{effort.value}": TacticalLevel(AiSettings(level="tactical", effort=effort), lookahead)
    for lookahead in ("expectimax", "sampled")
    for effort in Effort
}


def _plugin(name: str):
    def play(state, rng: random.Random) -> str:
        return _LEVELS[name].decide(state, rng).line

    play.__name__ = name
    return play


for _name in _LEVELS:
    globals()[_name] = _plugin(_name)  # bench_tactical:sampled_normal and the others, as plug-ins


def _load(name: str, fog: bool = False) -> Encounter:
    """A shipped fight by name (`duel`), with the fog of war (R21) switched on when `fog` is set."""
    encounter = load_encounter(ENCOUNTERS / f"{name}.toml", load_library(content_root(None)))
    return attrs.evolve(encounter, modules={**encounter.modules, "fog_of_war": True}) if fog else encounter


def _percent(low: float, high: float) -> str:
    return f"{100 * low:.0f} - {100 * high:.0f} %"


def against_baseline(ai: str, fights: list[str], seeds: int, jobs: int, fog: bool = False) -> None:
    total_wins = total_decisive = total_games = 0
    for name in fights:
        encounter = _load(name, fog)
        first, second = (side.id for side in encounter.sides)
        plan = plan_games({first: ai, second: "baseline"}, 0, seeds, swap=True)
        started = time.perf_counter()
        results = run_games(encounter, plan, BatchSettings(max_rounds=30), jobs=jobs)
        wall = time.perf_counter() - started
        wins = draws = 0
        by_side = {first: [0, 0], second: [0, 0]}  # side the AI played -> [wins, decisive]
        for result in results:
            mine = next(side for side, spec in result.sides if spec == ai)
            if result.winner is None:
                draws += 1
                continue
            by_side[mine][1] += 1
            if result.winner == mine:
                wins += 1
                by_side[mine][0] += 1
        games = len(results)
        decisive = games - draws
        total_wins, total_decisive = total_wins + wins, total_decisive + decisive
        total_games += games
        illegal = sum(dict(result.illegal).get(ai, 0) for result in results)
        times = DecisionTimes.of(())
        for result in results:
            times = times + dict(result.decision_ms)[ai]
        figures = times.figures()
        sides = ", ".join(
            f"as {side} {won}/{dec} ({_percent(*wilson_interval(won, dec))})" for side, (won, dec) in by_side.items()
        )
        print(
            f"{name:<14} {ai}: won {wins}/{games} games = {100 * wins / max(1, games):.0f} % "
            f"({_percent(*wilson_interval(wins, games))}); "
            f"{wins}/{decisive} decisive = {100 * wins / max(1, decisive):.0f} % "
            f"({_percent(*wilson_interval(wins, decisive))}), {draws} draws of {games}; {sides}; "
            f"{illegal} illegal; decision p50 {figures['p50']:.0f} ms p95 {figures['p95']:.0f} ms; {wall:.0f} s",
            flush=True,
        )
    low, high = wilson_interval(total_wins, total_games)
    print(
        f"{'all three':<14} {ai}: won {total_wins}/{total_games} games = "
        f"{100 * total_wins / max(1, total_games):.0f} % ({_percent(low, high)}); {total_wins}/{total_decisive} "
        f"decisive = {100 * total_wins / max(1, total_decisive):.0f} % "
        f"({_percent(*wilson_interval(total_wins, total_decisive))})",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--ai", action="append", default=None)
    parser.add_argument("--fights", nargs="*", default=list(FIGHTS))
    parser.add_argument("--timing-games", type=int, default=3)
    parser.add_argument("--skip-wins", action="store_true")
    parser.add_argument("--skip-timing", action="store_true")
    parser.add_argument("--fog", action="store_true", help="switch the fog of war (R21) on in every fight")
    args = parser.parse_args()
    os.chdir(HERE)  # the variants are plug-ins of this module: workers find it in the working directory
    ais = args.ai or ["tactical"]
    if not args.skip_wins:
        for ai in ais:
            against_baseline(ai, args.fights, args.seeds, args.jobs, args.fog)
    if not args.skip_timing:
        for ai in ais:
            against_baseline(ai, ["street_fight"], args.timing_games, 1, args.fog)


if __name__ == "__main__":
    main()
