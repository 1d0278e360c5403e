"""Spreading fires (R18.3): what a fire's d6 does, where a flamer's miss splashes, where a fire spreads,
and a character caught in a fire."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from apcombat.dice import DiceRequest, DiceSource, roll_dice
from apcombat.model import Armor, Cell, Facing
from apcombat.model.conditions import BURN_SEQUENCE, Burning
from apcombat.rules.burning import BurnDamage, fire_damage

SPREAD_M = 4.0
"""R18.3.3: a fire spreads to the nearest flammable cell within this many metres."""

MISS_DIRECTIONS: tuple[Facing, ...] = (
    Facing.N,
    Facing.NE,
    Facing.E,
    Facing.SE,
    Facing.S,
    Facing.SW,
    Facing.W,
    Facing.NW,
)
"""R18.3.2: a flamer's miss on a square map, by its d8: 1 N, 2 NE, ... 8 NW."""

HEX_MISS_DIRECTIONS: tuple[Facing, ...] = (Facing.E, Facing.NE, Facing.NW, Facing.W, Facing.SW, Facing.SE)
"""R18.3.2: a flamer's miss on a hex map, by its d6: 1 E, 2 NE, 3 NW, 4 W, 5 SW, 6 SE."""


class FireOutcome(StrEnum):
    """R18.3.3: what a fire's d6 at the end of a round does."""

    OUT = "goes out"  # 1: the cell is burnt
    BURNS_ON = "burns on"  # 2-5
    SPREADS = "spreads"  # 6


def fire_outcome(d6: int) -> FireOutcome:
    """R18.3.3: 1 it goes out; 2-5 it burns on; 6 it spreads."""
    if d6 == 1:
        return FireOutcome.OUT
    if d6 == 6:
        return FireOutcome.SPREADS
    return FireOutcome.BURNS_ON


def roll_fire(dice: DiceSource, where: str) -> tuple[int, FireOutcome]:
    """R18.3.3: the d6 of one fire at the end of a round (`where` names it: "the fire at 3,4")."""
    faces = tuple(outcome.value for outcome in (FireOutcome.OUT, *[FireOutcome.BURNS_ON] * 4, FireOutcome.SPREADS))
    d6 = dice.roll(DiceRequest(sides=6, purpose=f"{where} (R18.3.3)", notation="d6", faces=faces))
    return d6, fire_outcome(d6)


def miss_directions(hex_map: bool) -> tuple[Facing, ...]:
    """R18.3.2: the faces of the die a flamer's miss rolls for its direction (d8 on squares, d6 on hexes)."""
    return HEX_MISS_DIRECTIONS if hex_map else MISS_DIRECTIONS


def roll_miss_direction(dice: DiceSource, hex_map: bool, who: str) -> tuple[int, Facing]:
    """R18.3.2: the die of a flamer's miss: the direction from the target's cell its splash goes."""
    faces = miss_directions(hex_map)
    notation = f"d{len(faces)}"
    request = DiceRequest(
        sides=len(faces),
        purpose=f"where {who}'s missed stream splashes (R18.3.2)",
        notation=notation,
        faces=tuple(face.value for face in faces),
    )
    roll = dice.roll(request)
    return roll, faces[roll - 1]


def spread_to(candidates: Iterable[tuple[Cell, float]]) -> Cell | None:
    """R18.3.3: of the flammable cells not on fire and their distances from the spreading fire, the nearest
    within 4 m (ties: reading order, row by row from the top, left to right); None when none is that near."""
    near = [(distance, (y, x)) for (x, y), distance in candidates if distance <= SPREAD_M + 1e-9]
    if not near:
        return None
    _, (y, x) = min(near, key=lambda found: (round(found[0], 9), found[1]))
    return (x, y)


def reading_order(cells: Iterable[Cell]) -> list[Cell]:
    """R18.3.3: cells row by row from the top, left to right."""
    return sorted(cells, key=lambda cell: (cell[1], cell[0]))


def caught_in_fire(armor: Armor, dice: DiceSource, name: str) -> BurnDamage:
    """R18.3.1: a character in a cell that catches fire, or that starts its turn in one, is set burning as
    by a flamer hit (R6.2): 2d10+5 fire damage at once, armour's fire value applying, and the sequence runs
    on from there (a burning character restarts it instead of taking its tick)."""
    first = BURN_SEQUENCE[0]
    roll = roll_dice(dice, first, f"{name} caught in a fire ({first} fire damage, R18.3.1)")
    damage, stopped = fire_damage(roll, armor)
    return BurnDamage(roll=roll, armor=stopped, damage=damage, burning_after=Burning(step=1))
