"""Reloading and changing weapons (R19.1)."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceSource
from apcombat.engine.commands import CommandError, Reload, Swap
from apcombat.engine.events import Event
from apcombat.engine.movement import other_action, pay
from apcombat.model import Encounter, Unit
from apcombat.rules.costs import SWAP_WEAPON_AP, reload_cost


def reload(state: Encounter, command: Reload, dice: DiceSource, events: list[Event]) -> Encounter:
    """R19.1: the weapon's ap_reload; refills the magazine from the unit's ammunition of that type."""
    unit = state.unit(command.unit)
    index = _weapon_to_reload(unit)
    if index is None:
        held = unit.weapon
        if held is None or held.weapon.magazine == 0:
            raise CommandError(f"{unit.name} has nothing to reload")
        raise CommandError(f"the {held.weapon.name} is already full ({held.loaded}/{held.weapon.magazine})")
    carried = unit.weapons[index]
    weapon = carried.weapon
    missing = weapon.magazine - carried.loaded
    spare = unit.ammo.get(weapon.ammo, 0)
    if spare <= 0:
        raise CommandError(f"{unit.name} has no spare {weapon.ammo} ammunition")
    cost = reload_cost(weapon)
    ap_before = unit.ap
    unit = other_action(pay(unit, cost, f"reload the {weapon.name}"))
    taken = min(missing, spare)
    weapons = list(unit.weapons)
    weapons[index] = attrs.evolve(carried, loaded=carried.loaded + taken)
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


def _weapon_to_reload(unit: Unit) -> int | None:
    """The gun in hand if it is not full, else the off-hand gun if that is not full (two-gun fighters)."""
    for index in (unit.in_hand, unit.offhand):
        if index is None or index >= len(unit.weapons):  # no gun at all: thrown weapons only (R22.1.2)
            continue
        carried = unit.weapons[index]
        if carried.weapon.magazine and carried.loaded < carried.weapon.magazine:
            return index
    return None


def swap(state: Encounter, command: Swap, dice: DiceSource, events: list[Event]) -> Encounter:
    """R19.1: 1 AP to take the next carried weapon in hand."""
    unit = state.unit(command.unit)
    if not unit.weapons:
        raise CommandError(f"{unit.name} carries no weapon to take in hand: a thrown weapon never is (R22.1.2)")
    if len(unit.weapons) < 2:
        raise CommandError(f"{unit.name} carries only one weapon")
    ap_before = unit.ap
    unit = other_action(pay(unit, SWAP_WEAPON_AP, "change weapons"))
    in_hand = (unit.in_hand + 1) % len(unit.weapons)
    # The off-hand gun and the gun in hand trade places rather than the pair being lost.
    offhand = unit.in_hand if unit.offhand == in_hand else unit.offhand
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
