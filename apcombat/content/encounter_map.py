"""The `[map]` section of an encounter file: rows of text read through a legend into a BattleMap, and
where on it a unit may stand."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from apcombat.board.kinds import GRIDS
from apcombat.content.converter import CONVERTER
from apcombat.content.diagnose import Finding
from apcombat.content.field_rules import one_of, register_field_rules
from apcombat.content.loader import structure
from apcombat.model import limits
from apcombat.model.battlemap import DEFAULT_LEGEND, BattleMap, Cell, Terrain

MAP_KINDS = tuple(GRIDS)
"""The grids a map can be drawn on (R0.1 squares, R20.1 hexes)."""

_CANNOT_STAND = {Terrain.WALL: "a wall", Terrain.LOW: "a low obstacle", Terrain.GAP: "a gap"}


@attrs.frozen
class MapSection:
    """[map] as written: the rows, the characters added to or changed in the default legend, the grid."""

    rows: tuple[str, ...]
    legend: dict[str, Terrain] = attrs.field(factory=dict)
    kind: str = "square"


register_field_rules(CONVERTER, MapSection, {"kind": one_of(MAP_KINDS)})


def read_map(raw: Any) -> tuple[BattleMap | None, list[Finding]]:
    """The battle map a [map] section describes, or None and every problem found in it.

    The rows are checked as written, so that their problems show even when another field is wrong."""
    section, found = structure(raw, MapSection)
    rows = raw.get("rows") if isinstance(raw, dict) else None
    if isinstance(rows, list) and all(isinstance(row, str) for row in rows):
        written = raw.get("legend")
        legend = {**DEFAULT_LEGEND, **(written if isinstance(written, dict) else {})}
        too_big = _size_findings(rows)
        found += too_big or _legend_findings(legend) + _width_findings(rows) + _character_findings(rows, legend)
    if section is None or found:
        return None, found
    legend = {**DEFAULT_LEGEND, **section.legend}
    return BattleMap(rows=section.rows, legend=legend, kind=section.kind), []


def describe_legend(legend: dict[str, Any]) -> str:
    """The legend as a player reads it: `. floor, # wall, = low, ...`."""
    return ", ".join(f"{character} {terrain}" for character, terrain in legend.items())


def _legend_findings(legend: dict[str, Any]) -> list[Finding]:
    return [("legend", f"expected one map character per key, got {key!r}") for key in legend if len(key) != 1]


def _size_findings(rows: list[str]) -> list[Finding]:
    """At most MAP_SIDE rows of at most MAP_SIDE cells: the largest map the program handles."""
    side = limits.MAP_SIDE
    width = max(map(len, rows), default=0)
    if len(rows) <= side and width <= side:
        return []
    return [("rows", f"the map is {width:,} x {len(rows):,} cells; a map has at most {side:,} x {side:,}")]


def _width_findings(rows: list[str]) -> list[Finding]:
    """Every row as long as most rows are (ties: as the first row); none empty."""
    if not rows:
        return [("rows", "expected at least one row of map characters, got none")]
    counts = Counter(len(row) for row in rows)
    width = max(counts, key=lambda length: (counts[length], length == len(rows[0])))
    if width == 0:
        return [("rows", "expected rows of map characters, got empty rows")]
    return [
        (f"rows[{y}]", f"is {len(row)} characters long, but the other rows are {width}")
        for y, row in enumerate(rows)
        if len(row) != width
    ]


def _character_findings(rows: list[str], legend: dict[str, Any]) -> list[Finding]:
    """Each character missing from the legend, once, at the first cell it is used in."""
    terrains = {terrain.value for terrain in Terrain}
    usable = {key: value for key, value in legend.items() if len(key) == 1 and value in terrains}
    found: list[Finding] = []
    reported: set[str] = set()
    for y, row in enumerate(rows):
        for x, character in enumerate(row):
            if character in legend or character in reported:
                continue
            reported.add(character)
            found.append(
                (
                    f"rows[{y}]",
                    f"unknown map character {character!r} at column {x} (cell [{x}, {y}]): give it a "
                    f"terrain in [map] legend, or use one of {describe_legend(usable)}",
                )
            )
    return found


def standing_problem(cell: Cell, battle_map: BattleMap) -> str | None:
    """Why a unit cannot stand on `cell` (outside the map, or a wall, low obstacle or gap), or None."""
    x, y = cell
    if not battle_map.inside(cell):
        width, height = battle_map.width, battle_map.height
        return (
            f"[{x}, {y}] is outside the map, which is {width} x {height} cells "
            f"(x 0 to {width - 1}, y 0 to {height - 1})"
        )
    terrain = battle_map.at(cell)
    if terrain.blocks_movement:
        return f"[{x}, {y}] is {_CANNOT_STAND.get(terrain, terrain.value)}, where no unit can stand"
    return None
