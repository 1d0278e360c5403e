"""R21.2: what a side knows, worked out again at each update (R21.1.3): the enemies it sees, each as it last
saw it, and a last-seen mark for each enemy in the fight it saw at the update before and no longer sees."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceSource
from apcombat.engine.events import Event
from apcombat.engine.modules.fog_of_war.hiding import reveal_by_neighbours
from apcombat.engine.modules.fog_of_war.sight import has_line_to, side_sees
from apcombat.model import Cell, Encounter, Side, Unit
from apcombat.model.fates import Fate
from apcombat.model.encounter import with_state
from apcombat.model.fog_state import FogOfSide, Mark, Sighting
from apcombat.model.modules import Module

FOG = Module.FOG_OF_WAR.value


def sighting(unit: Unit, round_number: int) -> Sighting:
    """An enemy as a side sees it now (R21.2.5: what the program shows of an enemy)."""
    weapon = unit.weapon
    return Sighting(
        unit=unit.id,
        at=unit.at,
        facing=unit.facing,
        pose=unit.pose,
        in_cover=unit.in_cover,
        hp=unit.hp,
        weapon=weapon.weapon.id if weapon is not None else None,
        fate=unit.fate,
        round=round_number,
    )


def side_update(state: Encounter, side: Side) -> FogOfSide:
    """R21.2.1, R21.2.2 (a), (c), R21.2.4: one side's knowledge at an update."""
    fog = side.slots.fog_of_war
    seen = side_sees(state, side.id)
    last = {sight.unit: sight for sight in fog.last_seen}
    marks = {mark.unit: mark for mark in fog.marks if mark.unit not in seen}
    for unit_id in fog.seen - seen:
        enemy = _unit(state, unit_id)
        if enemy is None or enemy.down:
            continue  # R21.2.1: marks are of enemies in the fight; a body is R21.2.4's
        was = last.get(unit_id)
        if was is not None:
            marks[unit_id] = Mark(unit_id, was.at, was.pose, state.round)
    for unit_id in seen:
        last[unit_id] = sighting(state.unit(unit_id), state.round)
    _bodies(state, side.id, seen, last, marks)
    bumped = tuple(
        (unit_id, cell) for unit_id, cell in fog.bumped if (unit := _unit(state, unit_id)) and unit.at == cell
    )
    return attrs.evolve(
        fog,
        seen=seen,
        marks=tuple(marks[key] for key in sorted(marks, key=_order(state))),
        ever_seen=fog.ever_seen | seen,
        last_seen=tuple(last[key] for key in sorted(last, key=_order(state))),
        bumped=bumped,
        glimpsed=fog.glimpsed | seen,
    )


def _bodies(
    state: Encounter, side: str, seen: frozenset[str], last: dict[str, Sighting], marks: dict[str, Mark]
) -> None:
    """R21.2.4: an enemy out of the fight is shown where it lay as the side last saw it; the picture changes
    only at an update at which one of the side's characters has the line to that cell: the fate now, or — one
    back in the fight the side does not see — a mark there made this round. One that fled is gone for all,
    its mark too (R21.2.2 c: a body seen so takes its mark away)."""
    for enemy in state.units:
        if enemy.side == side or enemy.id in seen:
            continue
        if enemy.fate is Fate.FLED:
            marks.pop(enemy.id, None)
            continue
        if enemy.down and _in_line(state, side, enemy.id, enemy.at):
            last[enemy.id] = sighting(enemy, state.round)
            marks.pop(enemy.id, None)
            continue
        was = last.get(enemy.id)
        if was is None or not _lay(was) or not _in_line(state, side, enemy.id, was.at):
            continue
        if not enemy.down:  # back in the fight, unseen: a mark where it lay
            marks[enemy.id] = Mark(enemy.id, was.at, was.pose, state.round)
        last[enemy.id] = attrs.evolve(was, fate=Fate.NONE, hp=max(was.hp, 1), round=state.round)


def _lay(sight: Sighting) -> bool:
    """The side last saw this enemy out of the fight (a body)."""
    return sight.hp <= 0 or sight.fate is not Fate.NONE


def _in_line(state: Encounter, side: str, unit_id: str, cell: Cell | None) -> bool:
    """The side looks at the cell (R21.2.4); in table mode, the game master said it sees the enemy."""
    if state.map is None:
        return unit_id in state.side(side).slots.fog_of_war.told
    return cell is not None and has_line_to(state, side, cell)


def update(state: Encounter, events: list[Event] | None = None) -> Encounter:
    """R21.1.3: an update — (1) reveals by a neighbour (R21.4.2 d), logged in `events`; (2) every side's sight
    and marks, as of the state now."""
    state = reveal_by_neighbours(state, events)
    sides = []
    for side in state.sides:
        fog = side_update(state, side)
        if fog != side.slots.fog_of_war:
            side = attrs.evolve(side, slots=attrs.evolve(side.slots, fog_of_war=fog))
        sides.append(side)
    return attrs.evolve(state, sides=tuple(sides))


def with_mark(state: Encounter, side_id: str, enemy_id: str) -> Encounter:
    """R21.2.3: `side_id` gets a mark of an enemy it does not see, at that enemy's cell, with its pose and the
    round (after an attack by it on one of the side's characters, or a pin); nothing when it sees it."""
    side = state.side(side_id)
    fog = side.slots.fog_of_war
    if enemy_id in fog.seen:
        return state
    enemy = state.unit(enemy_id)
    marks = {mark.unit: mark for mark in fog.marks} | {enemy_id: Mark(enemy_id, enemy.at, enemy.pose, state.round)}
    kept = tuple(marks[key] for key in sorted(marks, key=_order(state)))
    changed = attrs.evolve(side, slots=attrs.evolve(side.slots, fog_of_war=attrs.evolve(fog, marks=kept)))
    return attrs.evolve(state, sides=tuple(changed if other.id == side_id else other for other in state.sides))


def marks_fade(state: Encounter, dice: DiceSource, events: list[Event], before: Encounter) -> Encounter:
    """R21.2.2 (b): at the end of a round, after R18's steps, the marks made in the round before it go."""
    state = update(state, events)
    sides = []
    for side in state.sides:
        fog = side.slots.fog_of_war
        kept = tuple(mark for mark in fog.marks if mark.round >= state.round)
        sides.append(side if kept == fog.marks else with_state(side, FOG, marks=kept))
    return attrs.evolve(state, sides=tuple(sides))


def _unit(state: Encounter, unit_id: str) -> Unit | None:
    return next((unit for unit in state.units if unit.id == unit_id), None)


def _order(state: Encounter):  # type: ignore[no-untyped-def]
    places = {unit.id: place for place, unit in enumerate(state.units)}
    return lambda unit_id: places.get(unit_id, len(places))
