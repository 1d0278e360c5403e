"""R21.2: what a side knows, worked out again at each update (R21.1.3): the enemies it sees, each as it last
saw it, and a last-seen mark for each enemy in the fight it saw at the update before and no longer sees."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceSource
from apcombat.engine.events import Event
from apcombat.engine.modules.fog_of_war.hiding import reveal_by_neighbours
from apcombat.engine.modules.fog_of_war.sight import bodies_in_line, down_ones, has_line_to, side_sees
from apcombat.engine.modules.fog_of_war.telling import glimpses
from apcombat.model import Cell, Encounter, Side, Unit
from apcombat.model.encounter import with_state
from apcombat.model.fates import Fate
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
    """R21.2.1, R21.2.2 (a), (c), R21.2.4: one side's knowledge at an update (the same object when nothing
    in it changed: an update after most move steps changes little)."""
    fog = side.slots.fog_of_war
    seen = side_sees(state, side.id)
    units = {unit.id: unit for unit in state.units}
    last = {sight.unit: sight for sight in fog.last_seen}
    marks = {mark.unit: mark for mark in fog.marks if mark.unit not in seen}
    lost = fog.seen - seen if seen != fog.seen else ()
    for unit_id in lost:
        enemy = units.get(unit_id)
        if enemy is None or enemy.down:
            continue  # R21.2.1: marks are of enemies in the fight; a body is R21.2.4's
        was = last.get(unit_id)
        if was is not None:
            marks[unit_id] = Mark(unit_id, was.at, was.pose, state.round)
    for unit_id in seen:
        enemy = units[unit_id]
        if _differs(last.get(unit_id), enemy, state.round):
            last[unit_id] = sighting(enemy, state.round)
    _bodies(state, side.id, seen, last, marks)
    bumped = (
        tuple((unit_id, cell) for unit_id, cell in fog.bumped if (unit := units.get(unit_id)) and unit.at == cell)
        if fog.bumped
        else fog.bumped
    )
    if (
        seen == fog.seen
        and bumped == fog.bumped
        and len(marks) == len(fog.marks)
        and all(a is b for a, b in zip(marks.values(), fog.marks, strict=True))
        and len(last) == len(fog.last_seen)
        and all(a is b for a, b in zip(last.values(), fog.last_seen, strict=True))
    ):
        return fog  # the same knowledge, in the same order (the same objects: nothing was made anew)
    kept_marks = tuple(marks.values())
    kept_last = tuple(last.values())
    if seen == fog.seen and kept_marks == fog.marks and kept_last == fog.last_seen and bumped == fog.bumped:
        return fog  # the same knowledge, in the same order
    order = _order(state)
    return attrs.evolve(
        fog,
        seen=seen,
        marks=tuple(marks[key] for key in sorted(marks, key=order)),
        ever_seen=fog.ever_seen + tuple(sorted(seen.difference(fog.ever_seen), key=order)),
        last_seen=tuple(last[key] for key in sorted(last, key=order)),
        bumped=bumped,
        glimpsed=fog.glimpsed | seen,
        glimpsed_at=glimpses(state, fog.glimpsed_at, seen),  # R21.8.3
    )


def _bodies(
    state: Encounter, side: str, seen: frozenset[str], last: dict[str, Sighting], marks: dict[str, Mark]
) -> None:
    """R21.2.4: an enemy out of the fight is shown where it lay as the side last saw it; the picture changes
    only at an update at which one of the side's characters has the line to that cell: the fate now, or — one
    back in the fight the side does not see — a mark there made this round. One that fled is gone for all,
    its mark too (R21.2.2 c: a body seen so takes its mark away)."""
    down = down_ones(state)
    laid = [unit_id for unit_id, sight in last.items() if _lay(sight)]
    if not down and not laid:
        return  # no body and none seen as one: nothing for this rule (most updates)
    in_line = bodies_in_line(state, side)
    for enemy in state.units:
        if enemy.side == side or enemy.id in seen or (enemy.id not in down and enemy.id not in laid):
            continue  # neither a body now nor one as the side last saw it: the loop below does nothing
        if enemy.fate is Fate.FLED:
            marks.pop(enemy.id, None)
            continue
        if enemy.down and (enemy.id in in_line if state.map is not None else _in_line(state, side, enemy.id, None)):
            if _differs(last.get(enemy.id), enemy, state.round):
                last[enemy.id] = sighting(enemy, state.round)
            marks.pop(enemy.id, None)
            continue
        was = last.get(enemy.id)
        if was is None or not _lay(was) or not _in_line(state, side, enemy.id, was.at):
            continue
        if not enemy.down:  # back in the fight, unseen: a mark where it lay
            marks[enemy.id] = Mark(enemy.id, was.at, was.pose, state.round)
        last[enemy.id] = attrs.evolve(was, fate=Fate.NONE, hp=max(was.hp, 1), round=state.round)


def _differs(was: Sighting | None, unit: Unit, round_number: int) -> bool:
    """Whether the side's picture of the unit is not what it sees now (a new `Sighting` is then made)."""
    if was is None or was.round != round_number:
        return True
    weapon = unit.weapon
    return (
        was.at != unit.at
        or was.facing is not unit.facing
        or was.pose is not unit.pose
        or was.in_cover != unit.in_cover
        or was.hp != unit.hp
        or was.fate is not unit.fate
        or was.weapon != (weapon.weapon.id if weapon is not None else None)
    )


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
    changed = False
    for side in state.sides:
        fog = side_update(state, side)
        if fog is not side.slots.fog_of_war:
            side = attrs.evolve(side, slots=attrs.evolve(side.slots, fog_of_war=fog))
            changed = True
        sides.append(side)
    return attrs.evolve(state, sides=tuple(sides)) if changed else state


def with_mark(state: Encounter, side_id: str, enemy_id: str, round_number: int | None = None) -> Encounter:
    """R21.2.3: `side_id` gets a mark of an enemy it does not see, at that enemy's cell, with its pose and the
    round (after an attack by it on one of the side's characters, or a pin); nothing when it sees it.
    `round_number`: the round of the action that made it, when that action ended the round (else now's)."""
    side = state.side(side_id)
    fog = side.slots.fog_of_war
    if enemy_id in fog.seen:
        return state
    enemy = state.unit(enemy_id)
    marks = {mark.unit: mark for mark in fog.marks} | {
        enemy_id: Mark(enemy_id, enemy.at, enemy.pose, state.round if round_number is None else round_number)
    }
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
