"""A character caught in a fire (R18.3.1): set burning as by a flamer hit, 2d10+5 at once (what the AI and the
screens ask of the fires, apart from the fires' engine)."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceSource
from apcombat.engine.events import Event
from apcombat.model import Cell, Encounter, Unit
from apcombat.model.modules import Module
from apcombat.rules.fires import caught_in_fire


def fires_on(state: Encounter) -> bool:
    """R18: whether the encounter's `[modules]` table switched spreading fires on."""
    return state.module_on(Module.FIRE_SPREAD)


def in_a_fire(state: Encounter, unit: Unit) -> bool:
    """R18.3.1: whether the unit stands in a burning cell of the map (spreading fires on)."""
    return unit.at is not None and state.map is not None and state.map.burning(unit.at) and fires_on(state)


def burn_in_fire(unit: Unit, dice: DiceSource, events: list[Event], how: str) -> Unit:
    """R18.3.1: the unit set burning as by a flamer hit: 2d10+5 fire damage now (armour's fire value
    applying), the burn sequence running on from there; `how` says why ("starts its turn in the fire at
    3,4"). The caller puts a unit brought down out of the fight."""
    burn = caught_in_fire(unit.armor, dice, unit.name)
    hp = unit.hp - burn.damage
    restarted = ", the burn started again" if unit.burning is not None else ""
    armour = f" - {burn.armor} armour = {burn.damage}" if burn.armor else ""
    text = f"{unit.name} {how}: {burn.roll}{armour} fire damage, {unit.hp} -> {hp} HP; burning{restarted} (R18.3.1)"
    data = {"roll": list(burn.roll.values), "damage": burn.damage, "armor": burn.armor, "hp": hp, "fire": True}
    events.append(Event("burning", text, data, unit=unit.id))
    return attrs.evolve(unit, hp=hp, burning=burn.burning_after)


def cell_words(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"
