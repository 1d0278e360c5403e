"""Planning an attack: whether it is possible, what it costs, and each gun's hit chance (R1-R6, R9-R11)."""

from __future__ import annotations

import attrs

from apcombat.model import (
    CoverExempts,
    FromCover,
    Pose,
    RangeBand,
    ShotMode,
    ShotSituation,
    Weapon,
)
from apcombat.model.wording import possessive
from apcombat.rules.chance import AIM_PENALTY, HitChance, build_hit_chance, critical_chance
from apcombat.rules.costs import attack_cost
from apcombat.rules.ranges import range_band
from apcombat.rules.refusals import BURST_MODES, TWO_GUN_MODES, ImpossibleAttack, refuse_impossible
from apcombat.rules.suppression import suppression_modifier

COVER_PENALTY = -40  # R9.3
BLIND_FIRE_PENALTY = {RangeBand.CQC: -20, RangeBand.CLOSE: -35}  # R9.4
AIM_AP_BONUS = 10  # R3.1: +10 per extra AP
STRENGTH_PENALTY = -20  # R5.1: per ST point below the minimum
BURST_BASE_PENALTY = 25  # R4.2
HEAVY_BASE_PENALTY = 30  # R5.2
TWO_GUN_HANDICAP = {"same_weapon": -25, "same_family": -40, "different": -55}  # R11.3


@attrs.frozen
class GunPlan:
    """One gun's part of an attack: rounds, band, hit chance and critical chance."""

    weapon: Weapon
    offhand: bool
    rounds: int
    band: RangeBand | None
    hit: HitChance
    crit_chance: int
    min_st: int
    rested: bool = False  # R5.3: a heavy weapon fired from its bipod, so R5.2 does not apply

    @property
    def hit_chance(self) -> int:
        return self.hit.chance

    @property
    def expected_hits(self) -> float:
        return self.rounds * self.hit.chance / 100


@attrs.frozen
class AttackPlan:
    """A possible attack before any roll: its AP cost and every gun's chances."""

    situation: ShotSituation
    ap_cost: int
    guns: tuple[GunPlan, ...]

    @property
    def band(self) -> RangeBand | None:
        return self.guns[0].band

    @property
    def rounds(self) -> int:
        return sum(gun.rounds for gun in self.guns)

    @property
    def expected_hits(self) -> float:
        return sum(gun.expected_hits for gun in self.guns)


def plan_attack(situation: ShotSituation) -> AttackPlan:
    """Judge an attack without rolling: refuse it (ImpossibleAttack, with the rule) or plan it.

    R1.1-R1.4 chances, R2.1/R3.1/R4.1/R6.1/R9.5/R10.1/R11.1 costs; refusals in `refusals`, R1.3 range and
    R4.1/R19.1 ammunition here.
    """
    refuse_impossible(situation)
    shooter, shot = situation.shooter, situation.shot
    weapons = [shooter.weapon]
    if shot.mode in TWO_GUN_MODES:
        assert shooter.offhand is not None
        weapons.append(shooter.offhand)
    guns = tuple(_plan_gun(situation, weapon, offhand=index == 1) for index, weapon in enumerate(weapons))
    for gun in guns:
        _refuse_out_of_range(situation, gun)
        _refuse_without_ammo(situation, gun)
    cost = attack_cost(
        shot.mode,
        shooter.weapon,
        shooter.offhand if shot.mode in TWO_GUN_MODES else None,
        extra_ap=shot.extra_ap,
        aimed=shot.location is not None,
        from_cover=shot.from_cover,
    )
    return AttackPlan(situation=situation, ap_cost=cost, guns=guns)


def effective_min_st(situation: ShotSituation, weapon: Weapon) -> int:
    """R11.2: with two guns a one-handed gun's minimum ST rises by 1 and a two-handed one's doubles."""
    shooter, house = situation.shooter, situation.house_rules
    if situation.shot.mode not in TWO_GUN_MODES:
        return weapon.min_st
    if "ambidextrous" in shooter.perks and house.ambidextrous_removes_strength:
        return weapon.min_st
    return weapon.min_st + 1 if weapon.hands == 1 else weapon.min_st * 2


def two_gun_handicap(main: Weapon, offhand: Weapon) -> int:
    """R11.3: the same weapon twice -25, the same family -40, different families -55."""
    if main.id == offhand.id:
        return TWO_GUN_HANDICAP["same_weapon"]
    if main.family is offhand.family:
        return TWO_GUN_HANDICAP["same_family"]
    return TWO_GUN_HANDICAP["different"]


def burst_penalty(base: int, tuning: int, strength: int, min_st: int) -> int:
    """R4.2/R5.2: -(base - tuning - 10 per ST point above the minimum), never a bonus."""
    return -max(0, base - tuning - 10 * max(0, strength - min_st))


def cover_counts(situation: ShotSituation) -> bool:
    """R9.3: cover protects against shots unless the reacting side the house rule names is reacting.

    Close combat is not shooting: a blow at an adjacent character is not hindered by its cover.
    """
    target, shot = situation.target, situation.shot
    if not target.in_cover or shot.mode is ShotMode.MELEE:
        return False
    if situation.house_rules.cover_exempts is CoverExempts.REACTING_TARGET:
        return not target.reacting
    return not shot.reaction


def rests_on_bipod(situation: ShotSituation, weapon: Weapon) -> bool:
    """R5.3: a bipod or tripod rests when the shooter is prone or resting it on cover."""
    shooter = situation.shooter
    return weapon.bipod and (shooter.pose is Pose.PRONE or shooter.in_cover)


def _plan_gun(situation: ShotSituation, weapon: Weapon, offhand: bool) -> GunPlan:
    shooter, target, shot = situation.shooter, situation.target, situation.shot
    close_combat = shot.mode is ShotMode.MELEE
    band = range_band(weapon, shot.distance_m)
    min_st = effective_min_st(situation, weapon)
    strength = shooter.special.ST
    named: dict[str, int] = {"skill": shooter.skill(weapon.skill)}
    if not close_combat and band is not None:
        named["range_band"] = weapon.ranges.band(band).mod
    if shot.location is not None:
        named["aim_location"] = AIM_PENALTY[shot.location]
        named["aim_ap"] = AIM_AP_BONUS * shot.extra_ap
    if shot.mode in BURST_MODES:
        if weapon.is_heavy_automatic:
            if not rests_on_bipod(situation, weapon):
                named["heavy"] = burst_penalty(HEAVY_BASE_PENALTY, weapon.burst_tuning, strength, min_st)
        else:
            named["burst"] = burst_penalty(BURST_BASE_PENALTY, weapon.burst_tuning, strength, min_st)
    if weapon.is_firearm:
        named["strength"] = STRENGTH_PENALTY * max(0, min_st - strength)
    if cover_counts(situation):
        named["cover"] = COVER_PENALTY
    if shot.from_cover is FromCover.BLIND and band is not None:
        named["blind_fire"] = BLIND_FIRE_PENALTY.get(band, 0)
    if shot.mode in TWO_GUN_MODES and "ambidextrous" not in shooter.perks:
        assert shooter.offhand is not None
        named["ambidextrous"] = two_gun_handicap(shooter.weapon, shooter.offhand)
    named["exhaustion"] = -shooter.exhaustion
    named["wounds"] = wound_modifier(situation, weapon)
    named["suppression"] = suppression_modifier(shooter.suppression)
    named["gm"] = shot.gm_modifier
    hit = build_hit_chance(named, None if close_combat else target.pose)
    rounds = weapon.burst if shot.mode in BURST_MODES else 1
    crit = critical_chance(shooter.base_crit_chance, hit.chance, weapon.crit_bonus, shot.location, shooter.perks)
    return GunPlan(
        weapon=weapon,
        offhand=offhand,
        rounds=rounds,
        band=None if close_combat else band,
        hit=hit,
        crit_chance=crit,
        min_st=min_st,
        rested=shot.mode in BURST_MODES and weapon.is_heavy_automatic and rests_on_bipod(situation, weapon),
    )


def wound_modifier(situation: ShotSituation, weapon: Weapon) -> int:
    """R12.1: what the attacker's wounds take off its attacks with this weapon (criticals.toml)."""
    total = 0
    for location in sorted(situation.shooter.wounds, key=lambda loc: loc.value):
        effect = situation.criticals.effect(location)
        total += effect.hit_mod
        if weapon.hands == 2:
            total += effect.hit_mod_two_handed
    return total


def _refuse_out_of_range(situation: ShotSituation, gun: GunPlan) -> None:
    shot, weapon = situation.shot, gun.weapon
    distance = shot.distance_m
    reach = weapon.ranges.extreme.max
    if shot.mode is ShotMode.MELEE:
        if distance > reach:
            raise ImpossibleAttack(
                f"close combat needs an adjacent target (R10.1): {distance:g} m is beyond "
                f"the {possessive(weapon.name)} reach of {reach:g} m"
            )
        return
    band = gun.band
    if band is None:
        raise ImpossibleAttack(f"{distance:g} m is beyond the extreme range of the {weapon.name} ({reach:g} m) (R1.3)")
    if shot.from_cover is FromCover.BLIND and band not in BLIND_FIRE_PENALTY:
        raise ImpossibleAttack(
            f"blind fire reaches only cqc and close range (R9.4): {distance:g} m is {band.value} range "
            f"for the {weapon.name}"
        )


def _refuse_without_ammo(situation: ShotSituation, gun: GunPlan) -> None:
    if situation.shot.mode is ShotMode.MELEE:
        return
    loaded = situation.shooter.loaded(offhand=gun.offhand)
    weapon = gun.weapon
    unit = "seconds of fuel" if weapon.is_flamer else "rounds"
    if loaded <= 0:
        raise ImpossibleAttack(f"the {weapon.name} is empty: reload it first (R19.1)")
    if loaded < gun.rounds:
        raise ImpossibleAttack(
            f"a burst from the {weapon.name} needs {gun.rounds} {unit}; only {loaded} are loaded (R4.1)"
        )
