"""The board's geometry asked about units of an encounter: distances, sight, cover, reaction cones.

Without a map (table mode) the game master measures: distances come from the command (`at Ncm`), and
sight and cover are taken as the game master says.
"""

from __future__ import annotations

from apcombat.board import cover as board_cover
from apcombat.board.cone import in_reaction_cone
from apcombat.board.grid import Grid
from apcombat.board.kinds import grid_for
from apcombat.board.sight import blocked_at, line_of_sight
from apcombat.engine.commands import CommandError
from apcombat.engine.part import parts_on
from apcombat.model import Cell, Encounter, Facing, Pose, Unit
from apcombat.rules.ranges import in_best_ranges

CM_PER_METRE = 3  # R0.1: 3 cm on the table is 1 m


def grid_of(state: Encounter) -> Grid:
    assert state.map is not None
    return grid_for(state.map)


def facing_on_map(state: Encounter, facing: Facing) -> Facing:
    """R7.3, R20.2: the facing, refused in one sentence when the map's grid has no such facing (N or S on a hex
    map); a facing is always read with its map's grid."""
    if state.map is not None:
        try:
            grid_of(state).bearing(facing)
        except ValueError as error:
            raise CommandError(str(error)) from None
    return facing


def step_degrees(state: Encounter) -> float:
    """R7.3, R20.2: the degrees of one facing step: 45 on squares and in table mode, 60 on hexes."""
    return 360.0 / len(grid_of(state).facings) if state.map is not None else 45.0


def distance_m(state: Encounter, a: Unit, b: Unit, distance_cm: float | None) -> float:
    """Metres between two units: measured on the map, or the table distance the command gives (R0.1)."""
    if state.map is None or a.at is None or b.at is None:
        if distance_cm is None:
            raise CommandError(f"table mode: say how far {b.name} is from {a.name}, e.g. 'at 25cm' (3 cm = 1 m)")
        return distance_cm / CM_PER_METRE
    if distance_cm is not None:
        raise CommandError("'at Ncm' is for table mode; on the map the distance is measured")
    return grid_of(state).distance_m(a.at, b.at)


def sight_problem(state: Encounter, a: Unit, b: Unit, leaning: bool = False) -> str | None:
    """Why a cannot see b, or None when it can (walls block; R8.5 a prone target behind cover is hidden,
    except in an action in which it leans out: `leaning`)."""
    if state.map is None or a.at is None or b.at is None:
        return None
    grid = grid_of(state)
    if not line_of_sight(state.map, grid, a.at, b.at):
        return f"{a.name} has no line of sight to {b.name}: {_in_the_way(state, grid, a.at, b.at)}"
    if not leaning and hidden_prone(state, b, a):
        return f"{b.name} lies prone behind cover and cannot be seen from {a.at[0]},{a.at[1]} (R8.5)"
    return None


def in_sight(state: Encounter, a: Unit, b: Unit, leaning: bool = False) -> bool:
    """`sight_problem` is None, without wording the problem (asked for every target of every legal action)."""
    if state.map is None or a.at is None or b.at is None:
        return True
    return line_of_sight(state.map, grid_of(state), a.at, b.at) and (leaning or not hidden_prone(state, b, a))


def _in_the_way(state: Encounter, grid: Grid, a: Cell, b: Cell) -> str:
    """What blocks the line first, seen from a: a fire's smoke (R18.3.1), named by its cell, or a wall."""
    assert state.map is not None
    gate = blocked_at(state.map, grid, a, b) or ()
    fire = next((cell for cell in gate if state.map.burning(cell)), None)
    if fire is None:
        return "a wall is in the way"
    return f"the fire at {fire[0]},{fire[1]} is in the way (its smoke blocks sight, R18.3.1)"


def hidden_prone(state: Encounter, prone: Unit, other: Unit) -> bool:
    """R8.5: the unit lies prone behind hip-high cover between it and the other unit (R9.2)."""
    if prone.pose is not Pose.PRONE or state.map is None or prone.at is None or other.at is None:
        return False
    return board_cover.hidden_when_prone(state.map, grid_of(state), prone.at, other.at)


def sees(state: Encounter, a: Unit, b: Unit, leaning: bool = False) -> bool:
    """a sees b: the line (R8.5: a prone target behind hip-high cover is hidden unless `leaning`), and no
    module keeps b from a's sight (R21.1.4: the fog of war's R21.1.1 answers every "in sight")."""
    if any(part.hides(state, a, b) for part in parts_on(state)):
        return False
    return in_sight(state, a, b, leaning)


def covered_against(state: Encounter, target: Unit, shooter: Unit) -> bool:
    """R9.2: the target is in cover and an obstacle it is behind lies between it and the shooter."""
    if not target.in_cover:
        return False
    if state.map is None or target.at is None or shooter.at is None:
        return True
    return board_cover.protected(state.map, grid_of(state), target.at, shooter.at)


def cover_nearby(state: Encounter, unit: Unit) -> bool:
    """R9.1: an obstacle at least hip-high next to the unit (always so in table mode: the GM decides)."""
    if state.map is None or unit.at is None:
        return True
    return board_cover.can_take_cover(state.map, grid_of(state), unit.at)


def sees_cover_of(state: Encounter, shooter: Unit, target: Unit) -> bool:
    """R17.1: line of sight to the obstacle the target is behind."""
    if state.map is None or shooter.at is None or target.at is None:
        return True
    return board_cover.sees_cover_of(state.map, grid_of(state), shooter.at, target.at)


def watches(state: Encounter, watcher: Unit, enemy: Unit, leaning: bool = False) -> bool:
    """R16.1: the enemy stands visible in the watcher's 45 degree cone, within its two best ranges
    (`leaning`: in an action in which the enemy leans out, R9.5)."""
    if state.map is None or watcher.at is None or enemy.at is None or watcher.weapon is None:
        return False
    grid = grid_of(state)
    if not in_reaction_cone(grid, watcher.at, watcher.facing, enemy.at):
        return False
    if not in_best_ranges(watcher.weapon.weapon, grid.distance_m(watcher.at, enemy.at)):
        return False
    return sees(state, watcher, enemy, leaning)


def fire_on_line(state: Encounter, a: Cell, b: Cell) -> Cell | None:
    """R18.3.1, R7.3: the first fire the line between the centres of a and b passes through or grazes at a
    corner (a corner counts when either cell beside it burns), or None."""
    if state.map is None or not state.map.fires:
        return None
    fires = state.map.fires
    for gate in grid_for(state.map).sight_gates(a, b):
        for cell in gate:
            if cell in fires:
                return cell
    return None
