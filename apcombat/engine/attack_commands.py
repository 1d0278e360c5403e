"""The command language's words for attacking (R1-R6, R9.4, R10, R11, R17.1): shoot, dual, flame, melee and
pin — each command's class, parser and formatter."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from apcombat.engine.command_base import Command, CommandError, Form, cm_word, line_of, named, need, no_more, who
from apcombat.engine.numbers import distance_cm, is_whole_number, shown_word, whole_number
from apcombat.model import BodyLocation, FromCover, limits


@attrs.frozen
class Attack(Command):
    """shoot, dual, flame and melee."""

    unit: str
    target: str
    kind: str  # shoot | dual | flame | melee
    location: BodyLocation | None = None
    extra_ap: int = 0
    burst: bool = False
    from_cover: FromCover = FromCover.NONE
    distance_cm: float | None = None


@attrs.frozen
class PinDown(Command):
    unit: str
    target: str
    distance_cm: float | None = None


OPTIONS = {
    "shoot": ("aimed", "burst", "blind", "lean", "at"),
    "dual": ("burst", "lean", "at"),
    "flame": ("lean", "at"),
    "melee": ("aimed", "at"),
}
"""The options each kind of attack takes after its target."""

_WAY_WORD = {FromCover.NONE: None, FromCover.BLIND: "blind", FromCover.LEAN_OUT: "lean"}


def _location(word: str) -> BodyLocation:
    return named(BodyLocation, word.lower(), word, " is not a location: head, torso, arm, legs or weapon")


def _attack(kind: str) -> Callable[[list[str]], Attack]:
    allowed = OPTIONS[kind]

    def parse(args: list[str]) -> Attack:
        unit = who(args)
        need(args, 1, "the target")
        target = args.pop(0).lower()
        fields: dict[str, Any] = {}
        while args:
            word = args.pop(0).lower()
            if word == "blind" and kind in ("dual", "flame"):
                raise CommandError(f"{kind} cannot be fired blind from cover (R9.4): lean out with 'lean'")
            if word not in allowed:
                raise CommandError(f"{shown_word(word)} is not an option of {kind}")
            if word == "aimed":
                need(args, 1, "the location to aim at")
                fields["location"] = _location(args.pop(0))
                if args and is_whole_number(args[0]) and args[0].startswith("+"):
                    fields["extra_ap"] = whole_number(args.pop(0), limits.EXTRA_AIM_AP, "the extra AP spent aiming")
            elif word == "burst":
                fields["burst"] = True
            elif word in ("blind", "lean"):
                fields["from_cover"] = FromCover.BLIND if word == "blind" else FromCover.LEAN_OUT
            elif word == "at":
                need(args, 1, "the distance after 'at'")
                fields["distance_cm"] = distance_cm(args.pop(0))
        return Attack(unit=unit, target=target, kind=kind, **fields)

    return parse


def _format_attack(command: Attack) -> str:
    aimed: tuple[str | None, ...] = ()
    if command.location is not None:
        aimed = ("aimed", command.location.value, f"+{command.extra_ap}" if command.extra_ap else None)
    return line_of(
        command.kind,
        command.unit,
        command.target,
        *aimed,
        "burst" if command.burst else None,
        _WAY_WORD[command.from_cover],
        *(("at", cm_word(command.distance_cm)) if command.distance_cm is not None else ()),
    )


def _pin(args: list[str]) -> PinDown:
    unit = who(args)
    need(args, 1, "the enemy to pin")
    target = args.pop(0).lower()
    distance = None
    if args and args[0].lower() == "at":
        args.pop(0)
        need(args, 1, "the distance after 'at'")
        distance = distance_cm(args.pop(0))
    no_more(args)
    return PinDown(unit=unit, target=target, distance_cm=distance)


def _format_pin(command: PinDown) -> str:
    at = ("at", cm_word(command.distance_cm)) if command.distance_cm is not None else ()
    return line_of("pin", command.unit, command.target, *at)


ATTACK_FORMS: tuple[Form[Any], ...] = (
    Form(
        "shoot",
        Attack,
        _attack("shoot"),
        _format_attack,
        "shoot WHO TARGET [aimed LOCATION [+N]] [burst] [blind|lean] [at Ncm]",
    ),
    Form("dual", Attack, _attack("dual"), _format_attack, "dual WHO TARGET [burst] [lean] [at Ncm]"),
    Form("flame", Attack, _attack("flame"), _format_attack, "flame WHO TARGET [lean] [at Ncm]"),
    Form("melee", Attack, _attack("melee"), _format_attack, "melee WHO TARGET [aimed LOCATION [+N]]"),
    Form("pin", PinDown, _pin, _format_pin, "pin WHO TARGET [at Ncm]"),
)
"""The words of attacking."""
