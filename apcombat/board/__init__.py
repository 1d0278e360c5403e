"""Pure geometry on the battle map's grid: shapes of cells, sight, reaction cones, cover and movement."""

from apcombat.board.cone import in_reaction_cone, watched_cells
from apcombat.board.cover import (
    can_take_cover,
    cover_cells,
    hidden_when_prone,
    protected,
    protecting_cover,
    sees_cover_of,
)
from apcombat.board.grid import Grid, SquareGrid, Step
from apcombat.board.hex_grid import HexGrid
from apcombat.board.kinds import GRIDS, grid_for
from apcombat.board.paths import MoveProfile, NoPath, Path, PathStep, Reach, plan_path, reachable
from apcombat.board.sight import line_of_sight, visible_cells

__all__ = [
    "GRIDS",
    "Grid",
    "HexGrid",
    "MoveProfile",
    "NoPath",
    "Path",
    "PathStep",
    "Reach",
    "SquareGrid",
    "Step",
    "can_take_cover",
    "cover_cells",
    "grid_for",
    "hidden_when_prone",
    "in_reaction_cone",
    "line_of_sight",
    "plan_path",
    "protected",
    "protecting_cover",
    "reachable",
    "sees_cover_of",
    "visible_cells",
    "watched_cells",
]
