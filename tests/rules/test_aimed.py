"""R2.1 the unaimed shot, R3.1-R3.4 the aimed shot, R1.4 the critical chance, R8.6 aiming at prone targets."""

import pytest

from apcombat.model import BodyLocation, FromCover, HouseRules, Pose, ShotMode
from apcombat.rules.attack import ImpossibleAttack
from apcombat.rules.chance import critical_chance

from .builders import (
    make_plan,
    make_shooter,
    make_smg,
    make_special,
    make_target,
    make_weapon,
    resolve_recorded,
    resolve_scripted,
)


def test_unaimed_shot_costs_single_ap_and_rolls_once():
    # R2.1: the weapon's single-shot AP, one roll to hit.
    plan = make_plan(shooter=make_shooter(make_weapon(ap_single=5)))
    assert plan.ap_cost == 5
    assert plan.rounds == 1
    result, dice = resolve_recorded(plan, [80])  # a miss: nothing else rolled
    assert dice.sides == [100]
    assert not result.rounds[0].hit


# R3.2: hit penalty per location.
@pytest.mark.parametrize(
    ("location", "penalty"),
    [
        (BodyLocation.HEAD, -50),
        (BodyLocation.LEGS, -40),
        (BodyLocation.WEAPON, -35),
        (BodyLocation.ARM, -25),
        (BodyLocation.TORSO, -5),
    ],
)
def test_aim_penalty(location, penalty):
    plan = make_plan(shooter=make_shooter(skill=90), mode=ShotMode.AIMED, location=location)
    assert plan.guns[0].hit.value("aim_location") == penalty
    assert plan.guns[0].hit_chance == 90 + penalty


# R3.3 / R1.4: critical chance = LU + aim bonus (+ crit_bonus), capped at the hit chance.
@pytest.mark.parametrize(
    ("location", "bonus"),
    [
        (BodyLocation.HEAD, 25),
        (BodyLocation.LEGS, 20),
        (BodyLocation.WEAPON, 18),
        (BodyLocation.ARM, 13),
        (BodyLocation.TORSO, 3),
    ],
)
def test_aim_crit_bonus(location, bonus):
    shooter = make_shooter(skill=150, special=make_special(LU=5))
    plan = make_plan(shooter=shooter, mode=ShotMode.AIMED, location=location)
    assert plan.guns[0].crit_chance == 5 + bonus


@pytest.mark.parametrize(("ap_single", "extra"), [(4, 0), (4, 1), (4, 3), (5, 2), (3, 6)])
def test_aimed_cost_and_bonus(ap_single, extra):
    # R3.1: single-shot AP + 1 + k; each extra AP +10.
    plan = make_plan(
        shooter=make_shooter(make_weapon(ap_single=ap_single), skill=40),
        mode=ShotMode.AIMED,
        location=BodyLocation.TORSO,
        extra_ap=extra,
    )
    assert plan.ap_cost == ap_single + 1 + extra
    assert plan.guns[0].hit.value("aim_ap") == 10 * extra
    assert plan.guns[0].hit_chance == 40 - 5 + 10 * extra


def test_no_aim_cap_by_default():
    # R3.1: house rule aim_max_extra_ap defaults to none — no cap beyond the AP available.
    plan = make_plan(mode=ShotMode.AIMED, location=BodyLocation.HEAD, extra_ap=12)
    assert plan.guns[0].hit.value("aim_ap") == 120


@pytest.mark.parametrize(("cap", "extra", "allowed"), [(2, 2, True), (2, 3, False), (0, 0, True), (0, 1, False)])
def test_aim_cap_house_rule(cap, extra, allowed):
    # R3.1 (house rule aim_max_extra_ap).
    kwargs = {
        "mode": ShotMode.AIMED,
        "location": BodyLocation.HEAD,
        "extra_ap": extra,
        "house_rules": HouseRules(aim_max_extra_ap=cap),
    }
    if allowed:
        assert make_plan(**kwargs).guns[0].hit.value("aim_ap") == 10 * extra
    else:
        with pytest.raises(ImpossibleAttack, match="aim_max_extra_ap"):
            make_plan(**kwargs)


def test_aimed_shot_needs_a_location():
    # R3.2: the shooter names a location.
    with pytest.raises(ImpossibleAttack, match="location"):
        make_plan(mode=ShotMode.AIMED)


def test_extra_ap_without_aim_is_refused():
    # R3.1: extra AP are declared for an aimed shot.
    with pytest.raises(ImpossibleAttack, match="aim"):
        make_plan(mode=ShotMode.SINGLE, extra_ap=2)


def test_unaimed_shot_naming_a_location_is_refused():
    # R2.1 / R3.1: only aimed shots name a location.
    with pytest.raises(ImpossibleAttack, match="aimed"):
        make_plan(mode=ShotMode.SINGLE, location=BodyLocation.HEAD)


# R3.4: not possible with bursts, with blind fire from cover, or with two guns.
def test_aimed_burst_is_refused():
    with pytest.raises(ImpossibleAttack, match=r"burst cannot be aimed.*R3\.4"):
        make_plan(shooter=make_shooter(make_smg()), mode=ShotMode.BURST, location=BodyLocation.HEAD)


def test_aimed_blind_fire_is_refused():
    # R3.4 / R9.4
    with pytest.raises(ImpossibleAttack, match=r"blind fire.*unaimed"):
        make_plan(
            shooter=make_shooter(in_cover=True),
            mode=ShotMode.AIMED,
            location=BodyLocation.HEAD,
            from_cover=FromCover.BLIND,
        )


def test_aimed_two_guns_is_refused():
    # R3.4 / R11.1
    gun = make_weapon()
    with pytest.raises(ImpossibleAttack, match=r"two guns cannot be aimed"):
        make_plan(shooter=make_shooter(gun, offhand=gun), mode=ShotMode.DUAL, location=BodyLocation.ARM)


def test_aimed_lean_out_is_allowed():
    # R3.4 forbids aiming only for *blind* fire; leaning out (R9.5) may aim, +1 AP.
    plan = make_plan(
        shooter=make_shooter(in_cover=True),
        mode=ShotMode.AIMED,
        location=BodyLocation.ARM,
        from_cover=FromCover.LEAN_OUT,
    )
    assert plan.ap_cost == 4 + 1 + 1


# R8.6 (house rule prone_shows_head, default true): no aimed torso/legs shots at a prone target.
@pytest.mark.parametrize("location", [BodyLocation.TORSO, BodyLocation.LEGS])
def test_prone_target_hides_torso_and_legs(location):
    with pytest.raises(ImpossibleAttack, match=rf"prone.*not {location.value}.*R8\.6"):
        make_plan(target=make_target(pose=Pose.PRONE), mode=ShotMode.AIMED, location=location)


@pytest.mark.parametrize("location", [BodyLocation.HEAD, BodyLocation.ARM, BodyLocation.WEAPON])
def test_prone_target_shows_head_arms_weapon(location):
    # R8.6
    make_plan(target=make_target(pose=Pose.PRONE), mode=ShotMode.AIMED, location=location)


@pytest.mark.parametrize("location", [BodyLocation.TORSO, BodyLocation.LEGS])
def test_prone_torso_legs_allowed_without_house_rule(location):
    # R8.6: with prone_shows_head = false every location may be aimed at.
    plan = make_plan(
        target=make_target(pose=Pose.PRONE),
        mode=ShotMode.AIMED,
        location=location,
        house_rules=HouseRules(prone_shows_head=False),
        shooter=make_shooter(skill=81),
    )
    assert plan.guns[0].hit.total == 81 + {BodyLocation.TORSO: -5, BodyLocation.LEGS: -40}[location]


@pytest.mark.parametrize("pose", [Pose.UPRIGHT, Pose.CROUCHED])
def test_torso_allowed_at_non_prone(pose):
    # R8.6 concerns prone targets only.
    make_plan(target=make_target(pose=pose), mode=ShotMode.AIMED, location=BodyLocation.LEGS)


# R1.4: critical chance capped at the hit chance.
@pytest.mark.parametrize(
    ("base", "hit", "bonus", "location", "perks", "expected"),
    [
        (5, 80, 0, None, frozenset(), 5),
        (5, 80, 10, None, frozenset(), 15),
        (5, 80, 10, BodyLocation.HEAD, frozenset(), 40),
        (10, 30, 0, BodyLocation.HEAD, frozenset(), 30),  # 35 capped at 30
        (5, 3, 0, None, frozenset(), 3),
        (5, 0, 0, None, frozenset(), 0),
        (5, 80, 0, None, frozenset({"more_criticals"}), 10),  # a perk modifier
    ],
)
def test_critical_chance(base, hit, bonus, location, perks, expected):
    assert critical_chance(base, hit, bonus, location, perks) == expected


def test_plan_crit_capped_by_hit_chance_after_pose():
    # R1.4: the cap is the hit chance itself (after the pose factor and clamp).
    shooter = make_shooter(make_weapon(crit_bonus=10), skill=60, special=make_special(LU=10))
    plan = make_plan(
        shooter=shooter, target=make_target(pose=Pose.PRONE), mode=ShotMode.AIMED, location=BodyLocation.HEAD
    )
    assert plan.guns[0].hit_chance == 5  # (60 - 50 + 1) // 2
    assert plan.guns[0].crit_chance == 5


def test_weapon_crit_bonus_counts():
    # R1.4: + the weapon's crit_bonus.
    shooter = make_shooter(make_weapon(crit_bonus=7), skill=80, special=make_special(LU=3))
    assert make_plan(shooter=shooter).guns[0].crit_chance == 10


def test_aimed_critical_lands_on_named_location_without_d6():
    # R3.3: a critical aimed hit lands on the named location — no d6 is rolled.
    shooter = make_shooter(skill=100, special=make_special(LU=5))
    plan = make_plan(shooter=shooter, mode=ShotMode.AIMED, location=BodyLocation.LEGS)
    assert plan.guns[0].crit_chance == 25
    result, dice = resolve_recorded(plan, [25, 4])  # to-hit, 1d10 damage
    assert dice.sides == [100, 10]
    hit = result.rounds[0]
    assert hit.critical
    assert hit.location is BodyLocation.LEGS
    assert hit.location_roll is None
    assert hit.wound is BodyLocation.LEGS
    assert hit.damage == 8  # R1.4 double


def test_aimed_noncritical_hit_has_location_but_no_wound():
    # R3.3 / R12.1: only a critical hit wounds.
    plan = make_plan(shooter=make_shooter(skill=100), mode=ShotMode.AIMED, location=BodyLocation.ARM)
    result = resolve_scripted(plan, [30, 6])
    hit = result.rounds[0]
    assert hit.hit and not hit.critical
    assert hit.location is BodyLocation.ARM
    assert hit.wound is None
    assert hit.damage == 6
