"""The game master's words for morale (R18.1): `gm morale WHO ...` sets a morale state (a fight started
mid-battle, or an override) and gives table mode the answers the program cannot judge without a map."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceSource
from apcombat.engine.command_base import CommandError, module_off, unit_by_id
from apcombat.engine.events import Event
from apcombat.engine.modules.morale.checks import is_leader, leave, roll_morale
from apcombat.engine.modules.morale.commands import GmMorale
from apcombat.model import Encounter, Unit
from apcombat.model.encounter import with_state
from apcombat.model.fates import Fate, MoraleState
from apcombat.model.modules import Module


def gm_morale(state: Encounter, command: GmMorale, dice: DiceSource, events: list[Event]) -> Encounter:
    """R18.1: see GmMorale. Refused with the module off."""
    if not state.module_on(Module.MORALE):
        raise module_off("gm morale", Module.MORALE, "R18.1")
    unit = unit_by_id(state, command.unit)
    word = command.word
    if word in ("steady", "shaken", "broken"):
        events.append(Event("gm", f"game master: {unit.name} is {word} (R18.1.3)", {"morale": word}, unit=unit.id))
        watch = unit.watch if word == "steady" else None
        pin = unit.pin if word == "steady" else None
        return state.with_unit(
            with_state(attrs.evolve(unit, watch=watch, pin=pin), Module.MORALE, morale=MoraleState(word))
        )
    if unit.down:
        raise CommandError(f"{unit.name} is out of the fight")
    if word == "friends":
        near = command.other == "on"
        text = (
            f"game master: {'three' if near else 'fewer than three'} friends stand within 3 m of {unit.name} (R18.1.1)"
        )
        events.append(Event("gm", text, unit=unit.id))
        return state.with_unit(with_state(unit, Module.MORALE, gm_friends_near=near))
    if word == "leader":
        if command.other == "none":
            events.append(Event("gm", f"game master: no leader within 5 m of {unit.name} and in sight", unit=unit.id))
            return state.with_unit(with_state(unit, Module.MORALE, gm_leader_near=None))
        leader = _friend(state, unit, command.other)
        if not is_leader(leader):
            raise CommandError(f"{leader.name} has no perk leader (R18.1.1)")
        text = f"game master: {leader.name}, a leader, is within 5 m of {unit.name} and in sight (R18.1.1)"
        events.append(Event("gm", text, unit=unit.id))
        return state.with_unit(with_state(unit, Module.MORALE, gm_leader_near=leader.id))
    if word == "lost":
        friend = _friend(state, unit, command.other, in_fight=False)
        if friend.id not in state.lost:
            raise CommandError(f"{friend.name} was not lost this round (R18.1.2)")
        if is_leader(friend):
            cause = f"{friend.name}, a leader, was lost within 5 m (R18.1.2 b)"
            return roll_morale(state, unit.id, dice, events, 2, cause)
        if unit.id in state.morale_tested:
            raise CommandError(f"{unit.name} has tested morale this round: at most once for a friend lost (R18.1.2 a)")
        return roll_morale(state, unit.id, dice, events, 1, f"{friend.name} was lost within 5 m (R18.1.2 a)")
    if unit.morale is MoraleState.STEADY:
        raise CommandError(f"{unit.name} is steady: only the shaken or broken surrender or flee (R18.1.3, R18.1.5)")
    if word == "flees":
        if unit.morale is not MoraleState.BROKEN:
            raise CommandError(f"{unit.name} is shaken: only the broken flee (R18.1.3)")
        return leave(
            state, unit, Fate.FLED, f"game master: {unit.name}, broken, reaches its edge and flees (R18.1.3)", events
        )
    if not state.house_rules.surrender:
        raise CommandError("the house rule surrender is off: nobody surrenders (R18.1.5)")
    return leave(
        state, unit, Fate.SURRENDERED, f"game master: {unit.name}, {unit.morale.value}, surrenders (R18.1.5)", events
    )


def _friend(state: Encounter, unit: Unit, other: str | None, in_fight: bool = True) -> Unit:
    assert other is not None
    friend = unit_by_id(state, other)
    if friend.side != unit.side or friend.id == unit.id:
        raise CommandError(f"{friend.name} is not a friend of {unit.name}")
    if in_fight and friend.down:
        raise CommandError(f"{friend.name} is out of the fight")
    return friend
