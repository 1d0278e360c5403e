"""What the board reads off a battle map once and keeps while the map lives: walls, and the step table.

A battle map never changes after it is made (a fire lit or put out makes a new one, R18.3), so the cells
that block sight (R0.1 walls) and the legal steps between cells (R7.1, R7.4, the squeeze rule of
`Grid.steps`) are worked out on first use and kept, keyed by the map's identity, until the map is garbage;
the steps cell by cell, as searches reach them.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import TypeVar

import numpy as np

from apcombat.board.grid import Grid
from apcombat.model import BattleMap, Cell, Facing, Terrain

T = TypeVar("T")

GROUND_PLAIN, GROUND_RUBBLE, GROUND_STAIRS = 0, 1, 2
GROUNDS = 3
"""Kinds of ground a step goes into: plain (base rate), rubble (R7.4, doubled) or stairs (climbing rate)."""

_KEPT: dict[int, tuple[weakref.ref[BattleMap], dict[Hashable, object]]] = {}


def kept(battlemap: BattleMap, key: Hashable, work_out: Callable[[], T]) -> T:
    """The value kept for this map under `key`, worked out on first use."""
    ident = id(battlemap)
    entry = _KEPT.get(ident)
    if entry is None or entry[0]() is not battlemap:
        ref = weakref.ref(battlemap, lambda _ref: _KEPT.pop(ident, None))
        entry = (ref, {})
        _KEPT[ident] = entry
    values = entry[1]
    if key not in values:
        values[key] = work_out()
    return values[key]  # type: ignore[return-value]


def wall_grid(battlemap: BattleMap) -> np.ndarray:
    """R0.1: whether each cell's terrain blocks sight (walls, R18.3 fires), as booleans indexed [y, x], kept
    per map.

    Read off the rows' characters in one pass of numpy rather than cell by cell: on the largest map (a
    million cells) the first sight line costs a few milliseconds, not a third of a second.
    """

    def work_out() -> np.ndarray:
        blocking = [ord(symbol) for symbol, terrain in battlemap.legend.items() if terrain.blocks_sight]
        symbols = np.frombuffer("".join(battlemap.rows).encode("utf-32-le"), dtype=np.uint32)
        walls = np.isin(symbols, blocking).reshape(battlemap.height, battlemap.width)
        # R18.3: burnt ground no longer blocks sight; a fire's smoke does.
        for cells, blocks in ((battlemap.burnt, False), (battlemap.fires, True)):
            for x, y in cells:
                walls[y, x] = blocks
        walls.flags.writeable = False
        return walls

    return kept(battlemap, "wall_grid", work_out)


WALL_SET_CELLS = 250_000
"""Maps of up to this many cells (500 x 500) keep their walls as a set of cells; larger ones as one byte a
cell, since on the largest (a million cells) the set of 100,000 walls takes 50 ms or more to build."""


def sight_walls(battlemap: BattleMap) -> frozenset[Cell] | bytes | None:
    """The walls of `wall_grid` in the fastest form to ask one cell at a time, kept per map: a set of cells
    (the fastest to ask), or on a map over `WALL_SET_CELLS` one byte a cell (y * width + x, built at once);
    None when the map has no wall."""

    def work_out() -> frozenset[Cell] | bytes | None:
        walls = wall_grid(battlemap)
        if not walls.any():
            return None
        if walls.size > WALL_SET_CELLS:
            return walls.tobytes()
        ys, xs = np.nonzero(walls)
        return frozenset(zip(xs.tolist(), ys.tolist(), strict=True))

    return kept(battlemap, "sight_walls", work_out)


class StepTable:
    """The legal steps of a map on one grid, by cell number (y * width + x), worked out cell by cell.

    `edges(n)` holds (facing number, target cell number, step code, squeezed cell numbers) for each step out
    of cell n whose target and squeezed cells are inside the map and passable; the step code is
    `mm_index * GROUNDS + ground`, with `step_mms[mm_index]` the step's length before R7.4. R7.3 ruling: a
    diagonal step is refused when either cell it passes between is a wall, a low obstacle or a gap; the
    squeezed cells are kept so that a search can also refuse cells that close only for a while (R18.3 fires).
    `centre(n)` is the centre of cell n in metres and `least_mm_per_m` the fewest millimetres of table a
    step costs per metre of straight-line distance (R0.1: 42 mm for 1.414 m on squares), so no path between
    two cells is shorter than their distance times it.

    Nothing is worked out for the whole map up front: a search looks only at the cells it reaches, so the
    first move on a map of a million cells costs what its own search costs (issue 9 item 5). What has been
    worked out is kept with the table for the next search.
    """

    def __init__(self, battlemap: BattleMap, grid: Grid) -> None:
        self.width, self.height = battlemap.width, battlemap.height
        self.facings: tuple[Facing, ...] = tuple(grid.facings)
        self._terrain = battlemap.terrain
        self._grid = grid
        self._facing_number = {facing: i for i, facing in enumerate(grid.facings)}
        samples = [(x, y) for x in (1, 2) for y in (1, 2)]
        self.step_mms: tuple[int, ...] = tuple(sorted({step.mm for cell in samples for step in grid.steps(cell)}))
        self._mm_index = {mm: i for i, mm in enumerate(self.step_mms)}
        self.least_mm_per_m = min(
            step.mm / grid.distance_m(cell, step.to) for cell in samples for step in grid.steps(cell)
        )
        self.known: dict[int, tuple[tuple[int, int, int, tuple[int, ...]], ...]] = {}
        """The steps out of the cells worked out so far, by cell number (what `edges` keeps)."""

    def number(self, cell: Cell) -> int:
        return cell[1] * self.width + cell[0]

    def cell(self, number: int) -> Cell:
        return (number % self.width, number // self.width)

    def centre(self, number: int) -> tuple[float, float]:
        return self._grid.centre(self.cell(number))

    def _open(self, cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height and not self._terrain[y][x].blocks_movement

    def edges(self, number: int) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
        """R7.1, R7.3, R7.4: the legal steps out of cell `number`, worked out on first use."""
        known = self.known.get(number)
        if known is not None:
            return known
        width, out = self.width, []
        for to, facing, mm, squeeze in self._grid.steps(self.cell(number)):
            if self._open(to) and all(self._open(cell) for cell in squeeze):
                terrain = self._terrain[to[1]][to[0]]
                ground = _GROUND_OF.get(terrain, GROUND_PLAIN)
                code = self._mm_index[mm] * GROUNDS + ground
                squeezed = tuple(y * width + x for x, y in squeeze)
                out.append((self._facing_number[facing], to[1] * width + to[0], code, squeezed))
        edges = tuple(out)
        self.known[number] = edges
        return edges


_GROUND_OF = {Terrain.RUBBLE: GROUND_RUBBLE, Terrain.STAIRS: GROUND_STAIRS}


def step_table(battlemap: BattleMap, grid: Grid) -> StepTable:
    """R7.1, R7.4: the legal steps of the map on the grid (the grid must be hashable), kept per map."""
    return kept(battlemap, ("steps", grid), lambda: StepTable(battlemap, grid))
