"""Sight from one cell over the whole hex map at once (R20.4): the same cells as one sight line per cell.

The hex grid's line rule (`board.hex_grid`) blocks a line between two centres in two ways: it passes
through the inside of a wall (a cell other than its two ends), or it runs along the edge between two cells
that both block (a cell off the map counts as a wall there). A corner never blocks. Both are questions of
direction and order, asked of every cell at once as `board.field` does on squares:

- Seen from the viewer's centre, a wall's inside covers the directions strictly between the least and the
  greatest bearing of its six corners. A line in such a direction passes through the wall; it is blocked
  when its target lies beyond the wall. Every cell is the part of the plane nearest its centre, so a point
  p of the line inside the wall W, before the target T, has |p - W| < |p - T| = |T| - |p|, hence |W| < |T|
  (distances from the viewer's centre); and a wall crossed after T has |W| > |T| the same way. So the wall
  blocks exactly the targets in its directions that are farther than it: the order is the plain distance
  between centres, exact in integers as `3 dU^2 + dV^2` in the grid's scaled coordinates (U = 2 x_m,
  V = 2 sqrt(3) y_m, where every centre and corner is a whole point).
- An edge between two blocking cells whose line passes through the viewer's centre blocks the one direction
  along it, for the targets beyond it (farther than both cells, by the same argument).

Directions are ordered by `field`'s pseudo-angle on the scaled coordinates (a linear map of the plane that
keeps the order of directions), every direction a map of one size can have is kept once, and the shadows
are laid on `field`'s tree. The line per cell (`sight.visible_cells_by_lines`) stays the reference the tests
hold this to.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, TypeVar

import numpy as np

from apcombat.board.field import _pseudo_angles
from apcombat.board.shadows import ShadowTree
from apcombat.board.survey import kept, wall_grid
from apcombat.model import BattleMap, Cell

NEAR_SHADOWS = 12 * 16 * 16
"""Walls and edges up to 16 m away (in scaled squared distances, 12 a square metre) are near: a farther one
is laid only when its shadow reaches past theirs (`ShadowTree.nearest_culled`)."""

_CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
"""A pointy-top hex's six corners from its centre, in scaled coordinates: top, then clockwise."""

_EDGES = (
    # (dx, dy of the neighbour on even rows, on odd rows), then the shared edge's two ends from the first centre
    ((1, 0), (1, 0), (1, -1), (1, 1)),  # east: the first cell's right side
    ((0, 1), (1, 1), (1, 1), (0, 2)),  # south-east: its lower right side
    ((-1, 1), (0, 1), (0, 2), (-1, 1)),  # south-west: its lower left side
)
"""Each pair of neighbours once: the neighbour's offset by row parity and the ends of the edge between them."""


class _Directions(NamedTuple):
    """Every direction from one centre to another on a hex map of one size."""

    angles: np.ndarray
    """The directions' pseudo-angles, distinct and in order: a direction's place in it is its rank."""
    tree: ShadowTree
    slots: np.ndarray
    """Where the leaf of each scaled offset's direction is in the tree's answer: `slots[dV // 3 + height - 1,
    dU + 2 width]`."""


@lru_cache(maxsize=2)
def _directions(width: int, height: int) -> _Directions:
    """What `_Directions` keeps for a map of this size (every whole dU, a few more than the centres have)."""
    rows, across = np.mgrid[1 - height : height, -2 * width : 2 * width + 1]
    du, dv = across, 3 * rows
    du[height - 1, 2 * width] = 1  # the viewer's own offset: any direction, so the pseudo-angle stays defined
    found = _pseudo_angles(du, dv)
    angles, ranks = np.unique(found, return_inverse=True)
    tree = ShadowTree(angles.size)
    return _Directions(angles, tree, tree.slots(ranks.reshape(found.shape)).astype(np.intp))


_Whole = TypeVar("_Whole", np.ndarray, np.int64)  # a cell's coordinate, or an array of them


def _scaled(xs: _Whole, ys: _Whole) -> tuple[_Whole, _Whole]:
    """Cells' centres in scaled coordinates (`hex_grid._scaled_centre`, for arrays)."""
    return 2 * xs + 1 + (ys & 1), 2 + 3 * ys


def _wall_cells(battlemap: BattleMap) -> np.ndarray:
    """The walls' (y, x), kept per map."""
    return kept(battlemap, "wall_cells", lambda: np.argwhere(wall_grid(battlemap)))


def _blocking_edges(battlemap: BattleMap) -> np.ndarray:
    """Every edge between two cells that both block sight, at least one of them on the map (a cell off the
    map counts as a wall, R20.4), kept per map: rows of (first x, first y, second x, second y, edge end 1 dU,
    dV, end 2 dU, dV), the ends from the first cell's centre."""

    def work_out() -> np.ndarray:
        walls = wall_grid(battlemap)
        height, width = walls.shape
        padded = np.ones((height + 2, width + 2), dtype=bool)
        padded[1:-1, 1:-1] = walls
        inside = np.zeros_like(padded)
        inside[1:-1, 1:-1] = True
        ys, xs = np.nonzero(padded)
        found = []
        for even, odd, end_1, end_2 in _EDGES:
            dx = np.where((ys - 1) & 1, odd[0], even[0])  # the padded row y is the map's row y - 1
            dy = even[1]
            nx, ny = xs + dx, ys + dy
            ok = (nx >= 0) & (nx < width + 2) & (ny < height + 2)
            ok[ok] = padded[ny[ok], nx[ok]] & (inside[ys[ok], xs[ok]] | inside[ny[ok], nx[ok]])
            count = int(ok.sum())
            found.append(
                np.column_stack(
                    [xs[ok] - 1, ys[ok] - 1, nx[ok] - 1, ny[ok] - 1, *(np.full(count, n) for n in (*end_1, *end_2))]
                )
            )
        return np.concatenate(found).astype(np.int64) if found else np.zeros((0, 8), dtype=np.int64)

    return kept(battlemap, "blocking_hex_edges", work_out)


def _distances(du: np.ndarray, dv: np.ndarray) -> np.ndarray:
    """Squared distances in scaled units (12 a square metre): exact, and in the order of real distances."""
    squared: np.ndarray = 3 * du * du + dv * dv
    return squared


def _wall_shadows(battlemap: BattleMap, origin: Cell, angles: np.ndarray) -> tuple[np.ndarray, ...]:
    """For every wall but the viewer's own cell: the ranks [start, end) its inside covers and its distance."""
    walls = _wall_cells(battlemap)
    walls = walls[(walls[:, 0] != origin[1]) | (walls[:, 1] != origin[0])]
    ou, ov = _scaled(np.int64(origin[0]), np.int64(origin[1]))
    cu, cv = _scaled(walls[:, 1].astype(np.int64), walls[:, 0].astype(np.int64))
    du, dv = cu - ou, cv - ov
    corners = np.stack([_pseudo_angles(du + su, dv + sv) for su, sv in _CORNERS])
    # A wall straddling east (its own row, to the east) has corners on both sides of the pseudo-angle's wrap.
    east = (dv == 0) & (du > 0)
    least = np.where(east, np.where(corners > 2, corners, 4.0).min(axis=0), corners.min(axis=0))
    greatest = np.where(east, np.where(corners < 2, corners, 0.0).max(axis=0), corners.max(axis=0))
    start = np.searchsorted(angles, least, side="right")
    end = np.searchsorted(angles, greatest, side="left")
    return start, end, _distances(du, dv)


def _edge_shadows(battlemap: BattleMap, origin: Cell, angles: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For every blocking edge on a line through the viewer's centre: the rank of the direction along it
    (when some cell lies that way) and the larger distance of its two cells."""
    edges = _blocking_edges(battlemap)
    ou, ov = _scaled(np.int64(origin[0]), np.int64(origin[1]))
    au, av = _scaled(edges[:, 0], edges[:, 1])
    bu, bv = _scaled(edges[:, 2], edges[:, 3])
    pu, pv = au - ou + edges[:, 4], av - ov + edges[:, 5]
    qu, qv = au - ou + edges[:, 6], av - ov + edges[:, 7]
    along = pu * qv == pv * qu  # the edge's line passes through the viewer's centre (never its ends)
    pu, pv = pu[along], pv[along]
    through = _pseudo_angles(pu, pv)
    rank = np.searchsorted(angles, through, side="left")
    found = rank < angles.size
    found[found] = angles[rank[found]] == through[found]
    far = np.maximum(_distances(au - ou, av - ov), _distances(bu - ou, bv - ov))[along]
    return rank[found], far[found]


def hex_sight_field(battlemap: BattleMap, origin: Cell) -> np.ndarray:
    """R20.4: whether the viewer in `origin` sees each cell of a hex map, as booleans indexed [y, x]."""
    (ox, oy), width, height = origin, battlemap.width, battlemap.height
    directions = _directions(width, height)
    count = directions.angles.size
    start, end, far = _wall_shadows(battlemap, origin, directions.angles)
    wraps = start > end
    rank, edge_far = _edge_shadows(battlemap, origin, directions.angles)
    starts = np.concatenate([start, np.zeros(int(wraps.sum()), dtype=start.dtype), rank])
    ends = np.concatenate([np.where(wraps, count, end), end[wraps], rank + 1])
    distances = np.concatenate([far, far[wraps], edge_far]).astype(np.int32)
    nearest = directions.tree.nearest_culled(starts, ends, distances, NEAR_SHADOWS)
    ys, xs = np.mgrid[:height, :width]
    ou, ov = _scaled(np.int64(ox), np.int64(oy))
    tu, tv = _scaled(xs, ys)
    du, dv = tu - ou, tv - ov
    slots = directions.slots[dv // 3 + height - 1, du + 2 * width]
    seen: np.ndarray = nearest.take(slots) >= _distances(du, dv)
    seen[oy, ox] = True
    return seen
