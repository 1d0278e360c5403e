"""The watched cone of a character standing ready (R16.1)."""

from __future__ import annotations

from apcombat.board.grid import Grid
from apcombat.board.sight import line_of_sight
from apcombat.model import BattleMap, Cell, Facing, Weapon
from apcombat.rules.movement import angle_between
from apcombat.rules.ranges import best_ranges, range_band

HALF_CONE_DEGREES = 22.5
"""R16.1: the cone reaches 22.5 degrees each side of the facing."""


def in_reaction_cone(grid: Grid, watcher_cell: Cell, facing: Facing, target_cell: Cell) -> bool:
    """R16.1: whether the bearing to the target is within 22.5 degrees of the facing, edges included.

    The watcher's own cell is not in its cone.
    """
    if target_cell == watcher_cell:
        return False
    off = angle_between(grid.bearing_to(watcher_cell, target_cell), grid.bearing(facing))
    return off <= HALF_CONE_DEGREES + 1e-9


def watched_cells(
    battlemap: BattleMap, grid: Grid, watcher_cell: Cell, facing: Facing, weapon: Weapon
) -> frozenset[Cell]:
    """R16.1: the cells in the cone, in sight, at a distance in one of the weapon's two best ranges (R1.3)."""
    bands = best_ranges(weapon)
    farthest = max(weapon.ranges.band(band).max for band in bands)
    watched: set[Cell] = set()
    for y in range(battlemap.height):
        for x in range(battlemap.width):
            cell = (x, y)
            distance = grid.distance_m(watcher_cell, cell)
            if (
                distance <= farthest
                and range_band(weapon, distance) in bands
                and in_reaction_cone(grid, watcher_cell, facing, cell)
                and line_of_sight(battlemap, grid, watcher_cell, cell)
            ):
                watched.add(cell)
    return frozenset(watched)
