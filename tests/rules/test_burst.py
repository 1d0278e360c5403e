"""R4.1-R4.3: bursts — automatic weapons only, the strength-dependent penalty, each round on its own."""

import pytest

from apcombat.model import BodyLocation, Pose, ShotMode, Skill
from apcombat.rules.attack import ImpossibleAttack, burst_penalty

from .builders import (
    make_armor,
    make_plan,
    make_shooter,
    make_smg,
    make_special,
    make_target,
    make_weapon,
    resolve_recorded,
    resolve_scripted,
)


def burst_plan(weapon=None, skill=80, st=5, lu=1, target=None, **kwargs):
    weapon = weapon or make_smg(min_st=5)
    return make_plan(
        shooter=make_shooter(weapon, skill=skill, special=make_special(ST=st, LU=lu), **kwargs),
        target=target or make_target(),
        mode=ShotMode.BURST,
    )


def test_burst_needs_an_automatic_weapon():
    # R4.1: only automatic weapons; the refusal names the cause.
    with pytest.raises(ImpossibleAttack, match=r"not an automatic weapon.*R4\.1"):
        make_plan(shooter=make_shooter(make_weapon()), mode=ShotMode.BURST)


@pytest.mark.parametrize(("length", "ap"), [(3, 5), (5, 6), (10, 7)])
def test_burst_cost_and_rounds_from_weapon_list(length, ap):
    # R4.1: burst length and burst AP come from the weapon; it uses that many rounds.
    plan = burst_plan(make_smg(burst=length, ap_burst=ap, magazine=30))
    assert plan.ap_cost == ap
    assert plan.rounds == length
    assert plan.guns[0].rounds == length


# R4.2: the source's numbers — at min ST -25, +1 -> -15, +2 -> -5, +3 -> 0 (10, 10, then only 5).
@pytest.mark.parametrize(("st", "penalty"), [(5, -25), (6, -15), (7, -5), (8, 0), (10, 0)])
def test_burst_strength_reduction(st, penalty):
    plan = burst_plan(st=st)
    assert plan.guns[0].hit.value("burst") == penalty
    assert plan.guns[0].hit.value("strength") == 0
    assert plan.guns[0].hit_chance == 80 + penalty


def test_burst_below_min_st_keeps_full_penalty_and_adds_r51():
    # R4.2: max(0, ST - min ST) — no extra penalty from R4.2 below the minimum; R5.1 adds -20 a point.
    plan = burst_plan(st=3)
    assert plan.guns[0].hit.value("burst") == -25
    assert plan.guns[0].hit.value("strength") == -40


# R4.2: tuning (burst_tuning) reduces the penalty too, never below 0.
@pytest.mark.parametrize(
    ("tuning", "st", "penalty"), [(10, 5, -15), (10, 6, -5), (25, 5, 0), (40, 5, 0), (5, 7, 0), (5, 6, -10)]
)
def test_burst_tuning(tuning, st, penalty):
    plan = burst_plan(make_smg(min_st=5, burst_tuning=tuning), st=st)
    assert plan.guns[0].hit.value("burst") == penalty


@pytest.mark.parametrize(
    ("base", "tuning", "st", "min_st", "expected"),
    [(25, 0, 5, 5, -25), (25, 0, 8, 5, 0), (30, 0, 6, 6, -30), (30, 0, 8, 6, -10), (30, 10, 7, 6, -10)],
)
def test_burst_penalty_function(base, tuning, st, min_st, expected):
    # R4.2 / R5.2: max(0, base - tuning - 10 x max(0, ST - min ST)).
    assert burst_penalty(base, tuning, st, min_st) == expected


@pytest.mark.parametrize("skill", [Skill.SMALL_GUNS, Skill.ENERGY_WEAPONS])
def test_energy_weapons_use_the_burst_penalty(skill):
    # R4.2: handguns and rifles, energy weapons included.
    plan = burst_plan(make_smg(min_st=5, skill=skill))
    assert plan.guns[0].hit.value("burst") == -25
    assert plan.guns[0].hit.value("heavy") == 0


def test_single_shot_from_automatic_weapon_has_no_burst_penalty():
    # R4.2 is a burst penalty only.
    plan = make_plan(shooter=make_shooter(make_smg(min_st=5), skill=60), mode=ShotMode.SINGLE)
    assert plan.guns[0].hit.value("burst") == 0
    assert plan.guns[0].hit_chance == 60


def test_burst_only_weapon_refuses_single_shots():
    # R4.1: a weapon with no single-shot AP fires bursts only.
    with pytest.raises(ImpossibleAttack, match="bursts only"):
        make_plan(shooter=make_shooter(make_smg(ap_single=0)), mode=ShotMode.SINGLE)


@pytest.mark.parametrize(("loaded", "reason"), [(2, "needs 3 rounds; only 2"), (0, "empty")])
def test_not_enough_ammo_for_a_burst(loaded, reason):
    # R4.1: the burst uses that many rounds.
    with pytest.raises(ImpossibleAttack, match=reason):
        burst_plan(ammo=loaded)


def test_exactly_enough_ammo():
    # R4.1
    assert burst_plan(ammo=3).rounds == 3


def test_each_round_rolled_separately():
    # R4.3: every round is rolled to hit; each hit rolls its own damage, immediately.
    plan = burst_plan(st=8)  # hit chance 80
    result, dice = resolve_recorded(plan, [10, 4, 90, 20, 7])
    assert dice.sides == [100, 10, 100, 100, 10]
    assert [r.roll for r in result.rounds] == [10, 90, 20]
    assert [r.hit for r in result.rounds] == [True, False, True]
    assert [r.damage for r in result.rounds] == [4, 0, 7]
    assert result.hits == 2
    assert result.hp_after == 30 - 11


def test_armour_subtracted_per_round():
    # R4.3 / R1.5: each hit subtracts armour on its own.
    plan = burst_plan(st=8, target=make_target(armor=make_armor(normal=3)))
    result = resolve_scripted(plan, [10, 5, 11, 2, 12, 10])
    assert [r.damage for r in result.rounds] == [2, 0, 7]
    assert [r.armor for r in result.rounds] == [3, 2, 3]
    assert result.hp_after == 30 - 9


def test_each_round_can_be_critical_with_its_own_location():
    # R4.3 / R2.2: each round can be critical, its location rolled on the d6.
    plan = burst_plan(st=8, lu=5, target=make_target(hp=100))
    # round 1: critical, d6=3 (legs), 1d10=4; round 2: normal hit 6; round 3: critical, d6=6 (weapon), 1d10=5
    result, dice = resolve_recorded(plan, [2, 3, 4, 50, 6, 5, 6, 5])
    assert dice.sides == [100, 6, 10, 100, 10, 100, 6, 10]
    assert [r.critical for r in result.rounds] == [True, False, True]
    assert [r.location for r in result.rounds] == [BodyLocation.LEGS, None, BodyLocation.WEAPON]
    assert [r.damage for r in result.rounds] == [8, 6, 10]
    assert result.wounds == (BodyLocation.LEGS, BodyLocation.WEAPON)


def test_rounds_after_the_target_is_down_are_fired_and_miss():
    # R4.3: the remaining rounds are fired and miss — not rolled, roll None.
    plan = burst_plan(make_smg(min_st=5, burst=5, magazine=30), st=8, target=make_target(hp=9))
    result, dice = resolve_recorded(plan, [10, 5, 20, 4])
    assert dice.sides == [100, 10, 100, 10]
    assert [r.roll for r in result.rounds] == [10, 20, None, None, None]
    assert [r.hit for r in result.rounds] == [True, True, False, False, False]
    assert result.hp_after == 0
    assert result.target_down
    assert result.plan.rounds == 5  # all five rounds are fired


def test_burst_pose_factor_on_every_round():
    # R1.1: the pose factor applies to burst rounds.
    plan = burst_plan(st=8, target=make_target(pose=Pose.PRONE))
    assert plan.guns[0].hit_chance == 40
    result = resolve_scripted(plan, [40, 1, 41, 40, 1])
    assert [r.hit for r in result.rounds] == [True, False, True]
