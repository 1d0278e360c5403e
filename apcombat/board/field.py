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
(`_directions`), and a tree over that list (`board.shadows`) takes every wall's range at once and tells
each direction how near its nearest blocker is. Everything is vectorised with numpy; nothing walks
a line. The line per cell (`sight.visible_cells_by_lines`) stays as the reference the tests hold this to.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np

from apcombat.board.shadows import ShadowTree
from apcombat.board.survey import kept, wall_grid
from apcombat.model import BattleMap, Cell


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
    angles: np.ndarray = quarter + np.where(second | fourth, across, down) / (across + down)
    return angles


class _Directions(NamedTuple):
    """Every direction from one cell to another on a map of one size, and what is known of each offset."""

    angles: np.ndarray
    """The directions' pseudo-angles, distinct and in order: a direction's place in it is its rank."""
    tree: ShadowTree
    """The tree the shadows are laid on, over the ranks."""
    slots: np.ndarray
    """Where the leaf of each offset's direction is in the tree's answer: `slots[dy + height - 1, dx + width
    - 1]` (the viewer's own offset gets any slot, never read)."""
    spans: _Spans | None
    """The ranks each offset blocks, worked out for every offset of maps up to `KEPT_OFFSETS`."""


class _Spans(NamedTuple):
    """What a wall or a diagonal corner at each offset from the viewer blocks, kept per map size.

    For a wall at (dx, dy), at [dy + height - 1, dx + width - 1]: the ranks [start, end) it blocks (wrapped
    round when start > end; empty at the viewer's own offset) and its doubled Chebyshev distance (`reach`,
    also the distance a target at that offset is at). For the corner at the bottom right of the cell at
    (kx, ky), at [ky + height - 1, kx + width - 1]: the rank of the one direction it blocks when it is a '/'
    pair of walls (`rising`) or a '\\' pair (`falling`), -1 for none, and its doubled distance."""

    wall_start: np.ndarray
    wall_end: np.ndarray
    reach: np.ndarray
    rising: np.ndarray
    falling: np.ndarray
    corner_reach: np.ndarray


NEAR_SHADOWS = 2 * 16
"""Walls and corners up to 16 cells away (in doubled distances) are near: a farther one is laid only when
its shadow reaches past theirs (`ShadowTree.nearest_culled`)."""

KEPT_OFFSETS = 300_000
"""Maps of up to this many offsets, (2 width - 1) (2 height - 1) (about 270 x 270 cells), keep what every
offset blocks (28 bytes an offset, worked out on the first sight on a map of that size: about 0.1 s at
200 x 200); a larger map works it out for its own walls and corners on each call."""


def _wall_spans(angles: np.ndarray, dx: np.ndarray, dy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The ranks [start, end) of the directions that pass through the inside of a wall at each offset:
    strictly between the least and the greatest of its four corners' pseudo-angles. A wall straddling east
    (where the pseudo-angle wraps from 4 to 0) gets start > end: [start, the end of the list) and [0, end)."""
    corners = np.stack([_pseudo_angles(2 * dx + sx, 2 * dy + sy) for sx in (-1, 1) for sy in (-1, 1)])
    east = (dy == 0) & (dx > 0)
    least = np.where(east, np.where(corners > 2, corners, 4.0).min(axis=0), corners.min(axis=0))
    greatest = np.where(east, np.where(corners < 2, corners, 0.0).max(axis=0), corners.max(axis=0))
    return np.searchsorted(angles, least, side="right"), np.searchsorted(angles, greatest, side="left")


def _corner_ranks(angles: np.ndarray, cx: np.ndarray, cy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rank of the direction through a corner at each doubled offset (odd cx, cy), -1 when no cell
    lies that way; for a '/' pair of walls and for a '\\' pair. A line through the corner from the viewer
    grazes the pair beside its way only when the pair runs across the line: '/' for a line going down-right
    or up-left, '\\' for the other two."""
    through = _pseudo_angles(cx, cy)
    rank = np.searchsorted(angles, through, side="left")
    found = rank < angles.size
    found[found] = angles[rank[found]] == through[found]
    rank = np.where(found, rank, -1)
    down_right = np.sign(cx) == np.sign(cy)
    return np.where(down_right, rank, -1), np.where(down_right, -1, rank)


@lru_cache(maxsize=2)
def _directions(width: int, height: int) -> _Directions:
    """What `_Directions` keeps for a map of this size."""
    dy, dx = np.mgrid[1 - height : height, 1 - width : width]
    dx[height - 1, width - 1] = 1  # the viewer's own offset: any direction, so the division stays defined
    found = _pseudo_angles(dx, dy)
    angles, ranks = np.unique(found, return_inverse=True)
    tree = ShadowTree(angles.size)
    slots = tree.slots(ranks.reshape(found.shape)).astype(np.intp)  # numpy gathers by intp without a copy
    if dx.size > KEPT_OFFSETS:
        return _Directions(angles, tree, slots, None)
    start, end = _wall_spans(angles, dx, dy)
    start[height - 1, width - 1] = end[height - 1, width - 1] = 0
    dx[height - 1, width - 1] = 0
    ky, kx = np.mgrid[1 - height : height - 1, 1 - width : width - 1]
    rising, falling = _corner_ranks(angles, 2 * kx + 1, 2 * ky + 1)
    reach, corner_reach = _doubled_distances(dx, dy), _corner_distances(2 * kx + 1, 2 * ky + 1)
    tables = (start, end, reach, rising, falling, corner_reach)
    return _Directions(angles, tree, slots, _Spans(*(table.astype(np.int32) for table in tables)))


def _doubled_distances(dx: np.ndarray, dy: np.ndarray) -> np.ndarray:
    """Twice the Chebyshev distance of each offset."""
    doubled: np.ndarray = np.maximum(np.abs(dx), np.abs(dy)) * 2
    return doubled


def _corner_distances(cx: np.ndarray, cy: np.ndarray) -> np.ndarray:
    """Twice the Chebyshev distance of each corner, from its doubled offset."""
    doubled: np.ndarray = np.maximum(np.abs(cx), np.abs(cy))
    return doubled


def _corner_cells(battlemap: BattleMap) -> tuple[np.ndarray, np.ndarray]:
    """The corners where two walls meet on a diagonal, by the top-left cell (y, x) of the four around the
    corner: walls at top-right and bottom-left ('/'), and walls at top-left and bottom-right ('\\'), kept
    per map."""

    def work_out() -> tuple[np.ndarray, np.ndarray]:
        walls = wall_grid(battlemap)
        rising = walls[:-1, 1:] & walls[1:, :-1]
        falling = walls[:-1, :-1] & walls[1:, 1:]
        return np.argwhere(rising), np.argwhere(falling)

    return kept(battlemap, "diagonal_corners", work_out)


def _wall_cells(battlemap: BattleMap) -> np.ndarray:
    """The walls' (y, x), kept per map."""
    return kept(battlemap, "wall_cells", lambda: np.argwhere(wall_grid(battlemap)))


def _numbered(battlemap: BattleMap, cells: np.ndarray, key: str, row: int) -> np.ndarray:
    """The cells (y, x) as y * row + x, kept per map: with the viewer's offset added, their places in a
    table of offsets `row` wide."""
    return kept(battlemap, (key, row), lambda: cells[:, 0].astype(np.int64) * row + cells[:, 1])


def _wall_shadows(
    battlemap: BattleMap, origin: Cell, directions: _Directions
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every wall: the ranks [start, end) it blocks seen from `origin` and its doubled distance."""
    (ox, oy), width, height = origin, battlemap.width, battlemap.height
    walls, spans = _wall_cells(battlemap), directions.spans
    if spans is not None:
        row = 2 * width - 1
        at = _numbered(battlemap, walls, "walls", row) + ((height - 1 - oy) * row + width - 1 - ox)
        return spans.wall_start.take(at), spans.wall_end.take(at), spans.reach.take(at)
    dy, dx = walls[:, 0] - oy, walls[:, 1] - ox
    start, end = _wall_spans(directions.angles, dx, dy)
    viewer = (dx == 0) & (dy == 0)
    start[viewer] = end[viewer] = 0  # the viewer's own cell never blocks
    return start, end, _doubled_distances(dx, dy)


def _corner_shadows(battlemap: BattleMap, origin: Cell, directions: _Directions) -> list[tuple[np.ndarray, ...]]:
    """For the '/' corners and for the '\\' corners: the rank each blocks seen from `origin`, and its
    doubled distance, for those that block one."""
    (ox, oy), width, height = origin, battlemap.width, battlemap.height
    spans, found = directions.spans, list[tuple[np.ndarray, ...]]()
    for which, (cells, key) in enumerate(zip(_corner_cells(battlemap), ("rising", "falling"), strict=True)):
        if spans is not None:
            row = 2 * width - 2
            at = _numbered(battlemap, cells, key, row) + ((height - 1 - oy) * row + width - 1 - ox)
            rank = getattr(spans, key).take(at)
            blocks = rank >= 0
            found.append((rank[blocks], spans.corner_reach.take(at[blocks])))
        else:
            cy, cx = 2 * (cells[:, 0] - oy) + 1, 2 * (cells[:, 1] - ox) + 1
            rank = _corner_ranks(directions.angles, cx, cy)[which]
            blocks = rank >= 0
            found.append((rank[blocks], _corner_distances(cx[blocks], cy[blocks])))
    return found


def sight_field(battlemap: BattleMap, origin: Cell) -> np.ndarray:
    """R0.1: whether the viewer in `origin` sees each cell of a square map, as booleans indexed [y, x].

    Distances here are doubled Chebyshev distances, so that a corner (half a cell off the centres) has a
    whole one; a wall or corner blocks the targets strictly farther than itself in its directions.
    """
    (ox, oy), width, height = origin, battlemap.width, battlemap.height
    directions = _directions(width, height)
    count = directions.angles.size
    start, end, far = _wall_shadows(battlemap, origin, directions)
    wraps = start > end
    pieces = [(start, np.where(wraps, count, end), far), (np.zeros_like(end[wraps]), end[wraps], far[wraps])]
    pieces += [(rank, rank + 1, corner_far) for rank, corner_far in _corner_shadows(battlemap, origin, directions)]
    starts, ends, distances = (np.concatenate(part) for part in zip(*pieces, strict=True))
    nearest = directions.tree.nearest_culled(starts, ends, distances.astype(np.int32), NEAR_SHADOWS)
    rows, columns = slice(height - 1 - oy, 2 * height - 1 - oy), slice(width - 1 - ox, 2 * width - 1 - ox)
    if directions.spans is not None:
        reach = directions.spans.reach[rows, columns]
    else:
        ys, xs = np.ogrid[:height, :width]
        reach = _doubled_distances(xs - ox, ys - oy)
    seen = nearest.take(directions.slots[rows, columns]) >= reach
    seen[oy, ox] = True
    return seen
