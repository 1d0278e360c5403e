"""What each row of the map shows (`RowMarks`, the key of the map's row cache): its ground (legend characters,
fires, burnt cells), the units on it and the overlays' cells split by row.

Splitting an overlay is the costly part on a large map, so each overlay's split
is kept while the app passes an equal value (a new state often brings the same reach or cones)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from apcombat.model import Cell, Encounter
from apcombat.tui.widgets.map_glyphs import RowMarks, UnitGlyph, unit_rows
from apcombat.tui.widgets.map_overlay import MapOverlay, rows_of_cells, rows_of_values

V = TypeVar("V")
R = TypeVar("R")


class RowMarksBuilder:
    """Builds the rows' marks of one map view, keeping each overlay split by row while it is unchanged."""

    def __init__(self) -> None:
        self._layers: dict[str, tuple[object, dict[int, Any]]] = {}  # overlay -> (value, value split by row)

    def clear(self) -> None:
        """Forget the splits (another map)."""
        self._layers.clear()

    def path_rows(self, path: tuple[tuple[Cell, int], ...]) -> dict[int, tuple[tuple[int, int], ...]]:
        """A previewed path split by row (the cursor's walk preview redraws only the rows it touches)."""
        return self._layer("path", path, rows_of_values)

    def _layer(self, name: str, value: V, split: Callable[[V], dict[int, R]]) -> dict[int, R]:
        cached = self._layers.get(name)
        if cached is not None and (cached[0] is value or cached[0] == value):
            return cast(dict[int, R], cached[1])
        rows = split(value)
        self._layers[name] = (value, rows)
        return rows

    def build(
        self, state: Encounter, overlay: MapOverlay, labels: dict[str, str], height: int, cursor: Cell
    ) -> list[RowMarks]:
        """The marks of each of the map's `height` rows: units (drawn with their `labels`), overlays, target
        and cursor."""
        units: dict[int, tuple[UnitGlyph, ...]] = unit_rows(state, labels, overlay.marks)
        reach = self._layer("reachable", overlay.reachable, rows_of_values)
        path = self._layer("path", overlay.path, rows_of_values)
        sight = self._layer("sight", overlay.sight, rows_of_cells)
        cones = self._layer("cones", overlay.cones, rows_of_cells)
        bands = self._layer("bands", overlay.bands, rows_of_values)
        cover = self._layer("cover", overlay.cover, rows_of_cells)
        watches = self._layer("watches", overlay.watches, rows_of_cells)
        blast = self._layer("blast", overlay.blast, rows_of_values)
        flagged = self._layer("flagged", overlay.flagged, rows_of_cells)
        stroke = self._layer("stroke", overlay.stroke, rows_of_cells)
        battle_map = state.map
        ground = battle_map.rows if battle_map is not None else ()
        fires = self._layer("fires", battle_map.fires if battle_map is not None else frozenset(), rows_of_cells)
        burnt = self._layer("burnt", battle_map.burnt if battle_map is not None else frozenset(), rows_of_cells)
        sight_on, none, empty = bool(overlay.sight), (), frozenset[int]()
        target_x, target_y = overlay.target if overlay.target is not None else (None, None)
        cursor_x, cursor_y = cursor
        return [
            RowMarks(
                y,
                units.get(y, none),
                reach.get(y, none),
                path.get(y, none),
                sight.get(y, empty) if sight_on else None,
                cones.get(y, empty),
                bands.get(y, none),
                cover.get(y, empty),
                target_x if y == target_y else None,
                cursor_x if y == cursor_y else None,
                overlay.costs_shown,
                watches.get(y, empty),
                blast.get(y, none),
                flagged.get(y, empty),
                stroke.get(y, empty),
                ground[y] if y < len(ground) else "",
                fires.get(y, empty),
                burnt.get(y, empty),
            )
            for y in range(height)
        ]
