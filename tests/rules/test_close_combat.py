"""R10.1 close combat, R10.2 the defender's test, R8.3 crouched and prone defenders."""

import pytest

from apcombat.model import BodyLocation, FromCover, Pose, ShotMode, Skill
from apcombat.rules.attack import ImpossibleAttack

from .builders import (
    make_armor,
    make_fists,
    make_melee,
    make_plan,
    make_shooter,
    make_special,
    make_target,
    make_weapon,
    resolve_recorded,
)


def melee_plan(weapon=None, skill=70, target=None, lu=1, **shot):
    weapon = weapon or make_melee()
    return make_plan(
        shooter=make_shooter(weapon, skill=skill, special=make_special(LU=lu)),
        target=target or make_target(),
        mode=ShotMode.MELEE,
        **shot,
    )


def defender(pose=Pose.UPRIGHT, melee=0, unarmed=0, **kwargs):
    return make_target(pose=pose, skills={Skill.MELEE: melee, Skill.UNARMED: unarmed}, **kwargs)


def test_unarmed_costs_3_ap_and_uses_unarmed_skill():
    # R10.1: weapon AP (unarmed 3).
    plan = melee_plan(make_fists(), skill=55)
    assert plan.ap_cost == 3
    assert plan.guns[0].hit_chance == 55


def test_melee_weapon_ap():
    # R10.1: weapon AP.
    assert melee_plan(make_melee(ap_single=4)).ap_cost == 4


def test_no_range_band_and_no_pose_factor():
    # R10.1: no pose factor, no range band.
    plan = melee_plan(target=defender(pose=Pose.PRONE), skill=75, distance_m=1.4)
    hit = plan.guns[0].hit
    assert [m.name for m in hit.modifiers] == ["skill"]
    assert plan.band is None
    assert plan.guns[0].hit_chance == 75


@pytest.mark.parametrize(
    ("location", "penalty", "crit_bonus"),
    [(BodyLocation.HEAD, -50, 25), (BodyLocation.ARM, -25, 13), (BodyLocation.TORSO, -5, 3)],
)
def test_aimed_blow(location, penalty, crit_bonus):
    # R10.1: aim locations apply (R3.2 penalty, R3.3 crit bonus), aimed costs like R3.1.
    plan = melee_plan(skill=80, lu=5, location=location, extra_ap=1)
    assert plan.guns[0].hit.value("aim_location") == penalty
    assert plan.guns[0].hit.value("aim_ap") == 10
    assert plan.guns[0].hit_chance == 80 + penalty + 10
    assert plan.guns[0].crit_chance == 5 + crit_bonus
    assert plan.ap_cost == 3 + 1 + 1


def test_modifier_machinery_applies():
    # R10.1: the same modifier machinery — exhaustion and the game master's modifier count.
    plan = make_plan(
        shooter=make_shooter(make_melee(), skill=70, exhaustion=20),
        mode=ShotMode.MELEE,
        gm_modifier=5,
    )
    assert plan.guns[0].hit_chance == 55


def test_close_combat_needs_an_adjacent_target():
    # R10.1: against an adjacent character (the weapon's reach).
    melee_plan(distance_m=1.5)
    with pytest.raises(ImpossibleAttack, match=r"adjacent.*R10\.1.*the Test knife's reach of 1.5 m"):
        melee_plan(distance_m=2.0)
    with pytest.raises(ImpossibleAttack, match="the Brass knuckles' reach"):  # a name in the plural owns with '
        melee_plan(weapon=make_melee(name="Brass knuckles"), distance_m=2.0)


def test_firearm_cannot_be_used_in_close_combat_mode_and_vice_versa():
    # R10.1
    with pytest.raises(ImpossibleAttack, match="firearm"):
        make_plan(shooter=make_shooter(make_weapon()), mode=ShotMode.MELEE)
    with pytest.raises(ImpossibleAttack, match="close-combat weapon"):
        make_plan(shooter=make_shooter(make_melee()), mode=ShotMode.SINGLE)


def test_close_combat_not_from_cover():
    # R10.1 / R9.4: blind fire and leaning out are for shots.
    with pytest.raises(ImpossibleAttack, match="cover"):
        make_plan(shooter=make_shooter(make_melee(), in_cover=True), mode=ShotMode.MELEE, from_cover=FromCover.BLIND)


def test_close_combat_needs_no_ammunition():
    # R10.1: a knife has no magazine.
    assert melee_plan(make_melee(magazine=0)).rounds == 1


# R10.2: an upright defender tests the better of melee and unarmed; success turns the hit into a miss.
def test_successful_defence_turns_hit_into_miss():
    plan = melee_plan(target=defender(melee=40, unarmed=60))
    result, dice = resolve_recorded(plan, [50, 60])  # attacker hits, defender rolls 60 <= 60
    assert dice.sides == [100, 100]
    round_ = result.rounds[0]
    assert not round_.hit
    assert round_.defence is not None and round_.defence.success
    assert round_.defence.needed == 60  # the better of melee 40 and unarmed 60
    assert round_.damage_roll is None
    assert result.hp_after == result.hp_before


def test_failed_defence_lets_the_hit_through():
    # R10.2: order — attacker's d100, defender's d100, then damage.
    plan = melee_plan(target=defender(melee=50, armor=make_armor(normal=2)))
    result, dice = resolve_recorded(plan, [50, 51, 6])
    assert dice.sides == [100, 100, 6]
    round_ = result.rounds[0]
    assert round_.hit
    assert not round_.defence.success
    assert round_.damage == 4  # R1.5 armour applies in close combat
    assert result.hp_after == 26


def test_no_defence_roll_when_the_attack_misses():
    # R10.2: the defence turns a *hit* into a miss; a miss needs no defence.
    plan = melee_plan(target=defender(melee=90))
    result, dice = resolve_recorded(plan, [71])
    assert dice.sides == [100]
    assert result.rounds[0].defence is None


def test_defence_96_to_100_always_fails():
    # R10.2 + R0.3: the defence is a skill test; 96-100 fail even with skill 150.
    plan = melee_plan(target=defender(melee=150))
    result = resolve_recorded(plan, [10, 0, 3])[0]  # `00` = 100
    assert result.rounds[0].defence.roll == 100
    assert result.rounds[0].defence.critical_failure
    assert result.rounds[0].hit


def test_defence_removes_a_critical_too():
    # R10.2: success turns the hit into a miss — a would-be critical included, no d6, no damage.
    plan = melee_plan(target=defender(unarmed=80), lu=10)
    result, dice = resolve_recorded(plan, [2, 30])
    assert dice.sides == [100, 100]
    assert not result.rounds[0].hit
    assert not result.rounds[0].critical
    assert result.rounds[0].wound is None


def test_defender_exhaustion_lowers_the_defence():
    # R14.3 on the defender's d100 test (R10.2).
    plan = melee_plan(target=defender(melee=60, exhaustion=20))
    result = resolve_recorded(plan, [10, 41, 3])[0]
    assert result.rounds[0].defence.needed == 40
    assert result.rounds[0].hit


@pytest.mark.parametrize("pose", [Pose.CROUCHED, Pose.PRONE])
def test_crouched_or_prone_defender_cannot_defend(pose):
    # R8.3 / R10.2: no defence roll at all.
    plan = melee_plan(target=defender(pose=pose, melee=95, unarmed=95))
    result, dice = resolve_recorded(plan, [50, 5])
    assert dice.sides == [100, 6]
    assert result.rounds[0].hit
    assert result.rounds[0].defence is None
    assert result.hp_after == 25


def test_defence_costs_nothing_and_has_no_limit():
    # R10.2: no limit per round — a second attack is defended again.
    plan = melee_plan(target=defender(melee=60))
    for _ in range(3):
        result = resolve_recorded(plan, [10, 20])[0]
        assert not result.rounds[0].hit


def test_critical_blow_rolls_d6_location():
    # R1.4 / R2.2 in close combat: an unaimed critical rolls d6 for its location; double damage, no armour.
    plan = melee_plan(target=defender(armor=make_armor(normal=5)), lu=5)
    result, dice = resolve_recorded(plan, [4, 99, 1, 6])  # crit, defence fails, d6=1 torso, 1d6=6
    assert dice.sides == [100, 100, 6, 6]
    round_ = result.rounds[0]
    assert round_.critical and round_.location is BodyLocation.TORSO
    assert round_.damage == 12


def test_aimed_critical_blow_lands_on_named_location():
    # R10.1 + R3.3
    plan = melee_plan(target=defender(), lu=5, location=BodyLocation.ARM, skill=90)
    result, dice = resolve_recorded(plan, [18, 50, 3])
    assert dice.sides == [100, 100, 6]
    assert result.rounds[0].location is BodyLocation.ARM
    assert result.rounds[0].location_roll is None
    assert result.rounds[0].wound is BodyLocation.ARM


def test_prone_defender_critical_uses_the_r22_table():
    # Reading (R8.6 speaks of what a prone target shows "the shooter"): a critical blow against a prone
    # character uses R2.2's d6, not the prone table — d6=1 is the torso.
    plan = melee_plan(target=defender(pose=Pose.PRONE), lu=5)
    result = resolve_recorded(plan, [3, 1, 2])[0]
    assert result.rounds[0].location is BodyLocation.TORSO


def test_cover_does_not_hinder_close_combat():
    # R9.3 speaks of "shooting at" a protected character: a blow at an adjacent one is not a shot, so the
    # -40 stays with shots (the project's reading; R10.1 names only the pose factor and band as absent).
    plan = melee_plan(target=defender(in_cover=True))
    assert plan.guns[0].hit.value("cover") == 0
