"""The casualties module's game-master line: in table mode, who stands next to a patient (R18.2.2)."""

from __future__ import annotations

from apcombat.dice import DiceSource
from apcombat.engine.command_base import CommandError, module_off, unit_by_id
from apcombat.engine.events import Event
from apcombat.engine.modules.casualties.commands import GmNext
from apcombat.model import Encounter
from apcombat.model.encounter import with_state
from apcombat.model.modules import Module


def gm_next(state: Encounter, command: GmNext, dice: DiceSource, events: list[Event]) -> Encounter:
    """R18.2.2 table mode: the game master says the helper stands next to the patient."""
    if not state.module_on(Module.CASUALTIES):
        raise module_off("gm next", Module.CASUALTIES, "R18.2")
    if state.map is not None:
        raise CommandError("on a map the program sees who is next to whom: gm next is for table mode")
    unit, patient = unit_by_id(state, command.unit), unit_by_id(state, command.patient)
    events.append(Event("gm", f"game master: {unit.name} is next to {patient.name} (R18.2.2)", unit=unit.id))
    return with_state(state, Module.CASUALTIES, gm_next_to=(unit.id, patient.id))
