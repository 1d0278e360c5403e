"""Thrown weapons (R22): reach, cost, the hit chance, how far a miss scatters, the blast's bands, shifts and
damage. Pure functions of numbers; where a throw lands on the map is the board's (`board.blast`)."""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

import attrs

from apcombat.dice import DiceRequest, DiceSource
from apcombat.model import Armor, BlastBand, DamageType, Facing, Weapon
from apcombat.model.weapon import Blast
from apcombat.rules.chance import HitChance, build_hit_chance
from apcombat.rules.expected_damage import faces
from apcombat.rules.fires import miss_directions
from apcombat.rules.ranges import range_band

REACH_PER_ST_M = 3
"""R22.2.3: a character throws at most 3 x ST metres (Fallout 2's `weaponGetRange`)."""

LEAN_OUT_AP = 1
"""R22.2.2, R9.5: leaning out of cover to throw costs 1 AP more."""

MILD_MISS_POINTS = 20
"""R22.4.2: a miss by 1-20 points (with a roll of 95 or less) is a mild deviation; by more, off target."""

ALWAYS_MISSES_FROM = 96
"""R0.3: 96-100 always misses — for a throw, off target (a critical failure, R22.4.2)."""

BANDS: tuple[BlastBand, ...] = (BlastBand.INNER, BlastBand.MIDDLE, BlastBand.OUTER)
"""R22.5.1: the bands nearest first; a shift (R22.5.3) moves one step along, past OUTER to none."""

MOST_SHIFTS = 2
"""R22.5.3: prone and protected by cover, at most two shifts."""


class Scatter(StrEnum):
    """R22.4.2: how badly a throw missed, read from its d100."""

    MILD = "mild deviation"
    OFF_TARGET = "off target"


def reach_m(weapon: Weapon, strength: int) -> float:
    """R22.2.3: the farthest a character of this ST throws this weapon: the smaller of its `extreme.max` and
    3 x ST metres."""
    return min(weapon.ranges.extreme.max, REACH_PER_ST_M * strength)


def throw_ap(weapon: Weapon, lean: bool) -> int:
    """R22.2.2: the weapon's `ap_single`, +1 when leaning out of cover (R9.5)."""
    return weapon.ap_single + (LEAN_OUT_AP if lean else 0)


def throw_hit_chance(
    weapon: Weapon,
    throwing: int,
    distance_m: float,
    exhaustion: int = 0,
    wounds: int = 0,
    suppression: int = 0,
    gm: int = 0,
) -> HitChance:
    """R22.3.1: R1.1 with only these lines: the `throwing` skill, the weapon's range band of the distance,
    exhaustion (R14.3), wounds' `hit_mod` (R12.1, never the two-handed one), suppression (R18.4.2) and the game
    master; no pose factor, then the clamp to 0..95. `distance_m` must be within the weapon's ranges."""
    band = range_band(weapon, distance_m)
    if band is None:
        raise ValueError(f"{distance_m:g} m is beyond the {weapon.name}'s ranges")
    named = {
        "skill": throwing,
        "range_band": weapon.ranges.band(band).mod,
        "exhaustion": exhaustion,
        "wounds": wounds,
        "suppression": suppression,
        "gm": gm,
    }
    return build_hit_chance(named, pose=None)


def scatter_of(roll: int, chance: int) -> Scatter | None:
    """R22.3.2, R22.4.2: None for a hit (the roll at or under the chance, never 96-100); a miss by 1-20 points
    with a roll of 95 or less is a mild deviation; by 21 or more, or a roll of 96-100, off target."""
    if roll >= ALWAYS_MISSES_FROM:
        return Scatter.OFF_TARGET
    if roll <= chance:
        return None
    return Scatter.MILD if roll - chance <= MILD_MISS_POINTS else Scatter.OFF_TARGET


def forced_miss_scatter(roll: int, chance: int) -> Scatter:
    """R22.8.1: `gm force miss` still rolls a scatter: off target when the d100 misses by 21 or more or shows
    96-100, else a mild deviation (a roll that would have hit counts as a near miss)."""
    found = scatter_of(roll, chance)
    return found if found is not None else Scatter.MILD


def scatter_cells_rolled(total: int, scatter: Scatter) -> int:
    """R22.4.2: the cells read from 2d6 (total t) on the table: a mild deviation ⌊(t + 1) / 3⌋ (`001_…`'s 2D6 cm),
    off target ⌊(2t + 1) / 3⌋ (2D6 x 2 cm), before the cap of half the distance."""
    if scatter is Scatter.MILD:
        return (total + 1) // 3
    return (2 * total + 1) // 3


def scatter_cap(distance_m: float) -> int:
    """R22.4.2: a miss scatters at most max(1, ⌊d / 2⌋) cells, d the throw's distance in metres (Fallout 2)."""
    return max(1, int(distance_m // 2))


def scatter_cells(total: int, scatter: Scatter, distance_m: float) -> int:
    """R22.4.2: how many cells a miss walks: the table's cells for the 2d6 total, at most half the distance."""
    return min(scatter_cells_rolled(total, scatter), scatter_cap(distance_m))


TWO_D6: tuple[tuple[int, Fraction], ...] = tuple((total, Fraction(6 - abs(total - 7), 36)) for total in range(2, 13))
"""The chance of each total of 2d6."""


def miss_chances(chance: int) -> dict[Scatter, Fraction]:
    """R22.4.2: the chance of each kind of miss for a throw of this hit chance (a d100 of 1-100)."""
    mild = sum(1 for roll in range(1, 101) if scatter_of(roll, chance) is Scatter.MILD)
    off = sum(1 for roll in range(1, 101) if scatter_of(roll, chance) is Scatter.OFF_TARGET)
    return {Scatter.MILD: Fraction(mild, 100), Scatter.OFF_TARGET: Fraction(off, 100)}


def scatter_length_chances(chance: int, distance_m: float) -> dict[int, Fraction]:
    """R22.4.2: the chance of each number of cells a throw of this hit chance scatters (0: it hits), summing
    to 1 — what a preview needs, with the direction die's 1/8 or 1/6 each, to give each landing cell's chance."""
    hit = Fraction(sum(1 for roll in range(1, 101) if scatter_of(roll, chance) is None), 100)
    found: dict[int, Fraction] = {0: hit} if hit else {}
    for scatter, weight in miss_chances(chance).items():
        for total, p in TWO_D6:
            cells = scatter_cells(total, scatter, distance_m)
            found[cells] = found.get(cells, Fraction(0)) + weight * p
    return {cells: p for cells, p in sorted(found.items()) if p}


def band_by_distance(distance_m: float, blast: Blast) -> BlastBand | None:
    """R22.5.1: inner up to `blast[0]`, middle up to `blast[1]`, outer up to `blast[2]`; beyond, none."""
    for band, most in zip(BANDS, blast, strict=True):
        if distance_m <= most + 1e-9:
            return band
    return None


def shifted(band: BlastBand | None, shifts: int) -> BlastBand | None:
    """R22.5.3: the band moved `shifts` steps out (inner -> middle -> outer -> none), at most two."""
    if band is None:
        return None
    place = BANDS.index(band) + min(shifts, MOST_SHIFTS)
    return BANDS[place] if place < len(BANDS) else None


def final_band(distance_m: float, blast: Blast, prone: bool, protected: bool) -> BlastBand | None:
    """R22.5.1, R22.5.3: a reached character's band after its shifts: one for being prone, one for being
    protected by cover (the caller judges R9.2 with the landing cell in the shooter's place)."""
    return shifted(band_by_distance(distance_m, blast), int(prone) + int(protected))


def band_damage(rolled: int, band: BlastBand) -> int:
    """R22.5.4: the blast's damage D in a band before armour: inner D, middle ⌊2D / 3⌋, outer ⌊D / 3⌋."""
    if band is BlastBand.INNER:
        return rolled
    if band is BlastBand.MIDDLE:
        return 2 * rolled // 3
    return rolled // 3


def damage_taken(rolled: int, band: BlastBand, armor: Armor, damage_type: DamageType) -> tuple[int, int]:
    """R22.5.4, R1.5: a caught character's damage — its band's share of D minus its armour's value for the
    weapon's damage type, never below 0 — and the points its armour stopped."""
    share = band_damage(rolled, band)
    stopped = max(0, min(share, armor.stops(damage_type)))
    return share - stopped, stopped


def killed_man_down(band: BlastBand | None) -> bool:
    """R22.5.5: a man down whose final band is inner or middle is dead (no damage dice for him alone)."""
    return band in (BlastBand.INNER, BlastBand.MIDDLE)


def sets_burning(weapon: Weapon, band: BlastBand | None) -> bool:
    """R22.6.1: a burning weapon sets a character whose final band is inner burning (R6.2)."""
    return weapon.burns and band is BlastBand.INNER


def template_cm(blast: Blast) -> tuple[float, float, float]:
    """R22.9.1: the template's radii on the table: `blast` x 3 cm, rounded to the nearest 0.5 cm."""
    inner, middle, outer = (round(metres * 3 * 2) / 2 for metres in blast)
    return inner, middle, outer


def expected_band_damage(band: BlastBand, weapon: Weapon, armor: Armor) -> float:
    """R22.5.4, R1.5: the mean damage a character caught in `band` takes, over every total of the weapon's
    damage roll (for previews and the AI)."""
    damage_type = weapon.damage_type
    return sum(chance * damage_taken(total, band, armor, damage_type)[0] for total, chance in faces(weapon.damage))


@attrs.frozen
class ScatterRoll:
    """R22.4.2: a miss's dice — the direction die (its size, face and direction), the two d6 — and the cells it
    walks, capped at half the distance."""

    direction: Facing
    direction_roll: int
    direction_die: int
    d6: tuple[int, int]
    cells: int


def roll_scatter(
    dice: DiceSource, name: str, scatter: Scatter, distance_m: float, hexes: bool, owner: str = ""
) -> ScatterRoll:
    """R22.4.2, R22.8.1: a missed throw's dice in order — the direction (R18.3.2's d8 on squares and at the
    table, d6 on hexes), then the two d6 of the distance, first then second (`name`: "Ana's frag grenade";
    `owner`: the thrower, whose side's dice they are, R22.8.2)."""
    directions = miss_directions(hexes)
    direction_roll = dice.roll(
        DiceRequest(
            sides=len(directions),
            purpose=f"where {name} scatters (R22.4.2)",
            notation=f"d{len(directions)}",
            faces=tuple(face.value for face in directions),
            owner=owner,
        )
    )
    how_far = f"how far {name} scatters (R22.4.2)"
    first, second = (
        dice.roll(DiceRequest(sides=6, purpose=how_far, notation=f"2d6 (die {n} of 2)", owner=owner)) for n in (1, 2)
    )
    cells = scatter_cells(first + second, scatter, distance_m)
    return ScatterRoll(directions[direction_roll - 1], direction_roll, len(directions), (first, second), cells)
