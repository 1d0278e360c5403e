"""Moving, turning, poses, cover and jumping on the map or on the table (R7, R8, R9.1, R14, R15)."""

from __future__ import annotations

import math

import attrs

from apcombat.board.paths import MoveProfile, NoPath, Path, plan_path
from apcombat.board.sight import line_of_sight
from apcombat.dice import DiceSource, roll_dice
from apcombat.engine.commands import ChangePose, CommandError, Jump, LeaveCover, Move, TakeCover, Turn
from apcombat.engine.events import Event, ap_spent
from apcombat.engine.geometry import CM_PER_METRE, cover_nearby, grid_of
from apcombat.engine.reactions import covering_fire, react_to, watchers_seeing
from apcombat.engine.turns import take_gm_modifier
from apcombat.model import Encounter, Facing, Pose, Skill, Terrain, Unit
from apcombat.rules.checks import skill_test
from apcombat.rules.costs import LEAVE_COVER_AP, TAKE_COVER_AP, pose_change_cost
from apcombat.rules.jumping import STANDING_JUMP_AP, fall_damage, jump_distance_m, jump_modifier, max_jump_m
from apcombat.rules.movement import (
    WALK_MM,
    IllegalMove,
    ap_for_movement,
    consecutive_turn_cost,
    movement_rate,
    turn_cost,
)

MM_PER_CM = 10


def pay(unit: Unit, ap: int, what: str) -> Unit:
    """Spend AP, or refuse with the numbers."""
    if ap > unit.ap:
        raise CommandError(f"{unit.name} needs {ap} AP to {what} and has {unit.ap}")
    return attrs.evolve(unit, ap=unit.ap - ap, spent_ap=unit.spent_ap or ap > 0)


def other_action(unit: Unit) -> Unit:
    """R7.1, R7.3: anything but moving ends carried movement and a run of turns."""
    return attrs.evolve(unit, carried_mm=0, turn_degrees=0.0, turn_paid=0, recent_steps=())


def wound_effects(state: Encounter, unit: Unit) -> tuple[float, bool]:
    """R7.2, R12.1: the movement factor and whether running is forbidden, from the unit's wounds."""
    factor, no_running = 1.0, False
    for location in unit.wounds:
        effect = state.criticals.effect(location)
        factor *= effect.movement_factor
        no_running = no_running or effect.forbids_running
    return factor, no_running


def move_profile(state: Encounter, unit: Unit, running: bool) -> MoveProfile:
    if running and not state.optional_rules.running:
        raise CommandError("running is switched off in [optional_rules] (R0.6)")
    factor, no_running = wound_effects(state, unit)
    profile = MoveProfile(pose=unit.pose, running=running, movement_factor=factor, running_forbidden=no_running)
    try:
        movement_rate(unit.pose, running, False, factor, no_running)
    except IllegalMove as error:
        raise CommandError(f"{unit.name} cannot run: {error}") from None
    return profile


def path_for(state: Encounter, unit: Unit, command: Move) -> Path:
    """The path a move command takes (the same every time, R7)."""
    assert state.map is not None and unit.at is not None
    if not command.waypoints:
        raise CommandError("say where to move: move WHO X,Y")
    blocked = frozenset(u.at for u in state.units if u.id != unit.id and not u.down and u.at is not None)
    profile = move_profile(state, unit, command.run)
    factor, no_running = wound_effects(state, unit)
    # Movement carried over at one rate is kept for the next move up to what one AP buys at the new rate.
    carried = min(unit.carried_mm, movement_rate(unit.pose, command.run, False, factor, no_running) - 1)
    try:
        return plan_path(
            state.map,
            grid_of(state),
            unit.at,
            unit.facing,
            command.waypoints,
            profile,
            carried_mm=max(0, carried),
            blocked=blocked,
        )
    except NoPath as error:
        raise CommandError(str(error)) from None


def move(state: Encounter, command: Move, dice: DiceSource, events: list[Event]) -> Encounter:
    """R7.1-R7.4, R14.1: walk the path step by step; watchers may interrupt after any step (R16.2)."""
    unit = state.unit(command.unit)
    if unit.in_cover:
        raise CommandError(f"{unit.name} is in cover: leave it first (uncover {unit.id}, 1 AP, R9.1)")
    if state.map is None:
        return _move_on_table(state, unit, command, events)
    path = path_for(state, unit, command)
    if path.ap > unit.ap:
        raise CommandError(
            f"{unit.name} needs {path.ap} AP to get to {_cell(path.cells[-1])} (turns included) and has {unit.ap}"
        )
    ap_before, start = unit.ap, unit.at
    unit = attrs.evolve(unit, turn_degrees=0.0, turn_paid=0)
    turn_ap = 0
    walked = []
    interrupted = False
    for step in path.steps:
        seen_before = watchers_seeing(state, unit)
        turn_ap += step.turn_ap
        unit = attrs.evolve(
            unit,
            at=step.cell,
            facing=step.facing,
            ap=ap_before - step.ap_total,
            carried_mm=step.carried_mm,
            recent_steps=(*unit.recent_steps, step.facing)[-2:],
            spent_ap=unit.spent_ap or step.ap_total > 0,
        )
        walked.append(step)
        state = state.with_unit(unit)
        state, interrupted = react_to(state, unit.id, seen_before, dice, events)
        unit = state.unit(unit.id)
        if interrupted:
            break
    if command.run:
        movement_ap = walked[-1].ap_total - turn_ap if walked else 0
        unit = attrs.evolve(unit, ran_ap=unit.ran_ap + movement_ap)
        state = state.with_unit(unit)
    spent = ap_before - unit.ap
    how = "runs" if command.run else "moves"
    text = f"{unit.name} {how} {_cell(start)} -> {_cell(unit.at)}: {spent} AP ({ap_before} -> {unit.ap})"
    if unit.carried_mm:
        text += f", {unit.carried_mm} mm of movement left (R7.1)"
    if interrupted:
        text += " — interrupted"
    move_event = Event(
        "move",
        text,
        {
            "path": [list(step.cell) for step in walked],
            "ap_before": ap_before,
            "ap_after": unit.ap,
            "carried_mm": unit.carried_mm,
            "interrupted": interrupted,
        },
        unit=unit.id,
    )
    # The move is reported before the interruption it led to.
    index = next((i for i, e in enumerate(events) if e.kind == "interrupt"), len(events))
    events.insert(index if interrupted else len(events), move_event)
    return state


def _move_on_table(state: Encounter, unit: Unit, command: Move, events: list[Event]) -> Encounter:
    """Table mode: the game master measured the move in centimetres."""
    if command.distance_cm is None:
        raise CommandError("table mode: give the distance measured on the table, e.g. move ana 12cm")
    manner = command.manner
    if manner in ("crouched", "prone") and unit.pose.value != manner:
        raise CommandError(f"{unit.name} is {unit.pose.value}: change pose first (pose {unit.id} {manner})")
    running = manner == "run"
    move_profile(state, unit, running)
    factor, no_running = wound_effects(state, unit)
    rate = movement_rate(unit.pose, running, manner == "climb", factor, no_running)
    mm = round(command.distance_cm * MM_PER_CM)
    ap, carried = ap_for_movement(mm, unit.carried_mm, rate)
    if ap > unit.ap:
        raise CommandError(f"{unit.name} needs {ap} AP to {manner} {command.distance_cm:g} cm and has {unit.ap}")
    ap_before = unit.ap
    unit = attrs.evolve(
        unit,
        ap=unit.ap - ap,
        carried_mm=carried,
        ran_ap=unit.ran_ap + (ap if running else 0),
        spent_ap=unit.spent_ap or ap > 0,
        turn_degrees=0.0,
        turn_paid=0,
        # R15.1: a jump right after this is from movement. Table mode has no cells, so the steps are recorded
        # as made straight ahead: a facing, like every step the field holds (a save must read it back).
        recent_steps=(unit.facing, unit.facing),
    )
    events.append(
        Event(
            "move",
            f"{unit.name} {'runs' if running else manner if manner != 'walk' else 'walks'} "
            f"{command.distance_cm:g} cm at {rate} mm/AP: {ap} AP ({ap_before} -> {unit.ap})"
            + (f", {carried} mm left (R7.1)" if carried else ""),
            {
                "distance_cm": command.distance_cm,
                "rate_mm": rate,
                "ap_before": ap_before,
                "ap_after": unit.ap,
            },
            unit=unit.id,
        )
    )
    return state.with_unit(unit)


def turn(state: Encounter, command: Turn, dice: DiceSource, events: list[Event]) -> Encounter:
    """R7.3: 0 AP up to 45 degrees, 1 up to 90, 2 beyond; consecutive turns are charged as one."""
    unit = state.unit(command.unit)
    if command.facing is not None:
        if state.map is None:
            degrees = _facing_delta(unit.facing, command.facing, None)
        else:
            degrees = _facing_delta(unit.facing, command.facing, state)
        facing = command.facing
    else:
        if command.degrees is None:
            raise CommandError("say which way to turn")
        degrees = command.degrees
        facing = _rotate(unit.facing, degrees)
    total = unit.turn_degrees + degrees
    cost = consecutive_turn_cost(0.0, total, unit.turn_paid)
    ap_before = unit.ap
    unit = pay(unit, cost, f"turn {abs(degrees):g} degrees")
    unit = attrs.evolve(unit, facing=facing, turn_degrees=total, turn_paid=unit.turn_paid + cost, recent_steps=())
    run = turn_cost(abs(total) % 360 if abs(total) % 360 <= 180 else 360 - abs(total) % 360)
    events.append(
        Event(
            "turn_facing",
            f"{unit.name} turns to face {facing.value}: {cost} AP ({ap_before} -> {unit.ap})"
            + (f"; turns in a row count as one of {abs(total):g} degrees (R7.3)" if unit.turn_paid != run else ""),
            {"facing": facing.value, "degrees": degrees, "ap_before": ap_before, "ap_after": unit.ap},
            unit=unit.id,
        )
    )
    return state.with_unit(unit)


def _facing_delta(before: Facing, after: Facing, state: Encounter | None) -> float:
    if state is not None:
        grid = grid_of(state)
        a, b = grid.bearing(before), grid.bearing(after)
    else:
        order = list(Facing)
        a, b = order.index(before) * 45.0, order.index(after) * 45.0
    delta = (b - a) % 360
    return delta - 360 if delta > 180 else delta


def _rotate(facing: Facing, degrees: float) -> Facing:
    order = list(Facing)
    return order[(order.index(facing) + round(degrees / 45)) % len(order)]


def change_pose(state: Encounter, command: ChangePose, dice: DiceSource, events: list[Event]) -> Encounter:
    """R8.1: 2 AP between neighbouring poses, 4 between upright and prone."""
    if not state.optional_rules.poses:
        raise CommandError("poses are switched off in [optional_rules] (R0.6)")
    unit = state.unit(command.unit)
    if unit.pose is command.pose:
        raise CommandError(f"{unit.name} is already {unit.pose.value}")
    cost = pose_change_cost(unit.pose, command.pose)
    ap_before = unit.ap
    seen_before = watchers_seeing(state, unit)
    unit = other_action(pay(unit, cost, f"go {command.pose.value}"))
    what = f"goes {command.pose.value}"
    events.append(ap_spent("pose", unit.id, unit.name, what, ap_before, unit.ap, "R8.1", pose=command.pose.value))
    state = state.with_unit(attrs.evolve(unit, pose=command.pose))
    return react_to(state, unit.id, seen_before, dice, events)[0]


def take_cover(state: Encounter, command: TakeCover, dice: DiceSource, events: list[Event]) -> Encounter:
    """R9.1: next to an obstacle at least hip-high, 2 AP."""
    unit = state.unit(command.unit)
    if unit.in_cover:
        raise CommandError(f"{unit.name} is already in cover")
    if not cover_nearby(state, unit):
        raise CommandError(
            f"{unit.name} has no hip-high obstacle or wall next to {_cell(unit.at)} to take cover behind (R9.1)"
        )
    ap_before = unit.ap
    unit = other_action(pay(unit, TAKE_COVER_AP, "take cover"))
    events.append(ap_spent("cover", unit.id, unit.name, "takes cover", ap_before, unit.ap, "R9.1", in_cover=True))
    return state.with_unit(attrs.evolve(unit, in_cover=True))


def leave_cover(state: Encounter, command: LeaveCover, dice: DiceSource, events: list[Event]) -> Encounter:
    """R9.1: 1 AP; R17.2: covering fire on it resolves first."""
    unit = state.unit(command.unit)
    if not unit.in_cover:
        raise CommandError(f"{unit.name} is not in cover")
    pay(unit, LEAVE_COVER_AP, "leave cover")
    state = covering_fire(state, unit.id, "leaves cover", dice, events)
    unit = state.unit(unit.id)
    if unit.down:
        return state
    ap_before = unit.ap
    seen_before = watchers_seeing(state, unit)
    unit = other_action(pay(unit, LEAVE_COVER_AP, "leave cover"))
    events.append(ap_spent("cover", unit.id, unit.name, "leaves cover", ap_before, unit.ap, "R9.1", in_cover=False))
    state = state.with_unit(attrs.evolve(unit, in_cover=False))
    return react_to(state, unit.id, seen_before, dice, events)[0]


def jump(state: Encounter, command: Jump, dice: DiceSource, events: list[Event]) -> Encounter:
    """R15: a jump is an acrobatics test; the maximum depends on a run-up; failure lands prone, short."""
    if not state.optional_rules.jumping:
        raise CommandError("jumping is switched off in [optional_rules] (R0.6)")
    unit = state.unit(command.unit)
    if unit.in_cover:
        raise CommandError(f"{unit.name} is in cover: leave it first (uncover {unit.id}, R9.1)")
    if unit.pose is not Pose.UPRIGHT:
        raise CommandError(f"{unit.name} must be upright to jump")
    special = unit.character.special
    if state.map is None or unit.at is None:
        if command.distance_cm is None:
            raise CommandError("table mode: give the jump's length measured on the table, e.g. jump ana 6cm")
        distance = command.distance_cm / CM_PER_METRE
        from_movement = bool(unit.recent_steps)
        walk_mm = round(command.distance_cm * MM_PER_CM) + WALK_MM
        turn_ap, direction, landing = 0, unit.facing, None
    else:
        if command.to is None:
            raise CommandError("say where to jump: jump WHO X,Y")
        landing = command.to
        if landing == unit.at:
            raise CommandError(f"{unit.name} is already at {_cell(landing)}")
        grid = grid_of(state)
        if not state.map.inside(landing):
            raise CommandError(f"{_cell(landing)} is outside the {state.map.width} x {state.map.height} map")
        terrain = state.map.at(landing)
        if terrain.blocks_movement:
            raise CommandError(f"{unit.name} cannot land on {_cell(landing)}: it is {terrain.value}")
        if any(u.at == landing and not u.down for u in state.units if u.id != unit.id):
            raise CommandError(f"{_cell(landing)} is occupied")
        if not line_of_sight(state.map, grid, unit.at, landing):
            raise CommandError(f"{unit.name} cannot jump through a wall to {_cell(landing)}")
        direction = grid.facing_towards(unit.at, landing)
        from_movement = unit.recent_steps == (direction, direction)
        centre = grid.distance_m(unit.at, landing)
        distance = jump_distance_m(centre)
        walk_mm = round(centre * WALK_MM)
        turn_ap = turn_cost(abs(_facing_delta(unit.facing, direction, state)))
    maximum = max_jump_m(special, from_movement)
    run_up = "with a run-up" if from_movement else "standing"
    if distance > maximum:
        raise CommandError(
            f"{unit.name} can jump at most {maximum:.2f} m {run_up} ((ST + AG) / {2 if from_movement else 6}); "
            f"this jump is {distance:.2f} m (R15.1)"
        )
    factor, _ = wound_effects(state, unit)
    move_ap, _ = ap_for_movement(walk_mm, unit.carried_mm, math.floor(WALK_MM * factor))
    cost = turn_ap + move_ap + (0 if from_movement else STANDING_JUMP_AP)
    ap_before = unit.ap
    seen_before = watchers_seeing(state, unit)
    unit = other_action(pay(unit, cost, f"jump {distance:.2f} m"))
    state, modifier = take_gm_modifier(state)
    bonus = jump_modifier(distance, maximum)
    skill = unit.character.skill(Skill.ACROBATICS) + bonus + modifier - unit.exhaustion.penalty
    test = skill_test(dice, skill, special.LU, f"{unit.name}'s jump of {distance:.2f} m")
    data = {"roll": test.roll, "needed": skill, "bonus": bonus, "ap_before": ap_before, "ap_after": unit.ap}
    text = (
        f"{unit.name} jumps {distance:.2f} m {run_up} (max {maximum:.2f}): {cost} AP ({ap_before} -> {unit.ap}); "
        f"acrobatics d100 = {test.roll} vs {skill} (+{bonus} for room to spare)"
    )
    if test.success:
        unit = attrs.evolve(unit, at=landing if landing is not None else unit.at, facing=direction)
        events.append(Event("jump", text + " — lands (R15.2)", data | {"landed": True}, unit=unit.id))
    else:
        fall_cell = _fall_cell(state, unit, landing) if landing is not None else unit.at
        damage_roll = roll_dice(dice, fall_damage(distance), f"{unit.name}'s fall")
        hp = unit.hp - damage_roll.total
        events.append(
            Event(
                "jump",
                text + f" — falls short and lands prone: {damage_roll} damage, {unit.hp} -> {hp} HP (R15.3)",
                data
                | {
                    "landed": False,
                    "damage": damage_roll.total,
                    "at": list(fall_cell) if fall_cell else None,
                },
                unit=unit.id,
            )
        )
        unit = attrs.evolve(unit, at=fall_cell, facing=direction, pose=Pose.PRONE, hp=hp)
        if unit.down:
            events.append(Event("down", f"{unit.name} is down", unit=unit.id))
    state = state.with_unit(unit)
    return react_to(state, unit.id, seen_before, dice, events)[0]


def _fall_cell(state: Encounter, unit: Unit, landing: tuple[int, int]) -> tuple[int, int] | None:
    """R15.3: short of the far side — in the gap if there is one, else the cell before the landing."""
    assert state.map is not None and unit.at is not None
    occupied = {u.at for u in state.units if u.id != unit.id and not u.down}
    line = [cell for cell in grid_of(state).line(unit.at, landing) if cell not in (unit.at, landing, *occupied)]
    gaps = [cell for cell in line if state.map.at(cell) is Terrain.GAP]
    if gaps:
        return gaps[-1]
    free = [cell for cell in line if not state.map.at(cell).blocks_movement]
    return free[-1] if free else unit.at


def _cell(cell: tuple[int, int] | None) -> str:
    return "?" if cell is None else f"{cell[0]},{cell[1]}"
