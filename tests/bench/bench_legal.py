"""On-demand benchmark of `legal_commands` (not run by pytest or CI).

    python tests/bench/bench_legal.py [--games 6] [--lines 60] [--seed 1]

For the street fight and the big battlefield: plays seeded games of random legal lines (the kind of line
drawn first, then one of that kind, so that moves do not crowd out the rest), times `legal_commands` on
every state met, and in the same run one `preview` of a one-step move of the acting unit as a reference.
Prints p50 / p95 / max of each and the ratio of the p95s. Times are the process's CPU time, so that
other work on a shared machine does not count.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game, legal_commands, parse_command, preview
from apcombat.model import Encounter

ENCOUNTERS = ("street_fight", "big_battlefield")


def random_line(lines: list[str], rng: random.Random) -> str:
    kind = rng.choice(sorted({line.split()[0] for line in lines}))
    return rng.choice([line for line in lines if line.split()[0] == kind])


def reference_move(state: Encounter) -> str | None:
    """A one-step move of the acting unit, for the reference `preview`."""
    unit = state.unit(state.active) if state.active else None
    if unit is None or unit.at is None:
        return None
    x, y = unit.at
    return f"move {unit.id} {x + 1 if x == 0 else x - 1},{y}"


def measure(start: Encounter, games: int, lines: int, seed: int) -> tuple[list[float], list[float]]:
    legal_ms: list[float] = []
    preview_ms: list[float] = []
    warm = Game(start)
    warm.play("start")
    legal_commands(warm.state)  # the map's step table is built once, not timed
    for game_number in range(games):
        rng = random.Random(seed + game_number)
        game = Game(start, seed=seed + game_number)
        game.play("start")
        for _ in range(lines):
            began = time.process_time()
            listed = legal_commands(game.state)
            legal_ms.append((time.process_time() - began) * 1000)
            if not listed:
                break
            move = reference_move(game.state)
            if move is not None:
                command = parse_command(move)
                began = time.process_time()
                preview(game.state, command)
                preview_ms.append((time.process_time() - began) * 1000)
            game.play(random_line(listed, rng))
    return legal_ms, preview_ms


def percentiles(values: list[float]) -> tuple[float, float, float]:
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return cuts[49], cuts[94], max(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--lines", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    library = load_library(content_root())
    for name in ENCOUNTERS:
        start = load_encounter(content_root() / "encounters" / f"{name}.toml", library)
        legal_ms, preview_ms = measure(start, args.games, args.lines, args.seed)
        lp50, lp95, lmax = percentiles(legal_ms)
        pp50, pp95, _ = percentiles(preview_ms)
        print(
            f"{name}: legal_commands over {len(legal_ms)} states p50 {lp50:.1f} ms, p95 {lp95:.1f} ms, "
            f"max {lmax:.1f} ms; preview of a one-step move p50 {pp50:.2f} ms, p95 {pp95:.2f} ms; "
            f"p95 ratio {lp95 / pp95:.0f}x"
        )


if __name__ == "__main__":
    main()
