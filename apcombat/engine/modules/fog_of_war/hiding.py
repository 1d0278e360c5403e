"""R21.3, R21.4: hidden characters and what reveals them."""

from __future__ import annotations

from apcombat.engine.events import Event
from apcombat.model import Encounter
from apcombat.model.encounter import with_state
from apcombat.model.modules import Module

FOG = Module.FOG_OF_WAR.value


def reveal_by_neighbours(state: Encounter, events: list[Event] | None) -> Encounter:
    """R21.4.2 (d), step (1) of every update (R21.1.3): a hidden character with an enemy in the fight, not
    unconscious, in a neighbouring cell and a clear line between them is revealed, in the encounter's order."""
    return state  # filled in by the hidden characters' piece of issue 25


def reveal(state: Encounter, unit_id: str, reason: str, events: list[Event] | None) -> Encounter:
    """R21.4.2: the hidden character `unit_id` stops being hidden, logged with its reason ("Rat is revealed:
    Ana bumps into it (R21.6.2)"); it enters no enemy's watch until its own next action (R21.4.3), since this
    is no action of its own. Nothing when it is not hidden. (Written by the sight piece of issue 25 for
    R21.6.2's bump; the hidden characters' piece owns revealing.)"""
    unit = state.unit(unit_id)
    if not unit.hidden:
        return state
    if events is not None:
        events.append(Event("reveal", f"{unit.name} is revealed: {reason}", {"reason": reason}, unit=unit_id))
    return state.with_unit(with_state(unit, FOG, hidden=False, quietly_revealed=True))
