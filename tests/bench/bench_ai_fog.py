"""On-demand benchmark of the AI's decision time with the fog of war (R21.9) on against off (not run by
pytest or CI), in one process, in CPU time (`time.process_time`, so other processes on the shared machine
add nothing):

    python tests/bench/bench_ai_fog.py [--games 6] [--fights street_fight big_battlefield] [--big-rounds 8]

For each fight, `--games` seeded games of `tactical` against `baseline` (the sides exchanged every other
seed) are played with the fog off and then with it switched on (`[modules] fog_of_war = true`), the street
fight to the round cap 30, the big battlefield to `--big-rounds` rounds. Each call is timed as `apcombat
sim` times it (`apcombat.ai.turn.ask`: building the side's view included). It prints each level's per-call
p50 / p95 with the fog off and on, and the ratio of the p95s (the budget: at most 1.25).
"""

from __future__ import annotations

import argparse
import statistics
import time
import types
from pathlib import Path

import attrs

from apcombat.ai import turn
from apcombat.ai.players import resolve
from apcombat.ai.turn import turn_steps
from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game
from apcombat.model import Encounter

ENCOUNTERS = Path(__file__).resolve().parents[2] / "content" / "encounters"
LEVELS = ("tactical", "baseline")


def _load(name: str, fog: bool) -> Encounter:
    path = Path(name) if name.endswith(".toml") else ENCOUNTERS / f"{name}.toml"
    encounter = load_encounter(path, load_library(content_root(None)))
    return attrs.evolve(encounter, modules={**encounter.modules, "fog_of_war": fog})


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))] if ordered else 0.0


def calls_of(encounter: Encounter, games: int, max_rounds: int) -> dict[str, list[float]]:
    """Each level's per-call CPU times (ms) over `games` seeded games."""
    players = {level: resolve(level) for level in LEVELS}
    calls: dict[str, list[float]] = {level: [] for level in LEVELS}
    first, second = (side.id for side in encounter.sides[:2])
    for seed in range(games):
        ais = {side.id: "baseline" for side in encounter.sides} | {first if seed % 2 == 0 else second: "tactical"}
        game = Game(encounter, seed=seed)
        game.play("start")
        while not game.state.finished and game.state.round <= max_rounds and game.state.active is not None:
            level = ais[game.state.unit(game.state.active).side]
            for step in turn_steps(game, players[level]):
                if step.decision_ms is not None:
                    calls[level].append(step.decision_ms)
    return calls


def measure(name: str, games: int, max_rounds: int) -> None:
    started = time.perf_counter()
    off = calls_of(_load(name, False), games, max_rounds)
    on = calls_of(_load(name, True), games, max_rounds)
    for level in LEVELS:
        a, b = off[level], on[level]
        ratio = _p95(b) / max(_p95(a), 1e-9)
        print(
            f"{name:<16} {level:<8} fog off {len(a)} calls p50 {statistics.median(a):.1f} / p95 {_p95(a):.1f} ms; "
            f"fog on {len(b)} calls p50 {statistics.median(b):.1f} / p95 {_p95(b):.1f} ms; p95 on/off {ratio:.2f}",
            flush=True,
        )
    wall = time.perf_counter() - started
    print(f"{name:<16} {games} games each way, round cap {max_rounds}: {wall:.0f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--fights", nargs="*", default=["street_fight", "big_battlefield"])
    parser.add_argument("--big-rounds", type=int, default=8)
    args = parser.parse_args()
    turn.time = types.SimpleNamespace(perf_counter=time.process_time)  # type: ignore[attr-defined]
    for name in args.fights:
        measure(name, args.games, args.big_rounds if "big" in name else 30)


if __name__ == "__main__":
    main()
