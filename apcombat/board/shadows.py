"""The nearest shadow over each of a row of places: the tree that `board.field` lays walls' shadows on.

Places are numbered 0 .. count - 1 (for sight, the directions in order); a shadow covers a run of places
[start, end) at a distance. `ShadowTree.nearest` lays every shadow at once on a tree of halvings (each
run becomes the few whole nodes that make it up, as in any segment tree) and pushes the least distance of
each node down to its places. It is vectorised with numpy: one pass a level of the tree, never one shadow
at a time.

The nodes of each level are kept in bit-reversed order, so that a node's two children sit at the same
place in the two halves of the next level: pushing a level down is then two plain element-wise minimums
instead of one over pairs, several times faster in numpy. The leaves come out in that order too; `slots`
says where a place's leaf is.
"""

from __future__ import annotations

import numpy as np

NO_SHADOW = np.iinfo(np.int32).max
"""The distance of a place no shadow covers: farther than anything."""


def _bit_reversed(bits: int) -> np.ndarray:
    """n with its `bits` lowest bits in reverse order, for every n below 2 ** bits."""
    numbers = np.arange(1 << bits, dtype=np.int32)
    reversed_ = np.zeros_like(numbers)
    for bit in range(bits):
        reversed_ |= ((numbers >> bit) & 1) << (bits - 1 - bit)
    return reversed_


class ShadowTree:
    """A tree over `count` places (see the module's note)."""

    def __init__(self, count: int) -> None:
        self.levels = max(count - 1, 1).bit_length()
        self.size = 1 << self.levels
        self._reversed = _bit_reversed(self.levels)

    def slots(self, places: np.ndarray) -> np.ndarray:
        """Where each place's leaf is in what `nearest` returns."""
        return self._reversed[places]

    def nearest(self, starts: np.ndarray, ends: np.ndarray, distances: np.ndarray) -> np.ndarray:
        """The least distance of the shadows [start, end) over each place (`NO_SHADOW` where none is), by
        slot (`slots`); a shadow with end <= start covers nothing."""
        size, reversed_ = self.size, self._reversed
        lows, highs = starts.astype(np.int64) + size, ends.astype(np.int64) + size
        left = lows < highs
        lows, highs, distances = lows[left], highs[left], distances[left]
        nodes, values = [], []
        first, shift = size, 0  # the level's first node, and how far its positions are from the leaves'
        while lows.size:
            # A run's odd low end and odd high end are whole nodes of this level; the rest goes up a level.
            odd = (lows & 1).astype(bool)
            nodes.append(first + (reversed_[lows[odd] - first] >> shift))
            values.append(distances[odd])
            lows += odd
            odd = (highs & 1).astype(bool)
            highs -= odd
            nodes.append(first + (reversed_[highs[odd] - first] >> shift))
            values.append(distances[odd])
            lows >>= 1
            highs >>= 1
            first >>= 1
            shift += 1
            left = lows < highs
            lows, highs, distances = lows[left], highs[left], distances[left]
        tree = np.full(2 * size, NO_SHADOW, dtype=np.int32)
        if nodes:
            np.minimum.at(tree, np.concatenate(nodes), np.concatenate(values))
        width = 1
        while width < size:
            parents = tree[width : 2 * width]
            for half in (tree[2 * width : 3 * width], tree[3 * width : 4 * width]):
                np.minimum(half, parents, out=half)
            width *= 2
        return tree[size:]
