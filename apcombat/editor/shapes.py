"""The cells a stroke of the editor covers: a brush, a line or a rectangle between two marked cells, a flood
fill. Square and hex maps alike (R0.1, R20.1); every cell returned is on the map."""

from __future__ import annotations

from collections import deque

from apcombat.board.kinds import grid_for
from apcombat.model.battlemap import BattleMap, Cell

BRUSH_SIZES = (1, 3, 5)
"""A brush covers its cell (1), and its neighbours one (3) or two (5) steps away."""


def brush(battle_map: BattleMap, cell: Cell, size: int = 1) -> frozenset[Cell]:
    """The cells a brush of `size` (1, 3 or 5 across) covers around `cell`: a block on squares, rings of
    neighbours on hexes."""
    reach = max(0, (size - 1) // 2)
    grid = grid_for(battle_map)
    seen = {cell}
    edge = [cell]
    for _ in range(reach):
        edge = [step.to for here in edge for step in grid.steps(here) if step.to not in seen]
        seen.update(edge)
    return frozenset(found for found in seen if battle_map.inside(found))


def line(battle_map: BattleMap, a: Cell, b: Cell) -> tuple[Cell, ...]:
    """The cells of a straight line from `a` to `b`, both included, one cell thick."""
    if battle_map.kind == "square":
        cells = _square_line(a, b)
    else:
        gates = grid_for(battle_map).sight_gates(a, b) if a != b else iter(())
        cells = tuple(dict.fromkeys([a, *(gate[0] for gate in gates), b]))
    return tuple(cell for cell in cells if battle_map.inside(cell))


def _square_line(a: Cell, b: Cell) -> tuple[Cell, ...]:
    """Bresenham's line: diagonal where it runs diagonally, never two cells side by side."""
    (x, y), (x1, y1) = a, b
    dx, dy = abs(x1 - x), -abs(y1 - y)
    sx, sy = (1 if x < x1 else -1), (1 if y < y1 else -1)
    error = dx + dy
    cells = [(x, y)]
    while (x, y) != (x1, y1):
        double = 2 * error
        if double >= dy:
            error += dy
            x += sx
        if double <= dx:
            error += dx
            y += sy
        cells.append((x, y))
    return tuple(cells)


def rectangle(battle_map: BattleMap, a: Cell, b: Cell, filled: bool = True) -> frozenset[Cell]:
    """The cells of the rectangle with corners `a` and `b` (rows and columns on a hex map): all of them, or
    (`filled` false) its outline, the walls of a room."""
    left, right = sorted((a[0], b[0]))
    top, bottom = sorted((a[1], b[1]))
    cells = {
        (x, y)
        for y in range(top, bottom + 1)
        for x in range(left, right + 1)
        if filled or x in (left, right) or y in (top, bottom)
    }
    return frozenset(cell for cell in cells if battle_map.inside(cell))


def flood(battle_map: BattleMap, cell: Cell) -> frozenset[Cell]:
    """The cells drawn with the same legend character as `cell` and joined to it through such cells (side by
    side on squares, any neighbour on hexes): what a flood fill repaints."""
    if not battle_map.inside(cell):
        return frozenset()
    rows, grid = battle_map.rows, grid_for(battle_map)
    glyph = rows[cell[1]][cell[0]]
    found = {cell}
    queue = deque([cell])
    while queue:
        here = queue.popleft()
        for step in grid.steps(here):
            x, y = step.to
            if battle_map.kind == "square" and step.to[0] != here[0] and step.to[1] != here[1]:
                continue  # squares fill through sides, not corners
            if step.to not in found and battle_map.inside(step.to) and rows[y][x] == glyph:
                found.add(step.to)
                queue.append(step.to)
    return frozenset(found)
