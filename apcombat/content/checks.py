"""Checks that look at more than one field (ranges in order, a burst length with its AP) or at other
files (ids that exist); single fields are checked while structuring (`field_rules`)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from apcombat.content.diagnose import Finding
from apcombat.content.suggest import did_you_mean, unknown_id
from apcombat.model.character import Character
from apcombat.model.encounter import AI_LEVEL_NAMES, CarriedWeapon, Side
from apcombat.model.weapon import Weapon


def no_findings(_: object) -> list[Finding]:
    """For entries with nothing to check across fields."""
    return []


def side_findings(side: Side) -> list[Finding]:
    """The level a side's `ai` names must be a built-in AI level."""
    level = side.ai.level
    if level is None or level in AI_LEVEL_NAMES:
        return []
    levels = ", ".join(AI_LEVEL_NAMES)
    hint = did_you_mean(level, AI_LEVEL_NAMES)
    return [("ai.level", f"{level!r} is not an AI level{hint}; the levels are {levels}")]


def weapon_findings(weapon: Weapon) -> list[Finding]:
    """R1.3, R4.1: what a weapon entry must satisfy once each field is right."""
    found: list[Finding] = []
    if (weapon.burst > 0) != (weapon.ap_burst > 0):
        found.append(("burst", f"is {weapon.burst} but ap_burst is {weapon.ap_burst}: an automatic weapon needs both"))
    return found + _range_findings(weapon)


def hp_findings(hp: int, character: Character, whose: str = "character") -> list[Finding]:
    """R0.5: a unit's HP is at most its character's max HP (`whose` names whose max it is in the message)."""
    most = character.hit_points
    return [("hp", f"expected at most the {whose}'s max HP ({most}), got {hp}")] if hp > most else []


def carried_findings(carried: CarriedWeapon) -> list[Finding]:
    """A carried weapon: the weapon entry's own checks (under `weapon.`), and no more rounds loaded than its
    magazine holds (R19.1)."""
    found = [(f"weapon.{path}", message) for path, message in weapon_findings(carried.weapon)]
    weapon = carried.weapon
    if carried.loaded > weapon.magazine:
        found.append(
            ("loaded", f"expected at most the {weapon.name}'s magazine ({weapon.magazine}), got {carried.loaded}")
        )
    return found


def _range_findings(weapon: Weapon) -> list[Finding]:
    """R1.3: the band maxima grow from cqc to extreme (close-combat weapons may repeat a distance)."""
    nearest = weapon.ranges.cqc.max
    found = [] if nearest > 0 else [("ranges.cqc.max", f"expected more than 0, got {nearest:g}")]
    for (before, spec_before), (band, spec) in itertools.pairwise(weapon.ranges.in_order()):
        path = f"ranges.{band.value}.max"
        limit = f"ranges.{before.value}.max ({spec_before.max:g})"
        if weapon.is_close_combat and spec.max < spec_before.max:
            found.append((path, f"expected at least {limit}, got {spec.max:g}"))
        elif not weapon.is_close_combat and spec.max <= spec_before.max:
            found.append((path, f"expected more than {limit}, got {spec.max:g}"))
    return found


def reference_findings(
    weapons: Iterable[object],
    armor: object,
    weapon_ids: Iterable[str] | None,
    armor_ids: Iterable[str] | None,
) -> list[Finding]:
    """The weapons and the armour a character carries must exist (ids None: that list is not known).

    Takes the values as read, so the ids are checked even when another field of the character is wrong;
    values that are not strings are left to the structuring to report."""
    found: list[Finding] = []
    if weapon_ids is not None:
        known = set(weapon_ids)
        for index, weapon_id in enumerate(weapons):
            if isinstance(weapon_id, str) and weapon_id not in known:
                found.append((f"weapons[{index}]", unknown_id("weapon", weapon_id, known)))
    if armor_ids is not None and isinstance(armor, str):
        known = set(armor_ids)
        if armor not in known:
            found.append(("armor", unknown_id("armour", armor, known)))
    return found
