"""The nearest shadow over each of a row of places: the tree that `board.field` lays walls' shadows on.

Places are numbered 0 .. count - 1 (for sight, the directions in order); a shadow covers a run of places
[start, end) at a distance. `ShadowTree.nearest` lays every shadow at once on a tree of halvings (each
run becomes the few whole nodes that make it up, as in any segment tree) and pushes the least distance of
each node down to its places. It is vectorised with numpy: every shadow and every level at once, never
one shadow at a time.

`nearest_culled` first leaves out the far shadows that lie wholly within the near ones (the near
shadows' runs joined together, a few hundred at most, tell which): those can change nothing (a place
under a near shadow keeps its nearer distance), and behind the first walls around a viewer most walls of
a map are such.

The nodes of each level are kept in bit-reversed order, so that a node's two children sit at the same
place in the two halves of the next level: pushing a level down is then two plain element-wise minimums
instead of one over pairs, several times faster in numpy. The leaves come out in that order too; `slots`
says where a place's leaf is.
"""

from __future__ import annotations

import numpy as np

NO_SHADOW = np.iinfo(np.int32).max
"""The distance of a place no shadow covers: farther than anything."""

_AT_ONCE = 8192
"""Shadows broken into whole nodes at once (each takes a row of numbers per level of the tree)."""


def _bit_reversed(bits: int) -> np.ndarray:
    """n with its `bits` lowest bits in reverse order, for every n below 2 ** bits."""
    numbers = np.arange(1 << bits, dtype=np.int32)
    reversed_ = np.zeros_like(numbers)
    for bit in range(bits):
        reversed_ |= ((numbers >> bit) & 1) << (bits - 1 - bit)
    return reversed_


def _joined(starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The places the runs [start, end) cover together, as runs [first, last) in order, none touching."""
    covering = ends > starts
    order = np.argsort(starts[covering], kind="stable")
    starts, ends = starts[covering][order], ends[covering][order]
    if not starts.size:
        return starts, ends
    reached = np.maximum.accumulate(ends)
    # A run begins a new stretch when it starts past every place the runs before it reached.
    begins = np.ones(starts.size, dtype=bool)
    begins[1:] = starts[1:] > reached[:-1]
    heads = np.flatnonzero(begins)
    return starts[heads], reached[np.append(heads[1:], starts.size) - 1]


class ShadowTree:
    """A tree over `count` places (see the module's note)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.levels = max(count - 1, 1).bit_length()
        self.size = 1 << self.levels
        self._reversed = _bit_reversed(self.levels)

    def slots(self, places: np.ndarray) -> np.ndarray:
        """Where each place's leaf is in what `nearest` returns."""
        slots: np.ndarray = self._reversed[places]
        return slots

    def nearest_culled(self, starts: np.ndarray, ends: np.ndarray, distances: np.ndarray, near: int) -> np.ndarray:
        """`nearest`, leaving out the shadows farther than `near` that lie wholly within one stretch of the
        nearer shadows joined together: they can change nothing."""
        close = distances <= near
        first, last = _joined(starts[close], ends[close])
        if first.size:
            within = np.searchsorted(first, starts, side="right") - 1
            keep = close | (within < 0) | (last[within] < ends)
            starts, ends, distances = starts[keep], ends[keep], distances[keep]
        return self.nearest(starts, ends, distances)

    def nearest(self, starts: np.ndarray, ends: np.ndarray, distances: np.ndarray) -> np.ndarray:
        """The least distance of the shadows [start, end) over each place (`NO_SHADOW` where none is), by
        slot (`slots`); 0 <= start, end <= count, and a shadow with end <= start covers nothing."""
        size = self.size
        tree = np.full(2 * size, NO_SHADOW, dtype=np.int32)
        for first in range(0, starts.size, _AT_ONCE):
            part = slice(first, first + _AT_ONCE)
            nodes, values = self._nodes(starts[part], ends[part], distances[part])
            np.minimum.at(tree, nodes, values)
        width = 1
        while width < size:
            parents = tree[width : 2 * width]
            for half in (tree[2 * width : 3 * width], tree[3 * width : 4 * width]):
                np.minimum(half, parents, out=half)
            width *= 2
        return tree[size:]

    def _nodes(self, starts: np.ndarray, ends: np.ndarray, distances: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The whole nodes each shadow is made of, where they are kept, and the shadow's distance for each.

        The usual walk of a run up a tree of halvings, every level at once: at the level `shift` above the
        leaves the run is [ceil(low / 2 ** shift), floor(high / 2 ** shift)) in the level's numbering, and
        an odd low end or an odd high end of a run not yet empty is a whole node of it.
        """
        shifts = np.arange(self.levels + 1, dtype=np.int64)[:, None]
        lows = (starts.astype(np.int64) + self.size + (1 << shifts) - 1) >> shifts
        highs = (ends.astype(np.int64) + self.size) >> shifts
        left = lows < highs
        at_low = left & (lows & 1).astype(bool)
        at_high = left & (highs & 1).astype(bool)
        nodes = np.concatenate([lows[at_low], highs[at_high] - 1])
        spread = np.broadcast_to(distances, lows.shape)
        values = np.concatenate([spread[at_low], spread[at_high]])
        level = np.frexp(nodes)[1] - 1  # exact: the nodes are far below 2 ** 53
        level_first = np.left_shift(1, level)
        return level_first + (self._reversed[nodes - level_first] >> (self.levels - level)), values
