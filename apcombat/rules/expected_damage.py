"""Expected damage of a planned attack: hit chance x damage after armour, criticals included (R1.4, R1.5,
R6.2), for every round of every gun — the number the AIs rank attacks by and the cursor's hint on an enemy shows."""

from __future__ import annotations

from functools import cache

from apcombat.dice import parse_dice
from apcombat.model import Armor, DamageType
from apcombat.rules.attack import AttackPlan, GunPlan


@cache
def faces(notation: str) -> tuple[tuple[int, float], ...]:
    """R1.5: every total the damage dice can show with its probability (exact, by convolution)."""
    expr = parse_dice(notation)
    totals = {expr.bonus: 1.0}
    for _ in range(expr.count):
        rolled: dict[int, float] = {}
        for total, chance in totals.items():
            for face in range(1, expr.sides + 1):
                rolled[total + face] = rolled.get(total + face, 0.0) + chance / expr.sides
        totals = rolled
    return tuple(sorted(totals.items()))


@cache
def mean_after_armor(notation: str, stops: int) -> float:
    """R1.5: the mean damage of the dice once the armour has stopped its points (never below 0)."""
    return sum(chance * max(0, total - max(0, stops)) for total, chance in faces(notation))


def mean_damage(notation: str) -> float:
    """The mean of the damage dice, as a critical doubles it past the armour (R1.4)."""
    return parse_dice(notation).mean


def round_damage(gun: GunPlan, armor: Armor) -> float:
    """R1.4, R1.5: one round's expected damage — a plain hit through the armour, a critical double and unarmoured."""
    weapon = gun.weapon
    damage_type = DamageType.FIRE if weapon.is_flamer else weapon.damage_type
    hit = gun.hit_chance / 100
    critical = min(gun.crit_chance, gun.hit_chance) / 100 if gun.hit_chance > 0 else 0.0
    plain = max(0.0, hit - critical)
    return plain * mean_after_armor(weapon.damage, armor.stops(damage_type)) + critical * 2 * mean_damage(weapon.damage)


def expected_damage(plan: AttackPlan, armor: Armor) -> float:
    """R1.4, R1.5, R4.3: the sum over every round of every gun of hit chance x damage (later rounds included)."""
    return sum(gun.rounds * round_damage(gun, armor) for gun in plan.guns)
