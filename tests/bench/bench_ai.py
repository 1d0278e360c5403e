"""On-demand benchmark of the `baseline` AI level (not run by pytest or CI).

    python tests/bench/bench_ai.py [--seeds 100] [--timing-games 10] [--jobs 2] [--skip-wins] [--skip-timing]

1. Baseline against `random`: `--seeds` seeds with --swap (2 x seeds games) on each of the duel, the street
   fight and heavy weapons, the round cap 30. A game counts as a baseline win only when baseline's side won:
   a draw (the round cap, or nobody left standing) is not a win, so the win rate is wins / games.
2. Decision time of baseline, every call of `decide`, over `--timing-games` seeded games with baseline on both
   sides and every unit on the map: the street fight and big_battlefield.toml; p50 / p95 / max in ms, wall
   clock in one process (--jobs 1), so other processes on the machine add to it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from apcombat.content import content_root, load_encounter, load_library
from apcombat.sim.match import play_match
from apcombat.sim.runner import BatchSettings, plan_games, run_games
from apcombat.sim.timing import DecisionTimes

ROOT = Path(__file__).resolve().parents[2]
ENCOUNTERS = ROOT / "content" / "encounters"
EVEN_FIGHTS = ("duel", "street_fight", "heavy_weapons")
TIMED = ("street_fight", "big_battlefield")


def _load(name: str):
    return load_encounter(ENCOUNTERS / f"{name}.toml", load_library(content_root(None)))


def wins_against_random(seeds: int, jobs: int) -> None:
    for name in EVEN_FIGHTS:
        encounter = _load(name)
        first, second = (side.id for side in encounter.sides)
        plan = plan_games({first: "baseline", second: "random"}, 0, seeds, swap=True)
        results = run_games(encounter, plan, BatchSettings(max_rounds=30), jobs=jobs)
        wins = draws = 0
        for result in results:
            sides = result.side_ai
            if result.winner is None:
                draws += 1
            elif sides[result.winner] == "baseline":
                wins += 1
        illegal = sum(dict(result.illegal).get("baseline", 0) for result in results)
        games = len(results)
        print(
            f"{name:<14} baseline vs random: {wins}/{games} won = {100 * wins / games:.1f} %, "
            f"{draws} draws, {games - wins - draws} lost, {illegal} illegal lines"
        )


def decision_times(games: int) -> None:
    for name in TIMED:
        encounter = _load(name)
        ais = {side.id: "baseline" for side in encounter.sides}
        times = DecisionTimes.of(())
        illegal = 0
        for seed in range(games):
            result = play_match(encounter, seed, ais, 30)
            times = times + dict(result.decision_ms)["baseline"]
            illegal += dict(result.illegal)["baseline"]
        figures = times.figures()
        print(
            f"{name:<16} {times.calls} decisions over {games} games: p50 {figures['p50']:.1f} ms, "
            f"p95 {figures['p95']:.1f} ms, max {figures['max']:.1f} ms; {illegal} illegal lines"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--timing-games", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--skip-wins", action="store_true")
    parser.add_argument("--skip-timing", action="store_true")
    args = parser.parse_args()
    if not args.skip_timing:
        decision_times(args.timing_games)
    if not args.skip_wins:
        wins_against_random(args.seeds, args.jobs)


if __name__ == "__main__":
    main()
