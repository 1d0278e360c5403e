"""The views the app asks for after every command keep their results by what they read (`engine.recent`):
cover against a unit by the map and the unit's cell, the enemies' cones by the map and the watchers. What
they give is what the plain reckoning gives, for every state, whether it was kept or not."""

from __future__ import annotations

import attrs

from apcombat.board.cone import watched_cells
from apcombat.board.cover import protected
from apcombat.engine.geometry import grid_of
from apcombat.engine.views import covered_cells, enemy_cones
from apcombat.model import Encounter, Facing, Unit, Watch

from .test_legal_commands import reached_state


def plain_cover(state: Encounter, unit: Unit) -> frozenset:
    grid, battlemap = grid_of(state), state.map
    return frozenset(
        (x, y)
        for y in range(battlemap.height)
        for x in range(battlemap.width)
        if not battlemap.at((x, y)).blocks_movement and protected(battlemap, grid, (x, y), unit.at)
    )


def plain_cones(state: Encounter, side: str) -> frozenset:
    cells: set = set()
    for unit in state.units:
        if unit.side != side and unit.watch is not None and unit.at is not None and unit.weapon is not None:
            cells |= watched_cells(state.map, grid_of(state), unit.at, unit.facing, unit.weapon.weapon)
    return frozenset(cells)


def test_cover_is_the_plain_reckonings_for_each_cell_the_unit_stands_in():
    state = reached_state("street_fight", 5, 3)
    unit = state.unit(state.active)
    for cell in [unit.at, (unit.at[0] + 1, unit.at[1]), unit.at]:  # the last one kept from the first
        moved = attrs.evolve(unit, at=cell)
        assert covered_cells(state.with_unit(moved), moved) == plain_cover(state, moved)


def test_cones_follow_the_watchers():
    state = reached_state("street_fight", 5, 3)
    unit = state.unit(state.active)
    enemy = next(u for u in state.units if u.side != unit.side and u.weapon is not None and u.at is not None)
    watching = state.with_unit(attrs.evolve(enemy, watch=Watch()))
    assert enemy_cones(watching, unit.side) == plain_cones(watching, unit.side) != frozenset()
    for facing in (Facing.N, Facing.S):
        turned = watching.with_unit(attrs.evolve(watching.unit(enemy.id), facing=facing))
        assert enemy_cones(turned, unit.side) == plain_cones(turned, unit.side)
    assert enemy_cones(state, unit.side) == plain_cones(state, unit.side)
