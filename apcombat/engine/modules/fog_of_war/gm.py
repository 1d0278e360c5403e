"""R21.7.1, R21.7.2: the game master's `gm hide WHO` and `gm reveal WHO`."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceSource
from apcombat.engine.command_base import CommandError, module_off, unit_by_id
from apcombat.engine.events import Event
from apcombat.engine.modules.fog_of_war.commands import GmHide, GmReveal
from apcombat.engine.modules.fog_of_war.hiding import in_cover_there, neighbour_finding, reveal
from apcombat.engine.modules.fog_of_war.sight import unit_sees
from apcombat.engine.modules.fog_of_war.table import forget_everywhere
from apcombat.model import Encounter, Unit
from apcombat.model.encounter import with_state
from apcombat.model.modules import Module

FOG = Module.FOG_OF_WAR.value


def gm_hide(state: Encounter, command: GmHide, dice: DiceSource, events: list[Event]) -> Encounter:
    """R21.7.1: WHO is hidden; every pin on it ends (R21.5.4) and, in table mode, every `gm sees … WHO on`
    (those sides keep a mark, as `off`). Allowed in round 0."""
    if not state.module_on(FOG):
        raise module_off("gm hide", Module.FOG_OF_WAR, "R21.7.1")
    unit = unit_by_id(state, command.unit)
    problem = hide_problem(state, unit)
    if problem is not None:
        raise CommandError(f"{unit.name} cannot hide: {problem} (R21.7.1)")
    events.append(Event("gm", f"game master: {unit.name} is hidden (R21.7.1)", {"hide": unit.id}, unit=unit.id))
    state = state.with_unit(with_state(unit, FOG, hidden=True, quietly_revealed=False))
    pinners = [other for other in state.units if other.pin is not None and other.pin.target == unit.id]
    for pinner in pinners:
        events.append(Event("pin", f"{pinner.name}'s pin on {unit.name} ends (R21.5.4)", unit=pinner.id))
        state = state.with_unit(attrs.evolve(pinner, pin=None))
    return forget_everywhere(state, unit.id)


def hide_problem(state: Encounter, unit: Unit) -> str | None:
    """R21.7.1: why the unit may not be hidden now (None: it may), in words that follow "Rat cannot hide: "."""
    if unit.hidden:
        return "it is hidden already"
    if unit.down:
        return "it is out of the fight"
    if unit.burning is not None:
        return "it is burning"
    if not unit.in_cover:
        return f"it is not in cover, so first cover {unit.id}"
    if not in_cover_there(state, unit):
        assert unit.at is not None
        return f"{unit.at[0]},{unit.at[1]} is in the open, with no wall or low obstacle beside it"
    if state.map is None:
        return None
    for enemy in state.units:
        if enemy.side != unit.side and enemy.at is not None and unit_sees(state, enemy, unit):
            return f"{enemy.name} at {enemy.at[0]},{enemy.at[1]} sees it"
    beside = neighbour_finding(state, unit)
    if beside is not None:
        assert beside.at is not None
        return f"{beside.name} at {beside.at[0]},{beside.at[1]} stands beside it"
    return None


def gm_reveal(state: Encounter, command: GmReveal, dice: DiceSource, events: list[Event]) -> Encounter:
    """R21.7.2: the game master reveals a hidden WHO; it enters no watch until its own next action (R21.4.3)."""
    if not state.module_on(FOG):
        raise module_off("gm reveal", Module.FOG_OF_WAR, "R21.7.2")
    unit = unit_by_id(state, command.unit)
    if not unit.hidden:
        raise CommandError(f"{unit.name} is not hidden (R21.7.2)")
    return reveal(state, unit.id, "the game master reveals it (R21.4.2 a)", events)
