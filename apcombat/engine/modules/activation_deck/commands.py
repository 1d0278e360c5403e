"""The activation deck's commands: `hold SIDE WHO` and `last SIDE` (R18.5.1)."""

from __future__ import annotations

import attrs

from apcombat.engine.command_base import Command, line_of, need, no_more, side_id


@attrs.frozen
class Hold(Command):
    """R18.5.1: a side holds the card of one of its characters (`held`) at the start of a round."""

    side: str
    held: str


@attrs.frozen
class Last(Command):
    """R18.5.1: the side that won the sides' d6 chooses to act last instead."""

    side: str


def parse_hold(args: list[str]) -> Command:
    side = side_id(args)
    need(args, 1, "the character whose card the side holds")
    held = args.pop(0).lower()
    no_more(args)
    return Hold(side=side, held=held)


def parse_last(args: list[str]) -> Command:
    side = side_id(args)
    no_more(args)
    return Last(side=side)


def format_hold(command: Hold) -> str:
    """The canonical line of a `Hold`."""
    return line_of("hold", command.side, command.held)


def format_last(command: Last) -> str:
    """The canonical line of a `Last`."""
    return line_of("last", command.side)
