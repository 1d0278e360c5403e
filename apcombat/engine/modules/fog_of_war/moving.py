"""R21.6: moving under the fog — the stop on a new sighting (R21.6.1) and paths judged on what the side
knows, bumping into a character it did not know was there (R21.6.2)."""

from __future__ import annotations

import attrs

from apcombat.engine.events import Event
from apcombat.engine.modules.fog_of_war.hiding import reveal
from apcombat.engine.modules.fog_of_war.knowledge import update
from apcombat.model import Cell, Encounter, Unit
from apcombat.model.encounter import with_state
from apcombat.model.modules import Module

FOG = Module.FOG_OF_WAR.value


def unknown_to(state: Encounter, side: str, unit: Unit) -> bool:
    """R21.6.2: `side` does not know `unit` is there — an enemy it did not see at the last update."""
    return unit.side != side and unit.id not in state.side(side).slots.fog_of_war.seen


def step_update(state: Encounter, mover_id: str) -> tuple[Encounter, bool]:
    """R21.1.3 after a move step or a jump: the update, and whether the mover's side now sees an enemy it did
    not see at the update before (R21.6.1: the move stops after this step's reactions)."""
    side = state.unit(mover_id).side
    before = state.side(side).slots.fog_of_war.seen
    state = update(state)
    return state, bool(state.side(side).slots.fog_of_war.seen - before)


def bump(state: Encounter, mover_id: str, cell: Cell, jumping: bool, events: list[Event]) -> Encounter | None:
    """R21.6.2: a step into, or a jump onto, a cell holding a character the mover's side does not know of is
    not made (a jump costs no AP); the mover has bumped into it: it is revealed if hidden, and the side sees it
    until it leaves that cell. None when the cell holds no such character."""
    mover = state.unit(mover_id)
    there = next(
        (u for u in state.units if u.at == cell and not u.down and u.id != mover_id and unknown_to(state, mover.side, u)),
        None,
    )
    if there is None:
        return None
    where = f"{cell[0]},{cell[1]}"
    if jumping:
        text = f"the landing cell {where} is taken: {there.name} is there (R21.6.2)"
    else:
        text = f"{mover.name} bumps into {there.name} at {where}: the move stops (R21.6.2)"
    events.append(Event("bump", text, {"at": list(cell), "whom": there.id}, unit=mover_id))
    state = reveal(state, there.id, f"{mover.name} bumps into it (R21.6.2)", events)
    side = state.side(mover.side)
    bumped = (*side.slots.fog_of_war.bumped, (there.id, cell))
    state = attrs.evolve(
        state, sides=tuple(with_state(s, FOG, bumped=bumped) if s.id == side.id else s for s in state.sides)
    )
    return update(state, events)
