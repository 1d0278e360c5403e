"""The range every number a file or a command gives must fall in, so that a typo (a burst of a billion
rounds, a map of ten million cells, `inf` metres) is refused when it is read instead of hanging or breaking
the game later. docs/files.md lists them all; the content checks and the command parser both use these.
"""

from __future__ import annotations

import math

import attrs


@attrs.frozen
class Limit:
    """A closed range of numbers: whole numbers only, or any finite number."""

    low: float
    high: float
    whole: bool = True

    def admits(self, value: object) -> bool:
        """Whether `value` is a number of the right kind (TOML's true/false are not), finite and in range."""
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        if self.whole and not isinstance(value, int):
            return False
        return math.isfinite(value) and self.low <= value <= self.high

    def describe(self) -> str:
        """`a whole number from 0 to 999`, `a number from 0 to 10000`."""
        kind = "a whole number" if self.whole else "a number"
        return f"{kind} from {self.low:g} to {self.high:g}"


ATTRIBUTE = Limit(1, 10)  # R0.5: each SPECIAL attribute
SKILL = Limit(0, 300)  # skill percentages (Fallout's ceiling)
MORALE = Limit(2, 12)  # R18.1.1: a morale score M
PERCENT = Limit(0, 100)  # critical chance
HIT_POINTS = Limit(0, 999)  # HP a character has now (a target may be given at 0)
MAX_HIT_POINTS = Limit(1, 999)
ACTION_POINTS = Limit(0, 50)  # AP left in a turn
MAX_ACTION_POINTS = Limit(1, 50)  # AP a character starts its turn with
MODIFIER = Limit(-100, 100)  # percentage points: range bands, wound effects, the game master's modifier
STRENGTH = Limit(0, 10)  # a weapon's minimum ST
ACTION_COST = Limit(0, 20)  # AP of a shot, a burst, a reload
BURST = Limit(0, 100)  # rounds in a burst (R4)
MAGAZINE = Limit(0, 1000)  # rounds, or seconds of a flamer's fuel
SPARE_AMMUNITION = Limit(0, 100_000)  # rounds carried besides those loaded
ARMOR_VALUE = Limit(0, 100)
EXTRA_AIM_AP = Limit(0, 20)  # R3.1: extra AP spent aiming
DISTANCE_M = Limit(0, 10_000, whole=False)  # a distance or a range band's end, in metres
DISTANCE_CM = Limit(0, 30_000, whole=False)  # a distance on the table (3 cm = 1 m): the same 10 km
TURN_DEGREES = Limit(-360, 360)  # table mode: a turn
FRACTION = Limit(0, 1, whole=False)  # a wound's movement factor
AI_KNOB = Limit(0, 1, whole=False)  # an AI side's aggression and caution (issue 12)
ROUNDS = Limit(0, 99)  # rounds unconscious, turns of exhaustion
MARKERS = Limit(0, 3)  # R18.4.1: suppression markers held
REROLL_POINTS = Limit(0, 10)  # R18.6.1: a side's re-roll points
INITIATIVE_BONUS = Limit(-100, 100)
DIE_FACE = Limit(0, 1000)  # a typed-in die (dice have 2 to 1000 sides; 0 on a d10 is 10, 00 on a d100 100)
DICE_BONUS = Limit(-1000, 1000)  # the K of NdS+K
THROWN_COUNT = Limit(0, 99)  # R22.1.2: thrown weapons of one kind a character carries
BLAST_M = Limit(0, 100, whole=False)  # R22.1.1: a blast band's greatest distance in metres

MAP_SIDE = 1000
"""The most cells a map may have across and down: 1,000 x 1,000 cells (a square kilometre)."""

LONGEST_ID = 40
"""The most characters of an id: a unit's, a side's (a content file's, a `gm add` line's) and a snapshot's name."""

RESERVED_IDS = {
    "all": "`gm sees SIDE all` means every enemy (R21.7.3)",
    "none": "`gm morale WHO leader none` means no leader (R18.1.1)",
}
"""The words a command reads in the place of a unit's id with a meaning of their own: no unit is called so."""


def reserved_id(word: str) -> str | None:
    """Why no unit may have the id `word`, as a refusal says it after the word ("is a word of the commands, no
    unit's id: `gm sees SIDE all` means every enemy (R21.7.3); choose another id"), or None when one may."""
    why = RESERVED_IDS.get(word)
    return None if why is None else f"is a word of the commands, no unit's id: {why}; choose another id"


MOST_WAYPOINTS = 100
"""The most cells one `move` line may name: a unit has at most 50 AP (ACTION_POINTS) and running buys 45 mm a
AP (R14.1), 75 steps of 30 mm (R0.1, R7.1) in a whole turn, so no move a unit can make names more."""

MOST_DICE_TYPED = 1000
"""The most numbers one `gm dice` line may give (R0.2): a burst of the most rounds a weapon fires (BURST: 100,
R4.1) rolls a to-hit d100, its damage dice and a critical roll a round; a longer roll goes on a further line."""

MAX_DIGITS = 20
"""The most digits a number typed in a command may have; every range above needs far fewer."""


def typed_digits(text: str) -> int | None:
    """`text` as a whole number written in digits alone (no sign), or None when it is none or longer than
    MAX_DIGITS: `str.isdigit` passes `³` and `①`, which `int` cannot read, and `int` reads no more than 4,300
    digits, so a box or a command checked with `isdigit` alone gave a traceback."""
    return int(text) if text.isdecimal() and len(text) <= MAX_DIGITS else None
