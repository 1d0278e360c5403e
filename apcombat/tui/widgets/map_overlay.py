"""What the map draws over the terrain (`MapOverlay`, computed by `apcombat.engine.views`), and its cells
split by row, the shape the map's row cache wants."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

import attrs

from apcombat.model import BlastBand, Cell, Pose, RangeBand
from apcombat.model.converters import as_frozenset, as_tuple

V = TypeVar("V")


@attrs.frozen
class MapOverlay:
    """What the app asks the map to show over the terrain, all computed by `apcombat.engine.views`.

    An empty `sight` means the sight overlay is off (when on, it always holds the viewer's own cell).
    """

    reachable: dict[Cell, int] = attrs.field(factory=dict)  # cell -> AP it costs to get there
    path: tuple[tuple[Cell, int], ...] = attrs.field(default=(), converter=as_tuple)  # step -> AP left after it
    sight: frozenset[Cell] = attrs.field(default=frozenset(), converter=as_frozenset)  # cells in sight
    cones: frozenset[Cell] = attrs.field(default=frozenset(), converter=as_frozenset)  # enemies' reaction cones
    bands: dict[Cell, RangeBand] = attrs.field(factory=dict)  # range band of the weapon in hand
    cover: frozenset[Cell] = attrs.field(default=frozenset(), converter=as_frozenset)  # protected vs the active unit
    target: Cell | None = None
    costs_shown: bool = False  # write the AP cost in each reachable floor cell
    watches: frozenset[Cell] = attrs.field(default=frozenset(), converter=as_frozenset)  # the acting side's watches
    marks: tuple[tuple[Cell, int, Pose], ...] = attrs.field(default=(), converter=as_tuple)
    """The viewing side's last-seen marks (R21.2): cell, the marked enemy's side's place, its pose then."""
    blast: dict[Cell, BlastBand] = attrs.field(factory=dict)
    """A throw being aimed (R22.5): the blast's band of each cell around the cursor, a caught character's cell
    in its band after the shifts."""
    flagged: frozenset[Cell] = attrs.field(default=frozenset(), converter=as_frozenset)
    """The editor: cells with a problem `apcombat check` would report (a unit in a wall, a hidden unit in the
    open)."""
    stroke: frozenset[Cell] = attrs.field(default=frozenset(), converter=as_frozenset)
    """The editor: the cells the next stroke paints (the brush under the cursor, a line or rectangle from the
    mark)."""


def rows_of_cells(cells: frozenset[Cell]) -> dict[int, frozenset[int]]:
    """The xs of the cells, by row."""
    rows: dict[int, set[int]] = {}
    for x, y in cells:
        rows.setdefault(y, set()).add(x)
    return {y: frozenset(xs) for y, xs in rows.items()}


def rows_of_values(values: Mapping[Cell, V] | Iterable[tuple[Cell, V]]) -> dict[int, tuple[tuple[int, V], ...]]:
    """The (x, value) pairs of the cells, by row, sorted by x."""
    items = values.items() if isinstance(values, Mapping) else values
    rows: dict[int, list[tuple[int, V]]] = {}
    for (x, y), value in items:
        rows.setdefault(y, []).append((x, value))
    return {y: tuple(sorted(pairs, key=lambda pair: pair[0])) for y, pairs in rows.items()}
