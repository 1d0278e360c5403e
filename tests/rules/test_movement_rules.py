"""Pure movement-side rules: scale, rates, turning, poses, initiative, running, jumping."""

import pytest

from apcombat.model import HexTurns, Pose, Special
from apcombat.rules.checks import judge_skill_test
from apcombat.rules.initiative import InitiativeRoll, initiative_base, initiative_order, tied_groups
from apcombat.rules.jumping import fall_damage, jump_distance_m, jump_modifier, max_jump_m
from apcombat.rules.movement import (
    DIAGONAL_STEP_MM,
    ORTHOGONAL_STEP_MM,
    IllegalMove,
    ap_for_movement,
    consecutive_turn_cost,
    facing_turn_cost,
    movement_rate,
    step_mm,
    turn_cost,
)
from apcombat.rules.running import Exhaustion, after_own_turn, exhaustion_after_running, stronger_exhaustion


def test_scale_of_steps():
    # R0.1: an orthogonal step is 30 mm of table, a diagonal one 42 mm (3 cm x sqrt 2, rounded).
    assert (ORTHOGONAL_STEP_MM, DIAGONAL_STEP_MM) == (30, 42)


@pytest.mark.parametrize(
    ("pose", "running", "climbing", "factor", "rate"),
    [
        (Pose.UPRIGHT, False, False, 1.0, 30),  # R7.1 walking
        (Pose.UPRIGHT, True, False, 1.0, 45),  # R7.1, R14.1 running
        (Pose.CROUCHED, False, False, 1.0, 20),  # R7.1, R8.2
        (Pose.PRONE, False, False, 1.0, 10),  # R7.1, R8.2
        (Pose.UPRIGHT, False, True, 1.0, 20),  # R7.1 stairs and ladders
        (Pose.UPRIGHT, False, False, 0.5, 15),  # R7.2 legs wound halves
        (Pose.CROUCHED, False, False, 0.5, 10),  # R7.2
    ],
)
def test_movement_rates(pose, running, climbing, factor, rate):
    assert movement_rate(pose, running, climbing, factor) == rate


def test_running_needs_upright_and_sound_legs():
    # R14.1: running is upright only; R7.2: a legs wound forbids it.
    with pytest.raises(IllegalMove, match="upright"):
        movement_rate(Pose.CROUCHED, running=True)
    with pytest.raises(IllegalMove, match="legs"):
        movement_rate(Pose.UPRIGHT, running=True, running_forbidden=True)


def test_rubble_doubles_the_step():
    # R7.4
    assert step_mm(30, rubble=True) == 60 and step_mm(42) == 42


@pytest.mark.parametrize(("degrees", "ap"), [(0, 0), (45, 0), (90, 1), (135, 2), (180, 2)])
def test_turn_costs(degrees, ap):
    # R7.3: 0 AP up to 45 degrees, 1 AP up to 90, 2 AP beyond.
    assert turn_cost(degrees) == ap


def test_consecutive_turns_are_one_turn():
    # R7.3: 45 then 45 more is one 90 degree turn (1 AP), then 45 more is 135 (2 AP, 1 already paid).
    assert consecutive_turn_cost(0, 45, 0) == 0
    assert consecutive_turn_cost(0, 90, 0) == 1
    assert consecutive_turn_cost(0, 135, 1) == 1
    assert consecutive_turn_cost(0, 45, 1) == 0  # turning back never refunds


def test_buying_movement_in_whole_ap():
    # R7.1: 42 mm walking costs 2 AP and leaves 18 mm; 18 mm carried pays the next 18 mm for free.
    assert ap_for_movement(42, 0, 30) == (2, 18)
    assert ap_for_movement(18, 18, 30) == (0, 0)
    assert ap_for_movement(30, 18, 30) == (1, 18)


def test_initiative_and_ties():
    # R13.1: AG + PE + LU // 2 (LU 5 -> 2); highest first; ties by base, then AG, then roll-off.
    assert initiative_base(Special(AG=6, PE=5, LU=5)) == 13
    a = InitiativeRoll("a", base=13, d6=3, bonus=0, agility=6)
    b = InitiativeRoll("b", base=14, d6=2, bonus=0, agility=5)
    c = InitiativeRoll("c", base=14, d6=2, bonus=0, agility=7)
    d = InitiativeRoll("d", base=10, d6=1, bonus=5, agility=7)
    assert [r.unit for r in initiative_order([a, b, c, d])] == ["c", "b", "a", "d"]
    assert tied_groups([b, InitiativeRoll("e", base=14, d6=2, bonus=0, agility=5)]) != []


@pytest.mark.parametrize(
    ("roll", "ap_running", "penalty", "turns"),
    [
        (3, 4, 0, 0),  # R14.2 lucky success (roll <= LU 5): no penalty
        (30, 4, 10, 1),  # R14.2 success: -10 next turn
        (70, 3, 20, 2),  # R14.2 failure: -20 for ceil(3 / 2) turns
        (98, 3, 40, 3),  # R14.2 critical failure: -40 for 3 turns
    ],
)
def test_running_exhaustion(roll, ap_running, penalty, turns):
    test = judge_skill_test(roll, skill=50, luck=5)
    assert exhaustion_after_running(test, ap_running) == Exhaustion(penalty, turns)


def test_exhaustion_replaced_only_by_a_larger_one_and_counts_down():
    # R14.3
    current = Exhaustion(20, 2)
    assert stronger_exhaustion(current, Exhaustion(10, 1)) == current
    assert stronger_exhaustion(current, Exhaustion(40, 3)) == Exhaustion(40, 3)
    assert after_own_turn(current) == Exhaustion(20, 1)
    assert not after_own_turn(Exhaustion(20, 1)).active


def test_jumping():
    # R15.1: (ST + AG) / 2 from movement, / 6 standing (14 / 6 = 2.33).
    special = Special(ST=7, AG=7)
    assert max_jump_m(special, from_movement=True) == 7
    assert max_jump_m(special, from_movement=False) == pytest.approx(2.333, abs=0.001)
    # R15.2: distance = centre distance - 1 m; +10 per whole metre left over.
    assert jump_distance_m(3.0) == 2.0
    assert jump_modifier(2.0, 7.0) == 50
    # R15.3: 1d6 per full 3 m of drop, at least 1d6.
    assert str(fall_damage(2)) == "1d6" and str(fall_damage(7)) == "2d6"


@pytest.mark.parametrize("steps", [0, 1, 2, 3, 4])
def test_r20_2_both_readings_of_hex_turns_agree_on_squares(steps):
    # R20.2, R7.3: on squares (45 degrees a facing step) by steps and by degrees charge the same.
    by_steps = facing_turn_cost(steps, 45.0, HexTurns.BY_STEPS)
    assert by_steps == facing_turn_cost(steps, 45.0, HexTurns.BY_DEGREES) == turn_cost(45.0 * steps)


def test_r20_2_hex_turns_by_steps_and_by_degrees():
    # R20.2: by_steps one facing step (60 degrees) free, two 1 AP, an about-turn 2 AP; by_degrees 1, 2, 2.
    assert [facing_turn_cost(steps, 60.0, HexTurns.BY_STEPS) for steps in range(4)] == [0, 0, 1, 2]
    assert [facing_turn_cost(steps, 60.0, HexTurns.BY_DEGREES) for steps in range(4)] == [0, 1, 2, 2]
