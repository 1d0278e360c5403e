"""Checks that look at more than one field (ranges in order, a burst length with its AP) or at other
files (ids that exist); single fields are checked while structuring (`field_rules`)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping

from apcombat.content.diagnose import Finding
from apcombat.content.field_paths import join_path
from apcombat.content.suggest import did_you_mean, unknown_id
from apcombat.model.character import Character
from apcombat.model.encounter import AI_LEVEL_NAMES, CarriedWeapon, Side
from apcombat.model.enums import DamageType, Family, Skill
from apcombat.model.weapon import Weapon
from apcombat.model.wording import shown_word


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
    return [("ai.level", f"{shown_word(level)} is not an AI level{hint}; the levels are {levels}")]


def weapon_findings(weapon: Weapon) -> list[Finding]:
    """R1.3, R4.1: what a weapon entry must satisfy once each field is right."""
    found: list[Finding] = []
    if weapon.is_thrown:
        return _thrown_weapon_findings(weapon) + _range_findings(weapon)
    if (weapon.burst > 0) != (weapon.ap_burst > 0):
        found.append(("burst", f"is {weapon.burst} but ap_burst is {weapon.ap_burst}: an automatic weapon needs both"))
    if weapon.blast is not None:
        found.append(("blast", 'is for thrown weapons only (kind = "thrown", R22.1.1)'))
    if weapon.burns:
        found.append(("burns", 'is for thrown weapons only (kind = "thrown", R22.1.1)'))
    return found + _range_findings(weapon)


def written_weapon_findings(raw: dict[str, object]) -> list[Finding]:
    """A held weapon names its ammunition (close-combat weapons `"none"`); only a thrown one leaves `ammo` out
    (R22.1.1). Read from the table as written, so it is reported beside any other problem of the entry."""
    if raw.get("kind", "held") == "thrown" or "ammo" in raw:
        return []
    return [("", "missing required key 'ammo' (a thrown weapon, kind = \"thrown\", has none)")]


THROWN_ZEROS = ("min_st", "ap_burst", "burst", "magazine", "crit_bonus")
"""R22.1.1: the fields a thrown weapon sets to 0 (no ST minimum, no bursts, no magazine, no criticals)."""


def _thrown_weapon_findings(weapon: Weapon) -> list[Finding]:
    """R22.1.1: the fields of a thrown weapon, each as its table says."""
    rule = "for a thrown weapon (R22.1.1)"
    found: list[Finding] = []
    if weapon.family is not Family.THROWN:
        found.append(("family", f'expected "thrown" {rule}, got {weapon.family.value!r}'))
    if weapon.skill is not Skill.THROWING:
        found.append(("skill", f'expected "throwing" {rule}, got {weapon.skill.value!r}'))
    if weapon.hands != 1:
        found.append(("hands", f"expected 1 {rule}, got {weapon.hands}"))
    if weapon.ap_single < 1:
        found.append(("ap_single", f"expected a whole number from 1 to 20 {rule}, got {weapon.ap_single}"))
    found += [(name, f"expected 0 {rule}, got {value}") for name in THROWN_ZEROS if (value := getattr(weapon, name))]
    if weapon.bipod:
        found.append(("bipod", f"expected false {rule}"))
    if weapon.ammo:
        found.append(("ammo", f"a thrown weapon has no ammunition: leave ammo out (R22.1.1), got {weapon.ammo!r}"))
    if weapon.blast is None:
        found.append(("blast", f"missing: three distances [inner, middle, outer] in metres {rule}"))
    else:
        inner, middle, outer = weapon.blast
        if not inner <= middle <= outer:
            shown = f"[{inner:g}, {middle:g}, {outer:g}]"
            found.append(("blast", f"expected each distance at least the one before (R22.1.1), got {shown}"))
        elif outer <= 0:
            found.append(("blast", "expected an outer distance of more than 0 (R22.1.1)"))
    if weapon.burns and weapon.damage_type is not DamageType.FIRE:
        found.append(("burns", f'is true only with damage_type = "fire" (R22.1.1), got {weapon.damage_type.value!r}'))
    return found


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
    weapon_ids: Mapping[str, Weapon] | None,
    armor_ids: Iterable[str] | None,
    thrown: object = None,
) -> list[Finding]:
    """The weapons, thrown weapons (R22.1.3) and armour a character carries must exist (ids None: that list is
    not known); a thrown weapon is carried in `thrown`, never in `weapons`.

    Takes the values as read, so the ids are checked even when another field of the character is wrong;
    values that are not strings are left to the structuring to report."""
    found: list[Finding] = []
    if weapon_ids is not None:
        held = {weapon_id for weapon_id, weapon in weapon_ids.items() if not weapon.is_thrown}
        for index, weapon_id in enumerate(weapons):
            if not isinstance(weapon_id, str) or weapon_id in held:
                continue
            if weapon_id in weapon_ids:
                found.append((f"weapons[{index}]", thrown_in_hand(weapon_id)))
            else:
                found.append((f"weapons[{index}]", unknown_id("weapon", weapon_id, held)))
        found += thrown_findings(thrown, weapon_ids)
    if armor_ids is not None and isinstance(armor, str):
        known = set(armor_ids)
        if armor not in known:
            found.append(("armor", unknown_id("armour", armor, known)))
    return found


def thrown_in_hand(weapon_id: str) -> str:
    """R22.1.3: the sentence for a thrown weapon named among the weapons in hand."""
    return f"{weapon_id!r} is a thrown weapon: carry it in thrown = {{ {weapon_id} = N }} (R22.1.2)"


def thrown_findings(thrown: object, weapons: Mapping[str, Weapon]) -> list[Finding]:
    """R22.1.3: every id of a `thrown` table (as read) is a thrown weapon of the list; counts are checked while
    structuring."""
    if not isinstance(thrown, dict):
        return []
    throwable = {weapon_id for weapon_id, weapon in weapons.items() if weapon.is_thrown}
    found: list[Finding] = []
    for item in thrown:
        if item in throwable:
            continue
        if item in weapons:
            found.append(
                (
                    join_path("thrown", item),
                    f'{shown_word(item)} is no thrown weapon (its kind is not "thrown", R22.1.2)',
                )
            )
        else:
            found.append((join_path("thrown", item), unknown_id("thrown weapon", item, throwable)))
    return found
