"""Rolling an attack round by round (R1.4, R1.5, R2.2, R4.3, R6.2, R8.6, R10.2, R12).

The order of rolls is fixed (R0.2): guns in order (main, then off-hand), each round complete before the
next: to-hit d100, the defender's d100 (close combat), the d6 for an unaimed critical's location, each
damage die, then wound tests.
"""

from __future__ import annotations

import attrs

from apcombat.dice import DiceRequest, DiceRoll, DiceSource, roll_dice, roll_test
from apcombat.model import BodyLocation, Pose, ShotMode, ShotSituation, Skill
from apcombat.rules.attack import AttackPlan, GunPlan
from apcombat.rules.burning import Burning, fire_damage
from apcombat.rules.checks import TestResult, attribute_test, d10_share, skill_test

# R2.2: d6 for an unaimed critical's location; R8.6: a prone target shows head and arms.
CRITICAL_LOCATIONS = {
    1: BodyLocation.TORSO,
    2: BodyLocation.TORSO,
    3: BodyLocation.LEGS,
    4: BodyLocation.ARM,
    5: BodyLocation.HEAD,
    6: BodyLocation.WEAPON,
}
PRONE_CRITICAL_LOCATIONS = {
    1: BodyLocation.HEAD,
    2: BodyLocation.HEAD,
    3: BodyLocation.HEAD,
    4: BodyLocation.ARM,
    5: BodyLocation.ARM,
    6: BodyLocation.WEAPON,
}


@attrs.frozen
class Knockout:
    """R12.1 head wound: the attribute test against falling unconscious, and for how long if failed."""

    test: TestResult
    rounds: DiceRoll | None


@attrs.frozen
class RoundResult:
    """One round (or one blow) as rolled. `roll` is None for rounds fired after the target went down."""

    gun: int
    roll: int | None
    hit: bool
    critical: bool = False
    location: BodyLocation | None = None
    location_roll: int | None = None
    damage_roll: DiceRoll | None = None
    damage: int = 0
    armor: int = 0
    wound: BodyLocation | None = None
    defence: TestResult | None = None
    knockout: Knockout | None = None
    sets_burning: bool = False
    hp_after: int = 0


@attrs.frozen
class AttackResult:
    """A whole attack as rolled."""

    plan: AttackPlan
    rounds: tuple[RoundResult, ...]
    hp_before: int
    hp_after: int

    @property
    def hits(self) -> int:
        return sum(1 for r in self.rounds if r.hit)

    @property
    def damage(self) -> int:
        return self.hp_before - self.hp_after

    @property
    def target_down(self) -> bool:
        return self.hp_after <= 0

    @property
    def wounds(self) -> tuple[BodyLocation, ...]:
        return tuple(r.wound for r in self.rounds if r.wound is not None)

    @property
    def burning(self) -> Burning | None:
        """R6.2: a flamer hit leaves the target burning, the sequence starting again."""
        if any(r.sets_burning for r in self.rounds) and not self.target_down:
            return Burning(step=1)
        return None

    @property
    def unconscious_rounds(self) -> int:
        return max((r.knockout.rounds.total for r in self.rounds if r.knockout and r.knockout.rounds), default=0)


def resolve_attack(plan: AttackPlan, dice: DiceSource, force_hit: bool | None = None) -> AttackResult:
    """Roll every round of a planned attack and apply damage to the target's HP.

    `force_hit` is a game master's override of the first to-hit result (the roll is still made and shown).
    """
    hp = plan.situation.target.hp
    results: list[RoundResult] = []
    for index, gun in enumerate(plan.guns):
        for number in range(1, gun.rounds + 1):
            if hp <= 0:
                # R4.3: rounds after the target went down are fired and miss.
                results.append(RoundResult(gun=index, roll=None, hit=False, hp_after=hp))
                continue
            override = force_hit if not results else None
            result = _resolve_round(plan, gun, index, number, hp, dice, override)
            hp = result.hp_after
            results.append(result)
    return AttackResult(plan=plan, rounds=tuple(results), hp_before=plan.situation.target.hp, hp_after=hp)


def _purpose(plan: AttackPlan, gun: GunPlan, number: int) -> str:
    situation = plan.situation
    shot = situation.shot
    kind = {
        ShotMode.SINGLE: "shot",
        ShotMode.AIMED: f"aimed shot ({shot.location.value if shot.location else ''})",
        ShotMode.BURST: "burst",
        ShotMode.DUAL: "two-gun shot",
        ShotMode.DUAL_BURST: "two-gun burst",
        ShotMode.FLAME: "flamer stream",
        ShotMode.MELEE: "blow" if shot.location is None else f"aimed blow ({shot.location.value})",
    }[shot.mode]
    text = f"{situation.shooter.name}'s {kind} at {situation.target.name}"
    if len(plan.guns) > 1:
        text += f", {gun.weapon.name} ({'off-hand' if gun.offhand else 'main hand'})"
    if gun.rounds > 1:
        text += f", round {number} of {gun.rounds}"
    return text


def _resolve_round(
    plan: AttackPlan,
    gun: GunPlan,
    index: int,
    number: int,
    hp: int,
    dice: DiceSource,
    force_hit: bool | None,
) -> RoundResult:
    situation = plan.situation
    shot, target, weapon = situation.shot, situation.target, gun.weapon
    purpose = _purpose(plan, gun, number)
    # A forced result (the game master's override) is not asked for: the program rolls it, for a critical.
    roll = roll_test(
        dice,
        100,
        purpose,
        at_most=gun.hit_chance,
        success="hits",
        critical_at=gun.crit_chance,
        asked=force_hit is None,
        owner=situation.shooter.id,
    )
    hit = roll <= gun.hit_chance if force_hit is None else force_hit
    critical = hit and roll <= gun.crit_chance
    defence = None
    if hit and shot.mode is ShotMode.MELEE:
        defence = _melee_defence(situation, dice)
        if defence is not None and defence.success:
            hit, critical = False, False
    if not hit:
        return RoundResult(gun=index, roll=roll, hit=False, defence=defence, hp_after=hp)
    location, location_roll = shot.location, None
    if critical and location is None:
        faces = tuple(location.value for _, location in sorted(_location_table(situation).items()))
        request = DiceRequest(
            sides=6,
            purpose=f"critical location of {purpose}",
            notation="d6",
            faces=faces,
            owner=situation.shooter.id,
        )
        location_roll = dice.roll(request)
        location = _critical_location(situation, location_roll)
    damage_roll = roll_dice(dice, weapon.damage, f"damage of {purpose}", owner=situation.shooter.id)
    if weapon.is_flamer:
        damage, stopped = fire_damage(damage_roll, target.armor, critical)
    elif critical:
        damage, stopped = damage_roll.total * 2, 0  # R1.4
    else:
        stopped = max(0, min(damage_roll.total, target.armor.stops(weapon.damage_type)))  # R1.5
        damage = damage_roll.total - stopped
    damage = max(0, damage)
    hp_after = hp - damage
    wound = location if critical else None
    knockout = None
    if wound is not None and hp_after > 0:
        knockout = _wound_test(situation, wound, dice)
    return RoundResult(
        gun=index,
        roll=roll,
        hit=True,
        critical=critical,
        location=location,
        location_roll=location_roll,
        damage_roll=damage_roll,
        damage=damage,
        armor=stopped,
        wound=wound,
        defence=defence,
        knockout=knockout,
        sets_burning=weapon.is_flamer,
        hp_after=hp_after,
    )


def _critical_location(situation: ShotSituation, roll: int) -> BodyLocation:
    """R2.2; R8.6 when the target is prone, a shot, and the house rule prone_shows_head holds."""
    return _location_table(situation)[roll]


def _location_table(situation: ShotSituation) -> dict[int, BodyLocation]:
    """The d6 table of an unaimed critical's location: R2.2, or R8.6's for a prone target when it applies."""
    prone_table = (
        situation.target.pose is Pose.PRONE
        and situation.shot.mode is not ShotMode.MELEE
        and situation.house_rules.prone_shows_head
    )
    return PRONE_CRITICAL_LOCATIONS if prone_table else CRITICAL_LOCATIONS


def _melee_defence(situation: ShotSituation, dice: DiceSource) -> TestResult | None:
    """R10.2: an upright defender tests the better of melee and unarmed; R8.3: others cannot."""
    target = situation.target
    if target.pose is not Pose.UPRIGHT:
        return None
    skill = max(target.skill(Skill.MELEE), target.skill(Skill.UNARMED)) - target.exhaustion
    purpose = f"{target.name}'s defence against {situation.shooter.name}"
    return skill_test(dice, skill, target.special.LU, purpose, owner=target.id)


def _wound_test(situation: ShotSituation, wound: BodyLocation, dice: DiceSource) -> Knockout | None:
    """R12.1: a wound with a knockout test (the head: EN) — failure means unconscious for some rounds."""
    effect = situation.criticals.effect(wound)
    if effect.knockout_attribute is None:
        return None
    target = situation.target
    # R14.3 exhaustion's tenth and R18.4.2 one point per suppression marker on a d10 test
    needed = target.special.get(effect.knockout_attribute) + d10_share(-target.exhaustion) - target.suppression
    test = attribute_test(
        dice,
        needed,
        f"{target.name}'s {effect.knockout_attribute} test against a {wound.value} wound",
        owner=target.id,
    )
    rounds = None
    if not test.success and effect.knockout_rounds:
        purpose = f"rounds {target.name} stays unconscious"
        rounds = roll_dice(dice, effect.knockout_rounds, purpose, owner=situation.shooter.id)
    return Knockout(test=test, rounds=rounds)
