"""The shape of the cells: the one interface through which the rules and the engine see the grid (R0.1, R7.3).

Everything that depends on whether cells are squares or hexes lives behind `Grid`: the facings and their
bearings, the neighbours of a cell with the length of each step, the centres of cells and the cells a
sight line passes. `SquareGrid` is the grid of the rules (1 m cells, eight facings) and `HexGrid`
(`board.hex_grid`) the hex grid of R20; `board.kinds.grid_for` picks a map's grid by its `kind`, and nothing
above the board knows which grid it is on.

Coordinates: a cell is (x, y) from the top-left, y down; a centre is in metres on the same axes; a bearing
is in degrees clockwise from north (north is up, towards smaller y).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from typing import NamedTuple, Protocol

import attrs

from apcombat.model import Cell, Facing
from apcombat.rules.movement import DIAGONAL_STEP_MM, ORTHOGONAL_STEP_MM, angle_between

Gate = tuple[Cell, ...]
"""Cells a sight line passes at one point of its way: one cell, or the cells it grazes together."""


class Step(NamedTuple):
    """A move to a neighbouring cell (R0.1, R7.3).

    `facing` is the direction of travel, `mm` the length of the step in millimetres of table and `squeeze`
    the cells the step passes between, which must all be passable for the step to be allowed.
    """

    to: Cell
    facing: Facing
    mm: int
    squeeze: tuple[Cell, ...] = ()


class Grid(Protocol):
    """R0.1, R7.3: the geometry of one shape of cells.

    `facings` run clockwise from north. `sight_gates(a, b)` lists, from a to b, the places a sight line
    between the centres of a and b passes, each as the tuple of cells it touches there; a place blocks
    sight only when every cell of its tuple does. The end cells are never part of a gate, and the gates
    from b to a are the same places in the reverse order, so sight is symmetric.
    """

    # Read-only: the grids are frozen attrs classes.
    @property
    def kind(self) -> str: ...

    @property
    def facings(self) -> tuple[Facing, ...]: ...

    def bearing(self, facing: Facing) -> float: ...

    def steps(self, cell: Cell) -> Iterable[Step]: ...

    def centre(self, cell: Cell) -> tuple[float, float]: ...

    def distance_m(self, a: Cell, b: Cell) -> float: ...

    def bearing_to(self, a: Cell, b: Cell) -> float: ...

    def facing_towards(self, a: Cell, b: Cell) -> Facing: ...

    def facings_towards(self, a: Cell, b: Cell) -> tuple[Facing, ...]: ...

    def facing_steps(self, a: Facing, b: Facing) -> int: ...

    def line(self, a: Cell, b: Cell) -> list[Cell]: ...

    def sight_gates(self, a: Cell, b: Cell) -> Iterator[Gate]: ...


class CentredGrid:
    """The part of a grid that follows from its centres, bearings and sight gates, shared by every shape.

    A subclass provides `facings`, `bearing`, `centre` and `sight_gates`.
    """

    facings: tuple[Facing, ...]

    def bearing(self, facing: Facing) -> float:
        raise NotImplementedError

    def centre(self, cell: Cell) -> tuple[float, float]:
        raise NotImplementedError

    def sight_gates(self, a: Cell, b: Cell) -> Iterator[Gate]:
        raise NotImplementedError

    def distance_m(self, a: Cell, b: Cell) -> float:
        """R0.1: the Euclidean distance between the two centres, in metres."""
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        return math.hypot(bx - ax, by - ay)

    def bearing_to(self, a: Cell, b: Cell) -> float:
        """The bearing from a's centre to b's, degrees clockwise from north, 0 <= bearing < 360."""
        if a == b:
            raise ValueError(f"there is no bearing from the cell {a[0]},{a[1]} to itself")
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        return math.degrees(math.atan2(bx - ax, ay - by)) % 360.0

    def facing_towards(self, a: Cell, b: Cell) -> Facing:
        """R7.3: the facing nearest the bearing from a to b; a tie goes to the earlier facing in `facings`."""
        return self.facings_towards(a, b)[0]

    def facings_towards(self, a: Cell, b: Cell) -> tuple[Facing, ...]:
        """R16.2: the facings nearest the bearing from a to b: one, or the two of a tie, in `facings` order."""
        bearing = self.bearing_to(a, b)
        off = {facing: round(angle_between(bearing, self.bearing(facing)), 9) for facing in self.facings}
        nearest = min(off.values())
        return tuple(facing for facing in self.facings if off[facing] == nearest)

    def facing_steps(self, a: Facing, b: Facing) -> int:
        """R7.3, R20.2: how many facing steps the shorter turn from facing a to facing b takes (0 to half of
        `facings`): 45 degrees a step on squares, 60 on hexes. Turn costs are read from these steps."""
        count = len(self.facings)
        apart = (self.facings.index(b) - self.facings.index(a)) % count
        return min(apart, count - apart)

    def line(self, a: Cell, b: Cell) -> list[Cell]:
        """The cells a sight line from a's centre to b's touches, each once, from a to b, both ends included."""
        if a == b:
            return [a]
        return list(dict.fromkeys([a, *(cell for gate in self.sight_gates(a, b) for cell in gate), b]))


_SQUARE_OFFSETS: tuple[tuple[Facing, int, int], ...] = (
    (Facing.N, 0, -1),
    (Facing.NE, 1, -1),
    (Facing.E, 1, 0),
    (Facing.SE, 1, 1),
    (Facing.S, 0, 1),
    (Facing.SW, -1, 1),
    (Facing.W, -1, 0),
    (Facing.NW, -1, -1),
)
_SQUARE_BEARINGS: dict[Facing, float] = {facing: 45.0 * i for i, (facing, _, _) in enumerate(_SQUARE_OFFSETS)}


@attrs.frozen
class SquareGrid(CentredGrid):
    """R0.1, R7.3: square cells of 1 m, eight facings 45 degrees apart.

    An orthogonal step is 30 mm, a diagonal one 42 mm and squeezes between the two cells at its sides,
    so a diagonal step is forbidden when either of them blocks movement. A sight line that passes exactly
    through the corner where four cells meet grazes the two cells beside its way there: that corner blocks
    only when both of them block sight, so a diagonal wall stops sight but the corner of a single wall
    block does not.
    """

    kind: str = "square"
    facings: tuple[Facing, ...] = tuple(facing for facing, _, _ in _SQUARE_OFFSETS)

    def bearing(self, facing: Facing) -> float:
        """R7.3: 0 for N, then 45 degrees a facing, clockwise."""
        return _SQUARE_BEARINGS[facing]

    def steps(self, cell: Cell) -> Iterator[Step]:
        """R0.1: the eight neighbours in facing order, with the step length and the cells squeezed past."""
        x, y = cell
        for facing, dx, dy in _SQUARE_OFFSETS:
            if dx and dy:
                yield Step((x + dx, y + dy), facing, DIAGONAL_STEP_MM, ((x + dx, y), (x, y + dy)))
            else:
                yield Step((x + dx, y + dy), facing, ORTHOGONAL_STEP_MM)

    def centre(self, cell: Cell) -> tuple[float, float]:
        return (cell[0] + 0.5, cell[1] + 0.5)

    def sight_gates(self, a: Cell, b: Cell) -> Iterator[Gate]:
        """Every cell the segment between the centres crosses, walked with exact integer arithmetic.

        Having crossed i vertical and j horizontal cell borders, the segment next meets a vertical one
        after (2i+1)/2dx of its length and a horizontal one after (2j+1)/2dy; the sign of
        (2i+1)dy - (2j+1)dx (kept in `decision`) says which comes first, and zero means the corner, where
        the gate is the two cells beside it. Exact arithmetic makes the walk from b the same places
        reversed.
        """
        (x, y), (bx, by) = a, b
        dx, dy = abs(bx - x), abs(by - y)
        sx, sy = (1 if bx > x else -1), (1 if by > y else -1)
        decision, x_gain, y_gain = dy - dx, 2 * dy, 2 * dx
        for _ in range(dx + dy):
            if decision == 0:
                beside = ((x + sx, y), (x, y + sy))
                yield (min(beside), max(beside))
                x += sx
                y += sy
                decision += x_gain - y_gain
            elif decision < 0:
                x += sx
                decision += x_gain
            else:
                y += sy
                decision -= y_gain
            if x == bx and y == by:
                return
            yield ((x, y),)
