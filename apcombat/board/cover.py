"""Cover from obstacles (R9.1, R9.2), prone behind hip-high cover (R8.5), and sight of the cover (R17.1)."""

from __future__ import annotations

from apcombat.board.grid import Grid
from apcombat.board.sight import line_of_sight
from apcombat.model import BattleMap, Cell
from apcombat.rules.movement import angle_between

PROTECTING_ANGLE_DEGREES = 45.0
"""R9.2: the widest angle at the covered character between the obstacle and the shooter."""


MAPS_KEPT = 4
"""Maps whose cover cells are kept (a map never changes: a fire makes a new one). An AI asks a cell's cover
for every shot it judges; the newest maps are asked again and again."""

_cover_tables: list[tuple[BattleMap, Grid, dict[Cell, tuple[Cell, ...]]]] = []


def _cover_table(battlemap: BattleMap, grid: Grid) -> dict[Cell, tuple[Cell, ...]]:
    for held, held_grid, held_table in _cover_tables:
        if held is battlemap and held_grid is grid:
            return held_table
    table: dict[Cell, tuple[Cell, ...]] = {}
    _cover_tables.insert(0, (battlemap, grid, table))
    del _cover_tables[MAPS_KEPT:]
    return table


def cover_cells(battlemap: BattleMap, grid: Grid, cell: Cell) -> tuple[Cell, ...]:
    """R9.1: the neighbouring cells (diagonal ones too on squares) holding an obstacle at least hip-high."""
    table = _cover_table(battlemap, grid)
    found = table.get(cell)
    if found is None:
        found = tuple(
            step.to for step in grid.steps(cell) if battlemap.inside(step.to) and battlemap.at(step.to).gives_cover
        )
        table[cell] = found
    return found


def can_take_cover(battlemap: BattleMap, grid: Grid, cell: Cell) -> bool:
    """R9.1: whether a character in this cell has an obstacle to take cover behind."""
    return bool(cover_cells(battlemap, grid, cell))


def protecting_cover(battlemap: BattleMap, grid: Grid, covered: Cell, shooter: Cell) -> tuple[Cell, ...]:
    """R9.2: the cover cells that lie between `covered` and the shooter: the angle at `covered` between
    the cell's centre and the shooter's is <= 45 degrees, and the cell's centre is nearer to `covered` than
    the shooter's. A shooter next to the character, or level with the obstacle, is never behind it: a prone
    character beside a doorway's jamb is seen by a shooter standing in the doorway."""
    if shooter == covered or any(step.to == shooter for step in grid.steps(covered)):
        return ()  # a neighbour is never behind the character's cover
    towards_shooter = grid.bearing_to(covered, shooter)
    shooter_m = grid.distance_m(covered, shooter)
    return tuple(
        cell
        for cell in cover_cells(battlemap, grid, covered)
        if angle_between(grid.bearing_to(covered, cell), towards_shooter) <= PROTECTING_ANGLE_DEGREES + 1e-9
        and grid.distance_m(covered, cell) < shooter_m - 1e-9
    )


def protected(battlemap: BattleMap, grid: Grid, covered: Cell, shooter: Cell) -> bool:
    """R9.2: whether some obstacle the covered character is behind lies between it and the shooter."""
    return bool(protecting_cover(battlemap, grid, covered, shooter))


def hidden_when_prone(battlemap: BattleMap, grid: Grid, prone_cell: Cell, shooter: Cell) -> bool:
    """R8.5: a prone character behind hip-high cover (low obstacle or wall) protecting it per R9.2 is
    neither seen nor targeted by the shooter."""
    return protected(battlemap, grid, prone_cell, shooter)


def sees_cover_of(battlemap: BattleMap, grid: Grid, shooter: Cell, covered: Cell) -> bool:
    """R17.1: whether the shooter has line of sight to an obstacle protecting `covered` against it.

    The obstacle cell is the end of the sight line, so it does not block the line to itself.
    """
    return any(
        line_of_sight(battlemap, grid, shooter, cell) for cell in protecting_cover(battlemap, grid, covered, shooter)
    )
