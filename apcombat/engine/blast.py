"""A blast on the map or at the table: whom it catches and in which band (R22.5.1–R22.5.3, R22.6.2, R22.9.2), and
its damage, rolled once (R22.5.4–R22.5.6, R22.6.1). The throw that makes it is `engine.throwing`'s."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from apcombat.board.blast import blast_line, protected_from_blast
from apcombat.dice import DiceSource, roll_dice
from apcombat.engine.events import Event
from apcombat.engine.geometry import grid_of
from apcombat.engine.upkeep import out_of_the_fight
from apcombat.model import BlastBand, Burning, Cell, Encounter, Pose, Unit, Weapon
from apcombat.model.fates import Fate
from apcombat.rules.throwing import band_by_distance, damage_taken, killed_man_down, sets_burning, shifted


@attrs.frozen
class Caught:
    """R22.5.2, R22.5.3: one character a blast reaches: its band by distance (`by_distance`; inner when it
    stands in a cell that catches fire, R22.6.2), the shifts it gets, and its final band (None: reached but
    shifted out of the last band, so not caught)."""

    unit: str
    by_distance: BlastBand
    prone: bool = False
    covered: bool = False
    in_fire: bool = False
    distance_m: float | None = None  # None at the table: the game master named the band

    @property
    def band(self) -> BlastBand | None:
        """R22.5.3 (R22.6.2: a character in a cell that catches fire is inner whatever its shifts)."""
        if self.in_fire:
            return BlastBand.INNER
        return shifted(self.by_distance, int(self.prone) + int(self.covered))


def reached(state: Encounter, weapon: Weapon, landing: Cell, fires: Iterable[Cell] = ()) -> tuple[Caught, ...]:
    """R22.5.1–R22.5.3, R22.6.2: every character on the map (in the fight, or a man down) within the blast's
    outer distance of the landing cell with a clear blast line, in the encounter's order — friends, enemies,
    the thrower and hidden characters alike; `fires`: the cells that will catch fire."""
    assert state.map is not None and weapon.blast is not None
    grid = grid_of(state)
    burning = frozenset(fires)
    found: list[Caught] = []
    for unit in state.units:
        if unit.at is None or not _may_be_caught(unit):
            continue
        in_fire = unit.at in burning
        distance = grid.distance_m(landing, unit.at)
        band = band_by_distance(distance, weapon.blast)
        if band is None and not in_fire:
            continue
        if not in_fire and not blast_line(state.map, grid, landing, unit.at):
            continue
        prone = unit.pose is Pose.PRONE
        covered = protected_from_blast(state.map, grid, unit.at, landing, unit.in_cover, prone)
        found.append(Caught(unit.id, band or BlastBand.INNER, prone, covered, in_fire, distance))
    return tuple(found)


def named_at_the_table(
    state: Encounter, named: Iterable[tuple[str, BlastBand, bool]], fires_catch: bool = False
) -> tuple[Caught, ...]:
    """R22.9.2: the characters the game master names under the template, with their bands and `covered`, in the
    encounter's order; the program applies the prone shift, and the cover shift to one in cover or prone.
    `fires_catch` (a burning weapon with `fire_spread` on): one named `inner` stands where a fire catches (R22.9.2
    names him so) and is inner whatever its shifts (R22.6.2)."""
    by_unit = {unit_id: (band, covered) for unit_id, band, covered in named}
    found: list[Caught] = []
    for unit in state.units:
        if unit.id not in by_unit or not _may_be_caught(unit):
            continue
        band, covered = by_unit[unit.id]
        prone = unit.pose is Pose.PRONE
        in_fire = fires_catch and band is BlastBand.INNER
        found.append(Caught(unit.id, band, prone, covered and (unit.in_cover or prone), in_fire))
    return tuple(found)


def _may_be_caught(unit: Unit) -> bool:
    """R22.5.5: the characters in the fight, and a man down (whom a blast may kill)."""
    return not unit.down or unit.fate is Fate.MAN_DOWN


def explode(
    state: Encounter,
    thrower_id: str,
    weapon: Weapon,
    caught: tuple[Caught, ...],
    dice: DiceSource,
    events: list[Event],
) -> tuple[Encounter, dict[str, int]]:
    """R22.7.1 steps (3) and (4): the men down killed, then — when someone in the fight is caught — the damage
    roll, once (the thrower's side's dice, R22.8.2), and each caught character's damage in the encounter's
    order (R22.5.4), burning (R22.6.1), down (R12.2). Returns the state and the HP each caught character in the
    fight lost (its id -> HP lost, 0 included: R22.7.1 (5) gives a marker for being caught)."""
    thrower = state.unit(thrower_id)
    for found in caught:
        unit = state.unit(found.unit)
        if unit.fate is Fate.MAN_DOWN and killed_man_down(found.band):
            text = f"{unit.name}, a man down, is killed by the blast ({found.band.value} band, R22.5.5)"  # type: ignore[union-attr]
            events.append(Event("dead", text, {"band": found.band.value if found.band else None}, unit=unit.id))
            state = state.with_unit(attrs.evolve(unit, fate=Fate.DEAD))
    hurt = [found for found in caught if found.band is not None and not state.unit(found.unit).down]
    if not hurt:
        return state, {}
    purpose = f"the blast of {thrower.name}'s {weapon.name.lower()} (R22.5.4)"
    roll = roll_dice(dice, weapon.damage, purpose, owner=thrower_id)
    rolled = roll.total
    events.append(
        Event(
            "blast_damage",
            f"The {weapon.name.lower()}'s blast: {roll} — inner {rolled}, "
            f"middle {2 * rolled // 3}, outer {rolled // 3} (R22.5.4)",
            {"roll": list(roll.values), "damage": rolled},
            unit=thrower_id,
        )
    )
    lost: dict[str, int] = {}
    for found in hurt:
        band = found.band
        assert band is not None
        state, lost[found.unit] = _hurt(state, found, band, rolled, weapon, events)
    return state, lost


def _hurt(
    state: Encounter, found: Caught, band: BlastBand, rolled: int, weapon: Weapon, events: list[Event]
) -> tuple[Encounter, int]:
    """One caught character's share of the blast (R22.5.4), set burning by a burning weapon's inner band
    (R22.6.1: the blast is its first burn), and down at 0 HP (R12.2)."""
    unit = state.unit(found.unit)
    damage, stopped = damage_taken(rolled, band, unit.armor, weapon.damage_type)
    hp = unit.hp - damage
    why = _why(found, band)
    armour = f"{damage + stopped} - {stopped} armour = " if stopped else ""
    text = f"{unit.name} is caught in the {band.value} band{why}: {armour}{damage} damage, {unit.hp} -> {hp} HP"
    text += " (R22.5.4)"
    data = {"band": band.value, "damage": damage, "armor": stopped, "hp_before": unit.hp, "hp_after": hp}
    events.append(Event("blast", text, data, unit=unit.id))
    unit = attrs.evolve(unit, hp=hp)
    if sets_burning(weapon, band) and hp > 0:
        unit = attrs.evolve(unit, burning=Burning(step=1))
        events.append(Event("burning", f"{unit.name} is set on fire (R22.6.1, R6.2)", unit=unit.id))
    if hp <= 0:
        events.append(Event("down", f"{unit.name} is down (R12.2)", unit=unit.id))
        unit = out_of_the_fight(unit)
    return state.with_unit(unit), damage


def _why(found: Caught, band: BlastBand) -> str:
    """How a character came to its band: its distance, and the shifts (R22.5.3) or the fire (R22.6.2)."""
    reasons = []
    if found.distance_m is not None:
        reasons.append(f"{metres(found.distance_m)} m")
    if found.in_fire:
        reasons.append("its cell catches fire")
    else:
        if found.prone:
            reasons.append("prone")
        if found.covered:
            reasons.append("behind cover")
        if found.prone or found.covered:
            reasons.append(f"{found.by_distance.value} by distance")
    return f" ({', '.join(reasons)})" if reasons else ""


def metres(distance_m: float) -> str:
    """A distance as the log writes it: to the hundredth, without trailing zeros ("2", "1.41", "2.24")."""
    return f"{distance_m:.2f}".rstrip("0").rstrip(".")
