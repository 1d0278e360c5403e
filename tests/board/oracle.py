"""An independent, slow reckoning of the cheapest AP to every cell, to check the fast search against.

It keeps, for every (cell, facing, rate of the last step, whether the movement carried in may still be
used), every pair (whole AP paid: turns and movement bought at earlier rates; movement at the current rate
in AP as an exact fraction) not beaten on both counts by another, and relaxes until nothing changes. A step
at another rate than the one before pays for the movement so far in whole AP and starts again (R7.1: what
is bought at one rate is lost when a step needs another); the AP of a pair is
whole AP + ceil(max(0, movement - carried)) (R7.1, R7.3). No common unit, no tie rules.
"""

from __future__ import annotations

import math
from collections import deque
from fractions import Fraction

from apcombat.board import Grid, MoveProfile
from apcombat.model import BattleMap, Cell, Facing, HexTurns, Terrain
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
    Label = tuple[int, Fraction]
    Key = tuple[Cell, Facing, int, bool]
    labels: dict[Key, set[Label]] = {(start, facing, base, True): {(0, Fraction(0))}}
    queue = deque([((start, facing, base, True), (0, Fraction(0)))])

    def whole(moved: Fraction, first: bool) -> int:
        return math.ceil(max(Fraction(0), moved - (carried if first else 0)))

    while queue:
        key, (paid, moved) = queue.popleft()
        cell, now_facing, rate, first = key
        if (paid, moved) not in labels[key]:
            continue
        for step in grid.steps(cell):
            if not _passable(battlemap, step.to) or step.to in blocked - {start}:
                continue
            if not all(_passable(battlemap, squeezed) for squeezed in step.squeeze):
                continue
            terrain = battlemap.at(step.to)
            mm = step.mm * (2 if terrain is Terrain.RUBBLE else 1)
            step_rate = climb if terrain is Terrain.STAIRS else base
            turn = _turn_ap(grid, now_facing, step.facing, profile.hex_turns)
            if step_rate == rate:
                label, next_first = (paid + turn, moved + Fraction(mm, rate)), first
            else:
                label, next_first = (paid + turn + whole(moved, first), Fraction(mm, step_rate)), False
            if label[0] + label[1] > LIMIT_AP:
                continue
            next_key = (step.to, step.facing, step_rate, next_first)
            kept = labels.setdefault(next_key, set())
            if any(t <= label[0] and m <= label[1] for t, m in kept):
                continue
            for beaten in [(t, m) for t, m in kept if label[0] <= t and label[1] <= m]:
                kept.discard(beaten)
            kept.add(label)
            queue.append((next_key, label))
    cheapest: dict[Cell, int] = {}
    for (cell, _, _, first), kept in labels.items():
        for paid, moved in kept:
            ap = paid + whole(moved, first)
            cheapest[cell] = min(cheapest.get(cell, ap), ap)
    return cheapest


def _turn_ap(grid: Grid, before: Facing, after: Facing, hex_turns: HexTurns) -> int:
    """R7.3, R20.2 read afresh: by degrees, or by facing steps (one free, two 1 AP, more 2 AP)."""
    degrees = angle_between(grid.bearing(before), grid.bearing(after))
    if hex_turns is HexTurns.BY_DEGREES:
        return turn_cost(degrees)
    steps = round(degrees / (360 / len(grid.facings)))
    return 0 if steps <= 1 else 1 if steps == 2 else 2
