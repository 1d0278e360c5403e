"""The fog of war's commands: `reveal WHO` (R21.4.1) and the game master's `gm hide WHO` (R21.7.1),
`gm reveal WHO` (R21.7.2) and, in table mode, `gm sees SIDE WHO on|off` (R21.7.3)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from apcombat.engine.command_base import Command, CommandError, line_of, need, no_more, only_who, side_id
from apcombat.engine.numbers import shown_word, written_back


@attrs.frozen
class Reveal(Command):
    """R21.4.1: a hidden character shows itself, in its own turn, for 0 AP; no action, changing only sight."""

    only_sight: ClassVar[bool] = True  # R21.4.1: a shaken, broken or stunned character may reveal itself

    unit: str


@attrs.frozen
class GmHide(Command):
    """R21.7.1: the game master judges that `unit` slipped away unseen: it is hidden."""

    unit: str

    @property
    def who(self) -> str | None:
        return None  # a game-master line, whoever is acting


@attrs.frozen
class GmReveal(Command):
    """R21.7.2: the game master reveals a hidden `unit` (a perception test the table rolled)."""

    unit: str

    @property
    def who(self) -> str | None:
        return None


@attrs.frozen
class GmSees(Command):
    """R21.7.3, table mode: from now on `side` sees `unit` (`on`), or no longer does (`off`: a mark without a
    cell); `unit` "all" is every enemy of the side that is not hidden."""

    side: str
    unit: str
    on: bool

    @property
    def who(self) -> str | None:
        return None


parse_reveal = only_who(Reveal)


parse_gm_hide = only_who(GmHide)


parse_gm_reveal = only_who(GmReveal)


def parse_gm_sees(args: list[str]) -> Command:
    side = side_id(args)
    need(args, 1, "the enemy seen (WHO, or all)")
    unit = args.pop(0).lower()
    need(args, 1, "on or off")
    word = args.pop(0).lower()
    if word not in ("on", "off"):
        line = f"gm sees {written_back(side, 'SIDE')} {written_back(unit, 'WHO')}"
        raise CommandError(f"expected on or off after {line}, got {shown_word(word)}")
    no_more(args)
    return GmSees(side=side, unit=unit, on=word == "on")


def format_reveal(command: Reveal) -> str:
    return line_of("reveal", command.unit)


def format_gm_hide(command: GmHide) -> str:
    return line_of("gm hide", command.unit)


def format_gm_reveal(command: GmReveal) -> str:
    return line_of("gm reveal", command.unit)


def format_gm_sees(command: GmSees) -> str:
    return line_of("gm sees", command.side, command.unit, "on" if command.on else "off")
