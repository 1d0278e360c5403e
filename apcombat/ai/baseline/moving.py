"""Candidate actions that move the unit: Advance (to the best firing position, else toward the nearest
enemy, R7) and Watch (R16.1: stand watch when no firing position is in reach and an enemy is coming)."""

from __future__ import annotations

from apcombat.ai.baseline.fighting import good_attack
from apcombat.ai.baseline.positions import Positions
from apcombat.ai.baseline.proposal import Proposal
from apcombat.ai.baseline.situation import Situation
from apcombat.model import Cell

TO_FIRE_NOW, TO_FIRE, CLOSER, WATCH, LEAVE_COVER = 36.0, 34.0, 32.0, 33.0, 31.0
WATCH_MARGIN_M = 10.0
"""An enemy this much beyond the gun's longest band is 'coming' when it has yet to act this round."""


def positions(situation: Situation) -> Positions:
    cached = getattr(situation, "_positions", None)
    if cached is None:
        cached = Positions(situation)
        situation._positions = cached  # type: ignore[attr-defined]  # one Positions per decision
    return cached


def best_cell(situation: Situation) -> tuple[Cell, int, float, int] | None:
    """The reachable cell worth most (firing value, else nearness to an enemy): (cell, AP, firing value,
    steps to the nearest enemy); None when no cell beats standing still."""
    me, judge = situation.me, positions(situation)
    if me.at is None or not situation.reach or not situation.enemies:
        return None
    here_fire = judge.firing_value(me.at, me.ap)
    here_steps = judge.steps_to_enemy(me.at)
    best, best_key = None, (here_fire, -here_steps, 0)
    for cell, ap in situation.reach.items():
        if cell == me.at or f"move {me.id} {cell[0]},{cell[1]}" not in situation.legal:
            continue
        fire = judge.firing_value(cell, me.ap - ap)
        steps = judge.steps_to_enemy(cell)
        key = (fire, -steps, -ap)
        if fire == 0.0 and steps >= here_steps:
            continue
        if key > best_key:
            best, best_key = (cell, ap, fire, steps), key
    return best


class AdvanceAction:
    """Move to the best firing position in reach, or else toward the nearest enemy."""

    name = "advance"

    def propose(self, situation: Situation) -> Proposal | None:
        me = situation.me
        if situation.state.interrupt is not None or good_attack(situation) is not None or me.in_cover:
            return None
        found = best_cell(situation)
        if found is None:
            return None
        cell, ap, fire, steps = found
        line = f"move {me.id} {cell[0]},{cell[1]}"
        where = f"{cell[0]},{cell[1]} ({ap} AP)"
        if fire > 0:
            fires_now = me.ap - ap >= positions(situation).cheapest_attack
            score = TO_FIRE_NOW if fires_now else TO_FIRE
            return Proposal(score, line, f"{me.name} moves to a firing position at {where}, worth {fire:.1f}")
        return Proposal(CLOSER, line, f"{me.name} closes in: {where}, {steps} steps from the nearest enemy")


class LeaveCoverAction:
    """Leave cover (R9.1) when it cannot fire from it and has the AP to go and find a shot this turn."""

    name = "uncover"

    def propose(self, situation: Situation) -> Proposal | None:
        me = situation.me
        line = f"uncover {me.id}"
        if not me.in_cover or line not in situation.legal or situation.state.interrupt is not None:
            return None
        if good_attack(situation) is not None or me.spent_ap or me.at is None:
            return None
        return Proposal(LEAVE_COVER, line, f"{me.name} leaves cover: no shot from it, {me.ap} AP to find one")


class WatchAction:
    """R16.1: watch when no firing position is in reach this turn and an enemy that has yet to act is near."""

    name = "watch"

    def propose(self, situation: Situation) -> Proposal | None:
        me, state = situation.me, situation.state
        line = f"react {me.id}"
        if line not in situation.legal or me.weapon is None or me.at is None or good_attack(situation) is not None:
            return None
        found = best_cell(situation)
        if found is not None and found[2] > 0:
            return None
        reach_m = me.weapon.weapon.ranges.long.max + WATCH_MARGIN_M
        coming = [
            enemy
            for enemy in situation.enemies
            if enemy.id not in state.taken and enemy.at is not None and situation.distance(me.at, enemy.at) <= reach_m
        ]
        if not coming:
            return None
        nearest = min(coming, key=lambda enemy: situation.distance(me.at, enemy.at))  # type: ignore[arg-type]
        metres = situation.distance(me.at, nearest.at)  # type: ignore[arg-type]
        why = f"{me.name} stands watch: no firing position in reach, {nearest.name} {metres:.0f} m away"
        return Proposal(WATCH, line, why)
