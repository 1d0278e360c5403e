"""Line of sight between cells (R0.1, R16.1, R17.1).

Rule: walls (terrain that blocks sight) between two cells block the line between their centres; the two
end cells never block it, and units never do. Where the line runs exactly through a point shared by
several cells (a corner of the square grid), it is blocked there only when every cell it grazes at that
point blocks sight: a diagonal wall stops it, the corner of one wall block does not. The places a line
passes are the same walked from either end (`Grid.sight_gates`), so A sees B exactly when B sees A.

Sight from one cell over the whole map (`sight_mask`, `visible_cells`) is worked out for every cell at
once, on the square grid by `board.field` and on the hex grid by `board.hex_field`; the reference the tests
hold those to is one line per cell (`visible_cells_by_lines`).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator

import numpy as np

from apcombat.board.field import sight_field
from apcombat.board.grid import Gate, Grid
from apcombat.board.hex_sight_memo import HexSightMemo
from apcombat.board.survey import kept, sight_walls, wall_grid
from apcombat.model import BattleMap, Cell


def _hex_memo(battlemap: BattleMap) -> HexSightMemo:
    """The map's kept whole-map sights (hex maps: `board.hex_sight_memo`)."""
    return kept(battlemap, "hex_sight_memo", HexSightMemo)


def _hex_sight(battlemap: BattleMap, origin: Cell) -> np.ndarray:
    return _hex_memo(battlemap).sight(battlemap, origin).copy()


_WHOLE_AREA: dict[str, Callable[[BattleMap, Cell], np.ndarray]] = {"square": sight_field, "hex": _hex_sight}
"""The grids whose sight from one cell has a whole-area method, by `Grid.kind` (on hexes kept per map, as the
lines from a cell are answered from it)."""


def line_of_sight(battlemap: BattleMap, grid: Grid, a: Cell, b: Cell) -> bool:
    """R0.1: whether a character in cell a sees cell b (and so b sees a)."""
    walls = sight_walls(battlemap)
    if walls is None:
        return True
    if grid.kind == "hex" and a != b and battlemap.inside(a) and battlemap.inside(b):
        # R20.4: a long hex line is slow to walk; the kept whole-map sight of a cell asked about often answers
        return _hex_memo(battlemap).line(battlemap, a, b, lambda: line_by_gates(battlemap, grid, a, b))
    if grid.kind == "square" and battlemap.inside(a) and battlemap.inside(b):
        return _square_line(_wall_bytes(battlemap), battlemap.width, a, b)
    return line_by_gates(battlemap, grid, a, b)


def line_asker(battlemap: BattleMap, grid: Grid) -> Callable[[Cell, Cell], bool]:
    """`line_of_sight` on this map and grid, with what it reads of the map looked up once (for one who asks
    many lines of one map: the fog's sight after every move step). It holds the map weakly, so that it may be
    kept with the map (`kept`) without keeping the map alive."""
    held = weakref.ref(battlemap)

    def slowly(a: Cell, b: Cell) -> bool:
        battlemap = held()
        assert battlemap is not None  # asked only while the map lives
        return line_of_sight(battlemap, grid, a, b)

    if grid.kind != "square" or sight_walls(battlemap) is None:
        return slowly
    walls, width, height = _wall_bytes(battlemap), battlemap.width, battlemap.height

    def asks(a: Cell, b: Cell) -> bool:
        if 0 <= a[0] < width and 0 <= a[1] < height and 0 <= b[0] < width and 0 <= b[1] < height:
            return _square_line(walls, width, a, b)
        return slowly(a, b)

    return asks


def _wall_bytes(battlemap: BattleMap) -> bytes:
    """`wall_grid` one byte a cell (y * width + x), kept per map: the square walk below reads it."""
    return kept(battlemap, "wall_bytes", lambda: wall_grid(battlemap).tobytes())


def _square_line(walls: bytes, width: int, a: Cell, b: Cell) -> bool:
    """`line_by_gates` on squares, both ends on the map: the same walk as `SquareGrid.sight_gates`, on cell
    numbers, making no cells or gates (the sight update after each move step asks many new lines). Every
    cell it reads lies in the rectangle the two ends span, so on the map."""
    (x, y), (bx, by) = a, b
    dx, dy = abs(bx - x), abs(by - y)
    step_x = 1 if bx > x else -1
    step_y = width if by > y else -width
    here, end = y * width + x, by * width + bx
    decision, x_gain, y_gain = dy - dx, 2 * dy, 2 * dx
    for _ in range(dx + dy):
        if decision == 0:  # through the corner: blocked only when both cells beside it are walls
            if walls[here + step_x] and walls[here + step_y]:
                return False
            here += step_x + step_y
            decision += x_gain - y_gain
        elif decision < 0:
            here += step_x
            decision += x_gain
        else:
            here += step_y
            decision -= y_gain
        if here == end:
            return True
        if walls[here]:
            return False
    return True


def line_by_gates(battlemap: BattleMap, grid: Grid, a: Cell, b: Cell) -> bool:
    """R0.1, R20.4: `line_of_sight` walked along the line, gate by gate (the reference of every fast way)."""
    walls = sight_walls(battlemap)
    if walls is None:
        return True
    if isinstance(walls, bytes):
        return _clear_of_numbered_walls(walls, battlemap.width, battlemap.height, grid.sight_gates(a, b))
    width, height = battlemap.width, battlemap.height  # asked once: a line asks of many cells
    for gate in grid.sight_gates(a, b):
        for cell in gate:
            # Off the map counts as a wall: a hex line along the map's jagged edge (R20.4) runs between an
            # edge cell and nothing, and is blocked when the edge cell is a wall.
            if cell not in walls and 0 <= cell[0] < width and 0 <= cell[1] < height:
                break
        else:
            return False
    return True


def blocked_at(battlemap: BattleMap, grid: Grid, a: Cell, b: Cell) -> Gate | None:
    """R0.1, R20.4: the first place, walking from a, where the line between a and b is blocked — every cell
    it passes or grazes there blocks sight (off the map counts as a wall) — or None when the line is clear.
    Slower than `line_of_sight`: for saying what is in the way once a line is known blocked (kept per map, as
    an AI weighing moves asks the same refused shots again and again)."""
    answers: dict[tuple[Cell, Cell], Gate | None] = kept(battlemap, ("blocked_at", grid.kind), dict)
    if (a, b) not in answers:
        answers[a, b] = next(
            (
                gate
                for gate in grid.sight_gates(a, b)
                if all(not battlemap.inside(cell) or battlemap.at(cell).blocks_sight for cell in gate)
            ),
            None,
        )
    return answers[a, b]


def _clear_of_numbered_walls(walls: bytes, width: int, height: int, gates: Iterator[Gate]) -> bool:
    """`line_of_sight` on a map whose walls are kept one byte a cell (the largest maps)."""
    for gate in gates:
        for x, y in gate:
            # A cell off the map (a hex gate along the map's edge, R20.4) counts as a wall, as above.
            if 0 <= x < width and 0 <= y < height and not walls[y * width + x]:
                break
        else:
            return False
    return True


def sight_mask_by_lines(battlemap: BattleMap, grid: Grid, origin: Cell) -> np.ndarray:
    """R0.1: `sight_mask` worked out the plain way, one `line_of_sight` per cell of the map."""
    seen = np.zeros((battlemap.height, battlemap.width), dtype=bool)
    for y in range(battlemap.height):
        for x in range(battlemap.width):
            seen[y, x] = line_by_gates(battlemap, grid, origin, (x, y))
    return seen


def sight_mask(battlemap: BattleMap, grid: Grid, origin: Cell) -> np.ndarray:
    """R0.1: whether a character in `origin` sees each cell of the map, as booleans indexed [y, x]."""
    whole_area = _WHOLE_AREA.get(grid.kind)
    if whole_area is None:
        return sight_mask_by_lines(battlemap, grid, origin)
    return whole_area(battlemap, origin)


def _cells(seen: np.ndarray, grid: Grid, origin: Cell, max_m: float | None) -> frozenset[Cell]:
    ys, xs = np.nonzero(seen)
    cells = zip(xs.tolist(), ys.tolist(), strict=True)
    if max_m is None:
        return frozenset(cells)
    return frozenset(cell for cell in cells if grid.distance_m(origin, cell) <= max_m)


def visible_cells(battlemap: BattleMap, grid: Grid, origin: Cell, max_m: float | None = None) -> frozenset[Cell]:
    """R0.1: every cell of the map seen from `origin` (itself included), no farther than `max_m` metres."""
    return _cells(sight_mask(battlemap, grid, origin), grid, origin, max_m)


def visible_cells_by_lines(
    battlemap: BattleMap, grid: Grid, origin: Cell, max_m: float | None = None
) -> frozenset[Cell]:
    """R0.1: `visible_cells` the plain way, one line of sight per cell: the reference for the fast way."""
    return _cells(sight_mask_by_lines(battlemap, grid, origin), grid, origin, max_m)
