"""Candidate actions of the baseline AI for the morale and casualties modules (R18.1, R18.2): the broken
run for their edge, the shaken take cover, and a friend next to a man down treats it.

Each offers only lines `legal_commands` lists, so a stunned, shaken or broken unit is never offered what
it may not do; they score above every other candidate because R18.1.3 leaves the broken no choice, and a
shaken character's only business is cover."""

from __future__ import annotations

import attrs

from apcombat.ai.baseline.proposal import Proposal
from apcombat.ai.baseline.situation import Situation
from apcombat.ai.decision import Decision
from apcombat.engine.geometry import cover_nearby
from apcombat.engine.modules.morale.checks import edge_metres, edge_of
from apcombat.model import Cell, Encounter, Unit
from apcombat.model.fates import Fate, MoraleState
from apcombat.rules.casualties import first_aid_skill

FLEE, SHAKEN_COVER, AID, AID_PER_CHANCE = 200.0, 150.0, 25.0, 50.0
"""Above INTERRUPT (100): the broken must run (R18.1.3). A first aid scores 25 + 50 x its chance: a sure one
(75) beats an attack worth up to 25 damage (ATTACK 50 + damage), a 22 % one (36) only cover and waiting."""


def _move_cell(line: str) -> Cell:
    x, y = line.split()[2].split(",")
    return int(x), int(y)


class FleeAction:
    """R18.1.3: broken, run for the edge — the listed move that ends nearest it, running first; out of cover
    or up on its feet first when nothing else is listed."""

    name = "flee"

    def propose(self, situation: Situation) -> Proposal | None:
        me, state = situation.me, situation.state
        if me.morale is not MoraleState.BROKEN or state.map is None:
            return None
        edge = edge_of(state, me)
        moves = [line for line in situation.lines if line.startswith("move ")]
        if edge is not None and moves:
            best = min(moves, key=lambda line: (edge_metres(state, _move_cell(line), edge), not line.endswith("run")))
            return Proposal(FLEE, best, f"{me.name} is broken and runs for the {edge.value} edge")
        for line in (f"uncover {me.id}", f"pose {me.id} upright", f"pose {me.id} crouched"):
            if line in situation.legal:
                return Proposal(FLEE, line, f"{me.name} is broken: it gets ready to run")
        return None


class ShakenCoverAction:
    """R18.1.3: shaken, it takes cover — here if it can, else at the cheapest cell in reach next to cover."""

    name = "shaken cover"

    def propose(self, situation: Situation) -> Proposal | None:
        me, state = situation.me, situation.state
        if me.morale is not MoraleState.SHAKEN or me.in_cover:
            return None
        line = f"cover {me.id}"
        if line in situation.legal:
            return Proposal(SHAKEN_COVER, line, f"{me.name} is shaken and takes cover")
        if state.map is None:
            return None
        covered = []
        for move in situation.lines:
            if move.startswith("move ") and not move.endswith("run"):
                cell = _move_cell(move)
                if cover_nearby(state, attrs.evolve(me, at=cell)):
                    covered.append((situation.reach.get(cell, 99), move))
        if not covered:
            return None
        ap, move = min(covered)
        return Proposal(SHAKEN_COVER, move, f"{me.name} is shaken and makes for cover ({ap} AP)")


class AidAction:
    """R18.2.2: a friend who is man down next to it is treated (the listed `aid` line), the more readily the
    better its first_aid."""

    name = "aid"

    def propose(self, situation: Situation) -> Proposal | None:
        me = situation.me
        chance = max(0, min(95, first_aid_skill(me.character) - me.exhaustion.penalty))
        for line in situation.lines:
            if line.startswith("aid "):
                patient = situation.state.unit(line.split()[2])
                if patient.fate is Fate.MAN_DOWN:
                    why = f"{me.name} gives {patient.name} first aid ({chance}%): it is man down"
                    return Proposal(AID + AID_PER_CHANCE * chance / 100, line, why)
        return None


MORALE_CANDIDATES = (FleeAction(), ShakenCoverAction(), AidAction())
SURE_AID = AID + AID_PER_CHANCE / 2
"""Another level is handed a first aid only at 50 % or better; below, it weighs it its own way (not at all)."""


def restricted(unit: Unit) -> bool:
    """R18.1.3, R18.2.1: a shaken, broken or stunned unit, whose lines another AI must check are legal."""
    return unit.morale is not MoraleState.STEADY or unit.stunned


def morale_decision(state: Encounter) -> Decision | None:
    """What R18 leaves a unit no choice about, for any AI level: run when broken, take cover when shaken,
    treat a friend man down next to it; None when none applies (the level plays its own way)."""
    assert state.active is not None
    me = state.unit(state.active)
    friend_down = any(u.side == me.side and u.fate is Fate.MAN_DOWN for u in state.units)
    if not restricted(me) and not friend_down:
        return None
    situation = Situation(state)
    offered = (candidate.propose(situation) for candidate in MORALE_CANDIDATES)
    proposals = [p for p in offered if p is not None and p.line in situation.legal and p.score >= SURE_AID]
    if not proposals:
        return None
    best = max(proposals, key=lambda proposal: proposal.score)
    return Decision(best.line, best.reason, tuple(p.option() for p in proposals))
