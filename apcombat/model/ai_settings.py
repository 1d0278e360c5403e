"""How a computer player plays a side: its level and personality (issue 12), and the orders a unit may be
given (JA2's): values only; `apcombat.ai` reads them, the set-up screen and encounter files set them."""

from __future__ import annotations

from enum import StrEnum

import attrs


class Effort(StrEnum):
    """How much an AI thinks per decision, counted in evaluations (never in wall-clock time)."""

    LOW = "low"
    NORMAL = "normal"
    HIGH = "high"


class AiRole(StrEnum):
    """A unit's standing orders, which an AI's plans respect."""

    ASSAULT = "assault"  # closes with the enemy
    HOLD = "hold"  # keeps its ground, fires from where it stands
    GUARD = "guard"  # stays near its post and watches
    SNIPER = "sniper"  # keeps its distance, fires from afar


@attrs.frozen
class AiSettings:
    """An AI side's level (None: the default level) and personality: `aggression` weighs the damage it deals,
    `caution` the damage it takes, each from 0 to 1. Difficulty comes from these, never from seeing more than
    a player or from changing dice."""

    level: str | None = None
    effort: Effort = Effort.NORMAL
    aggression: float = 0.5
    caution: float = 0.5


DEFAULT_AI = AiSettings()
