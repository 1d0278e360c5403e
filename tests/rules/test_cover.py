"""R9.3 shooting at covered targets, R9.4 blind fire from cover, R9.5 leaning out."""

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from apcombat.model import (
    BodyLocation,
    CoverExempts,
    FromCover,
    HouseRules,
    OptionalRules,
    Pose,
    RangeBand,
    ShotMode,
)
from apcombat.rules.attack import ImpossibleAttack, plan_attack
from apcombat.rules.refusals import attack_options

from .builders import (
    make_flamer,
    make_melee,
    make_plan,
    make_ranges,
    make_shooter,
    make_situation,
    make_smg,
    make_special,
    make_target,
    make_weapon,
)

WEAPON = make_weapon(ranges=make_ranges((3, 10, 20, 40, 60), (0, 0, 0, 0, 0)))


# R9.3 (house rule cover_exempts): -40 on shots at a protected character, except when the side the
# house rule names is reacting.
@pytest.mark.parametrize(
    ("exempts", "target_reacting", "shooter_reacting", "penalty"),
    [
        (CoverExempts.REACTING_TARGET, False, False, -40),
        (CoverExempts.REACTING_TARGET, True, False, 0),
        (CoverExempts.REACTING_TARGET, False, True, -40),
        (CoverExempts.REACTING_TARGET, True, True, 0),
        (CoverExempts.REACTING_SHOOTER, False, False, -40),
        (CoverExempts.REACTING_SHOOTER, True, False, -40),
        (CoverExempts.REACTING_SHOOTER, False, True, 0),
        (CoverExempts.REACTING_SHOOTER, True, True, 0),
    ],
)
def test_cover_penalty_and_exemption(exempts, target_reacting, shooter_reacting, penalty):
    plan = make_plan(
        shooter=make_shooter(skill=80),
        target=make_target(in_cover=True, reacting=target_reacting),
        reaction=shooter_reacting,
        house_rules=HouseRules(cover_exempts=exempts),
    )
    assert plan.guns[0].hit.value("cover") == penalty
    assert plan.guns[0].hit_chance == 80 + penalty


def test_cover_exempts_default_is_reacting_target():
    # R9.3: default `reacting_target`.
    assert HouseRules().cover_exempts is CoverExempts.REACTING_TARGET


def test_no_cover_no_penalty():
    # R9.3: only a protected character (R9.2 judged: Target.in_cover).
    assert make_plan(target=make_target(in_cover=False)).guns[0].hit.value("cover") == 0


def test_cover_and_pose_combine():
    # R9.3 + R8.4: -40 is part of S, the pose factor comes after.
    plan = make_plan(shooter=make_shooter(skill=100), target=make_target(in_cover=True, pose=Pose.CROUCHED))
    assert plan.guns[0].hit.total == 60
    assert plan.guns[0].hit_chance == 40


# R9.4: blind fire from cover — cqc -20, close -35, nothing farther.
@pytest.mark.parametrize(("distance", "band", "penalty"), [(2, RangeBand.CQC, -20), (8, RangeBand.CLOSE, -35)])
@pytest.mark.parametrize("mode", [ShotMode.SINGLE, ShotMode.BURST])
def test_blind_fire_penalty(distance, band, penalty, mode):
    weapon = make_smg(ranges=WEAPON.ranges, min_st=1)
    plan = make_plan(
        shooter=make_shooter(weapon, skill=90, special=make_special(ST=4), in_cover=True),
        from_cover=FromCover.BLIND,
        mode=mode,
        distance_m=distance,
    )
    assert plan.band is band
    assert plan.guns[0].hit.value("blind_fire") == penalty
    assert plan.ap_cost == (4 if mode is ShotMode.SINGLE else 5)  # no extra AP for blind fire


@pytest.mark.parametrize("distance", [15, 30, 50])
def test_blind_fire_beyond_close_is_refused(distance):
    # R9.4: only at targets in the cqc or close band.
    with pytest.raises(ImpossibleAttack, match=r"blind fire reaches only cqc and close range \(R9\.4\)"):
        make_plan(shooter=make_shooter(WEAPON, in_cover=True), from_cover=FromCover.BLIND, distance_m=distance)


def test_blind_fire_at_medium_range_names_the_band():
    # R9.4
    with pytest.raises(ImpossibleAttack, match=r"R9\.4.*medium range"):
        make_plan(shooter=make_shooter(WEAPON, in_cover=True), from_cover=FromCover.BLIND, distance_m=15)


def test_blind_fire_needs_cover():
    # R9.4: from cover, without leaving it.
    with pytest.raises(ImpossibleAttack, match=r"blind fire.*in cover"):
        make_plan(shooter=make_shooter(in_cover=False), from_cover=FromCover.BLIND)


def test_blind_fire_is_unaimed_only():
    # R9.4 / R3.4
    with pytest.raises(ImpossibleAttack, match="unaimed"):
        make_plan(
            shooter=make_shooter(in_cover=True),
            from_cover=FromCover.BLIND,
            mode=ShotMode.AIMED,
            location=BodyLocation.TORSO,
        )


@pytest.mark.parametrize("mode", [ShotMode.DUAL, ShotMode.FLAME])
def test_blind_fire_only_single_or_burst(mode):
    # R9.4: "unaimed only (single or burst)" — the code's reading refuses two guns and flamer streams.
    weapon = make_flamer() if mode is ShotMode.FLAME else make_weapon()
    offhand = None if mode is ShotMode.FLAME else make_weapon()
    with pytest.raises(ImpossibleAttack, match=r"R9\.4"):
        make_plan(
            shooter=make_shooter(weapon, offhand=offhand, in_cover=True),
            from_cover=FromCover.BLIND,
            mode=mode,
        )


def test_blind_fire_at_covered_target():
    # R9.3 + R9.4: both handicaps add up.
    plan = make_plan(
        shooter=make_shooter(WEAPON, skill=95, in_cover=True),
        target=make_target(in_cover=True),
        from_cover=FromCover.BLIND,
        distance_m=5,
    )
    assert [(m.name, m.value) for m in plan.guns[0].hit.modifiers] == [
        ("skill", 95),
        ("cover", -40),
        ("blind_fire", -35),
    ]
    assert plan.guns[0].hit_chance == 20


def test_blind_fire_pose_factor():
    # R1.1: blind fire gets the pose factor too.
    plan = make_plan(
        shooter=make_shooter(WEAPON, skill=95, in_cover=True),
        target=make_target(pose=Pose.PRONE),
        from_cover=FromCover.BLIND,
        distance_m=5,
    )
    assert plan.guns[0].hit.total == 60
    assert plan.guns[0].hit_chance == 30


# R9.5: leaning out — +1 AP, no blind-fire handicap, any band.
@pytest.mark.parametrize("distance", [2, 8, 15, 30, 55])
def test_lean_out(distance):
    plan = make_plan(
        shooter=make_shooter(WEAPON, skill=70, in_cover=True),
        from_cover=FromCover.LEAN_OUT,
        distance_m=distance,
    )
    assert plan.ap_cost == 4 + 1
    assert plan.guns[0].hit.value("blind_fire") == 0
    assert plan.guns[0].hit_chance == 70


def test_lean_out_burst_costs_one_more():
    # R9.5
    plan = make_plan(
        shooter=make_shooter(make_smg(), in_cover=True), from_cover=FromCover.LEAN_OUT, mode=ShotMode.BURST
    )
    assert plan.ap_cost == 5 + 1


def test_lean_out_needs_cover():
    # R9.5
    with pytest.raises(ImpossibleAttack, match=r"leaning out.*in cover"):
        make_plan(shooter=make_shooter(in_cover=False), from_cover=FromCover.LEAN_OUT)


def test_shooter_in_cover_fires_only_blind_or_leaning_out():
    # R9.5: from cover a character shoots only blind (R9.4) or leaning out; it leaves cover to do more.
    with pytest.raises(ImpossibleAttack, match=r"in cover: fire blind, lean out.*R9\.4, R9\.5"):
        make_plan(shooter=make_shooter(skill=70, in_cover=True))


# R0.6: with poses switched off nobody crouches or lies prone, so such a target is refused.
def test_poses_switched_off_refuses_a_crouched_target():
    situation = make_situation(target=make_target(pose=Pose.CROUCHED))
    situation = attrs.evolve(situation, optional_rules=OptionalRules(poses=False))
    with pytest.raises(ImpossibleAttack, match=r"cannot be crouched: poses are switched off.*R0\.6"):
        plan_attack(situation)


@settings(max_examples=200, deadline=None)
@given(
    weapon=st.sampled_from([make_weapon(), make_smg(), make_flamer(), make_melee()]),
    offhand=st.sampled_from([None, make_weapon(), make_smg()]),
    in_cover=st.booleans(),
    hidden=st.booleans(),
    mode=st.sampled_from(list(ShotMode)),
    way=st.sampled_from(list(FromCover)),
)
def test_what_is_offered_is_exactly_what_the_rules_allow_from_cover(weapon, offhand, in_cover, hidden, mode, way):
    # R8.5, R9.4, R9.5: attack_options offers a mode and a way of firing from cover exactly when the planner
    # refuses neither; from cover only blind or leaning out, prone behind cover only leaning out, blind fire
    # only single shots and bursts, close combat never from cover.
    shooter = make_shooter(weapon, skill=60, offhand=offhand, in_cover=in_cover, hidden_behind_cover=hidden)
    situation = make_situation(shooter=shooter, distance_m=1.0)
    offered = attack_options(situation)
    location = BodyLocation.HEAD if mode is ShotMode.AIMED else None
    attempt = attrs.evolve(situation, shot=attrs.evolve(situation.shot, mode=mode, location=location, from_cover=way))
    try:
        plan_attack(attempt)
        allowed = True
    except ImpossibleAttack:
        allowed = False
    assert allowed == (way in offered.get(mode, ()))
    if mode is not ShotMode.MELEE and (in_cover or hidden):
        assert way is not FromCover.NONE or not allowed
    if way is FromCover.BLIND and allowed:
        assert mode in (ShotMode.SINGLE, ShotMode.BURST) and in_cover and not hidden
