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
from apcombat.content.suggest import did_you_mean
from apcombat.content.values import WrongValue, is_whole_number, show_value
from apcombat.model import limits
from apcombat.model.battlemap import DEFAULT_LEGEND, BattleMap, Cell, Terrain
from apcombat.model.wording import shown_word

MAP_KINDS = tuple(GRIDS)
"""The grids a map can be drawn on (R0.1 squares, R20.1 hexes)."""


@attrs.frozen
class MapSection:
    """[map] as written: the rows, the characters added to or changed in the default legend, the grid."""

    rows: tuple[str, ...]
    legend: dict[str, Terrain] = attrs.field(factory=dict)
    kind: str = "square"
    fires: tuple[Cell, ...] = ()  # R18.3.4: cells burning as the fight starts
    burnt: tuple[Cell, ...] = ()  # R18.3.3: cells a fire already left burnt


def _cells_field(value: Any, _: Any) -> tuple[Cell, ...]:
    """Cells written `[[x, y], ...]`."""
    if not isinstance(value, list):
        raise WrongValue(f"expected a list of cells [[x, y], ...], got {show_value(value)}")
    for number, cell in enumerate(value, start=1):
        if not (isinstance(cell, list) and len(cell) == 2 and all(map(is_whole_number, cell))):
            shown = f"[{', '.join(map(show_value, cell))}]" if isinstance(cell, list) else show_value(cell)
            raise WrongValue(f"cell {number}: expected a cell [x, y] of two whole numbers, got {shown}")
    return tuple((cell[0], cell[1]) for cell in value)


_DRAWN = [terrain.value for terrain in Terrain if terrain is not Terrain.FIRE]


def _drawn_terrain(value: Any, _: Any) -> Terrain:
    """A legend's terrain: any but a fire, which is lit on a cell (`fires`), not drawn (R18.3.4)."""
    if value == Terrain.FIRE.value:
        raise WrongValue("'fire' is lit on a cell with [map] fires = [[x, y]], not drawn in the legend (R18.3.4)")
    if isinstance(value, str) and value in _DRAWN:
        return Terrain(value)
    listing = ", ".join(_DRAWN)
    if not isinstance(value, str):
        raise WrongValue(f"expected one of {listing}, got {show_value(value)}")
    raise WrongValue(f"{shown_word(value)} is not one of {listing}{did_you_mean(value, _DRAWN)}")


CONVERTER.register_structure_hook(Terrain, _drawn_terrain)
register_field_rules(CONVERTER, MapSection, {"kind": one_of(MAP_KINDS), "fires": _cells_field, "burnt": _cells_field})


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
    if section is not None and not found:
        found += _fire_findings(section, {**DEFAULT_LEGEND, **section.legend})
    if section is None or found:
        return None, found
    legend = {**DEFAULT_LEGEND, **section.legend}
    battle_map = BattleMap(
        rows=section.rows, legend=legend, kind=section.kind, fires=section.fires, burnt=section.burnt
    )
    return battle_map, []


def _fire_findings(section: MapSection, legend: dict[str, Terrain]) -> list[Finding]:
    """R18.3: every cell of `fires` and `burnt` on the map, a fire only where something burns or on open
    ground, no cell both burning and burnt."""
    found: list[Finding] = []
    width, height = len(section.rows[0]) if section.rows else 0, len(section.rows)
    for field, cells in (("fires", section.fires), ("burnt", section.burnt)):
        for x, y in cells:
            if not (0 <= x < width and 0 <= y < height):
                message = f"[{x}, {y}] is outside the map, which is {width} x {height} cells"
                found.append((field, message))
                continue
            terrain = legend[section.rows[y][x]]
            if field == "fires" and terrain.blocks_movement and not terrain.flammable:
                message = (
                    f"[{x}, {y}] is {terrain.described}, which does not burn: fires are lit on flammable "
                    "terrain (brush, crates, hut) or open ground"
                )
                found.append((field, message))
            if field == "burnt" and (x, y) in section.fires:
                found.append((field, f"[{x}, {y}] is also in fires: a cell is burning or burnt, not both"))
    return found


def describe_legend(legend: dict[str, Any]) -> str:
    """The legend as a player reads it: `. floor, # wall, = low, ...`."""
    return ", ".join(f"{character} {terrain}" for character, terrain in legend.items())


def _legend_findings(legend: dict[str, Any]) -> list[Finding]:
    return [("legend", f"expected one map character per key, got {shown_word(key)}") for key in legend if len(key) != 1]


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
    """Why a unit cannot stand on `cell` (outside the map, or a wall, low obstacle or gap), or None. A fire
    does not stop it (R18.3.1: a cell may catch fire under a character) unless what burns is itself one."""
    x, y = cell
    if not battle_map.inside(cell):
        width, height = battle_map.width, battle_map.height
        return (
            f"[{x}, {y}] is outside the map, which is {width} x {height} cells "
            f"(x 0 to {width - 1}, y 0 to {height - 1})"
        )
    terrain = battle_map.at(cell)
    if terrain is Terrain.FIRE:  # R18.3.1: a unit may be in a cell that caught fire, if it could stand there
        terrain = battle_map.legend[battle_map.rows[y][x]]
    if terrain.blocks_movement:
        return f"[{x}, {y}] is {terrain.described}, where no unit can stand"
    return None
