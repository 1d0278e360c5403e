"""On-demand benchmark of the fog of war's sight (R21.1, R21.8; not run by pytest or CI).

    python tests/bench/bench_fog.py [--steps 300] [--moves 15] [--seed 7]

On the big battlefield (120 x 100, 12 units) and on bench_map.py's 100 x 100 map with 40 units, both with
`fog_of_war` on:

(a) per move step: a unit steps to a free neighbouring cell (a seeded random walk, each unit of the acting
    side in turn), then the fog's update after the step (`after_step`: every side's sight, marks and bodies,
    R21.1.3) and `view(state, side)` for the mover's side on that new state; p50 / p95 of the update, of the
    view, and of the two together, CPU time;
(b) a move of 20 steps (`apply`, `move WHO X,Y` to a cell 20 steps away that brings no new enemy into sight,
    so that R21.6.1 does not stop it), fog on against the same move with the fog off, same states, median of
    the runs and the ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_map import battlefield

from apcombat.content import content_root, load_encounter, load_library
from apcombat.dice import SeededDice
from apcombat.engine import apply, parse_command, view
from apcombat.engine.modules.fog_of_war import FOG_OF_WAR
from apcombat.engine.modules.fog_of_war.knowledge import update
from apcombat.engine.views import reachable_area
from apcombat.model import Encounter


def with_fog(state: Encounter, on: bool = True) -> Encounter:
    state = attrs.evolve(state, modules=state.modules | {"fog_of_war": on})
    return update(state) if on else state


def big_battlefield() -> Encounter:
    root = content_root()
    state = load_encounter(root / "encounters" / "big_battlefield.toml", load_library(root))
    state = apply(state, parse_command("start"), SeededDice(1))[0]
    return state


def benchmark_map(seed: int) -> Encounter:
    state = battlefield(seed)[0]
    return attrs.evolve(state, round=1, order=tuple(unit.id for unit in state.units))


def p(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] * 1000


def steps(state: Encounter, count: int, seed: int) -> None:
    """(a): the update after a step and the side's view, per step."""
    chance = random.Random(seed)
    assert state.map is not None
    movers = [unit.id for unit in state.units if not unit.down and unit.side == state.units[0].side]
    updates, views, both = [], [], []
    for number in range(count):
        mover = state.unit(movers[number % len(movers)])
        assert mover.at is not None
        taken = {unit.at for unit in state.units}
        x, y = mover.at
        around = [
            (x + dx, y + dy)
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if (dx or dy)
            and state.map.inside((x + dx, y + dy))
            and not state.map.at((x + dx, y + dy)).blocks_movement
            and (x + dx, y + dy) not in taken
        ]
        if not around:
            continue
        state = state.with_unit(attrs.evolve(mover, at=chance.choice(around)))
        start = time.process_time()
        state = FOG_OF_WAR.after_step(state, mover.id, SeededDice(1), [])[0]
        middle = time.process_time()
        view(state, mover.side)
        end = time.process_time()
        updates.append(middle - start)
        views.append(end - middle)
        both.append(end - start)
    for name, samples in (("update", updates), ("view", views), ("update + view", both)):
        print(f"  {name:14} p50 {p(samples, 0.5):6.3f} ms   p95 {p(samples, 0.95):6.3f} ms   ({len(samples)} steps)")


def long_moves(state: Encounter, moves: int, seed: int) -> None:
    """(b): a 20-step move with the fog on and off."""
    chance = random.Random(seed)
    on_times, off_times = [], []
    tried = 0
    while len(on_times) < moves and tried < moves * 40:
        tried += 1
        mover = chance.choice([unit for unit in state.units if not unit.down])
        fresh = with_fog(attrs.evolve(state.with_unit(attrs.evolve(mover, ap=60)), active=mover.id))
        area = reachable_area(fresh, fresh.unit(mover.id), False)
        if area is None:
            continue
        far = [cell for cell in area if len(area.path_to(cell).steps) == 20]
        if not far:
            continue
        cell = chance.choice(far)
        command = parse_command(f"move {mover.id} {cell[0]},{cell[1]}")
        off = with_fog(fresh, on=False)
        start = time.process_time()
        after_on = apply(fresh, command, SeededDice(1))[0]
        middle = time.process_time()
        after_off = apply(off, command, SeededDice(1))[0]
        end = time.process_time()
        if after_on.unit(mover.id).at != cell or after_off.unit(mover.id).at != cell:
            continue  # a new enemy in sight stopped it (R21.6.1), or a watch: not the same move
        on_times.append(middle - start)
        off_times.append(end - middle)
    on, off = statistics.median(on_times) * 1000, statistics.median(off_times) * 1000
    print(f"  20-step move: fog on {on:.2f} ms, fog off {off:.2f} ms: {on / off:.2f}x (median of {len(on_times)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--moves", type=int, default=15)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    for name, state in (("big battlefield (12 units)", big_battlefield()), ("100 x 100, 40 units", None)):
        if state is None:
            state = benchmark_map(args.seed)
        print(name)
        steps(with_fog(state), args.steps, args.seed)
        long_moves(state, args.moves, args.seed)


if __name__ == "__main__":
    main()
