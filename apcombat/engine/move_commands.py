"""The command language's words for moving and bearing (R7, R8.1, R9.1, R15): move, turn, pose, cover,
uncover and jump — each command's class, parser and formatter."""

from __future__ import annotations

from typing import Any

import attrs

from apcombat.engine.command_base import (
    Command,
    CommandError,
    Form,
    at_most,
    cell_word,
    cm_word,
    line_of,
    named,
    need,
    no_more,
    only_who,
    who,
    whole_word,
)
from apcombat.engine.numbers import cell, distance_cm, is_distance, is_whole_number, shown_word, whole_number
from apcombat.model import Cell, Facing, Pose, limits

MANNERS = ("walk", "run", "crouched", "prone", "climb")
"""Table mode's ways of moving a measured distance."""


@attrs.frozen
class Move(Command):
    unit: str
    waypoints: tuple[Cell, ...] = ()
    run: bool = False
    distance_cm: float | None = None  # table mode
    manner: str = "walk"  # table mode: walk | run | crouched | prone | climb


@attrs.frozen
class Turn(Command):
    unit: str
    facing: Facing | None = None
    degrees: float | None = None  # table mode


@attrs.frozen
class ChangePose(Command):
    unit: str
    pose: Pose


@attrs.frozen
class TakeCover(Command):
    unit: str


@attrs.frozen
class LeaveCover(Command):
    unit: str


@attrs.frozen
class Jump(Command):
    unit: str
    to: Cell | None = None
    distance_cm: float | None = None  # table mode


def _move(args: list[str]) -> Move:
    unit = who(args)
    need(args, 1, "where to (X,Y or Ncm)")
    if is_distance(args[0]):
        distance = distance_cm(args.pop(0))
        manner = args.pop(0).lower() if args else "walk"
        if manner not in MANNERS:
            raise CommandError(f"{shown_word(manner)} is not a way of moving: walk, run, crouched, prone or climb")
        no_more(args)
        return Move(unit=unit, distance_cm=distance, manner=manner, run=manner == "run")
    run = False
    if args and args[-1].lower() == "run":
        run = True
        args.pop()
    at_most(args, limits.MOST_WAYPOINTS, "cells", "no unit's AP walks farther, R7.1")
    cells = tuple(cell(arg) for arg in args)
    return Move(unit=unit, waypoints=cells, run=run, manner="run" if run else "walk")


def _format_move(command: Move) -> str:
    if command.distance_cm is not None:
        manner = command.manner if command.manner != "walk" else None
        return line_of("move", command.unit, cm_word(command.distance_cm), manner)
    cells = [cell_word(waypoint) for waypoint in command.waypoints]
    return line_of("move", command.unit, *cells, "run" if command.run else None)


def _turn(args: list[str]) -> Turn:
    unit = who(args)
    need(args, 1, "the direction")
    word = args.pop(0)
    no_more(args)
    if is_whole_number(word):
        return Turn(unit=unit, degrees=float(whole_number(word, limits.TURN_DEGREES, "a turn in degrees")))
    return Turn(unit=unit, facing=named(Facing, word.upper(), word, " is not a facing: N, NE, E, SE, S, SW, W or NW"))


def _format_turn(command: Turn) -> str:
    if command.degrees is not None:
        return line_of("turn", command.unit, whole_word(command.degrees))
    assert command.facing is not None
    return line_of("turn", command.unit, command.facing.value)


def _pose(args: list[str]) -> ChangePose:
    unit = who(args)
    need(args, 1, "the pose")
    word = args.pop(0).lower()
    no_more(args)
    return ChangePose(unit=unit, pose=named(Pose, word, word, " is not a pose: upright, crouched or prone"))


def _format_pose(command: ChangePose) -> str:
    return line_of("pose", command.unit, command.pose.value)


def _jump(args: list[str]) -> Jump:
    unit = who(args)
    need(args, 1, "where to (X,Y or Ncm)")
    word = args.pop(0)
    no_more(args)
    if is_distance(word):
        return Jump(unit=unit, distance_cm=distance_cm(word))
    return Jump(unit=unit, to=cell(word))


def _format_jump(command: Jump) -> str:
    if command.distance_cm is not None:
        return line_of("jump", command.unit, cm_word(command.distance_cm))
    assert command.to is not None
    return line_of("jump", command.unit, cell_word(command.to))


MOVE_FORMS: tuple[Form[Any], ...] = (
    Form(
        "move",
        Move,
        _move,
        _format_move,
        "move WHO X,Y [X,Y ...] [run]  (table mode: move WHO Ncm [run|crouched|prone|climb])",
    ),
    Form(
        "turn",
        Turn,
        _turn,
        _format_turn,
        "turn WHO N|NE|E|SE|S|SW|W|NW  (hex maps: E|NE|NW|W|SW|SE; table mode: turn WHO DEGREES)",
    ),
    Form("pose", ChangePose, _pose, _format_pose, "pose WHO upright|crouched|prone"),
    Form("cover", TakeCover, only_who(TakeCover), lambda command: line_of("cover", command.unit), "cover WHO"),
    Form("uncover", LeaveCover, only_who(LeaveCover), lambda command: line_of("uncover", command.unit), "uncover WHO"),
    Form("jump", Jump, _jump, _format_jump, "jump WHO X,Y  (table mode: jump WHO Ncm)"),
)
"""The words of moving and bearing, in the order of the grammar table's groups (the table orders the words)."""
