"""What a value in a content file should have been: the error every structure hook raises, and the
hooks for the TOML scalars and the game's closed vocabularies (enums)."""

from __future__ import annotations

import datetime
import functools
import json
from collections.abc import Callable
from enum import Enum
from typing import Any, TypeGuard

from apcombat.content.suggest import did_you_mean
from apcombat.model.wording import LONGEST_SHOWN, control_character, shown_word

Hook = Callable[[Any, Any], Any]
"""A cattrs structure hook: (value read from TOML, type asked for) -> structured value."""


class WrongValue(ValueError):
    """A value in a content file that is not what its field takes; the message is shown as is."""


def show_value(value: object) -> str:
    """A value as it is written in TOML, or what kind of value it is: `"ten"`, `true`, `a table`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and len(value) > LONGEST_SHOWN:  # thousands of letters are never shown in full
        return f"{json.dumps(value[:LONGEST_SHOWN], ensure_ascii=False)}… ({len(value):,} characters)"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, datetime.date | datetime.time):
        return f"the date/time {value.isoformat()}"
    return repr(value)


def wrong_value(expected: str, value: object) -> WrongValue:
    """The error for `value` where `expected` (e.g. "a whole number") should be."""
    return WrongValue(f"expected {expected}, got {show_value(value)}")


def is_whole_number(value: object) -> TypeGuard[int]:
    """A TOML integer (TOML's true and false are not numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> bool:
    """A TOML integer or float."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def structure_int(value: object, _: Any) -> int:
    """A whole number, as is."""
    if not is_whole_number(value):
        raise wrong_value("a whole number", value)
    return value


def structure_float(value: object, _: Any) -> float:
    """Any number, as a float."""
    if not is_number(value):
        raise wrong_value("a number", value)
    return float(value)  # type: ignore[arg-type]


def structure_bool(value: object, _: Any) -> bool:
    """true or false, as is."""
    if not isinstance(value, bool):
        raise wrong_value("true or false", value)
    return value


def structure_str(value: object, type_: Any) -> Any:
    """A string, as is. Registered for `str`, cattrs also picks this hook for the str-based enums: it
    hands those on to `enum_member`."""
    if isinstance(type_, type) and issubclass(type_, Enum):
        return enum_member(type_)(value, type_)
    if not isinstance(value, str):
        raise wrong_value("a string in quotes", value)
    return without_controls(value, lines=True)


def without_controls(value: str, lines: bool) -> str:
    """`value`, or WrongValue if it holds a control character (`model.wording.control_character`): read from a
    file, it would reach the terminal and the screens as it is."""
    found = control_character(value, lines)
    if found is not None:
        rule = "which a terminal obeys" if lines else "and a name is one line of plain text"
        raise WrongValue(f"{show_value(value)} holds a control character ({found}), {rule}: remove it")
    return value


def one_line(value: object, type_: Any) -> Any:
    """A name (a side's, a unit's, a character's, a weapon's): a string on one line, without control characters."""
    if not isinstance(value, str):
        raise wrong_value("a string in quotes", value)
    return without_controls(value, lines=False)


@functools.cache
def enum_member(enum: type[Enum]) -> Hook:
    """A hook for a member of `enum` written as its value, suggesting a close one when mistyped."""
    values = [str(member.value) for member in enum]
    listing = ", ".join(values)

    def structure(value: object, _: Any) -> Enum:
        if not isinstance(value, str):
            raise wrong_value(f"one of {listing}", value)
        try:
            return enum(value)
        except ValueError:
            raise WrongValue(f"{shown_word(value)} is not one of {listing}{did_you_mean(value, values)}") from None

    return structure


def requiring(kind: type, expected: str, hook: Hook) -> Hook:
    """`hook`, once the value is of the TOML kind `kind` (dict for a table, list for a list)."""

    def structure(value: object, type_: Any) -> Any:
        if not isinstance(value, kind):
            raise wrong_value(expected, value)
        return hook(value, type_)

    return structure
