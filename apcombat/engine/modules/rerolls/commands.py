"""The re-roll points' command: `reroll SIDE N` (R18.6.2)."""

from __future__ import annotations

import attrs

from apcombat.engine.command_base import Command, CommandError, line_of, need, no_more, side_id
from apcombat.engine.numbers import shown_word
from apcombat.model.limits import typed_digits


@attrs.frozen
class Reroll(Command):
    """R18.6.2: a side spends two re-roll points on die number `place` of the action just played."""

    side: str
    place: int


def parse_reroll(args: list[str]) -> Command:
    side = side_id(args)
    need(args, 1, "the die's number in the action's list of rolls")
    word = args.pop(0)
    no_more(args)
    place = typed_digits(word)
    if place is None or place < 1:
        raise CommandError(f"{shown_word(word)} is not a die's number: the log numbers the action's dice from 1")
    return Reroll(side=side, place=place)


def format_reroll(command: Reroll) -> str:
    """The canonical line of a `Reroll`."""
    return line_of("reroll", command.side, str(command.place))
