"""Where a thrown weapon lands and whom its blast reaches, on square and hex maps (R22.2.3, R22.4.3, R22.5.2,
R22.5.3, R22.6.2)."""

from __future__ import annotations

from collections.abc import Iterator

from apcombat.board.cover import protected
from apcombat.board.grid import Grid
from apcombat.model import BattleMap, Cell, Facing, Terrain

SOLID = (Terrain.WALL, Terrain.HUT)
"""R22.4.3, R22.5.2: what stops a scatter's walk and a blast: walls and huts' walls (fires and low obstacles
do not — smoke is not solid, and a throw arcs over the rest)."""


def is_solid(battlemap: BattleMap, cell: Cell) -> bool:
    """A wall or a hut's wall, or off the map (R22.2.3: no throw lands there; R22.4.3: no walk steps there)."""
    return not battlemap.inside(cell) or battlemap.at(cell) in SOLID


def scatter_walk(battlemap: BattleMap, grid: Grid, target: Cell, direction: Facing, cells: int) -> list[Cell]:
    """R22.4.3: the cells a missed throw walks from the target cell, one step at a time in `direction` (a
    facing of the map's grid: R18.3.2's die), until `cells` are walked or a step is not made — its cell off
    the map or solid, or (squares, a diagonal step) both cells it passes between solid. The landing cell is
    the last of the list; the first is always the target cell."""
    walked = [target]
    here = target
    for _ in range(cells):
        step = next((step for step in grid.steps(here) if step.facing is direction), None)
        if step is None or is_solid(battlemap, step.to):
            break
        if step.squeeze and all(is_solid(battlemap, cell) for cell in step.squeeze):
            break  # R21.1.1 (b)'s corner rule, walls only
        here = step.to
        walked.append(here)
    return walked


def blast_line(battlemap: BattleMap, grid: Grid, centre: Cell, cell: Cell) -> bool:
    """R22.5.2: whether the blast's line from the landing cell to `cell` is clear: R21.1.1 (b)'s line with only
    walls and huts' walls blocking (a place blocks when every cell the line touches there is solid; the two
    end cells never block — a wall cell does not block the line to itself, R22.6.2)."""
    return all(not all(is_solid(battlemap, touched) for touched in gate) for gate in grid.sight_gates(centre, cell))


def cells_within(battlemap: BattleMap, grid: Grid, centre: Cell, metres: float) -> Iterator[Cell]:
    """The map's cells whose centre is within `metres` of the centre cell's (in reading order)."""
    reach = int(metres) + 2
    x0, y0 = centre
    for y in range(max(0, y0 - reach), min(battlemap.height, y0 + reach + 1)):
        for x in range(max(0, x0 - reach), min(battlemap.width, x0 + reach + 1)):
            if grid.distance_m(centre, (x, y)) <= metres + 1e-9:
                yield (x, y)


def protected_from_blast(
    battlemap: BattleMap, grid: Grid, cell: Cell, centre: Cell, in_cover: bool, prone: bool
) -> bool:
    """R22.5.3 (b): a character in cover (R9.1) or prone (R8.5) is protected when an obstacle it is behind lies
    between it and the landing centre by R9.2's test, the landing cell in the shooter's place (a character in
    the landing cell or next to it never is)."""
    return (in_cover or prone) and protected(battlemap, grid, cell, centre)
