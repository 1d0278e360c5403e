"""Facts about a map that do not change while it does — line of sight between two cells, the cells a step
leads to, — kept between decisions (they are pure: the same map gives
the same answers, so caching them changes no line the AI plays)."""

from __future__ import annotations

from bisect import bisect_right
from collections import deque
from collections.abc import Callable
from itertools import islice

from apcombat.board.grid import Grid
from apcombat.board.sight import line_of_sight
from apcombat.model import BattleMap, Cell

_KEPT_MAPS = 4
"""Maps whose facts are kept (a game has one map until a fire changes it, R18.3)."""
_KEPT_WALKS = 64
"""Searches kept per map, by their starts (the enemies' cells, or the unit's own: they change slowly)."""


class _Walk:
    """A breadth-first search from `starts`, kept to go on with: it numbers cells only as far as it has been
    asked, and keeps the order it numbered them in, so that a search stopped once some cells are numbered is
    a prefix of it (`until`)."""

    def __init__(self, starts: tuple[Cell, ...], neighbours: Callable[[Cell], tuple[Cell, ...]]) -> None:
        self.found = dict.fromkeys(starts, 0)
        self.order = {cell: index for index, cell in enumerate(self.found)}
        self.starts = len(self.found)
        self.numbered: list[int] = []  # how many cells are numbered once the n-th cell's neighbours are
        self.queue = deque(self.found)
        self.neighbours = neighbours

    def _walk_on(self, wanted: frozenset[Cell]) -> None:
        found, order, queue, numbered = self.found, self.order, self.queue, self.numbered
        missing = set(wanted).difference(found)
        while queue and missing:
            cell = queue.popleft()
            step = found[cell] + 1
            for to in self.neighbours(cell):
                if to not in found:
                    found[to], order[to] = step, len(order)
                    missing.discard(to)
                    queue.append(to)
            numbered.append(len(found))

    def until(self, wanted: frozenset[Cell]) -> dict[Cell, int]:
        """What a search stopped once every reachable cell of `wanted` has its number numbers, in its order: the
        starts alone when they hold every wanted cell, else every cell numbered by the time the cell whose
        neighbours numbered the last wanted one is done (the whole walk when one is out of reach)."""
        self._walk_on(wanted)
        order = self.order
        if any(cell not in order for cell in wanted):
            return dict(self.found)
        last = max((order[cell] for cell in wanted), default=-1)
        if last < self.starts:
            return dict(islice(self.found.items(), self.starts))
        return dict(islice(self.found.items(), self.numbered[bisect_right(self.numbered, last)]))


class MapMemo:
    """The facts of one map, worked out when first asked."""

    def __init__(self, battlemap: BattleMap, grid: Grid) -> None:
        self.battlemap, self.grid = battlemap, grid
        self._sight: dict[tuple[Cell, Cell], bool] = {}
        self._neighbours: dict[Cell, tuple[Cell, ...]] = {}
        self._walks: dict[tuple[Cell, ...], _Walk] = {}

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
        every cell of `wanted` that can be reached has its number (breadth first: those are final). The search
        from the same starts is kept to go on with (`_Walk`): the answer is the part of it the search stopped at."""
        walk = self._walks.get(starts)
        if walk is None:
            walk = self._walks[starts] = _Walk(starts, self.neighbours)
            if len(self._walks) > _KEPT_WALKS:
                del self._walks[next(iter(self._walks))]
        return walk.until(wanted)

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
