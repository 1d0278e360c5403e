"""The hex grid of R20: pointy-top hexes in rows, odd rows shifted half a cell east ("odd-r" offset).

A cell is still (x, y), column and row. Neighbouring centres are 1 m apart (R20.1), so rows are sqrt(3)/2 m
apart; the centre of cell (x, y) is at (x + 1/2 + (y odd) / 2, (1 + 3y/2) / sqrt(3)) m, which puts the
top corner of row 0 and the west edge of column 0 of the even rows on the map's edges. Six facings,
clockwise from NE: NE 30, E 90, SE 150, SW 210, W 270, NW 330 degrees (R20.2); every step is 30 mm and
squeezes past nothing, as neighbours share an edge.

Sight (R20.4) is worked out exactly, in integers. Scaled to U = 2 x_m and V = 2 sqrt(3) y_m every centre
and every corner has integer coordinates, and every edge of every hex lies on a line where U, U - V or
U + V is a whole number. Those lines cut the segment between two centres into pieces; inside a piece the
nearest centre does not change, and the nearest centre is the cell (hexes are the cells nearest their
centres). A piece with one nearest cell is a gate of that cell; a piece with two runs exactly along the
edge between them and is a gate of both, blocking only when both block. The points between pieces are
never gates, so a cell the line touches only at a corner (where three hexes meet) never blocks it. The
walk is exact, and the cuts from b are those from a mirrored, so the gates from b are those from a reversed.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from heapq import merge
from itertools import groupby, pairwise

import attrs

from apcombat.board.grid import CentredGrid, Gate, Step
from apcombat.model import Cell, Facing
from apcombat.rules.movement import ORTHOGONAL_STEP_MM

ROW_M = math.sqrt(3) / 2
"""R20.1: the distance between two rows' centres, in metres."""

HEX_FACINGS: tuple[Facing, ...] = (Facing.NE, Facing.E, Facing.SE, Facing.SW, Facing.W, Facing.NW)
"""R20.2: the six facings of a hex map, clockwise, 60 degrees apart."""

_BEARINGS: dict[Facing, float] = {facing: 30.0 + 60.0 * i for i, facing in enumerate(HEX_FACINGS)}
_EVEN_ROW = ((0, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (-1, -1))
_ODD_ROW = ((1, -1), (1, 0), (1, 1), (0, 1), (-1, 0), (0, -1))


def _scaled_centre(cell: Cell) -> tuple[int, int]:
    """The centre in the module's integer coordinates U = 2 x_m, V = 2 sqrt(3) y_m."""
    x, y = cell
    return (2 * x + 1 + (y & 1), 2 + 3 * y)


def _nearest_cells(u: int, v: int, scale: int) -> tuple[Cell, ...]:
    """The cells whose centres are nearest the point (u / scale, v / scale) in scaled coordinates.

    The nearest centre lies in one of the two rows around the point and is one of the two centres around
    it in that row. Squared metres are (3 dU^2 + dV^2) / 12 in scaled coordinates.
    """
    best: list[Cell] = []
    least = -1
    first_row = (v - 2 * scale) // (3 * scale)
    for row in (first_row, first_row + 1):
        shift = 1 + (row & 1)  # a centre's U is 2 x + 1, and one more on odd rows
        across = v - (2 + 3 * row) * scale
        across *= across
        first_column = (u - shift * scale) // (2 * scale)
        for column in (first_column, first_column + 1):
            along = u - (2 * column + shift) * scale
            d = 3 * along * along + across
            if least < 0 or d < least:
                best, least = [(column, row)], d
            elif d == least:
                best.append((column, row))
    return tuple(sorted(best))


@attrs.frozen
class HexGrid(CentredGrid):
    """R20: pointy-top hexes in odd-r rows, 1 m between neighbouring centres, six facings 60 degrees apart."""

    kind: str = "hex"
    facings: tuple[Facing, ...] = HEX_FACINGS

    def bearing(self, facing: Facing) -> float:
        """R20.2: NE 30 degrees, then 60 degrees a facing, clockwise; N and S are no hex facings."""
        try:
            return _BEARINGS[facing]
        except KeyError:
            raise ValueError(f"{facing.value} is not a facing on a hex map; they are E NE NW W SW SE") from None

    def steps(self, cell: Cell) -> Iterator[Step]:
        """R20.1: the six neighbours in facing order, every step 30 mm (odd rows sit half a cell east)."""
        x, y = cell
        for facing, (dx, dy) in zip(HEX_FACINGS, _ODD_ROW if y & 1 else _EVEN_ROW, strict=True):
            yield Step((x + dx, y + dy), facing, ORTHOGONAL_STEP_MM)

    def centre(self, cell: Cell) -> tuple[float, float]:
        """R20.1: the cell's centre in metres (module note)."""
        u, v = _scaled_centre(cell)
        return (u / 2, v / (2 * math.sqrt(3)))

    def sight_gates(self, a: Cell, b: Cell) -> Iterator[Gate]:
        """R20.4: the pieces of the segment between the centres, each as the cells nearest it (module note)."""
        (u0, v0), (u1, v1) = _scaled_centre(a), _scaled_centre(b)
        du, dv = u1 - u0, v1 - v0
        # The segment is t in [0, 1]; it meets a line of whole U, U - V or U + V at t = k / |change|.
        changes = [abs(change) for change in (du, du - dv, du + dv) if change]
        if not changes:
            return
        whole = math.lcm(*changes)
        # The cuts in order, each once, made as they are needed: a line of sight stops at its first wall.
        cuts = (cut for cut, _ in groupby(merge(*(range(0, whole + 1, whole // change) for change in changes))))
        last: Gate = ()
        for start, end in pairwise(cuts):
            # The middle of the piece, t = (start + end) / (2 whole), kept as integers over 2 whole.
            middle = start + end
            scale = 2 * whole
            gate = _nearest_cells(u0 * scale + du * middle, v0 * scale + dv * middle, scale)
            if gate != last and a not in gate and b not in gate:
                yield gate
            last = gate
