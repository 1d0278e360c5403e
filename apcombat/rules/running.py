"""Running and exhaustion (R14.2, R14.3)."""

from __future__ import annotations

from apcombat.model.conditions import NO_EXHAUSTION, Exhaustion
from apcombat.rules.checks import TestResult

__all__ = ["NO_EXHAUSTION", "Exhaustion", "after_own_turn", "exhaustion_after_running", "stronger_exhaustion"]


def exhaustion_after_running(test: TestResult, ap_spent_running: int) -> Exhaustion:
    """R14.2: success -10 next turn; lucky success nothing; failure -20 for ceil(AP/2) turns;
    critical failure -40 for as many turns as AP spent running."""
    if test.success:
        return NO_EXHAUSTION if test.lucky else Exhaustion(penalty=10, turns=1)
    if test.critical_failure:
        return Exhaustion(penalty=40, turns=ap_spent_running)
    return Exhaustion(penalty=20, turns=-(-ap_spent_running // 2))


def stronger_exhaustion(current: Exhaustion, new: Exhaustion) -> Exhaustion:
    """R14.3: a new penalty replaces the old one only if it is larger, or equal and longer."""
    if not current.active or (new.penalty, new.turns) > (current.penalty, current.turns):
        return new
    return current


def after_own_turn(current: Exhaustion) -> Exhaustion:
    """R14.3: one of the N turns has ended."""
    if not current.active:
        return NO_EXHAUSTION
    remaining = current.turns - 1
    return Exhaustion(current.penalty, remaining) if remaining > 0 else NO_EXHAUSTION
