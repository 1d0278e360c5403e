"""Any line typed in the command language is a command, a blank, or one CommandError saying why not — never
another exception (issue 9, item 5: `turn ana 999…9` overflowed), and every number it carries lies in its
stated range (docs/files.md)."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from apcombat.engine import CommandError, parse_command
from apcombat.engine.commands import USAGE, Attack, GmBonus, GmDice, GmMod, Jump, Move, Turn
from apcombat.engine.grammar import GM_USAGE

NUMBERS = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.integers(min_value=-500, max_value=1500).map(str),
    st.integers(min_value=1, max_value=6000).map(lambda digits: "9" * digits),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
)
WORDS = st.one_of(
    NUMBERS,
    NUMBERS.map(lambda number: f"+{number.lstrip('-')}"),
    NUMBERS.map(lambda number: f"{number}cm"),
    st.tuples(NUMBERS, NUMBERS).map(lambda pair: f"{pair[0]},{pair[1]}"),
    st.sampled_from(["ana", "raider", "aimed", "head", "burst", "at", "run", "set", "mod", "dice", "bonus", "E"]),
    st.sampled_from(["hp=", "ap=", "ammo=", "exhaustion=", "unconscious="]).flatmap(
        lambda field: NUMBERS.map(lambda number: field + number)
    ),
    st.text(max_size=12),
)
LINES = st.one_of(
    st.text(max_size=60),
    st.tuples(st.sampled_from(sorted(USAGE)), st.lists(WORDS, max_size=6)).map(
        lambda verb_words: " ".join([verb_words[0], *verb_words[1]])
    ),
)


def numbers_in_range(command: object) -> bool:
    """The numbers a parsed command carries, each within its stated range."""
    if isinstance(command, Turn) and command.degrees is not None:
        return -360 <= command.degrees <= 360
    if isinstance(command, Move | Jump):
        cells = [*getattr(command, "waypoints", ()), *([command.to] if getattr(command, "to", None) else [])]
        distance_ok = command.distance_cm is None or 0 <= command.distance_cm <= 30_000
        return distance_ok and all(0 <= x < 1000 and 0 <= y < 1000 for x, y in cells)
    if isinstance(command, Attack):
        return 0 <= command.extra_ap <= 20 and (command.distance_cm is None or 0 <= command.distance_cm <= 30_000)
    if isinstance(command, GmMod):
        return -100 <= command.modifier <= 100
    if isinstance(command, GmBonus):
        return -100 <= command.bonus <= 100
    if isinstance(command, GmDice):
        return all(0 <= value <= 1000 for value in command.values)
    return True


@settings(max_examples=400, deadline=None)
@given(line=LINES)
@example(line="throw 0 0 " + "9" * 452)  # found in CI: the table's advice wrote the number back in full
@example(line="gm condition ana exhaustion 2 ²")  # `isdigit` passed it and `int` could not read it
@example(line="gm condition ana exhaustion 2 " + "9" * 5000)  # nor 5,000 digits
def test_any_line_is_a_command_or_one_reason(line):
    try:
        command = parse_command(line)
    except CommandError as error:
        assert str(error) and "\n" not in str(error)
        assert len(str(error)) < 600  # a number of thousands of digits is not repeated in full
        return
    assert numbers_in_range(command)


def test_an_unknown_game_master_word_lists_the_commands_once():
    # Found by fuzzing: 420 characters, the list of game-master commands and then gm's usage listing them again.
    with pytest.raises(CommandError) as error:
        parse_command("gm fly ana")
    reason = str(error.value)
    assert reason.startswith("'fly' is not a game-master command: dice, set, bonus, mod, force, ")
    assert reason.endswith(" or sees") and reason.count("sees") == 1 and len(reason) < 200


LONG_WORDS = ("9" * 5000, "x" * 3000, "9" * 3000 + "cm", "1," + "9" * 3000, "hp=" + "9" * 3000)
"""`int` reads no more than 4,300 digits: a word of 5,000 that reached it was a traceback."""
ODD_DIGITS = ("³", "①")
"""Digits to `str.isdigit` that `int` cannot read (`reroll vault ³` was a traceback)."""


def every_form() -> list[str]:
    """Each form of every verb and game-master line, as its usage writes it."""
    return sorted({form.strip() for usage in [*USAGE.values(), *GM_USAGE.values()] for form in usage.split(" | ")})


def lines_with_one_of(form: str, odd_words: tuple[str, ...]) -> list[str]:
    """The form written out (a unit `ana`, a number 1) with one of its words one of `odd_words`, at each place."""
    words = [word if word.islower() else "ana" if "WHO" in word else "1" for word in form.split()]
    return [
        " ".join([*words[:place], odd, *words[place + 1 :]]) for place in range(1, len(words) + 1) for odd in odd_words
    ]


def refusals_too_long_or_broken(lines: list[str]) -> list[str]:
    """The lines whose refusal is not one sentence of under 600 characters (a command parsed is fine)."""
    wrong = []
    for line in lines:
        try:
            parse_command(line)
        except CommandError as error:
            if not str(error) or "\n" in str(error) or len(str(error)) >= 600:
                wrong.append(f"{line[:60]}: {str(error)[:200]}")
    return wrong


# One test a form (each trying every place): one a line made 1,700 tests, their start costing more than the lines.
@pytest.mark.parametrize("form", every_form())
def test_a_long_word_or_an_odd_digit_anywhere_is_a_command_or_one_short_reason(form):
    assert refusals_too_long_or_broken(lines_with_one_of(form, LONG_WORDS + ODD_DIGITS)) == []
