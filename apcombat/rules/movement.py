"""Movement, facing and the buying of movement with AP (R7, R8.2, R14.1)."""

from __future__ import annotations

import math

from apcombat.model import HexTurns, Pose

# R7.1: millimetres of table one AP buys.
WALK_MM = 30
RUN_MM = 45  # R14.1, upright only
CROUCHED_MM = 20
PRONE_MM = 10
CLIMB_MM = 20  # stairs and ladders
ORTHOGONAL_STEP_MM = 30  # R0.1
DIAGONAL_STEP_MM = 42  # R0.1: 3 cm x sqrt 2, rounded
RUBBLE_FACTOR = 2  # R7.4


class IllegalMove(Exception):
    """A move the rules forbid; the message says why."""


def movement_rate(
    pose: Pose,
    running: bool = False,
    climbing: bool = False,
    movement_factor: float = 1.0,
    running_forbidden: bool = False,
) -> int:
    """R7.1 mm per AP for the pose (R8.2), running (R14.1) or climbing; R7.2 wounds scale it, rounded down.

    R7.1 ruling: climbing stairs or a ladder goes at the slower of CLIMB_MM and the pose's rate and is never
    running, so a running mover climbs at the climbing rate (a prone one at 10 mm, not faster than on the
    floor).
    """
    if running:
        if pose is not Pose.UPRIGHT:
            raise IllegalMove("only an upright character can run (R14.1)")
        if running_forbidden:
            raise IllegalMove("a wound to the legs forbids running (R7.2)")
    pose_rate = {Pose.PRONE: PRONE_MM, Pose.CROUCHED: CROUCHED_MM}.get(pose, WALK_MM)
    rate = min(CLIMB_MM, pose_rate) if climbing else RUN_MM if running else pose_rate
    return math.floor(rate * movement_factor)


def step_mm(base_mm: int, rubble: bool = False) -> int:
    """R0.1 step length; R7.4 a step into rubble costs twice its millimetres."""
    return base_mm * RUBBLE_FACTOR if rubble else base_mm


def turn_cost(degrees: float) -> int:
    """R7.3: 0 AP up to 45 degrees, 1 AP up to 90, 2 AP beyond (a full about-turn)."""
    degrees = abs(degrees)
    if degrees <= 45 + 1e-9:
        return 0
    if degrees <= 90 + 1e-9:
        return 1
    return 2


def facing_turn_cost(steps: int, step_degrees: float, hex_turns: HexTurns = HexTurns.BY_STEPS) -> int:
    """R7.3, R20.2: the AP a turn of `steps` facing steps, each `step_degrees` wide, costs.

    House rule `hex_turns` (R20.2): `by_steps` (the default) charges by facing steps: one is free, two cost
    1 AP, more 2 AP (one facing step plays the part of the square grid's free 45 degrees); `by_degrees`
    reads R7.3's degrees literally (`turn_cost`). On squares (45 degrees a step) both give the same cost.
    """
    if hex_turns is HexTurns.BY_DEGREES:
        return turn_cost(steps * step_degrees)
    return min(max(0, steps - 1), 2)


def steps_of(degrees: float, step_degrees: float) -> int:
    """R7.3, R20.2: how many facing steps the shorter rotation of `degrees` (signed, any size) makes."""
    return round(angle_between(0.0, degrees) / step_degrees)


def angle_between(a_degrees: float, b_degrees: float) -> float:
    """The smaller angle between two bearings, 0..180."""
    difference = abs(a_degrees - b_degrees) % 360
    return min(difference, 360 - difference)


def consecutive_turn_cost(first_bearing: float, new_bearing: float, already_paid: int) -> int:
    """R7.3: turns with nothing between them cost as one turn from the first facing, minus what was paid."""
    return max(0, turn_cost(angle_between(first_bearing, new_bearing)) - already_paid)


def ap_for_movement(needed_mm: int, carried_mm: int, rate_mm: int) -> tuple[int, int]:
    """R7.1: buy movement in whole AP. Returns (AP to pay, movement left over afterwards)."""
    if rate_mm <= 0:
        raise IllegalMove("this character cannot move at all")
    missing = max(0, needed_mm - carried_mm)
    ap = -(-missing // rate_mm)
    return ap, carried_mm + ap * rate_mm - needed_mm
