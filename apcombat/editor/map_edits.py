"""Edits of an encounter's map: a new map, terrain painted on cells, fires at set-up (R18.3.4), resizing,
shifting, rows pasted in. Each takes the encounter and gives the changed one (or raises EditRefused); the
units stay where they are, wall or not (the checks say so)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from apcombat.editor.refusal import EditRefused
from apcombat.editor.terrain import default_legend, glyph_for
from apcombat.model import limits
from apcombat.model.battlemap import BattleMap, Cell, Terrain
from apcombat.model.encounter import Encounter

MAP_KINDS = ("square", "hex")


def blank_map(width: int, height: int, kind: str = "square") -> BattleMap:
    """A map of floor, `width` x `height` cells, squares or hexes (R20.1)."""
    _check_size(width, height)
    if kind not in MAP_KINDS:
        raise EditRefused(f"a map is square or hex, not {kind!r}")
    return BattleMap(rows=("." * width,) * height, legend=default_legend(), kind=kind)


def _check_size(width: int, height: int) -> None:
    side = limits.MAP_SIDE
    if not (1 <= width <= side and 1 <= height <= side):
        raise EditRefused(f"a map is 1 to {side:,} cells each way; {width} x {height} is not")


def read_size(text: str) -> tuple[int, int]:
    """A map size as a person types it ("20 x 12", "20x12", "20 12", "20,12"): width and height, refused with
    a sentence when it is not two whole numbers within the format's limits."""
    words = text.lower().replace("x", " ").replace(",", " ").replace("×", " ").split()
    width, height = [limits.typed_digits(word) for word in words] if len(words) == 2 else (None, None)
    if width is None or height is None:
        raise EditRefused(f"give the size as width x height, such as 20 x 12; {text.strip() or 'nothing'} is not")
    _check_size(width, height)
    return width, height


def read_shift(text: str) -> tuple[int, int]:
    """A shift as a person types it ("3 -2", "3,-2", empty for none): dx and dy."""
    words = text.replace(",", " ").split()
    if not words:
        return 0, 0
    try:
        dx, dy = (int(word) for word in words)
    except ValueError:
        raise EditRefused(
            f"give the shift as two whole numbers, east and south, such as 2 -1; {text.strip()} is not"
        ) from None
    return dx, dy


def _the_map(encounter: Encounter) -> BattleMap:
    if encounter.map is None:
        raise EditRefused("this fight has no map (table mode): give it one first")
    return encounter.map


def paint(encounter: Encounter, cells: Iterable[Cell], terrain: Terrain) -> Encounter:
    """The map with `terrain` on every cell given that is on it; a cell painted is no longer on fire or burnt."""
    battle_map = _the_map(encounter)
    glyph, legend = glyph_for(battle_map.legend, terrain)
    by_row: dict[int, list[int]] = {}
    for x, y in cells:
        if battle_map.inside((x, y)):
            by_row.setdefault(y, []).append(x)
    if not by_row:
        return encounter
    rows = list(battle_map.rows)
    for y, xs in by_row.items():
        row = list(rows[y])
        for x in xs:
            row[x] = glyph
        rows[y] = "".join(row)
    painted = {(x, y) for y, xs in by_row.items() for x in xs}
    changed = attrs.evolve(
        battle_map,
        rows=tuple(rows),
        legend=legend,
        fires=battle_map.fires - painted,
        burnt=battle_map.burnt - painted,
    )
    return attrs.evolve(encounter, map=changed)


def set_fires(encounter: Encounter, cells: Iterable[Cell], on: bool) -> Encounter:
    """R18.3.4: cells burning as the fight starts (on), or not (off). Walls and low obstacles that do not burn
    are left as they are (a fire is lit on flammable terrain or open ground)."""
    battle_map = _the_map(encounter)
    chosen = {cell for cell in cells if battle_map.inside(cell)}
    if on:
        legend, rows = battle_map.legend, battle_map.rows
        lit = {(x, y) for x, y in chosen if not legend[rows[y][x]].blocks_movement or legend[rows[y][x]].flammable}
        changed = attrs.evolve(battle_map, fires=battle_map.fires | lit, burnt=battle_map.burnt - lit)
    else:
        changed = attrs.evolve(battle_map, fires=battle_map.fires - chosen)
    return attrs.evolve(encounter, map=changed)


def with_map(encounter: Encounter, battle_map: BattleMap | None) -> Encounter:
    """The encounter on another map (None: table mode, and its units take no cell)."""
    if battle_map is None:
        units = tuple(attrs.evolve(unit, at=None) for unit in encounter.units)
        return attrs.evolve(encounter, map=None, units=units)
    return attrs.evolve(encounter, map=battle_map)


def battle_map_fits(cell: Cell, width: int, height: int) -> bool:
    """Whether `cell` is on a map of `width` x `height` cells."""
    return 0 <= cell[0] < width and 0 <= cell[1] < height


def resize(encounter: Encounter, width: int, height: int) -> Encounter:
    """The map cut or grown to `width` x `height` from its top-left corner (new cells floor)."""
    battle_map = _the_map(encounter)
    _check_size(width, height)
    outside = [
        (unit.name, unit.at)
        for unit in encounter.units
        if unit.at is not None and not battle_map_fits(unit.at, width, height)
    ]
    if outside:
        name, (x, y) = outside[0]
        raise EditRefused(
            f"{name} stands at {x},{y}, outside a {width} x {height} map: move or remove "
            f"{'them' if len(outside) > 1 else 'it'} first"
        )
    floor, legend = glyph_for(battle_map.legend, Terrain.FLOOR)
    rows = [row[:width].ljust(width, floor) for row in battle_map.rows[:height]]
    rows += [floor * width] * (height - len(rows))
    inside = {(x, y) for x, y in battle_map.fires | battle_map.burnt if x < width and y < height}
    changed = attrs.evolve(
        battle_map,
        rows=tuple(rows),
        legend=legend,
        fires=battle_map.fires & inside,
        burnt=battle_map.burnt & inside,
    )
    return attrs.evolve(encounter, map=changed)


def shift(encounter: Encounter, dx: int, dy: int) -> Encounter:
    """Everything on the map (terrain, fires, units) moved `dx`, `dy` cells; what leaves the map is gone and
    the cells left behind are floor. Refused if a unit would leave the map. On a hex map an odd `dy` would
    change every cell's neighbours, so hexes shift by whole pairs of rows."""
    battle_map = _the_map(encounter)
    if battle_map.kind == "hex" and dy % 2:
        raise EditRefused("a hex map shifts up or down by two rows at a time (its rows are offset in pairs)")
    width, height = battle_map.width, battle_map.height
    for unit in encounter.units:
        if unit.at is not None and not battle_map.inside((unit.at[0] + dx, unit.at[1] + dy)):
            raise EditRefused(f"{unit.name} would leave the map: move {unit.name} first, or shift less")
    floor, legend = glyph_for(battle_map.legend, Terrain.FLOOR)
    rows = []
    for y in range(height):
        source = y - dy
        row = battle_map.rows[source] if 0 <= source < height else floor * width
        rows.append("".join(row[x - dx] if 0 <= x - dx < width else floor for x in range(width)))

    def moved(cells: frozenset[Cell]) -> frozenset[Cell]:
        return frozenset((x + dx, y + dy) for x, y in cells if battle_map.inside((x + dx, y + dy)))

    changed = attrs.evolve(
        battle_map, rows=tuple(rows), legend=legend, fires=moved(battle_map.fires), burnt=moved(battle_map.burnt)
    )
    units = tuple(
        attrs.evolve(unit, at=(unit.at[0] + dx, unit.at[1] + dy)) if unit.at is not None else unit
        for unit in encounter.units
    )
    return attrs.evolve(encounter, map=changed, units=units)


def _block(rows: Iterable[str]) -> list[str]:
    """Pasted rows without the blank lines before and after them (a blank line inside the block is a row
    left as it is, so the rows under it stay where they were drawn)."""
    pasted = [row.rstrip("\r\n") for row in rows]
    while pasted and not pasted[-1]:
        pasted.pop()
    while pasted and not pasted[0]:
        pasted.pop(0)
    return pasted


def pasted_cut(encounter: Encounter, origin: Cell, rows: Iterable[str]) -> str:
    """What of the rows pasted at `origin` runs past the map's edge, in words ("" when all of it fits)."""
    battle_map = _the_map(encounter)
    pasted = _block(rows)
    wide = max((len(row) for row in pasted), default=0)
    fit_x = max(0, min(wide, battle_map.width - origin[0]))
    fit_y = max(0, min(len(pasted), battle_map.height - origin[1]))
    if (fit_x, fit_y) == (wide, len(pasted)):
        return ""
    return f"{wide} x {len(pasted)} pasted, {fit_x} x {fit_y} of it on the map: the rest ran past its edge"


def paste_rows(
    encounter: Encounter, origin: Cell, rows: Iterable[str], legend: Mapping[str, Terrain] | None = None
) -> Encounter:
    """Rows of legend characters (as a map's `rows` has them, from the clipboard or a file) laid on the map
    with their first character at `origin`; what runs past the map's edge is cut. A character is read through
    `legend` first, then the map's legend; an unknown one is refused, naming it."""
    battle_map = _the_map(encounter)
    known = {**battle_map.legend, **(legend or {})}
    pasted = _block(rows)
    if not pasted:
        raise EditRefused("nothing to paste: give rows of map characters, one row a line")
    for y, row in enumerate(pasted):
        for x, glyph in enumerate(row):
            if glyph not in known:
                raise EditRefused(
                    f"unknown map character {glyph!r} in pasted row {y + 1}, column {x + 1}: the legend has "
                    f"{''.join(sorted(known))}"
                )
    result = encounter
    by_terrain: dict[Terrain, set[Cell]] = {}
    ox, oy = origin
    for y, row in enumerate(pasted):
        for x, glyph in enumerate(row):
            by_terrain.setdefault(known[glyph], set()).add((ox + x, oy + y))
    for terrain, cells in by_terrain.items():
        result = paint(result, cells, terrain)
    return result
