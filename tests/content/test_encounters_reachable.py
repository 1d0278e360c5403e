"""Every shipped encounter can be fought to its end: each unit can walk to where it can hurt an enemy.

A unit walled in (a door opening onto a wall, a room without one) makes a fight that cannot end by
playing it. With unlimited AP, walking upright (R7.1; other units do not block, they move), every unit of
every shipped encounter with a map must reach a cell next to an enemy's cell (close combat, R10), or one
from which it sees an enemy (R8.5) within its weapon's extreme range (R1.3).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from apcombat.board.kinds import grid_for
from apcombat.board.paths import MoveProfile, reachable
from apcombat.board.sight import line_of_sight
from apcombat.content import content_root, load_encounter, load_library
from apcombat.model import Cell, Encounter, Pose, Unit

UNLIMITED_AP = 10_000
ENCOUNTERS = sorted((content_root() / "encounters").glob("*.toml"))


def _walled_in(state: Encounter) -> list[str]:
    """The units that cannot walk to a cell next to an enemy, nor to one where an enemy is in sight and range.

    With unlimited AP the cells a unit can walk to are all the cells of its region of the map (walking goes
    both ways), so each region is searched once."""
    battlemap = state.map
    assert battlemap is not None
    grid = grid_for(battlemap)
    regions: list[dict[Cell, object]] = []

    def region_of(unit: Unit) -> dict[Cell, object]:
        assert unit.at is not None
        found = next((region for region in regions if unit.at in region), None)
        if found is None:
            found = reachable(battlemap, grid, unit.at, unit.facing, UNLIMITED_AP, MoveProfile(Pose.UPRIGHT))
            regions.append(found)
        return found

    def can_hurt_an_enemy(unit: Unit) -> bool:
        cells = region_of(unit)
        enemies = [other.at for other in state.units if other.side != unit.side and other.at is not None]
        if any(enemy in cells for enemy in enemies):  # it can walk up next to one: close combat (R10)
            return True
        extreme_m = max((carried.weapon.ranges.extreme.max for carried in unit.weapons), default=0.0)
        return any(
            grid.distance_m(cell, enemy) <= extreme_m and line_of_sight(battlemap, grid, cell, enemy)
            for cell in cells
            for enemy in enemies
        )

    return [unit.id for unit in state.units if not can_hurt_an_enemy(unit)]


def test_every_shipped_encounter_is_checked() -> None:
    assert len(ENCOUNTERS) >= 6


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda path: Path(path).stem)
def test_every_unit_can_reach_an_enemy(path: Path) -> None:  # R7.1, R1.3, R8.5, R10
    state = load_encounter(path, load_library(content_root()))
    if state.map is None:
        pytest.skip("table mode: the game master's table has no walls the program knows")
    assert _walled_in(state) == [], f"{path.name}: these units can reach no enemy by walking"
