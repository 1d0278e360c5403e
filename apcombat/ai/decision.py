"""What an AI answers when asked for a move: the command and its line, why, and what else it weighed; and who
answers."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

import attrs

from apcombat.engine import Command, format_command
from apcombat.model.converters import as_tuple

if TYPE_CHECKING:
    from apcombat.model import Encounter


@attrs.frozen
class Option:
    """One option an AI weighed: the line it would play first, the plan that line starts (in words, and as
    the plan's lines), and its score — for `tactical`, expected HP: damage dealt minus damage taken, as its
    knobs weigh them. Said as one line by `str`."""

    line: str
    plan: str
    score: float | None = None
    lines: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)

    def __str__(self) -> str:
        score = f"{self.score:+6.1f}  " if self.score is not None else ""
        return f"{score}{self.line}: {self.plan}"


@attrs.frozen
class Decision:
    """One command for `state.active` and its line, with a one-line reason in the game's numbers and the
    options weighed, the best first: one line each, or an `Option` that also names its plan and score (`str`
    of it is its line). A built-in level's Decision is made by `Decision.of(command, ...)`, its `line` the
    command's canonical line; a plug-in bot's bare line becomes a Decision with no reason and no command (the
    turn parses it, once)."""

    line: str
    reason: str = ""
    options: tuple[str | Option, ...] = attrs.field(default=(), converter=as_tuple)
    command: Command | None = attrs.field(default=None, eq=False)

    @classmethod
    def of(cls, command: Command, reason: str = "", options: Iterable[str | Option] = ()) -> Decision:
        """The decision to play `command`: its line is the command's canonical line."""
        return cls(format_command(command), reason, tuple(options), command)


class Player(Protocol):
    """Anything that answers with a Decision for `state.active`: a built-in level or a wrapped plug-in."""

    def decide(self, state: Encounter, rng: random.Random) -> Decision: ...
