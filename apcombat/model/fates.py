"""R18.1, R18.2: what the morale and casualties modules add to a unit — its morale state and how it left
the fight."""

from __future__ import annotations

from enum import StrEnum


class MoraleState(StrEnum):
    """R18.1.3: steady, shaken (no attacks, stays in cover) or broken (runs for its side's edge)."""

    STEADY = "steady"
    SHAKEN = "shaken"
    BROKEN = "broken"


class Fate(StrEnum):
    """R18: how a unit left the fight other than by simply going down at 0 HP (R12.2); NONE while in it."""

    NONE = "none"
    MAN_DOWN = "man_down"  # R18.2.1: HP 0, prone; a friend may treat it (R18.2.2)
    DEAD = "dead"  # R18.2.1, R18.2.3: out for good
    SURRENDERED = "surrendered"  # R18.1.5: no longer a target
    FLED = "fled"  # R18.1.3: a broken character that reached its side's edge


LOST_FATES = (Fate.MAN_DOWN, Fate.DEAD)
"""R18.1.2: fates that make a unit *lost* to its friends (with plain down); fleeing or surrendering do not."""


class Edge(StrEnum):
    """R18.1.3: the map edge a side's broken characters run for; the order is R18.1.3's tie order."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"
