"""The `baseline` level: a scripted, sound opponent in the shape of Wesnoth's RCA AI.

Each candidate action scores itself from the situation and names the line it would play; the highest score
plays, and everything is scored again for the next line (the driver asks again after every action).
"""

from __future__ import annotations

import random

from apcombat.ai.baseline.fighting import (
    AttackAction,
    EndAction,
    InterruptAction,
    ReloadAction,
    TakeCoverAction,
    ThrowAction,
)
from apcombat.ai.baseline.fires import LeaveFireAction
from apcombat.ai.baseline.fog import decide_in_fog
from apcombat.ai.baseline.morale import AidAction, FleeAction, ShakenCoverAction
from apcombat.ai.baseline.moving import AdvanceAction, LeaveCoverAction, WatchAction
from apcombat.ai.baseline.proposal import Candidate, Proposal
from apcombat.ai.baseline.situation import Situation
from apcombat.ai.decision import Decision
from apcombat.ai.deck import deck_decision
from apcombat.ai.module_moves import module_decision
from apcombat.engine import End, fog_on, side_asked
from apcombat.model import DEFAULT_AI, AiSettings, Encounter

CANDIDATES: tuple[Candidate, ...] = (
    FleeAction(),  # R18.1.3
    ShakenCoverAction(),  # R18.1.3
    AidAction(),  # R18.2.2
    InterruptAction(),
    LeaveFireAction(),  # R18.3.1
    ThrowAction(),  # R22: before the attack it beats
    AttackAction(),
    ReloadAction(),
    AdvanceAction(),
    WatchAction(),
    LeaveCoverAction(),
    TakeCoverAction(),
    EndAction(),
)
"""In order of precedence at an equal score."""


class BaselineLevel:
    """Plays the best-scoring candidate action's line, with its reason and every option it weighed."""

    name = "baseline"

    def __init__(self, settings: AiSettings = DEFAULT_AI, candidates: tuple[Candidate, ...] = CANDIDATES) -> None:
        self.settings = settings  # kept, not read: baseline plays the same whatever the effort and knobs
        self.candidates = candidates

    def decide(self, state: Encounter, rng: random.Random) -> Decision:
        if fog_on(state):  # R21.9: from its side's view, with its beliefs; plans on a copy with the fog off
            return decide_in_fog(state, rng, self.decide)
        if side_asked(state) is not None:
            return deck_decision(state)  # R18.5.1: the held card (and going last)
        if state.active is None or state.finished:
            return Decision.of(End(), "nobody to play")
        first = module_decision(state)  # R18.4.4 calm, R18.6 re-rolls
        if first is not None:
            return first
        situation = Situation(state)
        offered = (candidate.propose(situation) for candidate in self.candidates)
        proposals = [p for p in offered if p is not None and p.line in situation.legal]
        if not proposals:
            fallback = End() if "end" in situation.legal or not situation.lines else situation.actions[0]
            return Decision.of(fallback, f"{situation.me.name} has nothing better to play")
        best = max(proposals, key=lambda proposal: proposal.score)  # the first listed wins a tie
        return situation.decision(best.line, best.reason, tuple(p.option() for p in proposals))


__all__ = ["CANDIDATES", "BaselineLevel", "Proposal", "Situation"]
