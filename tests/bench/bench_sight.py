"""On-demand benchmark of sight from one cell (issue 11 item 3; not run by pytest or CI).

    pip install -e '.[bench]'    # tcod, the yardstick
    python tests/bench/bench_sight.py [--runs 40] [--reference-runs 10] [--seed 7] [--sizes 100 200]
                                      [--grids square hex]

On a size x size map with scattered walls, low obstacles, rubble and stairs (bench_board's map), from
seeded floor cells, times in the same run and in turn for each viewer cell:
(a) the whole-area method (`sight_mask`: booleans for the map), and `visible_cells` (the same as the set
    of cells the sight overlay shows);
(b) the reference, one line of sight per cell (`sight_mask_by_lines`), on the first `--reference-runs`
    viewers only (it is slow);
(c) tcod's symmetric shadowcast field of view on the same walls (`FOV_SYMMETRIC_SHADOWCAST`, no radius):
    the roguelike field's yardstick. It answers a different question (cells seen anywhere, not centre to
    centre), so the cells it shows are counted, not compared.
Reports the median and p95 of each in ms, and the ratios of the medians (whole-area / tcod, reference /
whole-area). The first call on a map size, which also works out that size's table of directions, is
reported apart.

`--grids square hex` times the same map read as a hex map (R20) after the square one, in the same run: its
whole-area method is `hex_field.hex_sight_field` (timed directly: `sight_mask` on hexes keeps each viewer's
answer, `board.hex_sight_memo`), its reference R20.4's line per cell; both grids also time one line of sight
walked gate by gate between random floor cells (`line_by_gates`).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

import numpy as np
import tcod.constants
import tcod.map
from bench_board import p95, scattered_map

from apcombat.board import HexGrid, SquareGrid
from apcombat.board.hex_field import hex_sight_field
from apcombat.board.sight import line_by_gates, sight_mask, sight_mask_by_lines, visible_cells
from apcombat.board.survey import wall_grid

T = TypeVar("T")


def timed_ms(work: Callable[[], T]) -> tuple[float, T]:
    start = time.perf_counter()
    result = work()
    return (time.perf_counter() - start) * 1000, result


def line(label: str, times: list[float]) -> str:
    return f"{label} median {statistics.median(times):.3f} ms, p95 {p95(times):.3f} ms"


def bench_size(size: int, runs: int, reference_runs: int, seed: int, kind: str = "square") -> None:
    battlemap = scattered_map(seed, size=size)
    grid = HexGrid() if kind == "hex" else SquareGrid()
    whole_area = partial(hex_sight_field, battlemap) if kind == "hex" else partial(sight_mask, battlemap, grid)
    transparent = ~wall_grid(battlemap)
    chance = random.Random(seed + size)
    floor = [(x, y) for y in range(size) for x in range(size) if battlemap.rows[y][x] == "."]
    viewers = chance.sample(floor, runs)

    first, _ = timed_ms(lambda: whole_area(viewers[0]))
    fast, cells, field, reference = [], [], [], []
    seen_fast = seen_field = 0
    for i, viewer in enumerate(viewers):
        x, y = viewer
        elapsed, fov = timed_ms(
            partial(tcod.map.compute_fov, transparent, (y, x), algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)
        )
        field.append(elapsed)
        elapsed, mask = timed_ms(partial(whole_area, viewer))
        fast.append(elapsed)
        cells.append(timed_ms(partial(visible_cells, battlemap, grid, viewer))[0])
        seen_fast += int(mask.sum())
        seen_field += int(np.count_nonzero(fov))
        if i < reference_runs:
            elapsed, slow = timed_ms(partial(sight_mask_by_lines, battlemap, grid, viewer))
            reference.append(elapsed)
            assert np.array_equal(slow, mask), f"the two methods disagree from {x},{y}"

    pairs = [(chance.choice(floor), chance.choice(floor)) for _ in range(200)]
    lines = [timed_ms(partial(line_by_gates, battlemap, grid, a, b))[0] for a, b in pairs]
    print(f"{size} x {size} {kind}: {len(viewers)} viewers; first call (with the map size's directions) {first:.1f} ms")
    print("  " + line("whole-area sight_mask:", fast))
    print("  " + line("visible_cells (the overlay's set):", cells))
    print("  " + line(f"reference, a line per cell ({len(reference)} viewers):", reference))
    print("  " + line("tcod symmetric shadowcast:", field))
    print("  " + line(f"one line walked gate by gate ({len(pairs)} random pairs):", lines))
    ratio_tcod = statistics.median(fast) / statistics.median(field)
    ratio_reference = statistics.median(reference) / statistics.median(fast)
    print(
        f"  whole-area / tcod: {ratio_tcod:.0f}x; reference / whole-area: {ratio_reference:.0f}x faster; "
        f"cells seen, mean: rules' sight {seen_fast / len(viewers):.0f}, tcod {seen_field / len(viewers):.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--reference-runs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 200])
    parser.add_argument("--grids", nargs="+", default=["square"], choices=["square", "hex"])
    args = parser.parse_args()
    print(f"sight benchmark, Python {platform.python_version()} on {platform.machine()}, numpy {np.__version__}")
    for size in args.sizes:
        for kind in args.grids:
            bench_size(size, args.runs, min(args.reference_runs, args.runs), args.seed, kind)


if __name__ == "__main__":
    main()
