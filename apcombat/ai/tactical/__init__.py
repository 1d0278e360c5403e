"""The `tactical` level: plans each unit's whole turn — where to go, whether to take cover, what to fire with
the AP left, or to reload, watch or pin — judges every plan on a copy of the state, looks through the dice
of its attacks, and plays the best plan's first line; asked again, it plans again from the state it is
given (the same state and rng give the same line)."""

from __future__ import annotations

import random
from functools import partial

from apcombat.ai.baseline.fog import decide_in_fog
from apcombat.ai.baseline.morale import morale_decision, restricted
from apcombat.ai.baseline.situation import Situation
from apcombat.ai.decision import Decision
from apcombat.ai.deck import deck_decision
from apcombat.ai.module_moves import module_decision
from apcombat.ai.tactical.candidates import CANDIDATES, Candidate
from apcombat.ai.tactical.delay import DELAY
from apcombat.ai.tactical.effort import budget_of
from apcombat.ai.tactical.explain import option_of, reason
from apcombat.ai.tactical.planner import Judge, TurnPlan
from apcombat.ai.tactical.team import edge_of, weights
from apcombat.ai.tactical.volley import LOOKAHEADS, Fire, sampled
from apcombat.engine import End, fog_on, format_command, legal_actions, side_asked
from apcombat.model import DEFAULT_AI, AiSettings, Encounter

SHOWN = 5
"""Options listed with a decision (the best first)."""


class TacticalLevel:
    """Plays the first line of the best-scoring whole-turn plan (score in HP: damage dealt as weighed by
    aggression, kills included, less the danger where it ends as weighed by caution), with its reason and
    the best plans it weighed. `lookahead`: "expectimax" or "sampled" (README compares them)."""

    name = "tactical"

    def __init__(
        self,
        settings: AiSettings = DEFAULT_AI,
        lookahead: str = "expectimax",
        candidates: tuple[Candidate, ...] = CANDIDATES,
    ) -> None:
        self.settings = settings
        self.budget = budget_of(settings.effort)
        self.lookahead = lookahead
        fire = LOOKAHEADS[lookahead]
        self.fire: Fire = partial(sampled, samples=self.budget.samples) if fire is sampled else fire
        self.candidates = candidates

    def plans(self, state: Encounter, rng: random.Random) -> list[TurnPlan]:
        """Every plan the candidates offer, judged, best first (the first offered wins a tie)."""
        situation = Situation(state, jumps=False)  # no candidate plans a jump (R15)
        weighed = weights(situation.me, self.settings, state.round, edge_of(state, situation.me.side))
        judge = Judge(situation, weighed, self.fire, rng.getrandbits(64), self.budget.attacks)
        judged = []
        for candidate in self.candidates:
            for sketch in candidate.sketches(situation, self.budget.cells):
                plan = judge.judge(sketch)
                if plan is not None:
                    judged.append(plan)
        judged.sort(key=lambda plan: -plan.score)
        delayed = DELAY.plan(situation, judged)
        return [delayed, *judged] if delayed is not None else judged

    def decide(self, state: Encounter, rng: random.Random) -> Decision:
        if fog_on(state):  # R21.9: from its side's view, with its beliefs; plans on a copy with the fog off
            return decide_in_fog(state, rng, self.decide)
        if side_asked(state) is not None:
            return deck_decision(state, self.settings)  # R18.5.1: the held card (and going last)
        if state.active is None or state.finished:
            return Decision.of(End(), "nobody to play")
        urgent = morale_decision(state)  # R18.1.3, R18.2.2: run, take cover, treat a friend
        if urgent is not None:
            return urgent
        first = module_decision(state)  # R18.4.4 calm, R18.6 re-rolls
        if first is not None:
            return first
        plans = self.plans(state, rng)
        me = state.unit(state.active)
        if restricted(me):  # R18.1.3, R18.2.1: only what its state allows
            legal = {format_command(command): command for command in legal_actions(state)}
            plans = [plan for plan in plans if plan.line in legal]
            if not plans:
                fallback = End() if "end" in legal or not legal else legal[min(legal)]
                return Decision.of(fallback, f"{me.name} has nothing better to play")
        if not plans:
            return Decision.of(End(), f"{me.name} has no plan to play")
        best = plans[0]
        return Decision.of(best.command, reason(me, best), tuple(option_of(me, plan) for plan in plans[:SHOWN]))


__all__ = ["TacticalLevel"]
