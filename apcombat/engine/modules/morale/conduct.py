"""What a shaken or broken character may do (R18.1.3); `refuse` raises CommandError with the reason before a
command is played, and `legal_commands` asks `may_move`, `may_attack` and `move_problem` (through the part).

Shaken: no attack, watch or pin; in cover it may not leave it. Broken: leave cover, stand up, move (each step
no farther from its edge), turn, end — and it may not end its turn while its AP pay for a step nearer its edge
(after leaving cover)."""

from __future__ import annotations

import attrs

from apcombat.board.paths import Path
from apcombat.engine.command_base import Command, CommandError
from apcombat.engine.commands import (
    Attack,
    ChangePose,
    Delay,
    End,
    LeaveCover,
    Move,
    PinDown,
    React,
    Reload,
    Swap,
    TakeCover,
    Throw,
    Turn,
)
from apcombat.engine.geometry import grid_of
from apcombat.engine.modules.morale.checks import edge_metres, edge_of
from apcombat.engine.modules.suppression.commands import Calm
from apcombat.engine.movement import path_for, reach_of
from apcombat.model import Encounter, Pose, Unit
from apcombat.model.fates import MoraleState
from apcombat.rules.costs import LEAVE_COVER_AP

SHAKEN_MAY = (Move, Turn, ChangePose, TakeCover, LeaveCover, Reload, Swap, Calm, Delay, End)
BROKEN_MAY = (Move, Turn, ChangePose, LeaveCover, End)
_RAISING = {Pose.PRONE: 0, Pose.CROUCHED: 1, Pose.UPRIGHT: 2}


def _word(command: Command) -> str:
    return type(command).__name__.lower()


def refuse(state: Encounter, command: Command, who: str | None) -> None:
    """Raise CommandError when the acting unit's (`who`) morale state forbids the command (R18.1.3)."""
    if who is None or state.active is None:
        return
    unit = state.unit(who)
    if unit.morale is MoraleState.SHAKEN:
        _refuse_shaken(unit, command)
    elif unit.morale is MoraleState.BROKEN:
        _refuse_broken(state, unit, command)


def _refuse_shaken(unit: Unit, command: Command) -> None:
    if isinstance(command, (Attack, Throw, React, PinDown)):
        raise CommandError(f"{unit.name} is shaken: it may not attack, watch or pin (R18.1.3)")
    if unit.in_cover and isinstance(command, (Move, LeaveCover)):
        raise CommandError(f"{unit.name} is shaken and in cover: it may not leave it (R18.1.3)")
    if not isinstance(command, SHAKEN_MAY):
        raise CommandError(
            f"{unit.name} is shaken: it may move, turn, change pose, take cover, reload, swap, calm, delay "
            "and end (R18.1.3)"
        )


def _refuse_broken(state: Encounter, unit: Unit, command: Command) -> None:
    if not isinstance(command, BROKEN_MAY):
        raise CommandError(
            f"{unit.name} is broken: it may only leave cover, stand up, move toward its edge, turn and end (R18.1.3)"
        )
    if isinstance(command, ChangePose) and _RAISING[command.pose] < _RAISING[unit.pose]:
        raise CommandError(f"{unit.name} is broken: it may stand up, not get down (R18.1.3)")
    if isinstance(command, Move) and state.map is not None:
        problem = move_problem(state, unit, path_for(state, unit, command))
        if problem is not None:
            raise CommandError(problem)
    if isinstance(command, End) and state.map is not None and state.interrupt is None:
        step = step_toward_edge(state, unit)
        if step is not None:
            raise CommandError(
                f"{unit.name} is broken and its AP still pay for a step toward its edge ({step}): "
                "it runs before it ends the turn (R18.1.3)"
            )


def may_move(unit: Unit) -> bool:
    """R18.1.3: a shaken character in cover may not leave it (so not move)."""
    return not (unit.morale is MoraleState.SHAKEN and unit.in_cover)


def may_attack(unit: Unit) -> bool:
    """R18.1.3: a steady character may attack."""
    return unit.morale is MoraleState.STEADY


def moves_restricted(unit: Unit) -> bool:
    """R18.1.3: whether the steps of its moves are restricted (`move_problem` can refuse one)."""
    return unit.morale is MoraleState.BROKEN


def move_problem(state: Encounter, unit: Unit, path: Path) -> str | None:
    """R18.1.3: a broken character's every step must take it no farther from its edge."""
    if not moves_restricted(unit) or state.map is None or unit.at is None:
        return None
    edge = edge_of(state, unit)
    if edge is None:
        return None
    here = edge_metres(state, unit.at, edge)
    for step in path.steps:
        there = edge_metres(state, step.cell, edge)
        if there > here + 1e-9:
            return (
                f"{unit.name} is broken and runs for the {edge.value} edge: the step to {step.cell[0]},"
                f"{step.cell[1]} takes it farther from it (R18.1.3)"
            )
        here = there
    return None


def step_toward_edge(state: Encounter, unit: Unit) -> str | None:
    """R18.1.3: a neighbouring cell nearer its edge that its AP pay for (after leaving cover), as X,Y."""
    edge = edge_of(state, unit)
    if edge is None or unit.at is None:
        return None
    mover = unit
    if unit.in_cover:
        if unit.ap < LEAVE_COVER_AP:
            return None
        mover = attrs.evolve(unit, in_cover=False, ap=unit.ap - LEAVE_COVER_AP)
    reach = reach_of(state.with_unit(mover), mover, False)
    here = edge_metres(state, unit.at, edge)
    for step in grid_of(state).steps(unit.at):
        if step.to in reach and edge_metres(state, step.to, edge) < here - 1e-9:
            return f"{step.to[0]},{step.to[1]}"
    return None
