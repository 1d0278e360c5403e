"""The hit chance and its named breakdown (R1.1, R1.2, R8.4) and the critical chance (R1.4)."""

from __future__ import annotations

from fractions import Fraction

import attrs

from apcombat.model import BodyLocation, Pose

HIT_CHANCE_CAP = 95  # R1.1

# R1.2: the order in which modifiers are applied and shown.
MODIFIER_ORDER = (
    "skill",
    "range_band",
    "aim_location",
    "aim_ap",
    "burst",
    "strength",
    "heavy",
    "cover",
    "blind_fire",
    "ambidextrous",
    "exhaustion",
    "wounds",
    "suppression",  # R18.4.2
    "gm",
)

# R8.4: the target's pose factor on every shot.
POSE_FACTORS = {Pose.UPRIGHT: Fraction(1), Pose.CROUCHED: Fraction(2, 3), Pose.PRONE: Fraction(1, 2)}

# R3.2 and R3.3: hit penalty and critical bonus of an aimed location.
AIM_PENALTY = {
    BodyLocation.HEAD: -50,
    BodyLocation.LEGS: -40,
    BodyLocation.WEAPON: -35,
    BodyLocation.ARM: -25,
    BodyLocation.TORSO: -5,
}
AIM_CRIT_BONUS = {
    BodyLocation.HEAD: 25,
    BodyLocation.LEGS: 20,
    BodyLocation.WEAPON: 18,
    BodyLocation.ARM: 13,
    BodyLocation.TORSO: 3,
}

# R1.4 "perk modifiers": perks that raise the critical chance, in points.
PERK_CRIT_BONUS = {"more_criticals": 5}


@attrs.frozen
class Modifier:
    """One named line of the breakdown."""

    name: str
    value: int


@attrs.frozen
class HitChance:
    """R1.2: the modifiers that sum to S, then the pose factor and the clamp."""

    modifiers: tuple[Modifier, ...]
    pose: Pose | None  # None: close combat, no pose factor
    total: int = attrs.field(init=False)
    after_pose: int = attrs.field(init=False)
    chance: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        # Computed once: a breakdown is read many times (previews, logs) and built very often (the AI).
        total = sum(m.value for m in self.modifiers)
        after_pose = total if self.pose is None else apply_pose_factor(total, self.pose)
        object.__setattr__(self, "total", total)  # S of R1.1
        object.__setattr__(self, "after_pose", after_pose)
        object.__setattr__(self, "chance", clamp_chance(after_pose))

    @property
    def pose_factor(self) -> Fraction | None:
        return None if self.pose is None else POSE_FACTORS[self.pose]

    def value(self, name: str) -> int:
        return sum(m.value for m in self.modifiers if m.name == name)


def apply_pose_factor(total: int, pose: Pose) -> int:
    """R1.1/R8.4: crouched floor((4S + 3) / 6), prone floor((S + 1) / 2) — S x factor rounded half up."""
    if pose is Pose.CROUCHED:
        return (4 * total + 3) // 6
    if pose is Pose.PRONE:
        return (total + 1) // 2
    return total


def clamp_chance(value: int) -> int:
    """R1.1: a hit chance lies in 0..95."""
    return max(0, min(HIT_CHANCE_CAP, value))


def build_hit_chance(named: dict[str, int], pose: Pose | None) -> HitChance:
    """R1.2: put the named modifiers in the rule book's order; `skill` always, the rest when not zero."""
    unknown = set(named) - set(MODIFIER_ORDER)
    if unknown:
        raise ValueError(f"unknown modifiers: {sorted(unknown)}")
    modifiers = tuple(
        Modifier(name, value) for name in MODIFIER_ORDER if (value := named.get(name, 0)) != 0 or name == "skill"
    )
    return HitChance(modifiers=modifiers, pose=pose)


def format_pose_factor(factor: Fraction | None) -> str | None:
    """`"1"`, `"2/3"`, `"1/2"`, or None in close combat."""
    return None if factor is None else str(factor)


def critical_chance(
    base: int,
    hit_chance: int,
    weapon_crit_bonus: int = 0,
    location: BodyLocation | None = None,
    perks: frozenset[str] = frozenset(),
) -> int:
    """R1.4: LU + aim bonus (R3.3) + the weapon's crit_bonus + perk modifiers, capped at the hit chance."""
    value = base + weapon_crit_bonus + sum(PERK_CRIT_BONUS.get(perk, 0) for perk in perks)
    if location is not None:
        value += AIM_CRIT_BONUS[location]
    return max(0, min(value, hit_chance))
