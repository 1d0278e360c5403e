"""What the board reads off a battle map once and keeps while the map lives: walls, and the step table.

A battle map never changes after it is made, so the cells that block sight (R0.1 walls) and the table of
legal steps between cells (R7.1, R7.4, the squeeze rule of `Grid.steps`) are worked out on first use and
kept, keyed by the map's identity, until the map is garbage; the steps cell by cell, as searches reach them.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import TypeVar

import attrs

from apcombat.board.grid import Grid
from apcombat.model import BattleMap, Cell, Facing, Terrain

T = TypeVar("T")

GROUND_PLAIN, GROUND_RUBBLE, GROUND_STAIRS = 0, 1, 2
GROUNDS = 3
"""Kinds of ground a step goes into: plain (base rate), rubble (R7.4, doubled) or stairs (climbing rate)."""

_KEPT: dict[int, tuple[weakref.ref[BattleMap], dict[Hashable, object]]] = {}


def _kept(battlemap: BattleMap, key: Hashable, work_out: Callable[[], T]) -> T:
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


def sight_walls(battlemap: BattleMap) -> frozenset[Cell]:
    """The cells whose terrain blocks sight (walls), kept per map."""

    def work_out() -> frozenset[Cell]:
        return frozenset(
            (x, y) for y, row in enumerate(battlemap.terrain) for x, terrain in enumerate(row) if terrain.blocks_sight
        )

    return _kept(battlemap, "sight_walls", work_out)


class ByCell(dict[int, T]):
    """Values by cell number, each worked out on first use: a move or a reachable area reads the cells around
    one unit, so a large map is never surveyed whole (a 100 x 100 map has 10,000 cells)."""

    def __init__(self, work_out: Callable[[int], T]) -> None:
        super().__init__()
        self._work_out = work_out

    def __missing__(self, number: int) -> T:
        value = self[number] = self._work_out(number)
        return value


@attrs.frozen
class StepTable:
    """Every legal step of a map on one grid, by cell number (y * width + x), worked out cell by cell.

    `edges[n]` holds (facing number, target cell number, step code) for each step out of cell n whose
    target and squeezed cells are inside the map and passable; the step code is
    `mm_index * GROUNDS + ground`, with `step_mms[mm_index]` the step's length before R7.4.
    `centres[n]` is the centre of cell n in metres and `least_mm_per_m` the fewest millimetres of table a
    step costs per metre of straight-line distance (R0.1: 42 mm for 1.414 m on squares), so no path between
    two cells is shorter than their distance times it.
    """

    width: int
    height: int
    facings: tuple[Facing, ...]
    step_mms: tuple[int, ...]
    edges: ByCell[tuple[tuple[int, int, int], ...]]
    centres: ByCell[tuple[float, float]]
    least_mm_per_m: float

    def number(self, cell: Cell) -> int:
        return cell[1] * self.width + cell[0]

    def cell(self, number: int) -> Cell:
        return (number % self.width, number // self.width)


def _work_out_steps(battlemap: BattleMap, grid: Grid) -> StepTable:
    width, height = battlemap.width, battlemap.height
    terrain = battlemap.terrain
    facing_number = {facing: i for i, facing in enumerate(grid.facings)}
    samples = [(x, y) for x in (1, 2) for y in (1, 2)]
    # Every cell of a grid has steps of the same lengths: an inner cell's give them all.
    mm_index = {mm: index for index, mm in enumerate(dict.fromkeys(step.mm for step in grid.steps(samples[0])))}

    def is_open(cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < width and 0 <= y < height and not terrain[y][x].blocks_movement

    def ground(cell: Cell) -> int:
        kind = terrain[cell[1]][cell[0]]
        return GROUND_RUBBLE if kind is Terrain.RUBBLE else GROUND_STAIRS if kind is Terrain.STAIRS else GROUND_PLAIN

    def edges(number: int) -> tuple[tuple[int, int, int], ...]:
        return tuple(
            (facing_number[facing], to[1] * width + to[0], mm_index[mm] * GROUNDS + ground(to))
            for to, facing, mm, squeeze in grid.steps((number % width, number // width))
            if is_open(to) and all(map(is_open, squeeze))
        )

    least_mm_per_m = min(step.mm / grid.distance_m(cell, step.to) for cell in samples for step in grid.steps(cell))
    return StepTable(
        width=width,
        height=height,
        facings=tuple(grid.facings),
        step_mms=tuple(mm_index),
        edges=ByCell(edges),
        centres=ByCell(lambda number: grid.centre((number % width, number // width))),
        least_mm_per_m=least_mm_per_m,
    )


def step_table(battlemap: BattleMap, grid: Grid) -> StepTable:
    """R7.1, R7.4: the legal steps of the map on the grid (the grid must be hashable), kept per map."""
    return _kept(battlemap, ("steps", grid), lambda: _work_out_steps(battlemap, grid))
