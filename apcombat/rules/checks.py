"""Skill and attribute tests (R0.3, R0.4)."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceSource, roll_test

CRITICAL_FAILURE_FROM = 96  # R0.3: rolls of 96-100 always fail, critically


@attrs.frozen
class TestResult:
    """One test as rolled: the roll, what it needed, and how it went."""

    __test__ = False  # not a pytest test class

    roll: int
    needed: int
    success: bool
    lucky: bool = False
    critical_failure: bool = False

    @property
    def margin(self) -> int:
        """R0.4: (attribute + modifier) - roll; negative on failure."""
        return self.needed - self.roll


def judge_skill_test(roll: int, skill: int, luck: int) -> TestResult:
    """R0.3: success if roll <= skill; lucky if also roll <= LU; 96-100 always fail, critically."""
    if roll >= CRITICAL_FAILURE_FROM:
        return TestResult(roll=roll, needed=skill, success=False, critical_failure=True)
    success = roll <= skill
    return TestResult(roll=roll, needed=skill, success=success, lucky=success and roll <= luck)


def skill_test(dice: DiceSource, skill: int, luck: int, purpose: str, owner: str = "") -> TestResult:
    """R0.3: roll d100 against `skill` (modifiers already added); `owner`, the tester (R18.6.1)."""
    roll = roll_test(dice, 100, purpose, at_most=min(skill, CRITICAL_FAILURE_FROM - 1), owner=owner)
    return judge_skill_test(roll, skill, luck)


def judge_attribute_test(roll: int, attribute: int) -> TestResult:
    """R0.4: success if the d10 roll <= attribute + modifier; the margin is the difference."""
    return TestResult(roll=roll, needed=attribute, success=roll <= attribute)


def attribute_test(dice: DiceSource, attribute: int, purpose: str, owner: str = "") -> TestResult:
    """R0.4: roll d10 against `attribute` (modifier already added); `owner`, the tester (R18.6.1)."""
    return judge_attribute_test(roll_test(dice, 10, purpose, at_most=attribute, owner=owner), attribute)


def d10_share(penalty: int) -> int:
    """R14.3: a d10 test takes a tenth of a d100 penalty (-10 -> -1, -20 -> -2, -40 -> -4)."""
    return -((-penalty) // 10) if penalty < 0 else penalty // 10
