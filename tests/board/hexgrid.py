"""A hex grid for the tests only: it proves `Grid` holds everything that depends on the shape of the cells.

Flat-topped hexes, 1 m between neighbouring centres, on the same rows as the square maps in "odd-q"
offset coordinates: cell (x, y) is column x, row y, and odd columns sit half a cell lower. Six facings
N NE SE S SW NW, every step 30 mm, nothing to squeeze past (neighbours share an edge).

Sight gates: the segment between the centres is sampled finely (SAMPLES_PER_M); at each sample the gate is
the cells whose centres are nearest the point (two on an edge, three at a vertex). The walk is always made
from the smaller end cell and reversed for the other direction, so it is exactly symmetric.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import attrs

from apcombat.board.grid import CentredGrid, Gate, Step
from apcombat.model import Cell, Facing

COLUMN_M = math.sqrt(3) / 2
SAMPLES_PER_M = 16
_EVEN = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
_ODD = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
_FACINGS = (Facing.N, Facing.NE, Facing.SE, Facing.S, Facing.SW, Facing.NW)
_BEARINGS = {facing: 60.0 * i for i, facing in enumerate(_FACINGS)}


def _nearest(px: float, py: float) -> Cell:
    """The hex whose centre is nearest the point (cube rounding)."""
    q = px / COLUMN_M
    r = py - 0.5 - q / 2
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (rq, rr + (rq - (rq & 1)) // 2)


@attrs.frozen
class HexGrid(CentredGrid):
    """Six facings, every step 30 mm."""

    kind: str = "hex"
    facings: tuple[Facing, ...] = _FACINGS

    def bearing(self, facing: Facing) -> float:
        return _BEARINGS[facing]

    def steps(self, cell: Cell) -> Iterator[Step]:
        x, y = cell
        for facing, (dx, dy) in zip(_FACINGS, _ODD if x & 1 else _EVEN, strict=True):
            yield Step((x + dx, y + dy), facing, 30)

    def centre(self, cell: Cell) -> tuple[float, float]:
        x, y = cell
        return (x * COLUMN_M, y + 0.5 + (x & 1) / 2)

    def sight_gates(self, a: Cell, b: Cell) -> Iterator[Gate]:
        if b < a:
            yield from reversed(list(self._gates_from(b, a)))
        else:
            yield from self._gates_from(a, b)

    def _gates_from(self, a: Cell, b: Cell) -> Iterator[Gate]:
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        samples = max(1, math.ceil(math.hypot(bx - ax, by - ay) * SAMPLES_PER_M))
        last: Gate = ()
        for i in range(1, samples):
            px, py = ax + (bx - ax) * i / samples, ay + (by - ay) * i / samples
            near = _nearest(px, py)
            candidates = [near, *(step.to for step in self.steps(near))]
            distances = {cell: math.dist((px, py), self.centre(cell)) for cell in candidates}
            least = min(distances.values())
            gate = tuple(sorted(cell for cell, d in distances.items() if d <= least + 1e-9))
            if gate != last and a not in gate and b not in gate:
                yield gate
            last = gate
