"""What the terminal app shows on the map, computed here so the app computes no rule: reachable cells with
their AP, line of sight, enemies' reaction cones, range bands of the weapon in hand, cells protected by cover.
"""

from __future__ import annotations

from apcombat.board.cone import watched_cells
from apcombat.board.cover import protected
from apcombat.board.paths import reachable
from apcombat.board.sight import visible_cells
from apcombat.engine.commands import CommandError
from apcombat.engine.geometry import grid_of, sees
from apcombat.engine.movement import move_profile
from apcombat.model import Cell, Encounter, Facing, RangeBand, Unit
from apcombat.rules.ranges import range_band


def _on_map(state: Encounter, unit: Unit) -> bool:
    return state.map is not None and unit.at is not None


def reachable_cells(state: Encounter, unit: Unit, running: bool = False) -> dict[Cell, int]:
    """Every cell the unit can walk (or run) to with the AP it has left, and the AP it costs (R7, R14)."""
    if not _on_map(state, unit) or unit.in_cover or unit.ap <= 0:
        return {}
    assert state.map is not None and unit.at is not None
    try:
        profile = move_profile(state, unit, running)
    except CommandError:  # a unit that may not run has no running area
        return {}
    blocked = frozenset(u.at for u in state.units if u.id != unit.id and not u.down and u.at is not None)
    carried = min(unit.carried_mm, 29)
    reach = reachable(state.map, grid_of(state), unit.at, unit.facing, unit.ap, profile, carried, blocked)
    return {cell: r.ap for cell, r in reach.items() if cell != unit.at}


def sight_cells(state: Encounter, unit: Unit) -> frozenset[Cell]:
    """Cells the unit has a line of sight to."""
    if not _on_map(state, unit):
        return frozenset()
    assert state.map is not None and unit.at is not None
    return visible_cells(state.map, grid_of(state), unit.at)


def enemy_cones(state: Encounter, side: str) -> frozenset[Cell]:
    """R16.1: cells watched by the enemies of `side` that stand on reaction watch."""
    if state.map is None:
        return frozenset()
    cells: set[Cell] = set()
    for unit in state.units:
        if unit.side != side and unit.watch is not None and unit.at is not None and unit.weapon is not None:
            cells |= watched_cells(state.map, grid_of(state), unit.at, unit.facing, unit.weapon.weapon)
    return frozenset(cells)


def band_cells(state: Encounter, unit: Unit) -> dict[Cell, RangeBand]:
    """R1.3: the range band of the weapon in hand for every visible cell."""
    if not _on_map(state, unit) or unit.weapon is None:
        return {}
    assert unit.at is not None
    grid, weapon = grid_of(state), unit.weapon.weapon
    bands = {}
    for cell in sight_cells(state, unit):
        band = range_band(weapon, grid.distance_m(unit.at, cell))
        if band is not None and cell != unit.at:
            bands[cell] = band
    return bands


def covered_cells(state: Encounter, unit: Unit) -> frozenset[Cell]:
    """R9.2: cells where a character in cover would be protected against this unit's fire."""
    if not _on_map(state, unit):
        return frozenset()
    assert state.map is not None and unit.at is not None
    grid, battlemap = grid_of(state), state.map
    return frozenset(
        (x, y)
        for y in range(battlemap.height)
        for x in range(battlemap.width)
        if not battlemap.at((x, y)).blocks_movement and protected(battlemap, grid, (x, y), unit.at)
    )


def facing_towards(state: Encounter, unit: Unit, cell: Cell) -> Facing:
    """The facing that looks from the unit towards a cell (for `turn`)."""
    assert unit.at is not None
    return grid_of(state).facing_towards(unit.at, cell)


def visible_enemies(state: Encounter, unit: Unit) -> list[Unit]:
    """Enemies standing in sight, nearest first: what Tab cycles through when picking a target."""
    enemies = [u for u in state.units if u.side != unit.side and not u.down and sees(state, unit, u)]
    if _on_map(state, unit):
        grid = grid_of(state)
        assert unit.at is not None
        enemies.sort(key=lambda u: grid.distance_m(unit.at, u.at) if u.at else 0.0)
    return enemies
