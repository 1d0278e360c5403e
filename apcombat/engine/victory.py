"""The fight's verdict: won when only one side has anyone standing (R18: every out-of-the-fight state counts)."""

from __future__ import annotations

import attrs

from apcombat.engine.events import Event
from apcombat.engine.part import parts_on
from apcombat.model import Encounter


def check_victory(state: Encounter, events: list[Event]) -> Encounter:
    """The fight is won when only one side has anyone standing; a module may hold the verdict (R18.2.1: not
    before the casualty d6s are rolled) and add to its line (R18.2.4)."""
    modules = parts_on(state)
    if state.finished or any(part.holds_verdict(state) for part in modules):
        return state
    sides_standing = {unit.side for unit in state.units if unit.standing}
    summary = "; ".join(note for part in modules if (note := part.victory_note(state)))
    data = {"casualties": summary} if summary else {}
    summary = f"; {summary}" if summary else ""
    if len(sides_standing) == 1:
        (winner,) = sides_standing
        side = state.side(winner)
        text = f"Victory for {side.name} in round {state.round}{summary}"
        events.append(Event("victory", text, {"side": winner} | data))
        return attrs.evolve(state, winner=winner, finished=True, active=None, interrupt=None)
    if not sides_standing:
        text = f"nobody is left standing: the fight is over{summary}"
        events.append(Event("victory", text, {"side": None} | data))
        return attrs.evolve(state, finished=True, active=None, interrupt=None)
    return state
