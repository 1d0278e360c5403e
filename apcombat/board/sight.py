"""Line of sight between cells (R0.1, R16.1, R17.1).

Rule: walls (terrain that blocks sight) between two cells block the line between their centres; the two
end cells never block it, and units never do. Where the line runs exactly through a point shared by
several cells (a corner of the square grid), it is blocked there only when every cell it grazes at that
point blocks sight: a diagonal wall stops it, the corner of one wall block does not. The places a line
passes are the same walked from either end (`Grid.sight_gates`), so A sees B exactly when B sees A.
"""

from __future__ import annotations

from apcombat.board.grid import Grid
from apcombat.board.survey import sight_walls
from apcombat.model import BattleMap, Cell


def line_of_sight(battlemap: BattleMap, grid: Grid, a: Cell, b: Cell) -> bool:
    """R0.1: whether a character in cell a sees cell b (and so b sees a)."""
    walls = sight_walls(battlemap)
    if not walls:
        return True
    for gate in grid.sight_gates(a, b):
        for cell in gate:
            if cell not in walls:
                break
        else:
            return False
    return True


def visible_cells(battlemap: BattleMap, grid: Grid, origin: Cell, max_m: float | None = None) -> frozenset[Cell]:
    """R0.1: every cell of the map seen from `origin` (itself included), no farther than `max_m` metres."""
    return frozenset(
        (x, y)
        for y in range(battlemap.height)
        for x in range(battlemap.width)
        if (max_m is None or grid.distance_m(origin, (x, y)) <= max_m)
        and line_of_sight(battlemap, grid, origin, (x, y))
    )
