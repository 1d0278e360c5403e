"""On-demand benchmark of the board geometry (not run by pytest or CI).

    python tests/bench/bench_board.py [--runs 50] [--seed 7]

On a 100 x 100 map with scattered walls, low obstacles, rubble and stairs (seeded), reports
(a) reachable() with a 10 AP budget from the centre, walking and running: the first call (which also
    works out the map's step table) and the median and p95 of repeated calls, in ms;
(b) plan_path from the centre to a far corner and to a cell a few metres away: median and p95 ms;
(c) line of sight between every pair of 40 units on floor cells (780 pairs): total ms for all pairs.
Both are repeated on an open map (one wall in a corner, so every sight line is walked to its end and the
search meets no obstacle), the worst case for each.
"""

from __future__ import annotations

import argparse
import itertools
import platform
import random
import statistics
import time
from collections.abc import Callable

from apcombat.board import MoveProfile, Path, SquareGrid, line_of_sight, plan_path, reachable
from apcombat.model import BattleMap, Facing, Pose

SIZE = 100
SCATTER = (("#", 0.10), ("=", 0.04), (":", 0.05), ("H", 0.01))


def scattered_map(seed: int, scatter: tuple[tuple[str, float], ...] = SCATTER, size: int = SIZE) -> BattleMap:
    """A size x size map: each cell a wall, low obstacle, rubble or stairs by `scatter`, else floor; the
    centre is floor and the top-left corner a wall (so a map without scatter still has one)."""
    chance = random.Random(seed)
    rows = []
    for _ in range(size):
        row = []
        for _ in range(size):
            roll, ch = chance.random(), "."
            for symbol, share in scatter:
                if roll < share:
                    ch = symbol
                    break
                roll -= share
            row.append(ch)
        rows.append("".join(row))
    centre = size // 2
    rows[centre] = rows[centre][:centre] + "." + rows[centre][centre + 1 :]
    rows[0] = "#" + rows[0][1:]
    return BattleMap(rows=rows)


def timings_ms(work: Callable[[], object], runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        out.append((time.perf_counter() - start) * 1000)
    return out


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


def bench_map(name: str, battlemap: BattleMap, runs: int, seed: int) -> None:
    grid = SquareGrid()
    centre = (SIZE // 2, SIZE // 2)
    for label, profile in (
        ("walking", MoveProfile(Pose.UPRIGHT)),
        ("running", MoveProfile(Pose.UPRIGHT, running=True)),
    ):

        def reach(profile: MoveProfile = profile) -> object:
            return reachable(battlemap, grid, centre, Facing.N, 10, profile)

        first = timings_ms(reach, 1)[0]
        times = timings_ms(reach, runs)
        print(
            f"{name}: reachable 10 AP {label}: {len(reach())} cells; first call {first:.1f} ms; "
            f"median {statistics.median(times):.2f} ms, p95 {p95(times):.2f} ms over {runs} runs"
        )

    chance = random.Random(seed + 1)
    floor = [(x, y) for y in range(SIZE) for x in range(SIZE) if battlemap.rows[y][x] == "."]
    near = min(floor, key=lambda cell: abs(cell[0] - centre[0] - 6) + abs(cell[1] - centre[1] - 3))
    for target in (floor[-1], near):

        def plan(target: tuple[int, int] = target) -> Path:
            return plan_path(battlemap, grid, centre, Facing.N, [target], MoveProfile(Pose.UPRIGHT))

        times = timings_ms(plan, runs)
        print(
            f"{name}: plan_path {centre} to {target} ({len(plan().steps)} steps, {plan().ap} AP): "
            f"median {statistics.median(times):.2f} ms, p95 {p95(times):.2f} ms"
        )

    units = chance.sample(floor, 40)
    pairs = list(itertools.combinations(units, 2))

    def all_pairs() -> int:
        return sum(line_of_sight(battlemap, grid, a, b) for a, b in pairs)

    times = timings_ms(all_pairs, runs)
    print(
        f"{name}: line of sight, {len(pairs)} pairs of 40 units, {all_pairs()} see each other: "
        f"median {statistics.median(times):.2f} ms, p95 {p95(times):.2f} ms for all pairs"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"board benchmark, Python {platform.python_version()} on {platform.machine()}, {SIZE} x {SIZE} map")
    bench_map("scattered", scattered_map(args.seed), args.runs, args.seed)
    bench_map("open", scattered_map(args.seed, scatter=()), args.runs, args.seed)


if __name__ == "__main__":
    main()
