"""The command language's words that name only the unit, or nothing (R19.1, R16.1, R13.3; the turn's order and
the game's undo): reload, swap, react, delay, end, start, undo and redo — each command's class, parser and
formatter."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from apcombat.engine.command_base import Command, Form, no_more, who


@attrs.frozen
class Reload(Command):
    unit: str


@attrs.frozen
class Swap(Command):
    unit: str


@attrs.frozen
class React(Command):
    unit: str


@attrs.frozen
class Delay(Command):
    unit: str


@attrs.frozen
class End(Command):
    pass


@attrs.frozen
class Start(Command):
    """Roll initiative and begin round 1 without doing anything else (set-up is over)."""


@attrs.frozen
class Undo(Command):
    pass


@attrs.frozen
class Redo(Command):
    pass


_Who = TypeVar("_Who", Reload, Swap, React, Delay)
_Bare = TypeVar("_Bare", End, Start, Undo, Redo)


def _only_who(word: str, cls: type[_Who], usage: str) -> Form[_Who]:
    """A word followed by the unit alone."""

    def parse(args: list[str]) -> _Who:
        unit = who(args)
        no_more(args)
        return cls(unit=unit)

    def format_(command: _Who) -> str:
        return f"{word} {command.unit}"

    return Form(word, cls, parse, format_, usage)


def _bare(word: str, cls: type[_Bare]) -> Form[_Bare]:
    """A word alone."""

    def parse(args: list[str]) -> _Bare:
        no_more(args)
        return cls()

    format_: Callable[[_Bare], str] = lambda _command: word  # noqa: E731
    return Form(word, cls, parse, format_, word)


WHO_FORMS: tuple[Form[Any], ...] = (
    _only_who("reload", Reload, "reload WHO"),
    _only_who("swap", Swap, "swap WHO"),
    _only_who("react", React, "react WHO"),
    _only_who("delay", Delay, "delay WHO"),
)
"""The words followed by the unit alone."""

BARE_FORMS: tuple[Form[Any], ...] = (_bare("end", End), _bare("start", Start), _bare("undo", Undo), _bare("redo", Redo))
"""The words alone."""
