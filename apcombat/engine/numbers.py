"""Numbers, cells and distances as typed in commands, each checked against its stated range
(`model.limits`), so that `turn ana 999…9` or `gm mod 1e400` is refused with one sentence instead of
overflowing somewhere inside the game."""

from __future__ import annotations

import re

from apcombat.model import Cell, limits
from apcombat.model.limits import Limit

_WHOLE = re.compile(r"^[+-]?\d+$")
_CELL = re.compile(r"^(\d+),(\d+)$")
_CM = re.compile(r"^(\d+(?:\.\d+)?)cm$")


class WrongInput(ValueError):
    """A number, cell, distance or word in a command that its place cannot take; says which and why."""


def is_whole_number(word: str) -> bool:
    """Whether `word` is written as a whole number (`3`, `-2`, `+10`), whatever its size."""
    return bool(_WHOLE.match(word))


def is_distance(word: str) -> bool:
    """Whether `word` is written as centimetres (`25cm`, `12.5cm`), whatever its size."""
    return bool(_CM.match(word.lower()))


def whole_number(word: str, limit: Limit, what: str) -> int:
    """`word` as a whole number in `limit`; WrongInput naming `what` (`hp`, `the modifier`) otherwise."""
    if not is_whole_number(word) or len(word) > limits.MAX_DIGITS or not limit.admits(int(word)):
        raise WrongInput(f"{what} must be {limit.describe()}, not {shown_word(word)}")
    return int(word)


def shown_word(word: str) -> str:
    """A word as an error message quotes it; one of thousands of characters is cut short."""
    if len(word) <= _LONGEST_SHOWN:
        return repr(word)
    return f"{word[:_LONGEST_SHOWN]!r}… ({len(word):,} characters)"


_LONGEST_SHOWN = 24


def distance_cm(word: str) -> float:
    """A distance on the table written in centimetres (`25cm`), within DISTANCE_CM."""
    match = _CM.match(word.lower())
    if not match:
        raise WrongInput(f"{shown_word(word)} is not a distance: write centimetres like 25cm")
    distance = float(match.group(1))
    if not limits.DISTANCE_CM.admits(distance):
        raise WrongInput(f"{shown_word(word)} is too far: a distance is {limits.DISTANCE_CM.describe()} centimetres")
    return distance


def cell(word: str) -> Cell:
    """A cell written `X,Y`, each from 0 to the largest map's side."""
    match = _CELL.match(word)
    if not match:
        raise WrongInput(f"{shown_word(word)} is not a cell: write X,Y like 3,4")
    x, y = (match.group(1), match.group(2))
    if max(len(x), len(y)) > limits.MAX_DIGITS or max(int(x), int(y)) >= limits.MAP_SIDE:
        raise WrongInput(
            f"{shown_word(word)} is on no map: maps are at most {limits.MAP_SIDE} x {limits.MAP_SIDE} cells"
        )
    return int(x), int(y)
