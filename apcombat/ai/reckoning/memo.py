"""Facts about a map that do not change while it does — line of sight between two cells, the cells a step
leads to, — kept between decisions (they are pure: the same map gives
the same answers, so caching them changes no line the AI plays)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from apcombat.board.grid import Grid
from apcombat.board.sight import line_of_sight
from apcombat.model import BattleMap, Cell

_KEPT_MAPS = 4
"""Maps whose facts are kept (a game has one map until a fire changes it, R18.3)."""


class MapMemo:
    """The facts of one map, worked out when first asked."""

    def __init__(self, battlemap: BattleMap, grid: Grid) -> None:
        self.battlemap, self.grid = battlemap, grid
        self._sight: dict[tuple[Cell, Cell], bool] = {}
        self._neighbours: dict[Cell, tuple[Cell, ...]] = {}

    def sees(self, a: Cell, b: Cell) -> bool:
        """R0.1: line of sight between two cells (symmetric)."""
        key = (a, b) if a <= b else (b, a)
        seen = self._sight.get(key)
        if seen is None:
            seen = self._sight[key] = line_of_sight(self.battlemap, self.grid, a, b)
        return seen

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        found = self._neighbours.get(cell)
        if found is None:
            battlemap = self.battlemap
            found = tuple(
                step.to
                for step in self.grid.steps(cell)
                if battlemap.inside(step.to) and not battlemap.at(step.to).blocks_movement
            )
            self._neighbours[cell] = found
        return found

    def steps_from(self, starts: tuple[Cell, ...], wanted: frozenset[Cell]) -> dict[Cell, int]:
        """Steps from the nearest of `starts` to every cell a walk reaches, around walls, searching only until
        every cell of `wanted` that can be reached has its number (breadth first: those are final)."""
        found = dict.fromkeys(starts, 0)
        missing = set(wanted) - found.keys()
        queue = deque(starts)
        while queue and missing:
            cell = queue.popleft()
            for to in self.neighbours(cell):
                if to not in found:
                    found[to] = found[cell] + 1
                    missing.discard(to)
                    queue.append(to)
        return found

    def steps_until(self, start: Cell, goal: Callable[[Cell], bool], limit: int) -> int | None:
        """The fewest steps from `start` to a cell where `goal` holds, around walls; None when more than
        `limit` (breadth first, stopped at the first such cell or past the limit)."""
        found = {start: 0}
        queue = deque((start,))
        while queue:
            cell = queue.popleft()
            if goal(cell):
                return found[cell]
            if found[cell] >= limit:
                continue
            for to in self.neighbours(cell):
                if to not in found:
                    found[to] = found[cell] + 1
                    queue.append(to)
        return None


_memos: list[MapMemo] = []


def memo_of(battlemap: BattleMap, grid: Grid) -> MapMemo:
    """The memo of this map (the same object: states share their map until it changes)."""
    for memo in _memos:
        if memo.battlemap is battlemap:
            return memo
    memo = MapMemo(battlemap, grid)
    _memos.insert(0, memo)
    del _memos[_KEPT_MAPS:]
    return memo
