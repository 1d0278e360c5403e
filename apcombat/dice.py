"""The one source of randomness (R0.2): seeded, scripted (tests and physical dice) and savable.

Every roll is one die, asked for with a `DiceRequest` that says what it is for, so a game master typing in
physical dice can be asked "d100 for Ana's aimed shot at Raider — hits on 45 or less".

The seeded generator is PCG32 (XSH-RR) written out here, so the same seed gives the same rolls on every
machine and Python version; its whole state is two integers.
"""

from __future__ import annotations

import re
import secrets
from typing import Protocol

import attrs

from apcombat.model.limits import typed_digits

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_PCG_MULTIPLIER = 6364136223846793005
_DEFAULT_STREAM = 1442695040888963407


class DiceError(Exception):
    """A roll could not be made; the message says which roll and why."""


class DiceNotationError(DiceError):
    """Text that is not dice notation."""


class DiceExhausted(DiceError):
    """A scripted source ran out of numbers."""

    def __init__(self, request: DiceRequest) -> None:
        super().__init__(f"the scripted dice ran out: wanted {request.prompt()}")
        self.request = request


@attrs.frozen
class DiceExpr:
    """Dice notation NdS+K (R0.2)."""

    count: int
    sides: int
    bonus: int = 0

    def __str__(self) -> str:
        if self.count == 0:
            return str(self.bonus)
        text = f"{self.count}d{self.sides}" if self.count != 1 or self.sides != 100 else "d100"
        if self.bonus:
            text += f"{self.bonus:+d}"
        return text

    @property
    def minimum(self) -> int:
        return self.count + self.bonus

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.bonus

    @property
    def mean(self) -> float:
        return self.count * (self.sides + 1) / 2 + self.bonus


_NOTATION = re.compile(r"^\s*(?:(\d*)\s*[dD]\s*(\d+))?\s*(?:([+-])\s*(\d+))?\s*$")
_CONSTANT = re.compile(r"^\s*(\d+)\s*$")


_PARSED: dict[str, DiceExpr] = {}
"""Notations already read (a weapon's damage is read for every attack an AI judges); at most _PARSED_KEPT."""
_PARSED_KEPT = 1024


def parse_dice(text: str) -> DiceExpr:
    """Parse `2d10+5`, `1d6`, `d100`, `3d6-2` or a plain number into a DiceExpr (R0.2)."""
    if not isinstance(text, str):
        raise DiceNotationError(f"{text!r} is not dice notation: write NdS+K, like 2d10+5")
    found = _PARSED.get(text)
    if found is None:
        found = _read_dice(text)
        if len(_PARSED) < _PARSED_KEPT:
            _PARSED[text] = found
    return found


def _read_dice(text: str) -> DiceExpr:
    constant = _CONSTANT.match(text)
    if constant:
        return DiceExpr(count=0, sides=1, bonus=int(constant.group(1)))
    match = _NOTATION.match(text)
    if not match or match.group(2) is None:
        raise DiceNotationError(f"{text!r} is not dice notation: write NdS+K, like 2d10+5")
    count = int(match.group(1)) if match.group(1) else 1
    sides = int(match.group(2))
    if count < 1 or count > 100:
        raise DiceNotationError(f"{text!r}: roll between 1 and 100 dice, not {count}")
    if sides < 2 or sides > 1000:
        raise DiceNotationError(f"{text!r}: a die has between 2 and 1000 sides, not {sides}")
    bonus = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
    return DiceExpr(count=count, sides=sides, bonus=bonus)


@attrs.frozen
class DiceRequest:
    """One die asked for: its sides, the notation it belongs to, what it is for and what it needs."""

    sides: int
    purpose: str
    notation: str = ""
    at_most: int | None = None  # a test succeeds on this or less
    success: str = "succeeds"  # the word for success ("hits", "defends")
    critical_at: int | None = None  # a success on this or less is a critical (a to-hit roll, R1.4)
    faces: tuple[str, ...] = ()  # what each face means, from 1 up (a critical's location, R2.2)
    asked: bool = True  # False: a game master's override decides the result, so nobody is asked for the die
    owner: str = ""  # R18.6.1: the unit whose test, attack or casualty roll this is ("": no one's, e.g. initiative)
    breaks_tie: bool = False  # rolled only because dice tied (R13.1's roll-off, R18.5.1's sides rolling again)

    def outcome(self, value: int) -> str:
        """What the face means, in a few words: "hit", "critical!", "miss", "head" ("" for a damage die)."""
        if self.faces and 1 <= value <= len(self.faces):
            return self.faces[value - 1]
        if self.at_most is None:
            return ""
        if value > self.at_most:
            return _FAILURE_WORDS.get(self.success, "failure")
        if self.critical_at is not None and value <= self.critical_at:
            return "critical!"
        return _SUCCESS_WORDS.get(self.success, "success")

    def prompt(self) -> str:
        text = f"{self.notation or _die_name(self.sides)} for {self.purpose}"
        if self.at_most is not None:
            if self.at_most <= 0:
                text += f" — cannot succeed (needs {self.at_most} or less)"
            else:
                text += f" — {self.success} on {self.at_most} or less"
        return text


_SUCCESS_WORDS = {"hits": "hit", "defends": "defended"}
_FAILURE_WORDS = {"hits": "miss", "defends": "not defended"}


def _die_name(sides: int) -> str:
    return f"d{sides}"


def read_die(value: int, sides: int) -> int:
    """A face as read off a physical die: `00` on a d100 is 100, `0` on a d10 is 10 (R0.2)."""
    if value == 0 and sides in (10, 100):
        return sides
    if not 1 <= value <= sides:
        raise DiceError(f"{value} cannot be rolled on a d{sides} (faces 1 to {sides})")
    return value


class DiceSource(Protocol):
    """Anything that can answer a DiceRequest with one die's value."""

    def roll(self, request: DiceRequest) -> int: ...


FRESH_SEEDS = 1_000_000
"""A new game given no seed gets one below this: short enough to note down and give again with `--seed`."""


def fresh_seed() -> int:
    """A seed for a new game given none: another each time, so that no two games roll the same dice."""
    return secrets.randbelow(FRESH_SEEDS)


class SeededDice:
    """PCG32: a reproducible generator whose state is two plain integers."""

    def __init__(self, seed: int = 0, stream: int = _DEFAULT_STREAM) -> None:
        self._inc = ((stream << 1) | 1) & _MASK64
        self._state = 0
        self._step()
        self._state = (self._state + (seed & _MASK64)) & _MASK64
        self._step()

    @classmethod
    def from_state(cls, state: tuple[int, int] | list[int]) -> SeededDice:
        """Rebuild a generator from `state` exactly as a save stored it."""
        dice = cls.__new__(cls)
        dice._state, dice._inc = (int(state[0]) & _MASK64, int(state[1]) & _MASK64)
        if dice._inc % 2 == 0:
            raise DiceError("a seeded dice state needs an odd increment")
        return dice

    @property
    def state(self) -> tuple[int, int]:
        return (self._state, self._inc)

    def _step(self) -> None:
        self._state = (self._state * _PCG_MULTIPLIER + self._inc) & _MASK64

    def next_u32(self) -> int:
        old = self._state
        self._step()
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rotation = old >> 59
        return ((xorshifted >> rotation) | (xorshifted << ((-rotation) & 31))) & _MASK32

    def roll(self, request: DiceRequest) -> int:
        # Rejection sampling keeps every face equally likely.
        limit = (1 << 32) - ((1 << 32) % request.sides)
        while True:
            value = self.next_u32()
            if value < limit:
                return value % request.sides + 1

    def copy(self) -> SeededDice:
        return SeededDice.from_state(self.state)


class ScriptedDice:
    """Numbers given in advance, one die each: tests, and a game master's physical dice.

    When the numbers run out it asks `then` (another source) or raises DiceExhausted naming the roll.
    """

    def __init__(self, values: list[int] | tuple[int, ...] = (), then: DiceSource | None = None) -> None:
        self.values = [int(v) for v in values]
        self.position = 0
        self.then = then

    @property
    def remaining(self) -> list[int]:
        return self.values[self.position :]

    def push(self, values: list[int]) -> None:
        """Queue more numbers after the ones not used yet."""
        self.values = self.remaining + [int(v) for v in values]
        self.position = 0

    def roll(self, request: DiceRequest) -> int:
        if self.position >= len(self.values):
            if self.then is None:
                raise DiceExhausted(request)
            return self.then.roll(request)
        value = self.values[self.position]
        try:
            face = read_die(value, request.sides)
        except DiceError as error:
            raise DiceError(f"scripted roll {self.position + 1}: {error}; wanted {request.prompt()}") from None
        self.position += 1
        return face


class EndFaceDice:
    """Dice that roll nothing: every die shows its lowest face, or with `highest` its highest — for judging a
    play without its luck (the AI's look-ahead, a preview).

    Dice that all show one face tie for ever where a tie is rolled again (R18.5.1's sides), so a die rolled
    only to break a tie (`breaks_tie`) steps one face further in from that end at each such die: the sides
    rolling again among themselves come apart at once."""

    def __init__(self, highest: bool = False) -> None:
        self.highest = highest
        self._tie_dice = 0

    def roll(self, request: DiceRequest) -> int:
        step = 0
        if request.breaks_tie:
            step, self._tie_dice = self._tie_dice % request.sides, self._tie_dice + 1
        return request.sides - step if self.highest else 1 + step


_LONGEST_FACE = 4  # the largest die has 1000 faces


def parse_dice_list(text: str) -> list[int]:
    """Parse `37,12,00` (commas or spaces) into die values; `00` and `0` stay 0 for `read_die`."""
    parts = [part for part in re.split(r"[\s,]+", text.strip()) if part]
    values = []
    for index, part in enumerate(parts, start=1):
        value = typed_digits(part)
        if value is None or len(part) > _LONGEST_FACE:
            shown = part if len(part) <= _LONGEST_FACE else f"{part[:_LONGEST_FACE]}…"
            raise DiceError(f"die {index} of the list, {shown!r}, is not a whole number from 0 to 1000")
        values.append(value)
    return values


@attrs.frozen
class DiceRoll:
    """The dice of one expression as rolled: every die and the total."""

    expr: DiceExpr
    values: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.values) + self.expr.bonus

    def __str__(self) -> str:
        if not self.values:
            return str(self.expr.bonus)
        shown = "+".join(str(v) for v in self.values)
        bonus = f"{self.expr.bonus:+d}" if self.expr.bonus else ""
        return f"{self.expr} = [{shown}]{bonus} = {self.total}"


def roll_dice(source: DiceSource, expr: DiceExpr | str, purpose: str, owner: str = "") -> DiceRoll:
    """Roll every die of `expr` in order, one request each (`owner`: whose die, R18.6.1)."""
    if isinstance(expr, str):
        expr = parse_dice(expr)
    values = []
    for index in range(expr.count):
        notation = str(expr) if expr.count == 1 else f"{expr} (die {index + 1} of {expr.count})"
        values.append(source.roll(DiceRequest(sides=expr.sides, purpose=purpose, notation=notation, owner=owner)))
    return DiceRoll(expr=expr, values=tuple(values))


def roll_test(
    source: DiceSource,
    sides: int,
    purpose: str,
    at_most: int,
    success: str = "succeeds",
    critical_at: int | None = None,
    asked: bool = True,
    owner: str = "",
) -> int:
    """Roll one die for a test that succeeds on `at_most` or less (a critical on `critical_at` or less; `asked`
    False when an override decides the result, so a person typing in dice is not asked for it)."""
    request = DiceRequest(
        sides=sides,
        purpose=purpose,
        notation=_die_name(sides),
        at_most=at_most,
        success=success,
        critical_at=critical_at,
        asked=asked,
        owner=owner,
    )
    return source.roll(request)
