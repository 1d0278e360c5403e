"""On-demand benchmark (not run by pytest or CI): every AI-vs-AI game of every shipped map encounter ends
(issue 22 item 0) — `--seeds` seeded games of each, at the encounter's own AI settings (what `apcombat sim`
plays without `--ai`) to `sim`'s round cap, in one process, each under a watchdog that only catches a hang.

    python tests/bench/bench_every_encounter.py [--seeds 50] [--first-seed 0] [--encounters last_stand duel]
                                                [--watchdog 300]

Per encounter it prints the games won by each side and drawn at the round cap, any game that hung, and the
time of a game, wall clock and processor time (p50 / p95 / max, s): other processes on a shared machine add
to the wall clock, not to the processor time. The exit status is 1 if any game hung.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections import Counter
from pathlib import Path

from apcombat.ai.spec import spec_of
from apcombat.content import content_root, load_encounter, load_library
from apcombat.model import Encounter
from apcombat.sim import DEFAULT_MAX_ROUNDS
from apcombat.sim.match import play_match

ENCOUNTERS = Path(__file__).resolve().parents[2] / "content" / "encounters"


class Hang(BaseException):
    pass


def _hang(_signal: int, _frame: object) -> None:
    raise Hang


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


def _spread(values: list[float]) -> str:
    return f"{_quantile(values, 0.5):5.1f} / {_quantile(values, 0.95):5.1f} / {max(values, default=0.0):5.1f}"


def map_encounters(names: list[str] | None) -> list[tuple[str, Encounter]]:
    library = load_library(content_root(None))
    paths = [ENCOUNTERS / f"{name}.toml" for name in names] if names else sorted(ENCOUNTERS.glob("*.toml"))
    loaded = [(path.stem, load_encounter(path, library)) for path in paths]
    return [(name, encounter) for name, encounter in loaded if encounter.map is not None]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--first-seed", type=int, default=0, help="to go on from a shorter run")
    parser.add_argument("--encounters", nargs="*", help="names in content/encounters (default: every map one)")
    parser.add_argument("--watchdog", type=int, default=300, help="seconds after which a game counts as hung")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _hang)
    hung_in_all, walls_in_all, started_all = 0, [], time.perf_counter()
    seeds = f"seeds {args.first_seed}-{args.first_seed + args.seeds - 1}"
    print(f"{seeds} of each, round cap {DEFAULT_MAX_ROUNDS}; game time p50 / p95 / max, s", flush=True)
    for name, encounter in map_encounters(args.encounters):
        ais = {side.id: spec_of(side.ai) for side in encounter.sides}
        outcomes: Counter[str] = Counter()
        walls: list[float] = []
        cpus: list[float] = []
        hung: list[int] = []
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            wall, cpu = time.perf_counter(), time.process_time()
            signal.alarm(args.watchdog)
            try:
                result = play_match(encounter, seed, ais, DEFAULT_MAX_ROUNDS)
                outcomes[result.winner or "draw"] += 1
            except Hang:
                hung.append(seed)
            finally:
                signal.alarm(0)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        shown = ", ".join(f"{side} {count}" for side, count in sorted(outcomes.items()))
        played = ", ".join(sorted(set(ais.values())))
        print(
            f"{name:<18} {played:<24} {shown:<32} hung {len(hung)}{' ' + str(hung) if hung else ''}; "
            f"wall {_spread(walls)}; processor {_spread(cpus)}",
            flush=True,
        )
        hung_in_all += len(hung)
        walls_in_all += walls
    total = time.perf_counter() - started_all
    print(f"all: {len(walls_in_all)} games in {total:.0f} s, {hung_in_all} hung; game time {_spread(walls_in_all)}")
    return 1 if hung_in_all else 0


if __name__ == "__main__":
    sys.exit(main())
