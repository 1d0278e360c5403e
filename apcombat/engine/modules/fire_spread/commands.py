"""The spreading fires' game-master command: `gm fire X,Y on|off`, `gm fire NAME on|off` (R18.3.4)."""

from __future__ import annotations

import attrs

from apcombat.engine.command_base import Command, CommandError, cell_word, line_of, need, no_more
from apcombat.engine.numbers import cell, shown_word
from apcombat.model import Cell


@attrs.frozen
class GmFire(Command):
    """R18.3.4: the game master lights (`on`) or puts out a fire, on a map cell or (table mode) by name."""

    on: bool
    at: Cell | None = None
    name: str | None = None


def parse_gm_fire(args: list[str]) -> Command:
    need(args, 1, "where: a cell X,Y (or, in table mode, the fire's name)")
    where = args.pop(0)
    need(args, 1, "on or off")
    word = args.pop(0).lower()
    no_more(args)
    if word not in ("on", "off"):
        raise CommandError(f"{shown_word(word)}: gm fire takes on or off")
    if "," in where:
        return GmFire(on=word == "on", at=cell(where))
    return GmFire(on=word == "on", name=where.lower())


def format_gm_fire(command: GmFire) -> str:
    """The canonical line of a `GmFire`."""
    return line_of(
        "gm fire", cell_word(command.at) if command.at is not None else command.name, "on" if command.on else "off"
    )
