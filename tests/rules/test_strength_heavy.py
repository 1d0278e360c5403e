"""R5.1 minimum strength, R5.2 machine-gun and gatling bursts, R5.3 bipods and tripods."""

import pytest

from apcombat.model import BodyLocation, Family, FromCover, Pose, ShotMode
from apcombat.rules.attack import ImpossibleAttack

from .builders import (
    make_flamer,
    make_machine_gun,
    make_melee,
    make_plan,
    make_shooter,
    make_smg,
    make_special,
    make_weapon,
)


# R5.1: -20 per ST point below the weapon's minimum, for every firearm and every shot.
@pytest.mark.parametrize(("st", "penalty"), [(6, 0), (5, 0), (4, -20), (3, -40), (1, -80)])
def test_strength_penalty_single(st, penalty):
    plan = make_plan(shooter=make_shooter(make_weapon(min_st=5), skill=90, special=make_special(ST=st)))
    assert plan.guns[0].hit.value("strength") == penalty
    assert plan.guns[0].hit.total == 90 + penalty


@pytest.mark.parametrize(
    ("weapon", "kwargs"),
    [
        (make_weapon(min_st=7), {"mode": ShotMode.SINGLE}),
        (make_weapon(min_st=7), {"mode": ShotMode.AIMED, "location": BodyLocation.TORSO}),
        (make_smg(min_st=7), {"mode": ShotMode.BURST}),
        (make_machine_gun(min_st=7), {"mode": ShotMode.BURST}),
        (make_flamer(min_st=7), {"mode": ShotMode.FLAME}),
    ],
)
def test_strength_penalty_every_firearm_and_shot(weapon, kwargs):
    # R5.1: ST 5 against min ST 7 -> -40 on every kind of shot.
    plan = make_plan(shooter=make_shooter(weapon, special=make_special(ST=5)), **kwargs)
    assert plan.guns[0].hit.value("strength") == -40


def test_no_strength_penalty_in_close_combat():
    # R5.1 names firearms; close combat (R10.1) has no min-ST penalty.
    plan = make_plan(shooter=make_shooter(make_melee(min_st=9), special=make_special(ST=2)), mode=ShotMode.MELEE)
    assert plan.guns[0].hit.value("strength") == 0


# R5.2: machine gun / gatling burst penalty 30, -10 per ST point above the minimum, never a bonus.
@pytest.mark.parametrize(("st", "penalty"), [(6, -30), (7, -20), (8, -10), (9, 0), (10, 0)])
@pytest.mark.parametrize("family", [Family.MACHINE_GUN, Family.GATLING])
def test_heavy_burst_penalty(st, penalty, family):
    weapon = make_machine_gun(min_st=6, family=family)
    plan = make_plan(shooter=make_shooter(weapon, skill=90, special=make_special(ST=st)), mode=ShotMode.BURST)
    hit = plan.guns[0].hit
    assert hit.value("heavy") == penalty
    assert hit.value("burst") == 0  # R4.2: big guns use R5.2 instead
    assert plan.guns[0].hit_chance == 90 + penalty


def test_heavy_burst_below_min_st():
    # R5.2 + R5.1: full -30 and -20 per missing point.
    weapon = make_machine_gun(min_st=6)
    plan = make_plan(shooter=make_shooter(weapon, skill=90, special=make_special(ST=4)), mode=ShotMode.BURST)
    assert plan.guns[0].hit.value("heavy") == -30
    assert plan.guns[0].hit.value("strength") == -40


@pytest.mark.parametrize(("tuning", "penalty"), [(10, -20), (30, 0), (50, 0)])
def test_heavy_burst_tuning(tuning, penalty):
    # R5.2: tunings reduce the penalty.
    weapon = make_machine_gun(min_st=6, burst_tuning=tuning)
    plan = make_plan(shooter=make_shooter(weapon, special=make_special(ST=6)), mode=ShotMode.BURST)
    assert plan.guns[0].hit.value("heavy") == penalty


def test_heavy_penalty_on_every_round():
    # R5.2: "a penalty on each round" — every round of the burst uses the same chance.
    plan = make_plan(
        shooter=make_shooter(make_machine_gun(min_st=6), skill=90, special=make_special(ST=6)),
        mode=ShotMode.BURST,
    )
    assert plan.guns[0].rounds == 5
    assert plan.guns[0].hit_chance == 60


def test_flamer_is_not_a_heavy_automatic():
    # R5.2: flamers excepted.
    assert not make_flamer().is_heavy_automatic
    assert make_machine_gun().is_heavy_automatic
    assert not make_smg().is_heavy_automatic


# R5.3: a bipod/tripod weapon fired by a prone shooter, or resting on cover, ignores R5.2.
@pytest.mark.parametrize(
    ("bipod", "pose", "in_cover", "from_cover", "rested"),
    [
        (True, Pose.PRONE, False, FromCover.NONE, True),
        (True, Pose.UPRIGHT, True, FromCover.BLIND, True),  # R9.5: from cover only blind or leaning out
        (True, Pose.CROUCHED, True, FromCover.LEAN_OUT, True),
        (True, Pose.UPRIGHT, False, FromCover.NONE, False),
        (True, Pose.CROUCHED, False, FromCover.NONE, False),
        (False, Pose.PRONE, False, FromCover.NONE, False),
        (False, Pose.UPRIGHT, True, FromCover.LEAN_OUT, False),
    ],
)
def test_bipod_rest(bipod, pose, in_cover, from_cover, rested):
    weapon = make_machine_gun(min_st=6, bipod=bipod)
    shooter = make_shooter(weapon, skill=90, special=make_special(ST=6), pose=pose, in_cover=in_cover)
    plan = make_plan(shooter=shooter, mode=ShotMode.BURST, from_cover=from_cover)
    assert plan.guns[0].hit.value("heavy") == (0 if rested else -30)
    assert plan.guns[0].hit.value("burst") == 0  # a rested big gun gets no R4.2 penalty either


def test_bipod_rest_keeps_strength_penalty():
    # R5.3 lifts R5.2 only; R5.1 still applies.
    weapon = make_machine_gun(min_st=8, bipod=True)
    shooter = make_shooter(weapon, special=make_special(ST=6), pose=Pose.PRONE)
    plan = make_plan(shooter=shooter, mode=ShotMode.BURST)
    assert plan.guns[0].hit.value("heavy") == 0
    assert plan.guns[0].hit.value("strength") == -40


def test_bipod_does_not_help_small_gun_bursts():
    # R5.3 concerns R5.2 only; a small-gun burst keeps R4.2 even with a bipod, prone.
    weapon = make_smg(min_st=5, bipod=True)
    shooter = make_shooter(weapon, special=make_special(ST=5), pose=Pose.PRONE)
    assert make_plan(shooter=shooter, mode=ShotMode.BURST).guns[0].hit.value("burst") == -25


def test_heavy_gun_without_single_shot_refuses_single():
    # R5.2 context: machine guns in the list fire bursts only.
    with pytest.raises(ImpossibleAttack, match="bursts only"):
        make_plan(shooter=make_shooter(make_machine_gun()), mode=ShotMode.SINGLE)
