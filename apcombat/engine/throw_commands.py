"""The command language's words for throwing (R22): `throw WHO ITEM X,Y [lean]` on a map, `throw WHO ITEM at Ncm
[lean]` at the table (R22.9.1), and the game master's `gm blast [WHO=BAND[/covered] ...]` (R22.9.2) — each
command's class, parser and formatter."""

from __future__ import annotations

from typing import Any

import attrs

from apcombat.engine.command_base import (
    Command,
    CommandError,
    Form,
    cell_word,
    cm_word,
    line_of,
    named,
    need,
    no_more,
    who,
)
from apcombat.engine.numbers import cell, distance_cm, is_distance, shown_word, written_back
from apcombat.model import BlastBand, Cell


@attrs.frozen
class Throw(Command):
    """R22.2.1: WHO throws one ITEM (a thrown weapon's id) at a cell of the map, or at a point N cm away on the
    table (R22.9.1); `lean`: leaning out of cover (R22.2.5). Exactly one of `cell` and `distance_cm` is set."""

    unit: str
    item: str
    cell: Cell | None = None
    distance_cm: float | None = None
    lean: bool = False


@attrs.frozen
class BlastCaught:
    """R22.9.2: one character the game master names under the template: the band its base centre lies in, and
    whether an obstacle it is behind stands between it and the landing point."""

    unit: str
    band: BlastBand
    covered: bool = False


@attrs.frozen
class GmBlast(Command):
    """R22.9.2: who is under the template of the throw waiting for its blast (nobody: an empty tuple)."""

    caught: tuple[BlastCaught, ...] = ()


def _throw(args: list[str]) -> Throw:
    unit = who(args)
    need(args, 1, "the thrown weapon (ITEM)")
    item = args.pop(0).lower()
    need(args, 1, "where to throw it: X,Y, or at Ncm at the table")
    where = args.pop(0).lower()
    fields: dict[str, Any] = {}
    if where == "at":
        need(args, 1, "the distance after 'at'")
        fields["distance_cm"] = distance_cm(args.pop(0))
    elif is_distance(where) and where.endswith("cm"):
        raise CommandError(f"write the distance after 'at': throw WHO ITEM at {shown_word(where)}")
    elif is_distance(where):  # a bare number: at the table a distance, on a map half a cell
        at = f"at {written_back(where, 'N')}"
        raise CommandError(f"{shown_word(where)} is no place: at the table write {at} (cm), on a map a cell X,Y")
    else:
        fields["cell"] = cell(where)
    if args and args[0].lower() == "lean":
        args.pop(0)
        fields["lean"] = True
    if args and args[0].lower() in ("blind", "aimed", "burst"):
        word = args[0].lower()
        rule = {"blind": "R22.2.5", "aimed": "R22.2.6", "burst": "R22.2.6"}[word]
        raise CommandError(f"a throw is never {word} ({rule})")
    no_more(args)
    return Throw(unit=unit, item=item, **fields)


def _format_throw(command: Throw) -> str:
    where: tuple[str, ...] = ("at", cm_word(command.distance_cm)) if command.distance_cm is not None else ()
    if command.cell is not None:
        where = (cell_word(command.cell),)
    return line_of("throw", command.unit, command.item, *where, "lean" if command.lean else None)


def _blast(args: list[str]) -> GmBlast:
    caught: list[BlastCaught] = []
    while args:
        word = args.pop(0).lower()
        unit, equals, rest = word.partition("=")
        if not equals or not unit or not rest:
            raise CommandError(f"{shown_word(word)} is not WHO=BAND: write ana=inner, ben=outer/covered")
        band_word, slash, covered = rest.partition("/")
        if slash and covered != "covered":
            raise CommandError(f"{shown_word(word)}: after the band only /covered may follow")
        band = named(BlastBand, band_word, band_word, " is not a band: inner, middle or outer")
        if any(entry.unit == unit for entry in caught):
            raise CommandError(f"{shown_word(unit)} is named twice")
        caught.append(BlastCaught(unit, band, bool(slash)))
    no_more(args)
    return GmBlast(caught=tuple(caught))


def _format_blast(command: GmBlast) -> str:
    words = (f"{c.unit}={c.band.value}{'/covered' if c.covered else ''}" for c in command.caught)
    return line_of("gm blast", *words)


THROW_FORMS: tuple[Form[Any], ...] = (Form("throw", Throw, _throw, _format_throw, "throw WHO ITEM X,Y|at Ncm [lean]"),)
"""The word of throwing."""

GM_THROW_FORMS: tuple[Form[Any], ...] = (
    Form("blast", GmBlast, _blast, _format_blast, "gm blast [WHO=inner|middle|outer[/covered] ...]"),
)
"""The game master's word for a table throw's blast (R22.9.2)."""
