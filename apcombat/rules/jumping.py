"""Jumping (R15)."""

from __future__ import annotations

import math

from apcombat.dice import DiceExpr
from apcombat.model import Special

JUMP_BONUS_PER_METRE = 10  # R15.2
STANDING_JUMP_AP = 1  # R15.3


def max_jump_m(special: Special, from_movement: bool) -> float:
    """R15.1: (ST + AG) / 2 from movement, (ST + AG) / 6 standing, in metres (real division)."""
    return (special.ST + special.AG) / (2 if from_movement else 6)


def jump_distance_m(centre_distance_m: float) -> float:
    """R15.2: the distance between take-off and landing centres less 1 m."""
    return max(0.0, centre_distance_m - 1.0)


def jump_modifier(distance_m: float, maximum_m: float) -> int:
    """R15.2: +10 per whole metre left over below the maximum."""
    return JUMP_BONUS_PER_METRE * math.floor(maximum_m - distance_m)


def fall_damage(drop_m: float) -> DiceExpr:
    """R15.3: 1d6 per full 3 m of drop, at least 1d6."""
    return DiceExpr(count=max(1, math.floor(drop_m / 3)), sides=6)
