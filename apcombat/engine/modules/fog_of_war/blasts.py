"""R22.8.4: a blast under the fog of war. The throw needs no sight of any character and names none (R22.2.4,
R21.5.1); it reveals a hidden thrower at its start (`hiding.reveal_at_start`, R21.3.4). The blast reveals every
hidden character it catches (R21.4.2 e, R22.7.1 step 6) and makes no mark of its thrower (R21.2.3): a side
that does not see the thrower is shown only where the blast landed (R21.8.1, R21.8.3)."""

from __future__ import annotations

import attrs

from apcombat.engine.blast import Caught
from apcombat.engine.command_base import Command, cell_word
from apcombat.engine.events import Event
from apcombat.engine.modules.fog_of_war.hiding import reveal
from apcombat.engine.modules.fog_of_war.sight import unit_sees
from apcombat.engine.throw_commands import Throw
from apcombat.engine.throwing import article
from apcombat.model import Encounter
from apcombat.model.encounter import with_state
from apcombat.model.modules import Module

FOG = Module.FOG_OF_WAR.value

CAUGHT = "it is caught in the blast (R21.4.2 e)"


def reveal_caught(state: Encounter, caught: tuple[Caught, ...], events: list[Event]) -> Encounter:
    """R22.7.1 (6), R21.4.2 (e), R21.4.4: every hidden character the blast caught — in a band after its shifts
    (R22.5.3; one shifted out of the last band is reached, not caught) — is revealed, in the encounter's order,
    whether or not it lost HP."""
    for found in caught:
        if found.band is not None and state.unit(found.unit).hidden:
            state = reveal(state, found.unit, CAUGHT, events)
    return state


def landing_words(event: Event, after: Encounter) -> str:
    """R21.8.1, R21.8.3, R22.8.4: a throw line as a side that did not see the thrower reads it — the weapon and
    the landing cell only ("A frag grenade, thrown out of sight, lands at 6,2"); no thrower, no target, no
    dice. ("out of sight" also keeps the line from naming its subject: `Event.for_side`.)"""
    item = str(event.data.get("item", "thrown weapon"))
    thrower = next((unit for unit in after.units if unit.id == event.unit), None)
    stock = thrower.thrown_stock(item) if thrower is not None else None
    name = stock.weapon.name.lower() if stock is not None else item.replace("_", " ")
    landing = event.data.get("landing")
    where = f"lands at {cell_word((int(landing[0]), int(landing[1])))}" if landing else "lands"
    return f"{article(name).capitalize()} {name}, thrown out of sight, {where} (R22.8.4)"


def seen_leaning_out(state: Encounter, command: Command) -> Encounter:
    """R22.2.5, R21.1.1 (c): a thrower leaning out is seen during its throw by every enemy with the line to it,
    R8.5 or not — its side is shown the throw (R21.8.3: seen during the action), though it keeps no mark when
    the thrower drops back out of sight (a blast makes none, R21.2.3)."""
    if not isinstance(command, Throw) or not command.lean or state.map is None:
        return state
    thrower = state.unit(command.unit)
    if thrower.at is None:
        return state
    sides = []
    for side in state.sides:
        fog = side.slots.fog_of_war
        sees = side.id != thrower.side and any(
            unit.side == side.id and unit_sees(state, unit, thrower, leaning=True) for unit in state.units
        )
        if not sees or thrower.id in fog.glimpsed:
            sides.append(side)
            continue
        at = tuple(sorted({*fog.glimpsed_at, (thrower.id, thrower.at)}))
        sides.append(with_state(side, FOG, glimpsed=fog.glimpsed | {thrower.id}, glimpsed_at=at))
    return attrs.evolve(state, sides=tuple(sides))
