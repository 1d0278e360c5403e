"""The suppression module's commands: `calm WHO [FRIEND]` (R18.4.4) and, in table mode, `gm near WHO FRIEND`."""

from __future__ import annotations

import attrs

from apcombat.engine.command_base import Command, line_of, no_more, who, who_and_whom


@attrs.frozen
class Calm(Command):
    """R18.4.4: steady oneself, or a friend (`friend`), removing a suppression marker on a CH test."""

    unit: str
    friend: str | None = None


@attrs.frozen
class GmNear(Command):
    """Table mode (R18.4.4): the game master says `friend` is within 5 m of `unit` and in its sight."""

    unit: str
    friend: str

    @property
    def who(self) -> str | None:
        return None  # a game-master line, whoever is acting


def parse_calm(args: list[str]) -> Command:
    unit = who(args)
    friend = args.pop(0).lower() if args else None
    no_more(args)
    return Calm(unit=unit, friend=friend)


def parse_gm_near(args: list[str]) -> Command:
    unit, friend = who_and_whom(args, "the friend within 5 m and in sight")
    return GmNear(unit=unit, friend=friend)


def format_calm(command: Calm) -> str:
    """The canonical line of a `Calm`."""
    return line_of("calm", command.unit, command.friend)


def format_gm_near(command: GmNear) -> str:
    """The canonical line of a `GmNear`."""
    return line_of("gm near", command.unit, command.friend)
