"""Suppression (R18.4): markers from fire, what they take away, recovery and calming — pure numbers."""

from __future__ import annotations

MAX_NEW_MARKERS_A_ROUND = 2  # R18.4.1
MAX_MARKERS = 3  # R18.4.1
MODIFIER_PER_MARKER = -10  # R18.4.2, on attacks
CALM_AP = 2  # R18.4.4
CALM_RANGE_M = 5.0  # R18.4.4


def markers_earned(hit: bool) -> int:
    """R18.4.1: after an attack at it (not close combat), 1 marker if no round hit, 2 if at least one did."""
    return 2 if hit else 1


def markers_gained(earned: int, held: int, new_this_round: int) -> int:
    """R18.4.1: the markers actually gained — at most 2 new per character per round, at most 3 held."""
    room_this_round = max(0, MAX_NEW_MARKERS_A_ROUND - new_this_round)
    room_held = max(0, MAX_MARKERS - held)
    return max(0, min(earned, room_this_round, room_held))


def ap_lost(markers: int, ap_at_start: int) -> int:
    """R18.4.2: n AP lost at the start of the turn, at most half the AP it starts the turn with (rounded down)."""
    return max(0, min(markers, ap_at_start // 2))


def suppression_modifier(markers: int) -> int:
    """R18.4.2: -10 x n on each attack (the modifier `suppression`, after `wounds` in R1.2)."""
    return MODIFIER_PER_MARKER * markers


def d10_penalty(markers: int) -> int:
    """R18.4.2: -n on each of its d10 tests (perception, luck, EN, CH...)."""
    return -markers


def recovers(roll: int, markers: int) -> bool:
    """R18.4.3: the end-of-round d6 removes one marker when it rolls more than n."""
    return roll > markers
