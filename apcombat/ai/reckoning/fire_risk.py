"""What fires (R18.3) are worth to the AI in damage: a flamer's stream at an enemy on flammable ground burns it
even on a miss (R18.3.2); a unit ending its turn in a fire takes 2d10+5 as its next turn starts (R18.3.1)."""

from __future__ import annotations

from apcombat.engine import Attack, fires_on, in_a_fire
from apcombat.model import DamageType, Encounter, Unit
from apcombat.model.conditions import BURN_SEQUENCE
from apcombat.rules.attack import AttackPlan
from apcombat.rules.expected_damage import mean_after_armor


def caught_damage(unit: Unit) -> float:
    """R18.3.1: the mean 2d10+5 a unit caught in a fire takes, after its armour's fire value."""
    return mean_after_armor(BURN_SEQUENCE[0], unit.armor.stops(DamageType.FIRE))


def lit_cell_damage(state: Encounter, command: Attack, plan: AttackPlan, target: Unit) -> float:
    """R18.3.2: what a flamer's stream adds by lighting the target's flammable cell: on a miss the target is
    still caught in the fire (a hit already burns it, once, R18.3.1)."""
    if command.kind != "flame" or not fires_on(state) or state.map is None or target.at is None:
        return 0.0
    if not state.map.at(target.at).flammable:
        return 0.0
    hit = max((gun.hit_chance for gun in plan.guns), default=0) / 100
    return (1.0 - min(1.0, hit)) * caught_damage(target)


def fire_danger(state: Encounter, unit: Unit) -> float:
    """R18.3.1: the damage a unit ending its turn in a fire takes as its next turn starts."""
    return caught_damage(unit) if in_a_fire(state, unit) else 0.0
