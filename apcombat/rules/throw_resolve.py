"""The attack resolver's throw (R22, R22.9): one throw at the table described whole — the thrower, the distance,
and each character the game master names under the template with its band — planned (cost, reach, chance)
and resolved with dice in R22.8.1's order: the d100, on a miss the d8 and the 2d6, then the damage roll once.

The bands are the game master's (R22.9.2: where the template lies once the point has been moved), so the
resolver needs no map; it applies the prone and cover shifts (R22.5.3) and the damage (R22.5.4).
"""

from __future__ import annotations

import attrs

from apcombat.dice import DiceRoll, DiceSource, roll_dice, roll_test
from apcombat.model import Armor, BlastBand, Facing, Weapon
from apcombat.rules.chance import HitChance
from apcombat.rules.explain import breakdown_lines
from apcombat.rules.throwing import (
    Scatter,
    damage_taken,
    reach_m,
    roll_scatter,
    scatter_cap,
    scatter_cells_rolled,
    scatter_of,
    shifted,
    template_cm,
    throw_ap,
    throw_hit_chance,
)

CM_PER_M = 3  # R0.1
COMPASS = {
    Facing.N: "north",
    Facing.NE: "north-east",
    Facing.E: "east",
    Facing.SE: "south-east",
    Facing.S: "south",
    Facing.SW: "south-west",
    Facing.W: "west",
    Facing.NW: "north-west",
}
"""R22.9.1: the table's compass, north being the edge the game master calls north."""


def scatter_words(cells: int, direction: Facing) -> str:
    """R22.9.1: a scatter in the table's words, "scatters 2 cells (6 cm) to the table's south"."""
    return (
        f"scatters {cells} cell{'s' if cells != 1 else ''} ({cells * CM_PER_M} cm) to the table's {COMPASS[direction]}"
    )


class ImpossibleThrow(ValueError):
    """A throw the rules refuse; the message is one sentence naming the rule."""


@attrs.frozen
class NamedUnder:
    """R22.9.2: one character the game master names under the template: its band by where its base centre
    lies, `covered` (an obstacle it is behind stands between it and the point), and what the shifts need."""

    name: str
    hp: int
    armor: Armor
    band: BlastBand
    covered: bool = False
    prone: bool = False
    in_cover: bool = False

    @property
    def shifts(self) -> int:
        """R22.5.3: prone, and covered while in cover or prone (the shift a character behind cover gets)."""
        return int(self.prone) + int(self.covered and (self.in_cover or self.prone))

    @property
    def final_band(self) -> BlastBand | None:
        return shifted(self.band, self.shifts)


@attrs.frozen
class ThrowSituation:
    """Everything a throw at the table needs: who throws what how far, the lines of its chance, and who is
    under the template."""

    thrower: str
    weapon: Weapon
    throwing: int
    strength: int
    distance_m: float
    lean: bool = False
    in_cover: bool = False
    exhaustion: int = 0
    wounds: int = 0
    suppression: int = 0
    gm_modifier: int = 0
    under: tuple[NamedUnder, ...] = ()


@attrs.frozen
class ThrowPlanned:
    """The throw's cost and chance (R22.2.2, R22.3.1), before any die."""

    situation: ThrowSituation
    ap_cost: int
    hit: HitChance

    @property
    def chance(self) -> int:
        return self.hit.chance


@attrs.frozen
class CaughtResult:
    """One named character after the blast: its final band, the damage and armour, its HP after."""

    name: str
    band: BlastBand
    final_band: BlastBand | None
    damage: int
    armor: int
    hp_after: int

    @property
    def down(self) -> bool:
        return self.hp_after <= 0


@attrs.frozen
class ThrowResolved:
    """The dice of the throw (R22.8.1) and what they did."""

    roll: int
    scatter: Scatter | None
    direction: Facing | None
    direction_roll: int | None
    d6: tuple[int, int] | None
    cells: int
    damage: DiceRoll | None
    caught: tuple[CaughtResult, ...]


def plan_throw_at_the_table(situation: ThrowSituation) -> ThrowPlanned:
    """R22.2.2-R22.3.1: the AP, the reach (3 x ST m, at most the weapon's farthest range) and the chance;
    ImpossibleThrow with the sentence of the rule broken."""
    weapon = situation.weapon
    if not weapon.is_thrown or weapon.blast is None:
        raise ImpossibleThrow(f"{weapon.name} is not a thrown weapon (R22.1.1)")
    most = reach_m(weapon, situation.strength)
    if situation.distance_m > most + 1e-9:
        cm = most * CM_PER_M
        name = weapon.name.lower()
        raise ImpossibleThrow(
            f"{situation.thrower} throws the {name} at most {most:g} m ({cm:g} cm) "
            f"(3 × ST {situation.strength}, R22.2.3)"
        )
    if situation.lean and not situation.in_cover:
        raise ImpossibleThrow(f"leaning out (R9.5) needs {situation.thrower} in cover (R22.2.5)")
    if situation.in_cover and not situation.lean:
        raise ImpossibleThrow(f"{situation.thrower} is in cover: lean out (+1 AP) to throw (R22.2.5)")
    hit = throw_hit_chance(
        weapon,
        situation.throwing,
        situation.distance_m,
        exhaustion=-situation.exhaustion,
        wounds=situation.wounds,
        suppression=situation.suppression,
        gm=situation.gm_modifier,
    )
    return ThrowPlanned(situation, throw_ap(weapon, situation.lean), hit)


def resolve_throw_at_the_table(plan: ThrowPlanned, dice: DiceSource) -> ThrowResolved:
    """R22.8.1's dice in order: the d100 (R22.3.2); on a miss the d8 of the direction and the 2d6 of the
    distance (R22.4.2, capped at half the distance); then, when anyone is named, the damage once (R22.5.4) and
    each named character's share after its shifts (R22.5.3)."""
    situation = plan.situation
    weapon = situation.weapon
    name = f"{situation.thrower}'s {weapon.name.lower()}"
    roll = roll_test(dice, 100, f"{name} thrown (R22.3)", at_most=plan.chance, success="hits")
    scatter = scatter_of(roll, plan.chance)
    direction = direction_roll = pair = None
    cells = 0
    if scatter is not None:
        rolled = roll_scatter(dice, name, scatter, situation.distance_m, hexes=False)  # a table has no hexes (R22.9.1)
        direction, direction_roll, pair, cells = rolled.direction, rolled.direction_roll, rolled.d6, rolled.cells
    caught: list[CaughtResult] = []
    damage = None
    if any(named.final_band is not None for named in situation.under):
        damage = roll_dice(dice, weapon.damage, f"the blast of {name} (R22.5.4)")
    for named in situation.under:
        band = named.final_band
        if band is None or damage is None:
            caught.append(CaughtResult(named.name, named.band, None, 0, 0, named.hp))
            continue
        taken, stopped = damage_taken(damage.total, band, named.armor, weapon.damage_type)
        caught.append(CaughtResult(named.name, named.band, band, taken, stopped, named.hp - taken))
    return ThrowResolved(roll, scatter, direction, direction_roll, pair, cells, damage, tuple(caught))


def describe_throw_plan(plan: ThrowPlanned) -> list[str]:
    """The resolver's text of a throw before its dice: the chance with its breakdown, the AP, the template."""
    situation = plan.situation
    weapon = situation.weapon
    assert weapon.blast is not None
    inner, middle, outer = (f"{radius:g}" for radius in template_cm(weapon.blast))
    distance = f"{situation.distance_m:g} m ({situation.distance_m * CM_PER_M:g} cm)"
    lines = [
        f"{situation.thrower} throws a {weapon.name.lower()} at a point {distance}: {plan.chance} % to hit",
        *(f"  {line}" for line in breakdown_lines(plan.hit)),
        f"AP: {plan.ap_cost}{' (leaning out +1)' if situation.lean else ''}",
        f"Template: {inner}, {middle} and {outer} cm; damage {weapon.damage} {weapon.damage_type.value} (R22.9.1)",
        "Dice, in order: d100; on a miss d8 (direction) and 2d6 (distance); then the damage (R22.8.1)",
    ]
    for named in situation.under:
        final = named.final_band
        shifts = f" -> {final.value if final else 'none'} (R22.5.3)" if named.shifts else ""
        lines.append(f"  {named.name}: {named.band.value}{shifts}, {named.hp} HP")
    return lines


def describe_throw_result(plan: ThrowPlanned, result: ThrowResolved) -> list[str]:
    """The resolver's text of the dice: where the throw lands in the table's words and each share."""
    situation = plan.situation
    lines = [f"d100 {result.roll}: " + landing_words(plan, result)]
    if result.damage is None:
        lines.append("Nobody is caught: no damage roll")
        return lines
    rolled = result.damage.total
    lines.append(f"Damage {result.damage} — inner {rolled}, middle {2 * rolled // 3}, outer {rolled // 3} (R22.5.4)")
    for caught, named in zip(result.caught, situation.under, strict=True):
        if caught.final_band is None:
            lines.append(f"{caught.name}: shifted out of the blast, untouched (R22.5.3)")
            continue
        armour = f", {caught.armor} stopped by armour" if caught.armor else ""
        down = " — down" if caught.down else ""
        lines.append(
            f"{caught.name} ({caught.final_band.value}): {caught.damage} damage{armour} "
            f"({named.hp} -> {caught.hp_after} HP){down}"
        )
    return lines


def landing_words(plan: ThrowPlanned, result: ThrowResolved) -> str:
    """R22.9.1: "hits: lands on the point" or "misses by 17: mild deviation; d8 5 (S), 2d6 3+4 = 7: scatters 2
    cells (6 cm) to the table's south"."""
    if result.scatter is None or result.d6 is None or result.direction is None:
        return "hits: lands on the point"
    by = result.roll - plan.chance
    missed = f"misses by {by}" if result.roll <= 95 and by > 0 else "misses (96-100 always miss)"
    first, second = result.d6
    rolled = scatter_cells_rolled(first + second, result.scatter)
    cap = scatter_cap(plan.situation.distance_m)
    capped = f" (at most {cap}: half the distance)" if rolled > cap else ""
    where = scatter_words(result.cells, result.direction)
    dice = f"d8 {result.direction_roll} ({result.direction.value}), 2d6 {first}+{second} = {first + second}"
    return f"{missed}: {result.scatter.value}; {dice}: {where}{capped}"
