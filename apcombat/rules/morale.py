"""R18.1 Morale: the 2d6 test, its states, rallying, surrender and the edge a broken character runs for."""

from __future__ import annotations

from collections.abc import Sequence

from apcombat.model.fates import Edge, MoraleState

MORALE_DIE = 6
"""R18.1.1: a morale test is 2d6."""

CROWD_BONUS = 2
"""R18.1.1: passed on M + 2 when at least three friends in the fight stand within 3 m."""

CROWD = 3
CROWD_M = 3.0
SIGHT_M = 5.0
"""R18.1.1, R18.1.2: the leader lends its M, and a loss is felt, within 5 m and in sight."""

SURRENDER_M = 4.0
"""R18.1.5: an enemy within 4 m."""

LEADER = "leader"
"""R18.1.1: the perk of a leader."""


def morale_needed(morale: int, friends_near: int, leader_morale: int | None) -> int:
    """R18.1.1: the highest 2d6 total that passes: M (or a leader's higher M), + 2 with three friends near."""
    score = max(morale, leader_morale) if leader_morale is not None else morale
    return score + (CROWD_BONUS if friends_near >= CROWD else 0)


def after_failure(state: MoraleState) -> MoraleState:
    """R18.1.3: a failed test makes a steady character shaken and a shaken (or broken) one broken."""
    return MoraleState.SHAKEN if state is MoraleState.STEADY else MoraleState.BROKEN


def rally_tests(lost_friends: int) -> int:
    """R18.1.4: one rally test, plus one for every friend lost this round."""
    return 1 + lost_friends


def surrenders(enemies_seen_m: Sequence[float], friends_seen_m: Sequence[float]) -> bool:
    """R18.1.5: an enemy in sight within 4 m nearer than every friend in sight."""
    nearest = min(enemies_seen_m, default=None)
    if nearest is None or nearest > SURRENDER_M:
        return False
    return all(nearest < friend for friend in friends_seen_m)


def edge_distance(centre: tuple[float, float], edge: Edge, bounds: tuple[float, float, float, float]) -> float:
    """R18.1.3: metres from a cell centre to a map edge; `bounds` are the map's west, north, east, south."""
    west, north, east, south = bounds
    x, y = centre
    return {Edge.N: y - north, Edge.E: east - x, Edge.S: south - y, Edge.W: x - west}[edge]


def nearest_edge(centre: tuple[float, float], bounds: tuple[float, float, float, float]) -> Edge:
    """R18.1.3: the edge nearest a cell, ties going N, E, S, W."""
    return min(Edge, key=lambda edge: (edge_distance(centre, edge, bounds), list(Edge).index(edge)))
