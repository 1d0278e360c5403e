"""The solo oracle: yes/no questions answered with odds and a chaos factor, for a game master playing alone
(the need the source `002_…` describes). The numbers are those of the Mythic second edition fate chart."""

from __future__ import annotations

from enum import StrEnum

import attrs


class Odds(StrEnum):
    """How likely the answer is yes, most likely first (index o = 0..8)."""

    CERTAIN = "certain"
    NEARLY_CERTAIN = "nearly_certain"
    VERY_LIKELY = "very_likely"
    LIKELY = "likely"
    FIFTY_FIFTY = "fifty_fifty"
    UNLIKELY = "unlikely"
    VERY_UNLIKELY = "very_unlikely"
    NEARLY_IMPOSSIBLE = "nearly_impossible"
    IMPOSSIBLE = "impossible"


class Answer(StrEnum):
    EXCEPTIONAL_YES = "exceptional_yes"
    YES = "yes"
    NO = "no"
    EXCEPTIONAL_NO = "exceptional_no"


# The fate chart's thresholds along one diagonal: t = THRESHOLDS[o + 9 - c].
THRESHOLDS = (99, 99, 99, 95, 90, 85, 75, 65, 50, 35, 25, 15, 10, 5, 1, 1, 1)
CHAOS_RANGE = range(1, 10)


@attrs.frozen
class Thresholds:
    """A d100 at or below `exceptional_yes` is an exceptional yes, at or below `yes` a yes, at or above
    `exceptional_no` an exceptional no (0 and None mean there is none)."""

    exceptional_yes: int
    yes: int
    exceptional_no: int | None


@attrs.frozen
class OracleAnswer:
    odds: Odds
    chaos: int
    roll: int
    answer: Answer
    random_event: bool
    thresholds: Thresholds


def thresholds(odds: Odds, chaos: int) -> Thresholds:
    """The fate chart's cell for these odds and chaos factor."""
    if chaos not in CHAOS_RANGE:
        raise ValueError(f"the chaos factor is 1 to 9, not {chaos}")
    t = THRESHOLDS[list(Odds).index(odds) + 9 - chaos]
    if t == 1:  # the book's chart: 0 / 1 / 81
        return Thresholds(0, 1, 81)
    if t == 99:  # the book's chart: 20 / 99, no exceptional no
        return Thresholds(20, 99, None)
    return Thresholds(t * 20 // 100, t, 100 - ((100 - t) * 20 // 100) + 1)


def is_random_event(roll: int, chaos: int) -> bool:
    """A double (11, 22, ... 99) whose digit is not above the chaos factor; 1-10 and 100 never are."""
    return 10 < roll < 100 and roll % 11 == 0 and roll // 11 <= chaos


def ask_oracle(odds: Odds, chaos: int, roll: int) -> OracleAnswer:
    """Answer a yes/no question from a d100 roll (1-100)."""
    if not 1 <= roll <= 100:
        raise ValueError(f"a d100 roll is 1 to 100, not {roll}")
    cell = thresholds(odds, chaos)
    if roll <= cell.exceptional_yes:
        answer = Answer.EXCEPTIONAL_YES
    elif roll <= cell.yes:
        answer = Answer.YES
    elif cell.exceptional_no is not None and roll >= cell.exceptional_no:
        answer = Answer.EXCEPTIONAL_NO
    else:
        answer = Answer.NO
    return OracleAnswer(odds, chaos, roll, answer, is_random_event(roll, chaos), cell)
