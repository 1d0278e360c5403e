"""Sight from one cell over the whole square map at once (R0.1): the same cells as one sight line per cell.

Seen from the viewer's centre, a wall blocks the directions that pass through its inside: an open range
of directions between two of its corners. A sight line to a target runs in one direction, so it is blocked
when that direction lies inside the range of a wall nearer than the target; nearer is exact by the
Chebyshev distance, because a line that passes through the inside of a cell at the target's Chebyshev
distance would pass through the target's own row or column at that distance, which is the target. The
other way a line is blocked, the corner rule of `SquareGrid` (a line through the point where four cells
meet is stopped when both cells beside its way there are walls), is one exact direction per such corner,
blocking the targets beyond it.

So sight from one cell is one question asked of every cell: is any wall or corner nearer than it blocking
its direction? Directions are ordered by a pseudo-angle (`_pseudo_angles`, exact for the small integers of
a map's offsets), each map size keeps the ordered list of every direction one cell can have to another
(`_directions`), and a tree over that list (`nearest_blocking`) takes every wall's range at once and
tells each direction how near its nearest blocker is. Everything is vectorised with numpy; nothing walks
a line. The line per cell (`sight.visible_cells_by_lines`) stays as the reference the tests hold this to.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from apcombat.board.survey import kept, wall_grid
from apcombat.model import BattleMap, Cell

_NONE = np.iinfo(np.int32).max
"""No blocker: farther than any cell."""


def _pseudo_angles(dx: np.ndarray, dy: np.ndarray) -> np.ndarray:
    """A number in [0, 4) that grows with the direction's angle from east, for integer offsets not (0, 0).

    Each quarter of the circle is `quarter + a / (|dx| + |dy|)`: one division of small integers, so two
    offsets in the same direction get the very same float and two different directions keep their order
    (their fractions differ by far more than a float's rounding).
    """
    across, down = np.abs(dx), np.abs(dy)
    second = (dx <= 0) & (dy > 0)
    third = (dx < 0) & (dy <= 0)
    fourth = (dx >= 0) & (dy < 0)
    quarter = second * 1.0 + third * 2.0 + fourth * 3.0
    return quarter + np.where(second | fourth, across, down) / (across + down)


@lru_cache(maxsize=2)
def _directions(width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    """Every direction from one cell to another on a map of this size, in order, and each offset's place in
    that order: `order[dy + height - 1, dx + width - 1]` (the viewer's own cell gets place 0, never read)."""
    dy, dx = np.mgrid[1 - height : height, 1 - width : width]
    dx[height - 1, width - 1] = 1  # the viewer's own offset: any direction, so the division stays defined
    angles = _pseudo_angles(dx, dy)
    directions = np.unique(angles)
    order = np.searchsorted(directions, angles).astype(np.int32)
    return directions, order


def nearest_blocking(count: int, starts: np.ndarray, ends: np.ndarray, distances: np.ndarray) -> np.ndarray:
    """For each of `count` places, the least distance of the ranges [start, end) that hold it (`_NONE` when
    none does): every range laid on a tree of halvings at once, then the least pushed down to the places."""
    size = 1 << max(count - 1, 1).bit_length()
    tree = np.full(2 * size, _NONE, dtype=np.int32)
    lows, highs = starts.astype(np.int64) + size, ends.astype(np.int64) + size
    left = lows < highs
    lows, highs, distances = lows[left], highs[left], distances[left]
    while lows.size:
        # The usual walk of a range up a tree: an odd low end and an odd high end each cover a whole node.
        odd = (lows & 1).astype(bool)
        np.minimum.at(tree, lows[odd], distances[odd])
        lows += odd
        odd = (highs & 1).astype(bool)
        highs -= odd
        np.minimum.at(tree, highs[odd], distances[odd])
        lows >>= 1
        highs >>= 1
        left = lows < highs
        lows, highs, distances = lows[left], highs[left], distances[left]
    level = 1
    while level < size:
        children = tree[2 * level : 4 * level].reshape(-1, 2)
        np.minimum(children, tree[level : 2 * level, None], out=children)
        level *= 2
    return tree[size : size + count]


def _corner_cells(battlemap: BattleMap) -> tuple[np.ndarray, np.ndarray]:
    """The corners where two walls meet on a diagonal, by the top-left cell of the four around the corner:
    walls at top-right and bottom-left ('/'), and walls at top-left and bottom-right ('\\'), kept per map."""

    def work_out() -> tuple[np.ndarray, np.ndarray]:
        walls = wall_grid(battlemap)
        rising = walls[:-1, 1:] & walls[1:, :-1]
        falling = walls[:-1, :-1] & walls[1:, 1:]
        return np.argwhere(rising), np.argwhere(falling)

    return kept(battlemap, "diagonal_corners", work_out)


def _wall_cells(battlemap: BattleMap) -> np.ndarray:
    """The walls' (y, x), kept per map."""
    return kept(battlemap, "wall_cells", lambda: np.argwhere(wall_grid(battlemap)))


def sight_field(battlemap: BattleMap, origin: Cell) -> np.ndarray:
    """R0.1: whether the viewer in `origin` sees each cell of a square map, as booleans indexed [y, x].

    Distances here are doubled Chebyshev distances, so that a corner (half a cell off the centres) has a
    whole one; a wall or corner blocks the targets strictly farther than itself in its directions.
    """
    width, height = battlemap.width, battlemap.height
    ox, oy = origin
    directions, order = _directions(width, height)
    starts, ends, distances = [], [], []

    walls = _wall_cells(battlemap)
    walls = walls[(walls[:, 0] != oy) | (walls[:, 1] != ox)]  # the viewer's own cell never blocks
    dy, dx = walls[:, 0] - oy, walls[:, 1] - ox
    # The pseudo-angles of the four corners of each wall, in doubled offsets so the corners are integers.
    corners = np.stack([_pseudo_angles(2 * dx + sx, 2 * dy + sy) for sx in (-1, 1) for sy in (-1, 1)])
    spans = np.maximum(np.abs(dx), np.abs(dy)) * 2
    east = (dy == 0) & (dx > 0)  # a wall straddling east, where the pseudo-angle wraps from 4 to 0
    plain = ~east
    starts.append(np.searchsorted(directions, corners[:, plain].min(axis=0), side="right"))
    ends.append(np.searchsorted(directions, corners[:, plain].max(axis=0), side="left"))
    distances.append(spans[plain])
    wrapped = corners[:, east]
    starts += [np.searchsorted(directions, np.where(wrapped > 2, wrapped, 4.0).min(axis=0), side="right")]
    ends += [np.full(wrapped.shape[1], directions.size)]
    starts += [np.zeros(wrapped.shape[1], dtype=np.int64)]
    ends += [np.searchsorted(directions, np.where(wrapped < 2, wrapped, 0.0).max(axis=0), side="left")]
    distances += [spans[east], spans[east]]

    rising, falling = _corner_cells(battlemap)
    for cells, sign in ((rising, 1), (falling, -1)):
        # A corner's offset from the viewer, doubled; a line through it from the viewer grazes the pair of
        # walls beside its way only when the pair runs across the line: '/' for a line going down-right or
        # up-left, '\\' for the other two.
        cy, cx = 2 * (cells[:, 0] - oy) + 1, 2 * (cells[:, 1] - ox) + 1
        across = np.sign(cx) * np.sign(cy) == sign
        cx, cy = cx[across], cy[across]
        angles = _pseudo_angles(cx, cy)
        starts.append(np.searchsorted(directions, angles, side="left"))
        ends.append(np.searchsorted(directions, angles, side="right"))
        distances.append(np.maximum(np.abs(cx), np.abs(cy)))

    nearest = nearest_blocking(
        directions.size,
        np.concatenate(starts),
        np.concatenate(ends),
        np.concatenate(distances).astype(np.int32),
    )
    window = order[height - 1 - oy : 2 * height - 1 - oy, width - 1 - ox : 2 * width - 1 - ox]
    ys, xs = np.ogrid[:height, :width]
    reach = np.maximum(np.abs(xs - ox), np.abs(ys - oy)) * 2
    seen = nearest[window] >= reach
    seen[oy, ox] = True
    return seen
