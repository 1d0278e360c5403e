"""Reinforcements and bystanders (issue 28): `gm add ID CHARACTER SIDE [X,Y]` brings a unit into the fight
mid-way, `gm remove WHO` takes one out of it (it fled, or its player left the table).

The engine reads no files: the unit `gm add` brings is built from the characters folders by a builder the
caller gives the Game (`Game.arrivals`: the app's session and `apcombat run` give one from the content
library, built as an encounter file's `[[unit]]` is), and kept in the history entry (`arrival`), so undo,
redo, replays and saves never need the folders again.

The ruling (docs/rules.md, "Arrivals"): the newcomer rolls R13.1's initiative on arrival, through the dice,
and takes its place in the order before the first unit whose total (then base, then AG) it beats — after
those it ties with, no roll-off; it acts from the next round, not this one. Initiative off (R0.6): last in
the order. With the activation deck (R18.5.1) it rolls nothing and gets a card from the next round. Before
the first round it simply rolls with the others.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs

from apcombat.dice import DiceRequest, DiceSource
from apcombat.engine.command_base import CommandError, unit_by_id
from apcombat.engine.events import Event
from apcombat.engine.geometry import grid_of
from apcombat.engine.gm_commands import GmAdd, GmRemove
from apcombat.engine.part import parts_on
from apcombat.engine.upkeep import out_of_the_fight
from apcombat.model import Encounter, Facing, Side, Unit
from apcombat.model.battlemap import Cell
from apcombat.model.encounter import Control
from apcombat.model.fates import Fate
from apcombat.rules.initiative import InitiativeRoll, initiative_base, initiative_rank

ArrivalBuilder = Callable[[str, str, str], Unit]
"""Builds the unit `gm add` brings in from (its id, the character's id, its side's id), with the character's
weapons, armour and thrown weapons as an encounter file's unit gets them; raises LookupError or ValueError
with one sentence when it cannot (no such character, a weapon missing)."""


def with_arrival(command: GmAdd, build: ArrivalBuilder | None) -> GmAdd:
    """The command with the unit it brings in, built now from the characters folders (unless it has it)."""
    if command.arrival is not None:
        return command
    if build is None:
        raise CommandError(
            "this game has no characters folders to bring a unit from: open it in the app or `apcombat run`"
        )
    try:
        unit = build(command.new, command.character, command.side)
    except (LookupError, ValueError) as error:
        raise CommandError(str(error.args[0]) if error.args else str(error)) from None
    return attrs.evolve(command, arrival=unit)


def gm_add(state: Encounter, command: GmAdd, dice: DiceSource, events: list[Event]) -> Encounter:
    """Bring `command.arrival` into the fight (see the module's ruling); logged as the game master's."""
    if state.finished:
        raise CommandError("the fight is over: nobody can join it")
    if any(unit.id == command.new for unit in state.units):
        named = state.unit(command.new).name
        raise CommandError(f"there is already a unit {command.new} ({named}): give the newcomer another id")
    if command.arrival is None:
        raise CommandError("the unit to bring in was not built: give the line again (the characters folders build it)")
    state, side, joined = _side_of(state, command.side)
    unit = attrs.evolve(
        command.arrival,
        id=command.new,
        side=side.id,
        at=_cell(state, command.at),
        facing=grid_of(state).facings[0] if state.map is not None else Facing.N,
        character=attrs.evolve(command.arrival.character, name=_told_apart(state, command.arrival.name)),
    )
    state = attrs.evolve(state, units=(*state.units, unit))
    state, when = _in_the_order(state, unit, dice)
    text = f"game master: {unit.name} joins {side.name}{joined}{_where(unit)}, {when}"
    events.append(Event("gm", text, {"joins": side.id, "character": command.character}, unit=unit.id))
    return state


def gm_remove(state: Encounter, command: GmRemove, dice: DiceSource, events: list[Event]) -> Encounter:
    """The unit leaves the fight as one that fled (R18.1.3): out of the fight for victory and the deck, not lost
    to its friends (R18.1.2), off the map for every side (R21.2.4). Acting, its turn passes on."""
    unit = unit_by_id(state, command.unit)
    if unit.down:
        raise CommandError(f"{unit.name} is already out of the fight ({state.status(unit).words})")
    events.append(Event("gm", f"game master: {unit.name} leaves the fight (fled)", {"fate": "fled"}, unit=unit.id))
    return state.with_unit(attrs.evolve(out_of_the_fight(unit), fate=Fate.FLED))


def _side_of(state: Encounter, side_id: str) -> tuple[Encounter, Side, str]:
    """The side, or a new one with that id, played by the game master; and what the log adds for a new one."""
    if any(side.id == side_id for side in state.sides):
        return state, state.side(side_id), ""
    side = Side(side_id, _side_name(side_id), Control.GM)
    return attrs.evolve(state, sides=(*state.sides, side)), side, " (a new side, played by the game master)"


def _side_name(side_id: str) -> str:
    """A new side's name from its id: `hill_folk` -> `Hill folk`."""
    words = re.sub(r"[_-]+", " ", side_id).strip()
    return words[:1].upper() + words[1:] if words else side_id


def _cell(state: Encounter, at: Cell | None) -> Cell | None:
    """On a map the free cell the newcomer stands on; in table mode none. One sentence refuses anything else."""
    if state.map is None:
        if at is not None:
            raise CommandError("table mode has no cells: leave X,Y out of gm add")
        return None
    if at is None:
        raise CommandError("on a map the newcomer needs a free cell: gm add ID CHARACTER SIDE X,Y")
    where = f"{at[0]},{at[1]}"
    if not state.map.inside(at):
        raise CommandError(f"{where} is off the {state.map.width} x {state.map.height} map: pick a cell on it")
    terrain = state.map.at(at)
    if terrain.blocks_movement:
        raise CommandError(f"{where} is {terrain.described}, where no unit can stand: pick a free cell")
    there = next((unit for unit in state.units if unit.at == at and unit.fate is not Fate.FLED), None)
    if there is not None:
        raise CommandError(f"{where} is taken by {there.name}: pick a free cell")
    return at


def _told_apart(state: Encounter, name: str) -> str:
    """The newcomer's name, numbered when units of that name are already there ("Raider 3" after Raider 1 and
    2), as an encounter file's units sharing a character are."""
    names = {unit.name for unit in state.units}
    numbered = re.compile(rf"{re.escape(name)} (\d+)")
    if name not in names and not any(numbered.fullmatch(taken) for taken in names):
        return name
    number = 2 if name in names else 1
    while f"{name} {number}" in names:
        number += 1
    return f"{name} {number}"


def _where(unit: Unit) -> str:
    return f" at {unit.at[0]},{unit.at[1]}" if unit.at is not None else ""


def _in_the_order(state: Encounter, unit: Unit, dice: DiceSource) -> tuple[Encounter, str]:
    """The newcomer's place in the turns to come, and what the log says of it. Mid-round it has no turn this
    round (it counts as one whose turn is over) and acts from the next."""
    if state.round == 0:
        return state, "and rolls initiative with the others when the fight begins (R13.1)"
    state = attrs.evolve(state, taken=(*state.taken, unit.id))
    nxt = state.round + 1
    if any(part.initiative_instead(state) for part in parts_on(state)):
        return state, f"with a card from round {nxt} (R18.5.1: no card this round)"
    if not state.optional_rules.initiative:
        return attrs.evolve(state, order=(*state.order, unit.id)), f"last in the order: acts from round {nxt} (R0.6)"
    special = unit.character.special
    d6 = dice.roll(DiceRequest(sides=6, purpose=f"{unit.name}'s initiative", notation="d6"))
    roll = InitiativeRoll(unit.id, initiative_base(special), d6, unit.initiative_bonus, special.AG)
    order = state.order
    place = next((n for n, uid in enumerate(order) if _rank_of(state.unit(uid)) < roll.rank), len(order))
    order = (*order[:place], unit.id, *order[place:])
    state = state.with_unit(attrs.evolve(state.unit(unit.id), initiative=roll.total))
    bonus = f" + {roll.bonus} bonus" if roll.bonus else ""
    rolled = f"initiative {roll.total} (base {roll.base} + d6 {d6}{bonus})"
    return attrs.evolve(state, order=order), f"{rolled}: acts from round {nxt}, place {place + 1} of {len(order)}"


def _rank_of(unit: Unit) -> tuple[int, int, int]:
    """R13.1's rank of a unit already in the order, from the total it rolled (one with none — none while
    initiative is on — is beaten by nobody)."""
    special = unit.character.special
    if unit.initiative is None:
        return (10**6, 0, 0)
    return initiative_rank(unit.initiative, initiative_base(special), special.AG)
