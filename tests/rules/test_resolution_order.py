"""R0.2: one injectable dice source, a fixed documented order of rolls, physical dice typed in.

The order (resolve.py): guns in order, each round complete before the next — to-hit d100, the
defender's d100 (close combat), the d6 of an unaimed critical's location, each damage die, wound tests.
"""

import pytest

from apcombat.dice import DiceError, DiceExhausted, ScriptedDice, SeededDice
from apcombat.model import BodyLocation, Pose, ShotMode, Skill
from apcombat.rules.explain import describe_result
from apcombat.rules.resolve import resolve_attack

from .builders import (
    make_melee,
    make_plan,
    make_shooter,
    make_smg,
    make_special,
    make_target,
    make_weapon,
    resolve_recorded,
)


def test_full_order_of_an_unaimed_head_critical():
    # R0.2: to-hit d100, location d6, each damage die, EN d10, 1d3.
    plan = make_plan(
        shooter=make_shooter(make_weapon(damage="2d6+1"), skill=80, special=make_special(LU=5)),
        target=make_target(hp=100, special=make_special(EN=4)),
    )
    result, dice = resolve_recorded(plan, [3, 5, 2, 6, 8, 3])
    assert dice.sides == [100, 6, 6, 6, 10, 3]
    r = result.rounds[0]
    assert (r.roll, r.location_roll, r.damage_roll.values) == (3, 5, (2, 6))
    assert r.damage == 18
    assert r.knockout.test.roll == 8
    assert r.knockout.rounds.total == 3
    purposes = [request.purpose for request in dice.requests]
    assert purposes[0] == "Ana's shot at Raider"
    assert purposes[1].startswith("critical location")
    assert purposes[2].startswith("damage") and purposes[3].startswith("damage")
    assert "EN test" in purposes[4]
    assert "unconscious" in purposes[5]
    assert [request.notation for request in dice.requests[2:4]] == [
        "2d6+1 (die 1 of 2)",
        "2d6+1 (die 2 of 2)",
    ]


def test_to_hit_request_tells_what_to_roll():
    # R0.2: a game master is asked "d100 for ... — hits on N or less".
    plan = make_plan(shooter=make_shooter(skill=45), mode=ShotMode.AIMED, location=BodyLocation.TORSO, extra_ap=0)
    _, dice = resolve_recorded(plan, [99])
    assert dice.requests[0].prompt() == "d100 for Ana's aimed shot (torso) at Raider — hits on 40 or less"


def test_melee_order_hit_defence_location_damage():
    # R0.2 / R10.2: to-hit, defender's d100, d6 for the critical's location, damage.
    plan = make_plan(
        shooter=make_shooter(make_melee(damage="1d4"), skill=80, special=make_special(LU=10)),
        target=make_target(skills={Skill.MELEE: 30}),
        mode=ShotMode.MELEE,
    )
    result, dice = resolve_recorded(plan, [7, 31, 4, 4])
    assert dice.sides == [100, 100, 6, 4]
    assert "defence" in dice.requests[1].purpose
    assert result.rounds[0].location is BodyLocation.ARM


def test_burst_rounds_complete_one_after_another():
    # R0.2 / R4.3: each round complete before the next — criticals' d6 and damage between to-hit rolls.
    plan = make_plan(
        shooter=make_shooter(make_smg(min_st=1), skill=100, special=make_special(ST=4, LU=2)),
        target=make_target(hp=100),
        mode=ShotMode.BURST,
    )
    result, dice = resolve_recorded(plan, [2, 4, 3, 50, 6, 99])
    assert dice.sides == [100, 6, 10, 100, 10, 100]
    assert ["round 1 of 3" in dice.requests[0].purpose, "round 2 of 3" in dice.requests[3].purpose] == [
        True,
        True,
    ]
    assert [r.hit for r in result.rounds] == [True, True, False]


def test_scripted_dice_running_out_names_the_roll_it_wanted():
    # R0.2: ScriptedDice raises DiceExhausted naming the roll.
    plan = make_plan(shooter=make_shooter(skill=60))
    with pytest.raises(DiceExhausted, match=r"ran out: wanted 1d10 for damage of Ana's shot at Raider"):
        resolve_attack(plan, ScriptedDice([20]))
    with pytest.raises(DiceExhausted, match=r"wanted d100 for Ana's shot at Raider — hits on 60 or less"):
        resolve_attack(plan, ScriptedDice([]))


def test_scripted_value_impossible_on_the_die_names_the_roll():
    # R0.2: a 7 cannot be a d6 face.
    plan = make_plan(shooter=make_shooter(skill=60, special=make_special(LU=5)))
    with pytest.raises(DiceError, match=r"7 cannot be rolled on a d6.*critical location"):
        resolve_attack(plan, ScriptedDice([1, 7]))


def test_00_on_d100_is_100():
    # R0.2: `00` on a d100 is 100 — a miss even at the 95 cap.
    plan = make_plan(shooter=make_shooter(skill=200))
    assert plan.guns[0].hit_chance == 95
    result, _ = resolve_recorded(plan, [0])
    assert result.rounds[0].roll == 100
    assert not result.rounds[0].hit


def test_0_on_d10_is_10():
    # R0.2: `0` on a d10 is 10.
    result, _ = resolve_recorded(make_plan(shooter=make_shooter(skill=60)), [30, 0])
    assert result.rounds[0].damage_roll.values == (10,)
    assert result.rounds[0].damage == 10


def test_96_to_100_always_miss():
    # R1.1 clamp / R0.3: the chance never exceeds 95.
    plan = make_plan(shooter=make_shooter(skill=500))
    for roll in (96, 97, 100):
        result, _ = resolve_recorded(plan, [roll])
        assert not result.rounds[0].hit


def test_seeded_game_replays_exactly():
    # R0.2: the same seed gives the same attack.
    plan = make_plan(
        shooter=make_shooter(make_smg(), skill=70, special=make_special(LU=9)),
        target=make_target(hp=100, pose=Pose.CROUCHED),
        mode=ShotMode.BURST,
    )
    first = resolve_attack(plan, SeededDice(2024))
    second = resolve_attack(plan, SeededDice(2024))
    assert first == second
    assert describe_result(first) == describe_result(second)


def test_scripted_dice_can_continue_with_another_source():
    # R0.2: a game master's numbers followed by the seeded generator.
    plan = make_plan(shooter=make_shooter(skill=60))
    result = resolve_attack(plan, ScriptedDice([30], then=ScriptedDice([4])))
    assert result.rounds[0].damage == 4


def test_describe_result_mentions_down_and_unrolled_rounds():
    # R4.3 / R12.2: the text says rounds after the target went down were not rolled.
    plan = make_plan(
        shooter=make_shooter(make_smg(min_st=1), skill=90, special=make_special(ST=4)),
        target=make_target(hp=5),
        mode=ShotMode.BURST,
    )
    result, _ = resolve_recorded(plan, [10, 9])
    text = describe_result(result)
    assert text[0].startswith("round 1: d100 = 10 vs 90 — HIT")
    assert "not rolled" in text[2] and "already down" in text[2]
    assert text[-1] == "Raider: 5 -> -4 HP (1 hit) — Raider is down"


def test_describe_result_says_a_miss_does_no_damage():
    # A miss shows no HP arrow that changes nothing ("31 -> 31 HP (0 hits)" read like damage).
    plan = make_plan(shooter=make_shooter(skill=60), target=make_target(hp=31))
    result, _ = resolve_recorded(plan, [95])
    assert describe_result(result)[-1] == "Raider: missed — no damage (31 HP)"
