"""R1.1 the hit chance, R1.2 its breakdown, R8.4 the pose factor (75 -> 50 crouched, 38 prone)."""

import math
from fractions import Fraction

import pytest

from apcombat.model import BodyLocation, FromCover, Pose, ShotMode, Skill
from apcombat.rules.chance import (
    MODIFIER_ORDER,
    POSE_FACTORS,
    apply_pose_factor,
    build_hit_chance,
    clamp_chance,
)
from apcombat.rules.explain import breakdown_lines, describe_plan

from .builders import (
    hit_chance,
    make_flamer,
    make_melee,
    make_plan,
    make_shooter,
    make_smg,
    make_special,
    make_target,
    make_weapon,
)


# R8.4: the source's worked numbers — 75 % becomes 50 crouched and 38 prone.
@pytest.mark.parametrize(("pose", "chance"), [(Pose.UPRIGHT, 75), (Pose.CROUCHED, 50), (Pose.PRONE, 38)])
def test_source_example_75(pose, chance):
    assert apply_pose_factor(75, pose) == chance
    assert hit_chance(shooter=make_shooter(skill=75), target=make_target(pose=pose)) == chance


# R1.1: crouched floor((4S + 3) / 6), prone floor((S + 1) / 2), for every S (negative too).
@pytest.mark.parametrize("s", range(-20, 121))
def test_pose_rounding_formulas(s):
    assert apply_pose_factor(s, Pose.CROUCHED) == math.floor((4 * s + 3) / 6)
    assert apply_pose_factor(s, Pose.PRONE) == math.floor((s + 1) / 2)
    assert apply_pose_factor(s, Pose.UPRIGHT) == s


# R1.1: rounding half up — S = 1 prone is 1 (0.5 -> 1); S = 2 crouched is 1 (1.33); S = 5 crouched 3.
@pytest.mark.parametrize(
    ("s", "pose", "chance"),
    [
        (1, Pose.PRONE, 1),
        (3, Pose.PRONE, 2),
        (2, Pose.CROUCHED, 1),
        (5, Pose.CROUCHED, 3),
        (1, Pose.CROUCHED, 1),
    ],
)
def test_rounding_half_up(s, pose, chance):
    assert hit_chance(shooter=make_shooter(skill=s), target=make_target(pose=pose)) == chance


# R1.1: the clamp to 0..95 comes after the pose factor.
@pytest.mark.parametrize(
    ("skill", "pose", "chance"),
    [
        (150, Pose.UPRIGHT, 95),
        (150, Pose.PRONE, 75),  # 150 / 2, not 95 / 2
        (150, Pose.CROUCHED, 95),  # 100 -> 95
        (200, Pose.PRONE, 95),  # 100.5 -> 100 -> 95
        (95, Pose.UPRIGHT, 95),
        (96, Pose.UPRIGHT, 95),
        (0, Pose.UPRIGHT, 0),
    ],
)
def test_clamp_after_pose(skill, pose, chance):
    assert hit_chance(shooter=make_shooter(skill=skill), target=make_target(pose=pose)) == chance


def test_negative_sum_clamps_to_zero():
    # R1.1: clamp to 0..95 — a sum below zero is 0, the sum itself is still shown.
    plan = make_plan(shooter=make_shooter(skill=10), shot=None, gm_modifier=-40)
    assert plan.guns[0].hit.total == -30
    assert plan.guns[0].hit_chance == 0


@pytest.mark.parametrize(("value", "clamped"), [(-5, 0), (0, 0), (50, 50), (95, 95), (96, 95), (300, 95)])
def test_clamp_chance(value, clamped):
    # R1.1
    assert clamp_chance(value) == clamped


# R1.1: the pose factor applies to every shot — single, aimed, burst rounds, blind fire, flamer.
@pytest.mark.parametrize(
    "case",
    ["single", "aimed", "burst", "blind", "flamer"],
)
def test_pose_factor_on_every_kind_of_shot(case):
    if case == "single":
        kwargs = {"shooter": make_shooter(skill=80)}
    elif case == "aimed":
        kwargs = {
            "shooter": make_shooter(skill=85),
            "mode": ShotMode.AIMED,
            "location": BodyLocation.ARM,
            "extra_ap": 2,
        }  # 85 - 25 + 20 = 80
    elif case == "burst":
        kwargs = {
            "shooter": make_shooter(make_smg(min_st=2), skill=80, special=make_special(ST=5)),
            "mode": ShotMode.BURST,
        }  # ST 3 above min: burst penalty 0
    elif case == "blind":
        kwargs = {"shooter": make_shooter(skill=100, in_cover=True), "from_cover": FromCover.BLIND}  # -20
    else:
        kwargs = {"shooter": make_shooter(make_flamer(), skill=80), "mode": ShotMode.FLAME}
    upright = make_plan(target=make_target(pose=Pose.UPRIGHT), **kwargs).guns[0]
    crouched = make_plan(target=make_target(pose=Pose.CROUCHED), **kwargs).guns[0]
    prone = make_plan(target=make_target(pose=Pose.PRONE), **kwargs).guns[0]
    assert upright.hit.total == 80
    assert (upright.hit_chance, crouched.hit_chance, prone.hit_chance) == (80, 53, 40)


@pytest.mark.parametrize("pose", list(Pose))
def test_no_pose_factor_in_close_combat(pose):
    # R1.1 / R10.1: never to close combat.
    plan = make_plan(shooter=make_shooter(make_melee(), skill=75), target=make_target(pose=pose), mode=ShotMode.MELEE)
    assert plan.guns[0].hit.pose is None
    assert plan.guns[0].hit_chance == 75


def test_breakdown_sums_to_s_in_rule_order():
    # R1.2: named modifiers in the rule book's order that sum to S, then the pose factor.
    weapon = make_weapon(min_st=7, hands=2)
    shooter = make_shooter(
        weapon,
        skill=90,
        special=make_special(ST=6),
        exhaustion=10,
        wounds={BodyLocation.ARM},
    )
    plan = make_plan(
        shooter=shooter,
        target=make_target(pose=Pose.CROUCHED, in_cover=True),
        mode=ShotMode.AIMED,
        location=BodyLocation.TORSO,
        extra_ap=3,
        gm_modifier=7,
        distance_m=1,
    )
    hit = plan.guns[0].hit
    assert [(m.name, m.value) for m in hit.modifiers] == [
        ("skill", 90),
        ("aim_location", -5),
        ("aim_ap", 30),
        ("strength", -20),
        ("cover", -40),
        ("exhaustion", -10),
        ("wounds", -20),
        ("gm", 7),
    ]
    assert hit.total == 32
    assert hit.pose is Pose.CROUCHED
    assert hit.after_pose == 21  # floor((128 + 3) / 6)
    assert plan.guns[0].hit_chance == 21


def test_breakdown_always_shows_skill_and_drops_zero_lines():
    # R1.2: skill is always a line, even 0; modifiers that are 0 are not listed.
    hit = make_plan(shooter=make_shooter(skill=0)).guns[0].hit
    assert [m.name for m in hit.modifiers] == ["skill"]
    assert hit.total == 0


def test_build_hit_chance_orders_and_rejects_unknown_names():
    # R1.2: the order is the rule book's, whatever order the modifiers came in.
    hit = build_hit_chance({"gm": 5, "cover": -40, "skill": 60, "range_band": 10}, Pose.UPRIGHT)
    assert [m.name for m in hit.modifiers] == ["skill", "range_band", "cover", "gm"]
    assert MODIFIER_ORDER == (
        "skill",
        "range_band",
        "aim_location",
        "aim_ap",
        "burst",
        "strength",
        "heavy",
        "cover",
        "blind_fire",
        "ambidextrous",
        "exhaustion",
        "wounds",
        "suppression",  # R18.4.2
        "gm",
    )
    with pytest.raises(ValueError, match="luck"):
        build_hit_chance({"skill": 1, "luck": 3}, Pose.UPRIGHT)


def test_breakdown_text_has_pose_and_clamp_lines():
    # R1.2: the pose factor and the clamp are their own lines after the sum.
    plan = make_plan(shooter=make_shooter(skill=200), target=make_target(pose=Pose.PRONE), gm_modifier=-10)
    lines = breakdown_lines(plan.guns[0].hit)
    assert lines[0].startswith("skill") and lines[0].endswith("+200")
    assert lines[1].startswith("game master") and lines[1].endswith("-10")
    assert lines[2].startswith("sum") and lines[2].endswith("190")
    assert "x1/2" in lines[3] and lines[3].endswith("95")
    assert len(lines) == 4  # 95 needs no clamp line
    clamped = breakdown_lines(make_plan(shooter=make_shooter(skill=200)).guns[0].hit)
    assert clamped[-1].startswith("clamped to 0..95") and clamped[-1].endswith("95")


def test_describe_plan_names_cost_and_chances():
    # R1.2: the program shows the chance before the roll.
    plan = make_plan(shooter=make_shooter(skill=60, special=make_special(LU=4)))
    text = "\n".join(describe_plan(plan))
    assert "AP cost: 4" in text
    assert "hit on 60 or less" in text
    assert "critical on 4 or less" in text


def test_gm_modifier_and_exhaustion_are_named():
    # R1.2: game master modifier; exhaustion (R14.3) lowers every hit chance.
    plan = make_plan(shooter=make_shooter(skill=60, exhaustion=40), gm_modifier=15)
    hit = plan.guns[0].hit
    assert hit.value("exhaustion") == -40
    assert hit.value("gm") == 15
    assert plan.guns[0].hit_chance == 35


def test_skill_is_the_weapons_skill():
    # R1.1: S starts from the weapon skill.
    weapon = make_weapon(skill=Skill.ENERGY_WEAPONS)
    shooter = make_shooter(weapon, skill=70, skills={Skill.SMALL_GUNS: 10})
    assert hit_chance(shooter=shooter) == 70


# R1.1, R8.4: the integer formulas are the pose factor applied with rounding half up.
@pytest.mark.parametrize("s", range(-30, 131))
@pytest.mark.parametrize("pose", list(Pose))
def test_pose_formula_is_the_factor_rounded_half_up(s, pose):
    exact = s * POSE_FACTORS[pose]
    assert apply_pose_factor(s, pose) == math.floor(exact + Fraction(1, 2))
