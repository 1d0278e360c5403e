"""The shape every candidate action of the baseline AI shares (Wesnoth's RCA: candidate, score, run)."""

from __future__ import annotations

from typing import Protocol

import attrs

from apcombat.ai.baseline.situation import Situation

NOT_NOW = 0.0
"""The score of a candidate that has nothing to offer; `End` scores just above it."""


@attrs.frozen
class Proposal:
    """What a candidate would play now, how much it is worth and why, in the game's numbers."""

    score: float
    line: str
    reason: str

    def option(self) -> str:
        return f"{self.score:5.1f}  {self.line}: {self.reason}"


class Candidate(Protocol):
    """A candidate action: scores itself from the situation and names the line it would play."""

    name: str

    def propose(self, situation: Situation) -> Proposal | None: ...
