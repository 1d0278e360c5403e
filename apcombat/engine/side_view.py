"""R21.8: what a side is shown — `view(state, side)`, the one function every screen, page, report, refusal,
preview and AI asks (with the fog of war off it is the state itself, less the game master's notes: every side
is shown everything).

A view is an `Encounter` like the state, so that what reads a state reads a view unchanged (the AI, plug-in
bots of `apcombat sim`, the app's map): the side's own characters in full; each enemy it sees now as the
program shows an enemy (no watch, R21.2.5; a pin only when it is on one of the side's characters); each enemy
out of the fight it saw, as it last saw it (R21.2.4); and nothing of the enemies it does not see — those are
left out, and its last-seen marks of them are read with `marks_of` (R21.2). The turn order keeps the units in
the view; the acting unit is named only when the side sees it (R21.8.1). The engine gives no verdict on a view.
"""

from __future__ import annotations

import attrs

from apcombat.engine.notes import without_notes
from apcombat.model import Encounter, Unit
from apcombat.model.encounter import with_state
from apcombat.model.fates import Fate
from apcombat.model.fog_state import FogOfSide, Mark, Sighting
from apcombat.model.module_state import SideSlots
from apcombat.model.modules import Module

FOG = Module.FOG_OF_WAR.value


def fog_on(state: Encounter) -> bool:
    """Whether the encounter plays with the fog of war (R21): `[modules] fog_of_war = true`."""
    return state.module_on(FOG)


def belt_known(state: Encounter, unit: Unit, side: str | None) -> bool:
    """R22.1.2 under R21: whether `side` (None: the game master) is shown how many thrown weapons `unit` has
    left — always without the fog of war; under it a side knows its own characters' belts, not its enemies'."""
    return not fog_on(state) or side is None or side == unit.side


VIEWS_KEPT = 8
"""Views kept by the state object they were made of (states are immutable): the app's screen, a preview,
`legal_commands` and an AI all ask for the same side's view of the same state."""

_views: list[tuple[Encounter, str, Encounter]] = []


def view(state: Encounter, side: str) -> Encounter:
    """R21.8.1: the fight as `side` is shown it (the state itself while the fog of war is off), without the game
    master's notes (R21.7.4)."""
    if state.slots.fog_of_war.view_of == side or not (fog_on(state) or any(unit.note for unit in state.units)):
        return state
    for held, held_side, shown in _views:
        if held is state and held_side == side:
            return shown
    shown = without_notes(_view(state, side) if fog_on(state) else state)
    _views.insert(0, (state, side, shown))
    del _views[VIEWS_KEPT:]
    return shown


def _view(state: Encounter, side: str) -> Encounter:
    knows = state.side(side).slots.fog_of_war
    last = {sight.unit: sight for sight in knows.last_seen}
    units: list[Unit] = []
    for unit in state.units:
        if unit.side == side:
            units.append(unit)
        elif unit.fate is Fate.FLED:
            continue  # R21.2.4: one that fled leaves the map for every side
        elif unit.id in knows.seen:
            units.append(_as_seen(unit, side, state))
        elif unit.id in last and _out_of_the_fight(last[unit.id]):
            units.append(_as_last_seen(unit, last[unit.id]))
    kept = {unit.id for unit in units}
    sides = tuple(
        other if other.id == side else attrs.evolve(other, slots=_shown_slots(other.slots)) for other in state.sides
    )
    interrupt = state.interrupt if state.interrupt is None or state.interrupt.watcher in kept else None
    shown = attrs.evolve(
        state,
        units=tuple(units),
        sides=sides,
        order=tuple(unit_id for unit_id in state.order if unit_id in kept),
        taken=tuple(unit_id for unit_id in state.taken if unit_id in kept),
        delayed=tuple(unit_id for unit_id in state.delayed if unit_id in kept),
        pre_empted=state.pre_empted if state.pre_empted in kept else None,
        active=state.active if state.active in kept else None,
        interrupt=interrupt,
        ai_dice=tuple(generator for generator in state.ai_dice if generator.side == side),
    )
    return with_state(shown, FOG, view_of=side)


def marks_of(state: Encounter, side: str) -> tuple[Mark, ...]:
    """R21.2: `side`'s last-seen marks, one per enemy it no longer sees: the enemy's id, the cell where the
    side last saw it (None in table mode), its pose then and the round the mark was made. Works on the state
    and on the side's view alike; empty while the fog of war is off."""
    if not fog_on(state):
        return ()
    fled = {unit.id for unit in state.units if unit.fate is Fate.FLED}
    return tuple(mark for mark in state.side(side).slots.fog_of_war.marks if mark.unit not in fled)


def last_seen(state: Encounter, side: str, unit_id: str) -> Sighting | None:
    """How `side` last saw the enemy `unit_id` (its cell, facing, pose, cover, HP, weapon, fate, round), None
    when it never saw it: what a mark's enemy showed when last seen (R21.9.1)."""
    if not fog_on(state):
        return None
    return next((sight for sight in state.side(side).slots.fog_of_war.last_seen if sight.unit == unit_id), None)


def sees_now(state: Encounter, side: str) -> frozenset[str]:
    """The enemies `side` sees now (R21.1.2); every enemy while the fog of war is off."""
    if not fog_on(state):
        return frozenset(unit.id for unit in state.units if unit.side != side)
    return state.side(side).slots.fog_of_war.seen


def _as_seen(unit: Unit, side: str, state: Encounter) -> Unit:
    """R21.2.5: an enemy the side sees, as it is shown: never its watch, its pin only on the side's own."""
    pin = unit.pin
    if pin is not None and not any(other.id == pin.target and other.side == side for other in state.units):
        pin = None
    return attrs.evolve(unit, watch=None, sacrificed_ap=0, pin=pin, ai_role=None)


def _out_of_the_fight(sight: Sighting) -> bool:
    return sight.hp <= 0 or sight.fate is not Fate.NONE


def _as_last_seen(unit: Unit, sight: Sighting) -> Unit:
    """R21.2.4: an enemy out of the fight the side saw so, where and as it last saw it."""
    return attrs.evolve(
        unit,
        at=sight.at,
        facing=sight.facing,
        pose=sight.pose,
        in_cover=sight.in_cover,
        hp=sight.hp,
        fate=sight.fate,
        watch=None,
        pin=None,
        ai_role=None,
        sacrificed_ap=0,
    )


def _shown_slots(slots: SideSlots) -> SideSlots:
    """Another side's state as a side is shown it: not what that side knows (its sight and marks)."""
    return attrs.evolve(slots, fog_of_war=FogOfSide())


def shows_new(before: Encounter, after: Encounter, side: str) -> bool:
    """R21.8.8: whether going from `before` to `after` showed `side` something new — an enemy it did not see
    (a reveal it is shown is one: the revealed enemy is now in its sight), a mark of an enemy where it did
    not see it (an attack or a pin from out of sight, R21.2.3), or a blast (R22.8.4) — so
    that undoing it from that side's view is refused. A reveal of an enemy the side still does not see showed
    it nothing. Always False with the fog off."""
    if not fog_on(after):
        return False
    was, now = before.side(side).slots.fog_of_war, after.side(side).slots.fog_of_war
    if now.seen - was.seen:
        return True
    known = {sight.unit: sight.at for sight in was.last_seen if sight.unit in was.seen}
    # A mark of an enemy the side saw until then, where it saw it, tells it nothing it did not know.
    if any(known.get(mark.unit, ()) != mark.at for mark in set(now.marks) - set(was.marks)):
        return True
    return blast_landed(before, after)


def blast_landed(before: Encounter, after: Encounter) -> bool:
    """R21.8.8, R22.8.4: whether a blast landed on the map going from `before` to `after` — a thrown weapon
    spent, its blast not waiting for the game master (R22.9.2). Every side is shown where it landed, and the
    thrower's side whether it caught someone (the scream): undone, it would have scouted for free."""
    if after.map is None or after.blast_waiting is not None:
        return False
    return _thrown_left(after) < _thrown_left(before)


def _thrown_left(state: Encounter) -> int:
    return sum(stock.count for unit in state.units for stock in unit.thrown)


def undo_refusal(before: Encounter, after: Encounter, side: str) -> str | None:
    """R21.8.8: the one sentence refusing, from `side`'s view, to undo the command that went from `before` to
    `after` (None: it may be undone). The game master's screen undoes anything."""
    if not shows_new(before, after, side):
        return None
    name = after.side(side).name
    return (
        f"{name} cannot undo the last command: it showed {name} something new, and what was seen stays seen (R21.8.8)"
    )
