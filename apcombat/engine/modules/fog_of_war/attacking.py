"""R21.5: attacks under the fog — only on an enemy the attacker sees, refusals that tell nothing (R21.5.1),
the attacker shown to its target's side and marked when unseen (R21.5.2, R21.2.3 a), and R9.3's reacting
target only where the attacker's side is shown the reaction (R21.2.5)."""

from __future__ import annotations

import re

import attrs

from apcombat.engine.command_base import Command, CommandError
from apcombat.engine.commands import Attack, PinDown
from apcombat.engine.modules.fog_of_war.knowledge import with_mark
from apcombat.engine.modules.fog_of_war.sight import unit_sees
from apcombat.engine.numbers import shown_word
from apcombat.model import Encounter, Unit
from apcombat.model.encounter import with_state
from apcombat.model.fates import Fate
from apcombat.model.modules import Module
from apcombat.model.wording import possessive, says

FOG = Module.FOG_OF_WAR.value
NAMING = ("unit", "patient", "friend", "held")
"""The fields by which a player's command names a unit of its own side or one it knows (aid, calm, hold)."""


def known(state: Encounter, side: str) -> frozenset[str]:
    """The units in `side`'s view (R21.8.1): its own, the enemies it sees, the bodies it saw (R21.2.4)."""
    fog = state.side(side).slots.fog_of_war
    fled = {unit.id for unit in state.units if unit.fate is Fate.FLED}
    bodies = {s.unit for s in fog.last_seen if (s.hp <= 0 or s.fate is not Fate.NONE) and s.unit not in fled}
    own = {unit.id for unit in state.units if unit.side == side}
    return frozenset(own | fog.seen | bodies)


def acting_side(state: Encounter, command: Command) -> str | None:
    """The side a player's command is given for: the side choosing (R18.5.1), a delayed unit stepping in
    (R13.3), else the acting unit's (the watcher's while it interrupts)."""
    chooser = getattr(command, "side", None)
    if isinstance(chooser, str):
        return chooser if any(side.id == chooser for side in state.sides) else None
    who = command.who
    if who is not None and who in state.delayed:
        return state.unit(who).side
    return state.unit(state.active).side if state.active is not None else None


def refuse_unknown(state: Encounter, command: Command) -> None:
    """R21.5.1: a command naming a unit outside its side's view is refused in words that tell nothing —
    the same whether that unit is unseen or does not exist."""
    side = acting_side(state, command)
    if side is None:
        return
    view = known(state, side)
    for field in NAMING:
        value = getattr(command, field, None)
        if isinstance(value, str) and value not in view:
            raise CommandError(f"no unit {_named(value)} in {possessive(state.side(side).name)} view")
    if not isinstance(command, (Attack, PinDown)):
        return
    if state.map is None:  # R21.7.3: in table mode only a hidden target is refused
        target = next((unit for unit in state.units if unit.id == command.target), None)
        if target is None or not (target.hidden and target.side != side):
            return
    elif command.target in view:
        return
    if isinstance(command, PinDown):
        raise CommandError(f"{says(state.side(side).name, 'sees')} no enemy {_named(command.target)} (R21.5.4)")
    raise CommandError(f"{state.unit(command.unit).name} sees no enemy {_named(command.target)} (R21.5.1)")


def _named(word: str) -> str:
    """A unit's id as a refusal names it: as typed when it could be an id, else quoted (R21.5.1's words)."""
    return word if re.fullmatch(r"[a-z0-9_-]{1,24}", word) else shown_word(word)


def refuse_target(state: Encounter, attacker: Unit, target: Unit) -> None:
    """R21.5.1: an attack names only an enemy the attacker itself sees as the action starts (in table mode
    only a hidden one is refused, R21.7.3). A target the side sees but the attacker does not is refused as
    the core refuses a shot out of sight; one it could not know of, in words that tell nothing."""
    if target.side == attacker.side:
        return
    if state.map is None:
        if target.hidden:
            raise CommandError(f"{attacker.name} sees no enemy {target.id} (R21.5.1)")
        return
    if not unit_sees(state, attacker, target):
        raise CommandError(f"{attacker.name} sees no enemy {target.id} (R21.5.1)")


def reacting_shown(state: Encounter, attacker: Unit, target: Unit, reacting: bool) -> bool:
    """R21.2.5: R9.3's reacting target counts only where the attacker's side is shown the reaction — a pin on
    one of its own characters, or an interruption; a watch never."""
    if not reacting:
        return False
    interrupting = state.interrupt is not None and state.interrupt.watcher == target.id
    pin = target.pin
    pins_ours = pin is not None and any(unit.id == pin.target and unit.side == attacker.side for unit in state.units)
    return interrupting or pins_ours


def attacked(state: Encounter, attacker_id: str, target_id: str) -> Encounter:
    """R21.5.2, R21.2.3 (a): the attacker is shown to the target's side for this action (it is among what
    that side glimpsed, R21.8.3) and, unseen at the update after it, leaves a mark at its cell."""
    attacker, target = state.unit(attacker_id), state.unit(target_id)
    if attacker.side == target.side:
        return state
    side = state.side(target.side)
    fog = side.slots.fog_of_war
    if attacker_id not in fog.glimpsed:
        side = with_state(side, FOG, glimpsed=fog.glimpsed | {attacker_id})
        state = attrs.evolve(state, sides=tuple(side if s.id == side.id else s for s in state.sides))
    return with_mark(state, target.side, attacker_id)
