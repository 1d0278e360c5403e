"""Covering fire (R17.2): how many of the 10 rounds hit the pinned enemy when it leaves its cover."""

from __future__ import annotations

MAX_COVERING_HITS = 10  # R17.1: covering fire spends 10 rounds


def covering_fire_hits(luck: int, roll: int) -> int:
    """R17.2: the covering character's luck test (R0.4: d10, success if roll <= luck).

    `luck` is LU plus any modifier; `roll` is the d10 (1-10). Success by 0 or 1 point is 1 hit, success by
    n >= 2 points is n hits (at most 10); failure is none. LU 5 therefore gives at most 4 hits (roll 1).
    """
    margin = luck - roll
    if margin < 0:
        return 0
    return min(MAX_COVERING_HITS, max(1, margin))
