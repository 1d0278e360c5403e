"""The flamer's burn (R6.2): damage at once, then at the start of the target's next two turns."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceRoll, DiceSource, roll_dice
from apcombat.model import Armor, DamageType
from apcombat.model.conditions import BURN_SEQUENCE, Burning

__all__ = ["BURN_SEQUENCE", "BurnDamage", "Burning", "burn_at_turn_start", "fire_damage"]


@attrs.frozen
class BurnDamage:
    """One step of the burn as rolled."""

    roll: DiceRoll
    armor: int
    damage: int
    burning_after: Burning | None


def fire_damage(roll: DiceRoll, armor: Armor, critical: bool = False) -> tuple[int, int]:
    """R6.2 ruling: fire armour stops points; a critical doubles and ignores it. Returns (damage, stopped)."""
    if critical:
        return max(0, roll.total * 2), 0
    stopped = max(0, min(roll.total, armor.stops(DamageType.FIRE)))
    return max(0, roll.total - stopped), stopped


def burn_at_turn_start(burning: Burning, armor: Armor, dice: DiceSource, name: str) -> BurnDamage:
    """R6.2: 1d10+5, then 1d10, at the start of the burning character's turns; then the fire is out."""
    roll = roll_dice(dice, burning.dice, f"{name}'s burning ({burning.dice} fire damage)")
    damage, stopped = fire_damage(roll, armor)
    following = burning.step + 1
    after = Burning(step=following) if following < len(BURN_SEQUENCE) else None
    return BurnDamage(roll=roll, armor=stopped, damage=damage, burning_after=after)
