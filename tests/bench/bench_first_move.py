"""On-demand benchmark of the first move on a big map (issue 11 item 5; not run by pytest or CI).

    python tests/bench/bench_first_move.py [--runs 7] [--sizes 400 1000] [--seed 7]

The big battlefield's 12 units, with their valley (120 x 100), set in the middle of a size x size map of
scattered walls, low obstacles, rubble and stairs (bench_board's map); the acting unit's nearest enemy
stands on reaction watch, so that the move asks sight. Each run is a new map object, so every
table the board keeps per map is worked out again, as on the first move after loading. Times, wall clock:
the acting unit's area search (`reachable_area`, what the app's move preview and `legal_commands` walk
back through), `preview` of a move three cells away, `Game.play` of that move (the watcher, turned to
face the mover, asks sight), and the enemies in sight after it (`visible_enemies`, the targets Tab cycles
through); then the four together. The map's building from its rows (the encounter's load) is not timed.
Prints median and p95.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

import attrs
from bench_board import p95, scattered_map

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game, parse_command, preview
from apcombat.engine.views import facing_towards, reachable_area, visible_enemies
from apcombat.model import BattleMap, Encounter, Watch


def set_in_the_middle(start: Encounter, size: int, seed: int) -> Encounter:
    """The encounter's map and units moved to the middle of a size x size scattered map."""
    assert start.map is not None
    valley = start.map
    around = scattered_map(seed, size=size)
    left, top = (size - valley.width) // 2, (size - valley.height) // 2
    legend = {**around.legend, **valley.legend}
    clash = [symbol for symbol in around.legend if valley.legend.get(symbol, around.legend[symbol]) != legend[symbol]]
    assert not clash, clash
    rows = list(around.rows)
    for y, row in enumerate(valley.rows):
        rows[top + y] = rows[top + y][:left] + row + rows[top + y][left + valley.width :]
    units = tuple(
        attrs.evolve(unit, at=(unit.at[0] + left, unit.at[1] + top)) if unit.at is not None else unit
        for unit in start.units
    )
    return attrs.evolve(start, map=BattleMap(rows=rows, legend=legend), units=units)


def first_move(state: Encounter) -> dict[str, float]:
    """Times of the first area search, preview and move on this state's map, in ms."""
    game = Game(state, seed=1)
    game.play("start")
    mover = game.state.unit(game.state.active)  # type: ignore[arg-type]
    enemies = [unit for unit in game.state.units if unit.side != mover.side and unit.at is not None]
    assert mover.at is not None
    watcher = min(enemies, key=lambda unit: abs(unit.at[0] - mover.at[0]) + abs(unit.at[1] - mover.at[1]))  # type: ignore[index]
    facing = facing_towards(game.state, watcher, mover.at)
    game = Game(game.state.with_unit(attrs.evolve(watcher, watch=Watch(), facing=facing)), seed=1)
    times = {}
    began = time.perf_counter()
    area = reachable_area(game.state, mover)
    times["area"] = (time.perf_counter() - began) * 1000
    assert area is not None
    x, y = mover.at
    target = min(area, key=lambda cell: (abs(max(abs(cell[0] - x), abs(cell[1] - y)) - 3), cell))
    line = f"move {mover.id} {target[0]},{target[1]}"
    began = time.perf_counter()
    preview(game.state, parse_command(line))
    times["preview"] = (time.perf_counter() - began) * 1000
    began = time.perf_counter()
    game.play(line)
    times["move"] = (time.perf_counter() - began) * 1000
    began = time.perf_counter()
    visible_enemies(game.state, game.state.unit(mover.id))
    times["targets"] = (time.perf_counter() - began) * 1000
    times["all"] = times["area"] + times["preview"] + times["move"] + times["targets"]
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--sizes", type=int, nargs="+", default=[400, 1000])
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"first move benchmark, Python {platform.python_version()} on {platform.machine()}")
    start = load_encounter(content_root() / "encounters" / "big_battlefield.toml", load_library(content_root()))
    for size in args.sizes:
        big = set_in_the_middle(start, size, args.seed)
        runs = []
        for _ in range(args.runs):
            fresh = attrs.evolve(big, map=BattleMap(rows=big.map.rows, legend=big.map.legend))  # type: ignore[union-attr]
            runs.append(first_move(fresh))
        parts = ", ".join(
            f"{part} {statistics.median(r[part] for r in runs):.1f} ({p95([r[part] for r in runs]):.1f})"
            for part in ("area", "preview", "move", "targets", "all")
        )
        print(f"{size} x {size}, {args.runs} runs, median (p95) ms: {parts}")


if __name__ == "__main__":
    main()
