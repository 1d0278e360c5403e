"""On-demand benchmark of the `tactical` AI's decision time (not run by pytest or CI), in one process:

    python tests/bench/bench_tactical_speed.py [--games 10] [--efforts low normal high]
                                               [--fights street_fight big_battlefield] [--big-rounds 3]
                                               [--no-plan-memo] [--cpu-clock]

Each effort plays `--games` seeded games of each fight against `baseline` (the sides exchanged every other
seed), the street fight to the round cap 30, the big battlefield (40 units) to `--big-rounds` rounds. For
`tactical` it prints the time per call (p50 / p95 / max, ms) and the time of a unit's whole turn (every
call while that unit is `state.active`, an interruption being the watcher's own stretch: p50 / p95 / max),
with `baseline`'s per-call p50 / p95 in the same games as the reference. Wall clock: other processes on the
machine add to it. `--no-plan-memo` turns off the engine's per-state memo of attack plans (the reference
the memo is measured against). `--cpu-clock` times each call in the process's CPU time instead
(`time.process_time`): on a shared machine the other processes then add nothing, and on a quiet one it is
the wall time (the planner runs in one thread).
"""

from __future__ import annotations

import argparse
import statistics
import time
import types
from pathlib import Path

from apcombat.ai import turn
from apcombat.ai.players import resolve
from apcombat.ai.turn import turn_steps
from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game, attacks
from apcombat.model import Encounter

ENCOUNTERS = Path(__file__).resolve().parents[2] / "content" / "encounters"


def _load(name: str) -> Encounter:
    return load_encounter(ENCOUNTERS / f"{name}.toml", load_library(content_root(None)))


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def play(encounter: Encounter, seed: int, ais: dict[str, str], max_rounds: int) -> tuple[dict, list[float]]:
    """One game: each AI's per-call times, and the whole-turn times of tactical's units."""
    players = {spec: resolve(spec) for spec in set(ais.values())}
    calls: dict[str, list[float]] = {spec: [] for spec in ais.values()}
    turns: list[float] = []
    game = Game(encounter, seed=seed)
    game.play("start")
    while not game.state.finished and game.state.round <= max_rounds and game.state.active is not None:
        spec = ais[game.state.unit(game.state.active).side]
        spent = 0.0
        for step in turn_steps(game, players[spec]):
            if step.decision_ms is not None:
                calls[spec].append(step.decision_ms)
                spent += step.decision_ms
        if spec.startswith("tactical"):
            turns.append(spent)
    return calls, turns


def measure(name: str, effort: str, games: int, max_rounds: int) -> None:
    encounter = _load(name)
    first, second = (side.id for side in encounter.sides[:2])
    ai = f"tactical,effort={effort}"
    calls: dict[str, list[float]] = {ai: [], "baseline": []}
    turns: list[float] = []
    started = time.perf_counter()
    for seed in range(games):
        ais = {side.id: "baseline" for side in encounter.sides} | {first if seed % 2 == 0 else second: ai}
        found, whole = play(encounter, seed, ais, max_rounds)
        for spec, times in found.items():
            calls[spec].extend(times)
        turns.extend(whole)
    wall = time.perf_counter() - started
    mine, ref = calls[ai], calls["baseline"]
    print(
        f"{name:<15} {effort:<6} {games} games (round cap {max_rounds}), {len(mine)} calls: per call p50 "
        f"{statistics.median(mine):.0f} / p95 {_quantile(mine, 0.95):.0f} / max {max(mine):.0f} ms; "
        f"a unit's whole turn p50 {statistics.median(turns):.0f} / p95 {_quantile(turns, 0.95):.0f} / max "
        f"{max(turns):.0f} ms ({len(turns)} turns); baseline per call p50 {statistics.median(ref):.0f} / p95 "
        f"{_quantile(ref, 0.95):.0f} ms; {wall:.0f} s",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--efforts", nargs="*", default=["low", "normal", "high"])
    parser.add_argument("--fights", nargs="*", default=["street_fight", "big_battlefield"])
    parser.add_argument("--big-rounds", type=int, default=3)
    parser.add_argument("--no-plan-memo", action="store_true", help="plan every attack afresh (the reference)")
    parser.add_argument("--cpu-clock", action="store_true", help="time calls in the process's CPU time")
    args = parser.parse_args()
    if args.cpu_clock:
        turn.time = types.SimpleNamespace(perf_counter=time.process_time)  # type: ignore[attr-defined]
    if args.no_plan_memo:
        attacks.PLANS_KEPT = 0  # engine.attacks keeps no state's plans: every call plans again
    for effort in args.efforts:
        for name in args.fights:
            measure(name, effort, args.games, args.big_rounds if name == "big_battlefield" else 30)


if __name__ == "__main__":
    main()
