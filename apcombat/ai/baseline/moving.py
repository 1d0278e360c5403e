"""Candidate actions that move the unit: Advance (to the best firing position, else toward the nearest
enemy, R7) and Watch (R16.1: stand watch when no firing position is in reach and an enemy is coming)."""

from __future__ import annotations

from typing import Literal, cast

from apcombat.ai.baseline.fighting import good_attack
from apcombat.ai.baseline.positions import Positions
from apcombat.ai.baseline.proposal import Proposal
from apcombat.ai.baseline.situation import Situation
from apcombat.dice import ScriptedDice
from apcombat.engine import Command, CommandError, LeaveCover, Move, React, apply, format_command
from apcombat.model import Cell, Unit

TO_FIRE_NOW, TO_FIRE, CLOSER, WATCH, LEAVE_COVER = 36.0, 34.0, 32.0, 33.0, 31.0
COMING_STEPS = 8
"""An enemy this many steps from the cells the unit sees within range is 'coming' (about a turn's walk)."""


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
        if cell == me.at or format_command(Move(me.id, (cell,))) not in situation.legal:
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
        line = format_command(Move(me.id, (cell,)))
        where = f"{cell[0]},{cell[1]} ({ap} AP)"
        if fire > 0:
            fires_now = me.ap - ap >= positions(situation).cheapest_attack
            score = TO_FIRE_NOW if fires_now else TO_FIRE
            return Proposal(score, line, f"{me.name} moves to a firing position at {where}, worth {fire:.1f}")
        return Proposal(CLOSER, line, f"{me.name} closes in: {where}, {steps} steps from the nearest enemy")


class LeaveCoverAction:
    """Leave cover (R9.1) when it cannot fire from it and, out of cover, a better cell is in reach this turn
    (in cover the unit reaches no cell: it is judged on a copy of the state, uncovered)."""

    name = "uncover"

    def propose(self, situation: Situation) -> Proposal | None:
        me = situation.me
        line = format_command(LeaveCover(me.id))
        if not me.in_cover or line not in situation.legal or situation.state.interrupt is not None:
            return None
        if good_attack(situation) is not None or me.spent_ap or me.at is None:
            return None
        found = best_cell_out_of_cover(situation)
        if found is None:
            return None  # nowhere better in reach: stay behind cover rather than pay to leave it and back
        where = f"{found[0][0]},{found[0][1]}"
        return Proposal(LEAVE_COVER, line, f"{me.name} leaves cover: no shot from it, {me.ap} AP to go to {where}")


def best_cell_out_of_cover(situation: Situation) -> tuple[Cell, int, float, int] | None:
    """`best_cell`, for a unit in cover as it would be once it left cover (in cover it reaches no cell)."""
    if not situation.me.in_cover:
        return best_cell(situation)
    # False: not worked out yet (None is an answer: no cell)
    cached = cast("tuple[Cell, int, float, int] | Literal[False] | None", getattr(situation, "_uncovered_best", False))
    if cached is False:
        uncovered = situation_after(situation, LeaveCover(situation.me.id))
        cached = None if uncovered is None else best_cell(uncovered)
        situation._uncovered_best = cached  # type: ignore[attr-defined]  # once per decision
    return cached


def situation_after(situation: Situation, command: Command) -> Situation | None:
    """The unit's situation once `command` is played on a copy of the state, when that needs no dice (leaving
    cover under an enemy's covering fire does, R17.2: then None, and the unit stays where it is)."""
    try:
        after, _ = apply(situation.state, command, ScriptedDice())
    except CommandError:
        return None
    return Situation(after) if after.active == situation.me.id else None


class WatchAction:
    """R16.1: watch when no firing position is in reach this turn, an enemy that has yet to act can walk into
    what the unit sees within range in about a turn, and not every friend stands watch already (a side that
    all watches waits for ever for an enemy that stays away)."""

    name = "watch"

    def propose(self, situation: Situation) -> Proposal | None:
        me = situation.me
        line = format_command(React(me.id))
        if line not in situation.legal or me.weapon is None or me.at is None or good_attack(situation) is not None:
            return None
        found = best_cell_out_of_cover(situation)
        if found is not None and found[2] > 0:
            return None
        coming = coming_enemy(situation)
        if coming is None:
            return None
        if all_friends_watch(situation):
            return None  # a side that all watches waits for ever for an enemy that stays away
        enemy, steps = coming
        why = f"{me.name} stands watch: no firing position in reach, {enemy.name} {steps} steps from its sight"
        return Proposal(WATCH, line, why)


def all_friends_watch(situation: Situation) -> bool:
    """Whether the unit has friends standing and every one of them stands watch (R16.1)."""
    me = situation.me
    friends = [u for u in situation.state.units if u.side == me.side and u.id != me.id and u.standing]
    return bool(friends) and all(friend.watch is not None for friend in friends)


def coming_enemy(situation: Situation) -> tuple[Unit, int] | None:
    """The enemy yet to act this round that walks soonest into a cell the unit sees within its gun's long
    range (about a turn's walk at most), with the steps it needs; None when none does, so a unit never
    watches a street no enemy can reach in time while an enemy waits behind walls."""
    me, state, judge = situation.me, situation.state, positions(situation)
    assert me.at is not None and me.weapon is not None
    waiting = [enemy for enemy in situation.enemies if enemy.id not in state.taken and enemy.at is not None]
    if not waiting:
        return None
    range_m = me.weapon.weapon.ranges.long.max
    if judge.steps_to_enemy(me.at) - range_m > COMING_STEPS * 1.5:
        return None  # cells are 1 m and a diagonal step 1.4 m: no enemy is that close to what it sees
    here = me.at

    def watched(cell: Cell) -> bool:  # the distance first: most cells an enemy walks to are out of range
        return situation.distance(here, cell) <= range_m and situation.memo.sees(here, cell)

    coming = []
    for enemy in waiting:
        assert enemy.at is not None
        steps = situation.memo.steps_until(enemy.at, watched, COMING_STEPS)
        if steps is not None:
            coming.append((steps, situation.distance(me.at, enemy.at), enemy))
    if not coming:
        return None
    steps, _, enemy = min(coming, key=lambda found: found[:2])
    return enemy, steps
