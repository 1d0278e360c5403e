"""What every command of the command language shares: the base class, the refusal, a form of the grammar
table, and reading and writing its words."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import ClassVar, Generic, TypeVar

import attrs

from apcombat.engine.numbers import shown_word
from apcombat.model import Encounter, Unit
from apcombat.model.modules import Module


class CommandError(Exception):
    """A line that is not a command, or a command the state does not allow; the message says why."""


@attrs.frozen
class Command:
    """Base of every command: a value, written as a line by `grammar.format_command` and read back by
    `grammar.parse_command`."""

    # R21.4.1: a command that changes only sight (`reveal`): no module's conduct forbids it (shaken, broken,
    # stunned), so `apply` asks no module's `refuse` of it.
    only_sight: ClassVar[bool] = False

    @property
    def who(self) -> str | None:
        return getattr(self, "unit", None)


C = TypeVar("C", bound=Command)


@attrs.frozen
class Form(Generic[C]):
    """One entry of the grammar table (`engine.grammar`): the first word of a line (for a game-master line, the
    word after `gm`), the command class it makes, its parser (the words after that word, consumed from the
    list), its formatter (the command's whole canonical line) and its usage. Several words may make one class
    (shoot, dual, flame and melee make an Attack): the formatter of each writes any of them."""

    word: str
    command: type[C]
    parse: Callable[[list[str]], C]
    format: Callable[[C], str]
    usage: str


def module_off(what: str, module: Module, rule: str) -> CommandError:
    """R18: the one sentence refusing a command of an optional module the encounter has off."""
    return CommandError(
        f"{what} belongs to the {module.words} module, which this encounter has off: switch it on with "
        f"{module.value} = true in the encounter's [modules] ({rule})"
    )


def unit_by_id(state: Encounter, unit_id: str) -> Unit:
    """The unit a command names, or one sentence listing the units there are."""
    try:
        return state.unit(unit_id)
    except KeyError:
        ids = ", ".join(unit.id for unit in state.units)
        raise CommandError(f"no unit {shown_word(unit_id)}: the units are {ids}") from None


def need(args: list[str], count: int, what: str) -> None:
    """Refuse a line that stops before `what`."""
    if len(args) < count:
        raise CommandError(f"missing {what}")


def at_most(args: list[str], most: int, what: str, why: str) -> None:
    """Refuse a line of more than `most` words of `what` ("cells") before any is read: `why` no real line
    needs more (model.limits)."""
    if len(args) > most:
        raise CommandError(f"the line names {len(args):,} {what}: at most {most:,} ({why})")


def no_more(args: list[str]) -> None:
    """Refuse words left over at the end of a line."""
    if args:
        raise CommandError(f"unexpected {shown_word(' '.join(args))}")


def who(args: list[str]) -> str:
    """The next word as a unit's id."""
    need(args, 1, "the unit (WHO)")
    return args.pop(0).lower()


def only_who(make: Callable[..., C]) -> Callable[[list[str]], C]:
    """The parser of a line that names one unit and nothing more (`cover WHO`, `reveal WHO`): `make(unit=WHO)`."""

    def parse(args: list[str]) -> C:
        unit = who(args)
        no_more(args)
        return make(unit=unit)

    return parse


def who_and_whom(args: list[str], whom: str) -> tuple[str, str]:
    """A line's last two words, `WHO OTHER`: two units' ids (`whom` says what the second is when it is missing)."""
    unit = who(args)
    need(args, 1, whom)
    other = args.pop(0).lower()
    no_more(args)
    return unit, other


def cell_word(cell: tuple[int, int]) -> str:
    """A cell as a line writes it: `X,Y`."""
    return f"{cell[0]},{cell[1]}"


def cm_word(distance: float) -> str:
    """A distance on the table as a line writes it (`25cm`, `12.5cm`): the shortest decimals that read back
    as the same number, never an exponent."""
    text = repr(float(distance))
    if "e" in text:
        text = f"{distance:.20f}".rstrip("0")
    text = text.removesuffix(".0").rstrip(".")
    return f"{text}cm"


def whole_word(number: float) -> str:
    """A whole number as a line writes it (a turn's degrees are kept as a float)."""
    return str(int(number))


def line_of(*words: str | None) -> str:
    """The words of a line, those that are None or empty left out."""
    return " ".join(word for word in words if word)


_Named = TypeVar("_Named", bound=enum.Enum)


def named(kind: type[_Named], value: str, word: str, refusal: str) -> _Named:
    """The `kind` called `value`, else a refusal: the word as typed, then `refusal` (what it may be)."""
    try:
        return kind(value)
    except ValueError:
        raise CommandError(f"{shown_word(word)}{refusal}") from None


def side_id(args: list[str]) -> str:
    """The next word as a side's id."""
    need(args, 1, "the side")
    return args.pop(0).lower()
