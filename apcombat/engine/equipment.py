"""Reloading and changing weapons (R19.1)."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceSource
from apcombat.engine.commands import CommandError, Reload, Swap
from apcombat.engine.events import Event
from apcombat.engine.movement import other_action, pay
from apcombat.model import Encounter
from apcombat.rules.costs import SWAP_WEAPON_AP, reload_cost


def reload(state: Encounter, command: Reload, dice: DiceSource, events: list[Event]) -> Encounter:
    """R19.1: the weapon's ap_reload; refills the magazine from the unit's ammunition of that type."""
    unit = state.unit(command.unit)
    carried = unit.weapon
    if carried is None or carried.weapon.magazine == 0:
        raise CommandError(f"{unit.name} has nothing to reload")
    weapon = carried.weapon
    missing = weapon.magazine - carried.loaded
    if missing <= 0:
        raise CommandError(f"the {weapon.name} is already full ({carried.loaded}/{weapon.magazine})")
    spare = unit.ammo.get(weapon.ammo, 0)
    if spare <= 0:
        raise CommandError(f"{unit.name} has no spare {weapon.ammo} ammunition")
    cost = reload_cost(weapon)
    ap_before = unit.ap
    unit = other_action(pay(unit, cost, f"reload the {weapon.name}"))
    taken = min(missing, spare)
    weapons = list(unit.weapons)
    weapons[unit.in_hand] = attrs.evolve(carried, loaded=carried.loaded + taken)
    ammo = dict(unit.ammo) | {weapon.ammo: spare - taken}
    unit = attrs.evolve(unit, weapons=tuple(weapons), ammo=ammo)
    events.append(
        Event(
            "reload",
            f"{unit.name} reloads the {weapon.name}: {carried.loaded + taken}/{weapon.magazine}, "
            f"{spare - taken} spare {weapon.ammo}; {cost} AP ({ap_before} -> {unit.ap}) (R19.1)",
            {
                "loaded": carried.loaded + taken,
                "spare": spare - taken,
                "ap_before": ap_before,
                "ap_after": unit.ap,
            },
            unit=unit.id,
        )
    )
    return state.with_unit(unit)


def swap(state: Encounter, command: Swap, dice: DiceSource, events: list[Event]) -> Encounter:
    """R19.1: 1 AP to take the next carried weapon in hand."""
    unit = state.unit(command.unit)
    if len(unit.weapons) < 2:
        raise CommandError(f"{unit.name} carries only one weapon")
    ap_before = unit.ap
    unit = other_action(pay(unit, SWAP_WEAPON_AP, "change weapons"))
    in_hand = (unit.in_hand + 1) % len(unit.weapons)
    offhand = unit.offhand if unit.offhand != in_hand else None
    unit = attrs.evolve(unit, in_hand=in_hand, offhand=offhand)
    carried = unit.weapons[in_hand]
    events.append(
        Event(
            "swap",
            f"{unit.name} takes the {carried.weapon.name} in hand ({carried.loaded} loaded); "
            f"{SWAP_WEAPON_AP} AP ({ap_before} -> {unit.ap}) (R19.1)",
            {"weapon": carried.weapon.id, "ap_before": ap_before, "ap_after": unit.ap},
            unit=unit.id,
        )
    )
    return state.with_unit(unit)
