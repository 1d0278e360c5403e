"""The morale module's game-master command: `gm morale WHO ...` (R18.1)."""

from __future__ import annotations

import attrs

from apcombat.engine.command_base import Command, CommandError, line_of, need, no_more, who
from apcombat.engine.numbers import shown_word

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


def parse_gm_morale(args: list[str]) -> Command:
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


def format_gm_morale(command: GmMorale) -> str:
    """The canonical line of a `GmMorale`."""
    return line_of("gm morale", command.unit, command.word, command.other)
