"""The game master's notes beside the units' names ("has the key", "will flee at 10 HP"): `gm note WHO TEXT`
sets one, `gm note WHO` clears it. A note is the game master's alone (R21.7.4): its lines, their undoing and
redoing are shown to no side, fog of war or not, and no side's view (`view(state, side)`) nor the players'
page carries a note (`without_notes`)."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceSource
from apcombat.engine.command_base import CommandError, unit_by_id
from apcombat.engine.events import Event
from apcombat.engine.gm_commands import GmNote, note_problem
from apcombat.model import Encounter

NOTE_LINE = "gm note "
"""How a note's line starts: an undo or redo of one is the game master's too."""


def gm_note(state: Encounter, command: GmNote, dice: DiceSource, events: list[Event]) -> Encounter:
    """Set or clear the note (`note_problem` says which notes a line cannot keep)."""
    unit = unit_by_id(state, command.unit)
    problem = note_problem(command.text)
    if problem is not None:
        raise CommandError(problem)
    if command.text == unit.note:
        raise CommandError(f"{unit.name} has that note already" if unit.note else f"{unit.name} has no note to clear")
    said = f"note on {unit.name}: {command.text}" if command.text else f"note on {unit.name} cleared"
    events.append(Event("gm", f"game master: {said}", {"note": command.text}, unit=unit.id, shown_to=frozenset()))
    return state.with_unit(attrs.evolve(unit, note=command.text))


def told_to_nobody(event: Event) -> Event:
    """A game line about a note (its undo, its redo, a `gm back` past it) is shown to no side (R21.7.4)."""
    lines = [str(event.data.get("command", "")), *map(str, event.data.get("commands", ()))]
    if event.kind in ("undo", "redo") and any(line.startswith(NOTE_LINE) for line in lines):
        return attrs.evolve(event, shown_to=frozenset(), told=())
    return event


def without_notes(state: Encounter) -> Encounter:
    """The state with every note left out: what a side, or the players' page, is shown (R21.7.4)."""
    if not any(unit.note for unit in state.units):
        return state
    return attrs.evolve(state, units=tuple(attrs.evolve(unit, note="") if unit.note else unit for unit in state.units))


def noted(state: Encounter) -> list[tuple[str, str]]:
    """Each unit with a note, as (its name, the note), in the encounter's order: the export's list."""
    return [(unit.name, unit.note) for unit in state.units if unit.note]
