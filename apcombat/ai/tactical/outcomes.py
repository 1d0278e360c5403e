"""What one attack may do to its target: the exact distribution of the damage it deals (every round of every
gun a miss, a plain hit through the armour or a critical, R1.4, R1.5, R6.2), and the few outcomes the
look-ahead branches on — a miss, a wound, a kill."""

from __future__ import annotations

from functools import cache, lru_cache

import attrs

from apcombat.model import Armor, DamageType
from apcombat.rules.attack import AttackPlan, GunPlan
from apcombat.rules.expected_damage import faces

Damage = tuple[tuple[int, float], ...]
"""(damage, chance) pairs, the chances summing to 1."""


@cache
def _round(notation: str, stops: int, hit: float, critical: float) -> Damage:
    """One round: a miss, a plain hit (the dice less the armour, never below 0) or a critical (twice the dice,
    unarmoured, R1.4)."""
    totals: dict[int, float] = {0: 1.0 - hit}
    plain = max(0.0, hit - critical)
    for total, chance in faces(notation):
        through = max(0, total - max(0, stops))
        totals[through] = totals.get(through, 0.0) + plain * chance
        totals[2 * total] = totals.get(2 * total, 0.0) + critical * chance
    return tuple(sorted(totals.items()))


def _add(a: Damage, b: Damage) -> Damage:
    summed: dict[int, float] = {}
    for x, p in a:
        for y, q in b:
            summed[x + y] = summed.get(x + y, 0.0) + p * q
    return tuple(sorted(summed.items()))


GunRounds = tuple[str, int, float, float, int]
"""What one gun's part of an attack deals depends on: damage dice, armour stopping, hit and critical
chances, rounds."""


def _gun_rounds(gun: GunPlan, armor: Armor) -> GunRounds:
    weapon = gun.weapon
    damage_type = DamageType.FIRE if weapon.is_flamer else weapon.damage_type
    hit = gun.hit_chance / 100
    critical = min(gun.crit_chance, gun.hit_chance) / 100 if gun.hit_chance > 0 else 0.0
    return weapon.damage, armor.stops(damage_type), hit, critical, gun.rounds


@lru_cache(maxsize=4096)
def _total(guns: tuple[GunRounds, ...]) -> Damage:
    """The guns' rounds added one by one (the same few attacks are judged from many cells: kept)."""
    if not guns:
        return ((0, 1.0),)
    total = _total(guns[:-1])
    notation, stops, hit, critical, rounds = guns[-1]
    one = _round(notation, stops, hit, critical)
    for _ in range(rounds):
        total = _add(total, one)
    return total


def attack_damage(plan: AttackPlan, armor: Armor) -> Damage:
    """The exact distribution of the damage the whole attack deals (R4.3: each round of a burst rolled on
    its own); its mean is baseline's `expected_damage`."""
    return _total(tuple(_gun_rounds(gun, armor) for gun in plan.guns))


@attrs.frozen
class Outcome:
    """One branch of an attack for the look-ahead: its chance and the HP it takes off the target."""

    chance: float
    damage: float


def outcomes(damage: Damage, hp: int) -> tuple[Outcome, ...]:
    """The attack's damage folded into three branches against a target with `hp` left: a miss (no damage),
    a wound (the mean of what does not down it) and a kill (R12.2: at 0 HP it is out of the fight)."""
    miss = sum(p for d, p in damage if d == 0)
    kill = sum(p for d, p in damage if d >= hp)
    wound = 1.0 - miss - kill
    found = [Outcome(miss, 0.0)] if miss > 1e-9 else []
    if wound > 1e-9:
        found.append(Outcome(wound, sum(d * p for d, p in damage if 0 < d < hp) / wound))
    if kill > 1e-9:
        found.append(Outcome(kill, float(hp)))
    return tuple(found)


def kill_chance(damage: Damage, hp: int) -> float:
    """The chance the attack alone downs a target with `hp` left."""
    return sum(p for d, p in damage if d >= hp)


def mean(damage: Damage, hp: int) -> float:
    """The damage expected, counting no more than the HP the target has left."""
    return sum(min(d, hp) * p for d, p in damage)
