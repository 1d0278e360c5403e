"""R1.4 critical hits, R1.5 damage, R2.2 and R8.6 critical locations, R12.1 wounds, R12.2 down at 0 HP."""

import pytest

from apcombat.model import (
    BodyLocation,
    CriticalEffect,
    CriticalTable,
    DamageType,
    HouseRules,
    Pose,
    ShotMode,
)
from apcombat.model.criticals import DEFAULT_CRITICALS
from apcombat.rules.attack import ImpossibleAttack
from apcombat.rules.resolve import CRITICAL_LOCATIONS, PRONE_CRITICAL_LOCATIONS, resolve_attack

from .builders import (
    RecordingDice,
    make_armor,
    make_plan,
    make_shooter,
    make_special,
    make_target,
    make_weapon,
    resolve_recorded,
    resolve_scripted,
)


def shot(lu=1, skill=90, target=None, weapon=None, **kwargs):
    return make_plan(
        shooter=make_shooter(weapon or make_weapon(), skill=skill, special=make_special(LU=lu)),
        target=target or make_target(),
        **kwargs,
    )


# R1.5: damage dice minus the armour's value for the damage type, never below 0.
@pytest.mark.parametrize(
    ("damage", "armour", "taken", "stopped"),
    [(7, 0, 7, 0), (7, 3, 4, 3), (7, 7, 0, 7), (2, 5, 0, 2), (10, 9, 1, 9)],
)
def test_damage_minus_armour(damage, armour, taken, stopped):
    result = resolve_scripted(shot(target=make_target(armor=make_armor(normal=armour))), [50, damage])
    assert result.rounds[0].damage == taken
    assert result.rounds[0].armor == stopped
    assert result.hp_after == 30 - taken


@pytest.mark.parametrize(("armour", "lu", "rolls"), [(0, 1, [50, 1]), (4, 1, [50, 1]), (0, 5, [5, 1, 1])])
def test_negative_damage_total_is_no_damage_and_no_armour(armour, lu, rolls):
    # R1.5: a dice total below 0 (1d4-3 rolling 1) does no damage; armour stops 0 points, never a
    # negative amount (found: the code reported -2 points stopped by a target without armour).
    weapon = make_weapon(damage="1d4-3")
    result = resolve_scripted(shot(lu=lu, weapon=weapon, target=make_target(armor=make_armor(normal=armour))), rolls)
    assert result.rounds[0].damage_roll.total == -2
    assert result.rounds[0].damage == 0
    assert result.rounds[0].armor == 0
    assert result.hp_after == 30


def test_armour_value_for_the_weapons_damage_type():
    # R1.5: the armour's value *for the damage type*.
    armour = make_armor(normal=8, laser=2)
    laser = make_weapon(damage_type=DamageType.LASER)
    result = resolve_scripted(shot(weapon=laser, target=make_target(armor=armour)), [50, 9])
    assert result.rounds[0].damage == 7


def test_damage_dice_with_bonus():
    # R1.5: roll the weapon's damage dice (NdS+K).
    weapon = make_weapon(damage="2d6+3")
    result, dice = resolve_recorded(shot(weapon=weapon, target=make_target(armor=make_armor(normal=2))), [50, 4, 5])
    assert dice.sides == [100, 6, 6]
    assert result.rounds[0].damage_roll.total == 12
    assert result.rounds[0].damage == 10


def test_miss_does_no_damage():
    # R1.1: a roll above the hit chance misses.
    result = resolve_scripted(shot(skill=40), [41])
    assert not result.rounds[0].hit
    assert result.hp_after == 30


# R1.4: a critical hit ignores armour, does double damage and wounds its location.
def test_critical_doubles_and_ignores_armour():
    target = make_target(armor=make_armor(normal=6))
    result, dice = resolve_recorded(shot(lu=5, target=target), [5, 2, 7])  # crit, d6=2 torso, 1d10=7
    assert dice.sides == [100, 6, 10]
    r = result.rounds[0]
    assert r.critical
    assert r.armor == 0
    assert r.damage == 14
    assert r.location is BodyLocation.TORSO
    assert r.location_roll == 2
    assert r.wound is BodyLocation.TORSO
    assert result.wounds == (BodyLocation.TORSO,)


def test_roll_just_above_crit_chance_is_a_normal_hit():
    # R1.4: critical only when roll <= critical chance.
    target = make_target(armor=make_armor(normal=6))
    result, dice = resolve_recorded(shot(lu=5, target=target), [6, 7])
    assert dice.sides == [100, 10]
    assert not result.rounds[0].critical
    assert result.rounds[0].damage == 1
    assert result.rounds[0].wound is None


def test_critical_capped_at_hit_chance():
    # R1.4: LU 10 + crit_bonus 20 = 30 but the hit chance is 12: a roll of 13 misses, 12 crits.
    weapon = make_weapon(crit_bonus=20)
    plan = shot(lu=10, skill=12, weapon=weapon)
    assert plan.guns[0].crit_chance == 12
    assert not resolve_scripted(plan, [13]).rounds[0].hit
    assert resolve_scripted(plan, [12, 1, 1]).rounds[0].critical


# R2.2: d6 critical location — 1-2 torso, 3 legs, 4 arm, 5 head, 6 weapon.
@pytest.mark.parametrize(
    ("d6", "location"),
    [
        (1, BodyLocation.TORSO),
        (2, BodyLocation.TORSO),
        (3, BodyLocation.LEGS),
        (4, BodyLocation.ARM),
        (5, BodyLocation.HEAD),
        (6, BodyLocation.WEAPON),
    ],
)
@pytest.mark.parametrize("pose", [Pose.UPRIGHT, Pose.CROUCHED])
def test_critical_location_table(d6, location, pose):
    assert CRITICAL_LOCATIONS[d6] is location
    target = make_target(hp=100, pose=pose, special=make_special(EN=10))
    rolls = [1, d6, 5] + ([1] if location is BodyLocation.HEAD else [])
    result = resolve_scripted(shot(target=target), rolls)
    assert result.rounds[0].location is location
    assert result.rounds[0].wound is location


# R8.6 (house rule prone_shows_head, default true): prone targets — 1-3 head, 4-5 arm, 6 weapon.
@pytest.mark.parametrize(
    ("d6", "location"),
    [
        (1, BodyLocation.HEAD),
        (2, BodyLocation.HEAD),
        (3, BodyLocation.HEAD),
        (4, BodyLocation.ARM),
        (5, BodyLocation.ARM),
        (6, BodyLocation.WEAPON),
    ],
)
def test_prone_critical_location_table(d6, location):
    assert PRONE_CRITICAL_LOCATIONS[d6] is location
    target = make_target(hp=100, pose=Pose.PRONE, special=make_special(EN=10))
    rolls = [1, d6, 5] + ([1] if location is BodyLocation.HEAD else [])
    result = resolve_scripted(shot(target=target), rolls)
    assert result.rounds[0].location is location


@pytest.mark.parametrize(("d6", "location"), [(1, BodyLocation.TORSO), (3, BodyLocation.LEGS)])
def test_prone_uses_normal_table_without_house_rule(d6, location):
    # R8.6: with prone_shows_head = false the R2.2 table applies.
    plan = shot(
        target=make_target(hp=100, pose=Pose.PRONE),
        house_rules=HouseRules(prone_shows_head=False),
    )
    result = resolve_scripted(plan, [1, d6, 5])
    assert result.rounds[0].location is location


# R12.1: head — lose 2 AP next turn, EN test (R0.4) or unconscious for 1d3 rounds.
def test_head_wound_en_test_passed():
    target = make_target(hp=100, special=make_special(EN=6))
    result, dice = resolve_recorded(shot(target=target), [1, 5, 3, 6])  # crit, d6=5 head, dmg, EN d10=6
    assert dice.sides == [100, 6, 10, 10]
    knockout = result.rounds[0].knockout
    assert knockout.test.success
    assert knockout.test.needed == 6
    assert knockout.rounds is None
    assert result.unconscious_rounds == 0


def test_head_wound_en_test_failed_rolls_1d3_rounds():
    target = make_target(hp=100, special=make_special(EN=6))
    result, dice = resolve_recorded(shot(target=target), [1, 5, 3, 7, 2])  # EN d10=7 fails, 1d3=2
    assert dice.sides == [100, 6, 10, 10, 3]
    knockout = result.rounds[0].knockout
    assert not knockout.test.success
    assert knockout.rounds.total == 2
    assert result.unconscious_rounds == 2


def test_head_wound_en_test_takes_a_tenth_of_exhaustion():
    # R12.1 + R14.3: the EN test (d10) takes a tenth of the target's d100 penalty.
    target = make_target(hp=100, special=make_special(EN=6), exhaustion=20)
    result = resolve_scripted(shot(target=target), [1, 5, 3, 5, 1])
    assert result.rounds[0].knockout.test.needed == 4
    assert not result.rounds[0].knockout.test.success


def test_aimed_head_critical_order():
    # R3.3 + R12.1: aimed head crit — no d6, damage, then the EN test.
    plan = shot(lu=5, skill=95, target=make_target(hp=100), mode=ShotMode.AIMED, location=BodyLocation.HEAD)
    result, dice = resolve_recorded(plan, [30, 10, 2])
    assert dice.sides == [100, 10, 10]
    assert result.rounds[0].damage == 20
    assert result.rounds[0].knockout.test.success


def test_no_en_test_when_the_critical_kills():
    # R12.2: a character at 0 HP is down; no wound test is rolled.
    result, dice = resolve_recorded(shot(target=make_target(hp=10)), [1, 5, 5])
    assert dice.sides == [100, 6, 10]
    assert result.rounds[0].knockout is None
    assert result.target_down


@pytest.mark.parametrize("location", [BodyLocation.TORSO, BodyLocation.LEGS, BodyLocation.ARM, BodyLocation.WEAPON])
def test_other_wounds_roll_no_test(location):
    # R12.1: only the head has a test.
    d6 = {BodyLocation.TORSO: 1, BodyLocation.LEGS: 3, BodyLocation.ARM: 4, BodyLocation.WEAPON: 6}[location]
    result = resolve_scripted(shot(target=make_target(hp=100)), [1, d6, 5])
    assert result.rounds[0].knockout is None


def test_default_critical_effects():
    # R12.1 defaults: legs halve movement and forbid running; arm -20 two-handed and no two guns; head
    # 2 AP and EN / 1d3; torso nothing; weapon broken.
    legs = DEFAULT_CRITICALS.effect(BodyLocation.LEGS)
    assert (legs.movement_factor, legs.forbids_running) == (0.5, True)
    arm = DEFAULT_CRITICALS.effect(BodyLocation.ARM)
    assert (arm.hit_mod, arm.hit_mod_two_handed, arm.forbids_two_guns) == (0, -20, True)
    head = DEFAULT_CRITICALS.effect(BodyLocation.HEAD)
    assert (head.ap_loss_next_turn, head.knockout_attribute, head.knockout_rounds) == (2, "EN", "1d3")
    torso = DEFAULT_CRITICALS.effect(BodyLocation.TORSO)
    assert torso == CriticalEffect(BodyLocation.TORSO, text=torso.text)
    assert DEFAULT_CRITICALS.effect(BodyLocation.WEAPON).breaks_weapon


@pytest.mark.parametrize(("hands", "penalty"), [(1, 0), (2, -20)])
def test_arm_wound_hurts_two_handed_weapons_only(hands, penalty):
    # R12.1: arm — -20 on two-handed weapons.
    shooter = make_shooter(make_weapon(hands=hands), skill=70, wounds={BodyLocation.ARM})
    plan = make_plan(shooter=shooter)
    assert plan.guns[0].hit.value("wounds") == penalty
    assert plan.guns[0].hit_chance == 70 + penalty


def test_weapon_wound_breaks_the_weapon():
    # R12.1 / R19.1: a broken weapon cannot fire until repaired.
    with pytest.raises(ImpossibleAttack, match=r"broken.*R12\.1"):
        make_plan(shooter=make_shooter(wounds={BodyLocation.WEAPON}))


def test_wound_effects_are_data():
    # R12.1: effects come from content/criticals.toml; another table changes the outcome.
    table = CriticalTable(effects={BodyLocation.ARM: CriticalEffect(BodyLocation.ARM, hit_mod=-7)})
    plan = make_plan(shooter=make_shooter(skill=70, wounds={BodyLocation.ARM, BodyLocation.WEAPON}), criticals=table)
    assert plan.guns[0].hit.value("wounds") == -7  # and a weapon wound breaks nothing in this table


def test_custom_knockout_rounds():
    # R12.1: the knockout dice come from the table.
    head = CriticalEffect(BodyLocation.HEAD, knockout_attribute="EN", knockout_rounds="2d4")
    plan = make_plan(
        shooter=make_shooter(skill=90),
        target=make_target(hp=100, special=make_special(EN=3)),
        criticals=CriticalTable(effects={BodyLocation.HEAD: head}),
    )
    dice = RecordingDice([1, 5, 4, 9, 3, 4])
    result = resolve_attack(plan, dice)
    assert dice.sides == [100, 6, 10, 10, 4, 4]
    assert result.unconscious_rounds == 7


# R12.2: at 0 HP a character is down and out of the fight.
def test_zero_hp_is_down():
    result = resolve_scripted(shot(target=make_target(hp=7)), [50, 7])
    assert result.hp_after == 0
    assert result.target_down


def test_hp_may_go_below_zero_and_is_down():
    # R12.2
    result = resolve_scripted(shot(target=make_target(hp=3)), [50, 7])
    assert result.hp_after == -4
    assert result.target_down


@pytest.mark.parametrize("hp", [0, -3])
def test_cannot_attack_a_downed_target(hp):
    # R12.2: out of the fight.
    with pytest.raises(ImpossibleAttack, match=r"already down.*R12\.2"):
        shot(target=make_target(hp=hp))
