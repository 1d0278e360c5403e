"""Skill and attribute tests (R0.3, R0.4) and the d10 share of a penalty (R14.3)."""

import pytest

from apcombat.dice import ScriptedDice
from apcombat.rules.checks import (
    attribute_test,
    d10_share,
    judge_attribute_test,
    judge_skill_test,
    skill_test,
)

from .builders import RecordingDice


# R0.3: success if roll <= skill + modifiers; lucky if also roll <= LU; 96-100 always fail, critically.
@pytest.mark.parametrize(
    ("roll", "skill", "luck", "success", "lucky", "critical_failure"),
    [
        (50, 50, 5, True, False, False),  # exactly the skill succeeds
        (51, 50, 5, False, False, False),
        (1, 50, 5, True, True, False),
        (5, 50, 5, True, True, False),  # roll == LU is lucky
        (6, 50, 5, True, False, False),
        (3, 2, 5, False, False, False),  # a roll within LU that fails is not lucky
        (95, 150, 5, True, False, False),
        (96, 150, 5, False, False, True),  # 96-100 fail whatever the skill
        (100, 150, 5, False, False, True),
        (97, 20, 5, False, False, True),  # a failed 96-100 is critical
        (60, 20, 5, False, False, False),  # an ordinary failure
        (1, 0, 5, False, False, False),
    ],
)
def test_judge_skill_test(roll, skill, luck, success, lucky, critical_failure):
    result = judge_skill_test(roll, skill, luck)
    assert (result.success, result.lucky, result.critical_failure) == (success, lucky, critical_failure)
    assert result.roll == roll
    assert result.needed == skill


def test_skill_test_rolls_one_d100_and_tells_what_it_needs():
    # R0.3 / R0.2: one d100; the request states the number to roll under (never above 95).
    dice = RecordingDice([40])
    result = skill_test(dice, 45, 3, "Bo's body control")
    assert result.success
    assert dice.sides == [100]
    assert dice.requests[0].at_most == 45
    assert "Bo's body control" in dice.requests[0].prompt()


def test_skill_test_request_caps_the_target_number_at_95():
    # R0.3: 96-100 always fail, so the prompt never promises success above 95.
    dice = RecordingDice([96])
    result = skill_test(dice, 120, 3, "x")
    assert dice.requests[0].at_most == 95
    assert not result.success and result.critical_failure


def test_skill_test_reads_00_as_100():
    # R0.2 + R0.3: `00` typed for a d100 is 100, a critical failure.
    result = skill_test(ScriptedDice([0]), 80, 5, "x")
    assert result.roll == 100
    assert result.critical_failure


# R0.4: attribute test on d10; margin = (attribute + modifier) - roll.
@pytest.mark.parametrize(
    ("roll", "attribute", "success", "margin"),
    [
        (1, 5, True, 4),
        (5, 5, True, 0),
        (6, 5, False, -1),
        (10, 10, True, 0),
        (10, 9, False, -1),
        (3, 2, False, -1),
        (1, 0, False, -1),  # a modifier can push the target number to 0: no success
    ],
)
def test_judge_attribute_test(roll, attribute, success, margin):
    result = judge_attribute_test(roll, attribute)
    assert result.success is success
    assert result.margin == margin


def test_attribute_test_rolls_a_d10_and_reads_0_as_10():
    # R0.4 with R0.2: `0` typed for a d10 is 10.
    dice = RecordingDice([0])
    result = attribute_test(dice, 9, "Ana's perception")
    assert dice.sides == [10]
    assert result.roll == 10
    assert not result.success
    assert result.margin == -1


# R14.3 (used by R12.1's EN test): a d10 test takes a tenth of a d100 penalty.
@pytest.mark.parametrize(("penalty", "share"), [(0, 0), (-10, -1), (-20, -2), (-40, -4)])
def test_d10_share(penalty, share):
    assert d10_share(penalty) == share
