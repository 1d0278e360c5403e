"""The figures of a batch of games: per AI and per side (games, wins, draws, win rate with its Wilson 95 %
interval), decision times, illegal lines, the games one by one, and what each unit did.

`batch_report` is exactly the object `apcombat sim --json` prints. A game counts once for each side an AI
played in it: with the same AI on both sides it counts twice, once won and once lost (or twice drawn).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from apcombat.sim.match import MatchResult
from apcombat.sim.tally import UnitTally
from apcombat.sim.timing import DecisionTimes

Z95 = 1.959963984540054


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95 % by default); [0, 1] with no games."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = rate + z * z / (2 * games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    # clamped to the rate itself: at 0 or all wins rounding would otherwise leave it a hair outside
    return max(0.0, min(rate, (centre - spread) / scale)), min(1.0, max(rate, (centre + spread) / scale))


def _record(games: int, wins: int, draws: int) -> dict[str, Any]:
    low, high = wilson_interval(wins, games)
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        "win_rate": round(wins / games, 6) if games else 0.0,
        "ci95": [round(low, 6), round(high, 6)],
    }


def ais_of(results: Iterable[MatchResult]) -> list[str]:
    """Every AI of the run, in the order it first plays."""
    seen: dict[str, None] = {}
    for result in results:
        for _, spec in result.sides:
            seen.setdefault(spec, None)
    return list(seen)


def batch_report(results: Sequence[MatchResult], side_ids: Sequence[str]) -> dict[str, Any]:
    """The JSON object of `apcombat sim --json`: keys ai, sides, decision_ms, illegal, games."""
    ais = ais_of(results)
    by_ai = {ai: [0, 0, 0] for ai in ais}
    by_side = {side: [0, 0, 0] for side in side_ids}
    times = {ai: DecisionTimes() for ai in ais}
    illegal = dict.fromkeys(ais, 0)
    for result in results:
        for side, spec in result.sides:
            for counts in (by_ai[spec], by_side[side]):
                counts[0] += 1
                counts[1] += result.winner == side
                counts[2] += result.winner is None
        for spec, taken in result.decision_ms:
            times[spec] += taken
        for spec, count in result.illegal:
            illegal[spec] += count
    return {
        "ai": {ai: _record(*counts) for ai, counts in by_ai.items()},
        "sides": {side: _record(*counts) for side, counts in by_side.items()},
        "decision_ms": {ai: taken.figures() for ai, taken in times.items()},
        "illegal": illegal,
        "games": [{"seed": r.seed, "sides": dict(r.sides), "winner": r.winner, "rounds": r.rounds} for r in results],
    }


def unit_totals(results: Iterable[MatchResult]) -> dict[str, UnitTally]:
    """What each unit did over the whole batch."""
    totals: dict[str, UnitTally] = {}
    for result in results:
        for unit, tally in result.units:
            totals[unit] = totals.get(unit, UnitTally()) + tally
    return totals


def mean_rounds(results: Iterable[MatchResult], ai: str) -> float:
    """The mean length, in rounds, of the games `ai` played."""
    lengths = [r.rounds for r in results if ai in dict(r.sides).values()]
    return sum(lengths) / len(lengths) if lengths else 0.0
