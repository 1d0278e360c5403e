"""The activation deck's commands: `hold SIDE WHO` and `last SIDE` (R18.5.1)."""

from __future__ import annotations

import attrs

from apcombat.engine.command_base import Command, need, no_more, side_id


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
