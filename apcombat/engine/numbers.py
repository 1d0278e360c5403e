"""Numbers, cells and distances as typed in commands, each checked against its stated range
(`model.limits`), so that `turn ana 999…9` or `gm mod 1e400` is refused with one sentence instead of
overflowing somewhere inside the game."""

from __future__ import annotations

import re

from apcombat.model import Cell, limits
from apcombat.model.limits import Limit
from apcombat.model.wording import LONGEST_SHOWN
from apcombat.model.wording import shown_word as shown_word  # the engine's modules quote words with it

_WHOLE = re.compile(r"^[+-]?\d+$")
_CELL = re.compile(r"^(\d+),(\d+)$")
_CM = re.compile(r"^(\d+(?:\.\d+)?)(cm)?$")
"""A distance on the table: centimetres, the unit written (`25cm`) or not (`25`, table mode's unit)."""


class WrongInput(ValueError):
    """A number, cell, distance or word in a command that its place cannot take; says which and why."""


def is_whole_number(word: str) -> bool:
    """Whether `word` is written as a whole number (`3`, `-2`, `+10`), whatever its size."""
    return bool(_WHOLE.match(word))


def is_distance(word: str) -> bool:
    """Whether `word` is written as centimetres (`25cm`, `12.5cm`, or bare: `25`), whatever its size."""
    return bool(_CM.match(word.lower()))


def whole_number(word: str, limit: Limit, what: str) -> int:
    """`word` as a whole number in `limit`; WrongInput naming `what` (`hp`, `the modifier`) otherwise."""
    if not is_whole_number(word) or len(word) > limits.MAX_DIGITS or not limit.admits(int(word)):
        raise WrongInput(f"{what} must be {limit.describe()}, not {shown_word(word)}")
    return int(word)


def written_back(word: str, placeholder: str) -> str:
    """A word as an error's suggestion writes it back unquoted, or `placeholder` for one too long to repeat or
    with a character no terminal should be sent (an escape would change the colours of `apcombat run`'s error)."""
    return word if len(word) <= LONGEST_SHOWN and word.isprintable() else placeholder


def distance_cm(word: str) -> float:
    """A distance on the table in centimetres (`25cm`, or a bare `25`: the table's unit), within DISTANCE_CM."""
    match = _CM.match(word.lower())
    if not match:
        raise WrongInput(f"{shown_word(word)} is not a distance: write centimetres like 25 or 25cm")
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


def distance_reading(word: str) -> str:
    """How a distance box read what was typed, in the table's unit: "6 → 6 cm (2 m)" (3 cm = 1 m, R0.1);
    "" for an empty box, the refusal's sentence for what is no distance."""
    word = word.strip()
    if not word:
        return ""
    try:
        distance = distance_cm(word)
    except WrongInput as error:
        return str(error)
    cm, metres = (f"{number:.2f}".rstrip("0").rstrip(".") for number in (distance, distance / 3))
    return f"{word} → {cm} cm ({metres} m)"
