"""The command language's words for the optional modules of R18:

    aid WHO PATIENT         (R18.2.2, casualties)     calm WHO [FRIEND]   (R18.4.4, suppression)
    reroll SIDE N           (R18.6.2, re-rolls)       hold SIDE WHO       (R18.5.1, activation deck)
    last SIDE               (R18.5.1)                 gm fire X,Y on|off  gm fire NAME on|off  (R18.3.4)

A command refused because its module is off says so; the parsers only read the words.
"""

from __future__ import annotations

import attrs

from apcombat.engine.command_base import Command, CommandError, need, no_more, who
from apcombat.engine.numbers import cell, shown_word
from apcombat.model import Cell


@attrs.frozen
class Aid(Command):
    """R18.2.2: treat a friend who is man down."""

    unit: str
    patient: str


@attrs.frozen
class Calm(Command):
    """R18.4.4: steady oneself, or a friend (`friend`), removing a suppression marker on a CH test."""

    unit: str
    friend: str | None = None


@attrs.frozen
class Reroll(Command):
    """R18.6.2: a side spends two re-roll points on die number `place` of the action just played."""

    side: str
    place: int


@attrs.frozen
class Hold(Command):
    """R18.5.1: a side holds the card of one of its characters (`held`) at the start of a round."""

    side: str
    held: str


@attrs.frozen
class Last(Command):
    """R18.5.1: the side that won the sides' d6 chooses to act last instead."""

    side: str


@attrs.frozen
class GmFire(Command):
    """R18.3.4: the game master lights (`on`) or puts out a fire, on a map cell or (table mode) by name."""

    on: bool
    at: Cell | None = None
    name: str | None = None


MORALE_WORDS = ("steady", "shaken", "broken", "lost", "friends", "leader", "surrenders", "flees")
"""`gm morale WHO ...`: set the morale state; table mode's answers (R18.1.1, R18.1.2, R18.1.3, R18.1.5)."""


@attrs.frozen
class GmMorale(Command):
    """R18.1 — the game master sets WHO's morale state (`steady|shaken|broken`), or answers for table mode:
    `lost FRIEND` (FRIEND was lost within 5 m and in WHO's sight: it tests now), `friends on|off` (three
    friends within 3 m), `leader LEADER|none` (a leader within 5 m and in sight), `surrenders`, `flees`."""

    unit: str
    word: str
    other: str | None = None


@attrs.frozen
class GmNext(Command):
    """R18.2.2 table mode: the game master says WHO stands next to PATIENT (for the `aid` that follows)."""

    unit: str
    patient: str


def _gm_morale(args: list[str]) -> Command:
    unit = who(args)
    need(args, 1, "what: " + "|".join(MORALE_WORDS))
    word = args.pop(0).lower()
    if word not in MORALE_WORDS:
        raise CommandError(f"{shown_word(word)}: gm morale takes {', '.join(MORALE_WORDS)}")
    other = None
    if word in ("lost", "friends", "leader"):
        need(args, 1, {"lost": "the friend lost", "friends": "on or off", "leader": "the leader, or none"}[word])
        other = args.pop(0).lower()
        if word == "friends" and other not in ("on", "off"):
            raise CommandError(f"{shown_word(other)}: gm morale WHO friends takes on or off")
    no_more(args)
    return GmMorale(unit=unit, word=word, other=other)


def _gm_next(args: list[str]) -> Command:
    unit = who(args)
    need(args, 1, "the patient")
    patient = args.pop(0).lower()
    no_more(args)
    return GmNext(unit=unit, patient=patient)


@attrs.frozen
class GmNear(Command):
    """Table mode (R18.4.4): the game master says `friend` is within 5 m of `unit` and in its sight."""

    unit: str
    friend: str

    @property
    def who(self) -> str | None:
        return None  # a game-master line, whoever is acting


def _side(args: list[str]) -> str:
    need(args, 1, "the side")
    return args.pop(0).lower()


def _aid(args: list[str]) -> Command:
    unit = who(args)
    need(args, 1, "the patient")
    patient = args.pop(0).lower()
    no_more(args)
    return Aid(unit=unit, patient=patient)


def _calm(args: list[str]) -> Command:
    unit = who(args)
    friend = args.pop(0).lower() if args else None
    no_more(args)
    return Calm(unit=unit, friend=friend)


def _reroll(args: list[str]) -> Command:
    side = _side(args)
    need(args, 1, "the die's number in the action's list of rolls")
    word = args.pop(0)
    no_more(args)
    if not word.isdigit() or int(word) < 1:
        raise CommandError(f"{shown_word(word)} is not a die's number: the log numbers the action's dice from 1")
    return Reroll(side=side, place=int(word))


def _hold(args: list[str]) -> Command:
    side = _side(args)
    need(args, 1, "the character whose card the side holds")
    held = args.pop(0).lower()
    no_more(args)
    return Hold(side=side, held=held)


def _last(args: list[str]) -> Command:
    side = _side(args)
    no_more(args)
    return Last(side=side)


def _gm_fire(args: list[str]) -> Command:
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


MODULE_PARSERS = {"aid": _aid, "calm": _calm, "reroll": _reroll, "hold": _hold, "last": _last}
MODULE_USAGE = {
    "aid": "aid WHO PATIENT",
    "calm": "calm WHO [FRIEND]",
    "reroll": "reroll SIDE N",
    "hold": "hold SIDE WHO",
    "last": "last SIDE",
}


def _gm_near(args: list[str]) -> Command:
    unit = who(args)
    need(args, 1, "the friend within 5 m and in sight")
    friend = args.pop(0).lower()
    no_more(args)
    return GmNear(unit=unit, friend=friend)


MODULE_GM_PARSERS = {"fire": _gm_fire, "morale": _gm_morale, "next": _gm_next, "near": _gm_near}
MODULE_GM_USAGE = {
    "fire": "gm fire X,Y on|off  (table mode: gm fire NAME on|off)",
    "morale": "gm morale WHO steady|shaken|broken|surrenders|flees|lost FRIEND|friends on|off|leader LEADER|none",
    "next": "gm next WHO PATIENT",
    "near": "gm near WHO FRIEND  (table mode: FRIEND is within 5 m of WHO and in sight)",
}
MODULE_GM_COMMANDS = (GmFire, GmMorale, GmNext, GmNear)
