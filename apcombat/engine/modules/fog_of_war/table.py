"""R21.7.3: the fog of war in table mode (no map: the program cannot see). A side sees an enemy only by the
game master's word, `gm sees SIDE WHO on|off`, or because one attacked the other (R21.5.2)."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceSource
from apcombat.engine.command_base import Command, CommandError, module_off, unit_by_id
from apcombat.engine.commands import GmSpot
from apcombat.engine.events import Event
from apcombat.engine.modules.fog_of_war.commands import GmSees
from apcombat.model import Encounter, Side
from apcombat.model.modules import Module
from apcombat.model.wording import says

FOG = Module.FOG_OF_WAR.value


def gm_sees(state: Encounter, command: GmSees, dice: DiceSource, events: list[Event]) -> Encounter:
    """R21.7.3: SIDE sees WHO from now on (`on`), or no longer (`off`: it keeps a mark without a cell, made
    at the update after this command); WHO `all` is every enemy of SIDE that is not hidden."""
    if not state.module_on(FOG):
        raise module_off("gm sees", Module.FOG_OF_WAR, "R21.7.3")
    if state.map is not None:
        raise CommandError("on a map sight is worked out from the map: gm sees is for table mode (R21.7.3)")
    side = _side(state, command.side)
    if command.unit == "all":
        named = [unit for unit in state.units if unit.side != side.id and not unit.hidden and not unit.down]
    else:
        unit = unit_by_id(state, command.unit)
        if unit.side == side.id:
            raise CommandError(f"{unit.name} is one of {side.name}: a side always sees its own (R21.7.3)")
        if command.on and unit.hidden:
            raise CommandError(f"{unit.name} is hidden: reveal it first (gm reveal {unit.id}) (R21.7.3)")
        named = [unit]
    told = side.slots.fog_of_war.told
    ids = frozenset(unit.id for unit in named)
    told = told | ids if command.on else told - ids
    who = "every enemy that is not hidden" if command.unit == "all" else named[0].name
    text = f"game master: {says(side.name, 'sees' if command.on else 'no longer sees')} {who} (R21.7.3)"
    events.append(Event("gm", text, {"side": side.id, "sees": sorted(ids), "on": command.on}))
    return _with_told(state, side.id, told)


def see_each_other(state: Encounter, attacker_id: str, target_id: str) -> Encounter:
    """R21.5.2, R21.7.3: in table mode an attack makes each of the two sides see the other one's character
    until a `gm sees … off`."""
    if state.map is not None:
        return state
    attacker, target = state.unit(attacker_id), state.unit(target_id)
    for side_id, enemy in ((attacker.side, target), (target.side, attacker)):
        if enemy.side != side_id and not enemy.hidden:
            state = _with_told(state, side_id, state.side(side_id).slots.fog_of_war.told | {enemy.id})
    return state


def forget_everywhere(state: Encounter, unit_id: str) -> Encounter:
    """R21.7.1: `gm hide` ends every `gm sees … WHO on` (those sides keep a mark, made at the next update)."""
    for side in state.sides:
        if unit_id in side.slots.fog_of_war.told:
            state = _with_told(state, side.id, side.slots.fog_of_war.told - {unit_id})
    return state


def refuse_spot(state: Encounter, command: Command) -> None:
    """R21.7.3: a hidden character is in no enemy's sight: `gm spot WATCHER WHO` for a hidden WHO is refused."""
    if isinstance(command, GmSpot):
        mover = next((unit for unit in state.units if unit.id == command.mover), None)
        if mover is not None and mover.hidden:
            raise CommandError(f"{mover.name} is hidden: it is in no enemy's sight (R21.7.3)")


def _side(state: Encounter, side_id: str) -> Side:
    try:
        return state.side(side_id)
    except KeyError:
        ids = ", ".join(side.id for side in state.sides)
        raise CommandError(f"no side {side_id!r}: the sides are {ids}") from None


def _with_told(state: Encounter, side_id: str, told: frozenset[str]) -> Encounter:
    sides = tuple(
        attrs.evolve(side, slots=attrs.evolve(side.slots, fog_of_war=attrs.evolve(side.slots.fog_of_war, told=told)))
        if side.id == side_id
        else side
        for side in state.sides
    )
    return attrs.evolve(state, sides=sides)
