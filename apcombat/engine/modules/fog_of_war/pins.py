"""R21.5.4: covering fire under the fog of war. A side pins only an enemy it sees (in cover, R17.1), never a
hidden one; the pin then holds whoever sees what. The pinned side keeps a mark of a pinner it does not see
(R21.2.3 b), refreshed when the covering fire resolves (R17.2, R21.2.3 a)."""

from __future__ import annotations

from apcombat.engine.command_base import CommandError
from apcombat.engine.events import Event
from apcombat.engine.modules.fog_of_war.knowledge import with_mark
from apcombat.engine.modules.fog_of_war.sight import side_sees
from apcombat.model import Encounter, Unit
from apcombat.model.wording import says


def refuse_pin(state: Encounter, pinner: Unit, target: Unit) -> None:
    """R21.5.4 (and R21.7.3 in table mode, where only a hidden enemy is refused): in the words R21.5.1 uses
    for an enemy out of sight, so the refusal tells nothing."""
    if target.side == pinner.side:
        return
    unseen = target.hidden or (state.map is not None and target.id not in side_sees(state, pinner.side))
    if unseen:
        raise CommandError(f"{says(state.side(pinner.side).name, 'sees')} no enemy {target.id} (R21.5.4)")


def pin_marks(before: Encounter, state: Encounter, events: list[Event]) -> Encounter:
    """R21.2.3 (b), R21.5.4: after a pin is made, the pinned character's side keeps a mark at the pinner's
    cell when it does not see the pinner; after a pin's covering fire resolved (R17.2), again (R21.2.3 a).
    Called after the update that follows the action (`with_mark` leaves a side that sees the pinner alone)."""
    pins_before = {unit.id: unit.pin for unit in before.units}
    fired = {event.unit for event in events if event.kind == "covering_fire"}
    for pinner in state.units:
        was = pins_before.get(pinner.id)
        if pinner.pin is not None and pinner.pin != was:
            target = pinner.pin.target
        elif was is not None and pinner.pin is None and pinner.id in fired:
            target = was.target
        else:
            continue
        pinned = next((unit for unit in state.units if unit.id == target), None)
        if pinned is not None:
            state = with_mark(state, pinned.side, pinner.id, before.round)  # a pin ends its turn, maybe the round
    return state
