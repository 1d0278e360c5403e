"""An independent, slow reckoning of the cheapest AP to every cell, to check the fast search against.

It keeps, for every (cell, facing), every pair (turn AP, movement in AP as an exact fraction) not beaten on
both counts by another, and relaxes until nothing changes; the AP of a pair is
turn AP + ceil(max(0, movement - carried)) (R7.1, R7.3). No common unit, no tie rules.
"""

from __future__ import annotations

import math
from collections import deque
from fractions import Fraction

from apcombat.board import Grid, MoveProfile
from apcombat.model import BattleMap, Cell, Facing, Terrain
from apcombat.rules.movement import angle_between, turn_cost

LIMIT_AP = 40


def _passable(battlemap: BattleMap, cell: Cell) -> bool:
    return battlemap.inside(cell) and not battlemap.at(cell).blocks_movement


def cheapest_ap(
    battlemap: BattleMap,
    grid: Grid,
    start: Cell,
    facing: Facing,
    profile: MoveProfile,
    carried_mm: int = 0,
    blocked: frozenset[Cell] = frozenset(),
) -> dict[Cell, int]:
    base, climb = profile.rate(), profile.rate(climbing=True)
    carried = Fraction(carried_mm, base)
    labels: dict[tuple[Cell, Facing], set[tuple[int, Fraction]]] = {(start, facing): {(0, Fraction(0))}}
    queue = deque([(start, facing, 0, Fraction(0))])
    while queue:
        cell, now_facing, turns_ap, moved = queue.popleft()
        if (turns_ap, moved) not in labels[(cell, now_facing)]:
            continue
        for step in grid.steps(cell):
            if not _passable(battlemap, step.to) or step.to in blocked - {start}:
                continue
            if not all(_passable(battlemap, squeezed) for squeezed in step.squeeze):
                continue
            terrain = battlemap.at(step.to)
            mm = step.mm * (2 if terrain is Terrain.RUBBLE else 1)
            rate = climb if terrain is Terrain.STAIRS else base
            turn = turn_cost(angle_between(grid.bearing(now_facing), grid.bearing(step.facing)))
            label = (turns_ap + turn, moved + Fraction(mm, rate))
            if sum(label) > LIMIT_AP:
                continue
            kept = labels.setdefault((step.to, step.facing), set())
            if any(t <= label[0] and m <= label[1] for t, m in kept):
                continue
            for beaten in [(t, m) for t, m in kept if label[0] <= t and label[1] <= m]:
                kept.discard(beaten)
            kept.add(label)
            queue.append((step.to, step.facing, *label))
    cheapest: dict[Cell, int] = {}
    for (cell, _), kept in labels.items():
        for turns_ap, moved in kept:
            ap = turns_ap + math.ceil(max(Fraction(0), moved - carried))
            cheapest[cell] = min(cheapest.get(cell, ap), ap)
    return cheapest
