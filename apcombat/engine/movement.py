"""Moving, turning, poses and cover on the map or on the table (R7, R8, R9.1, R14); jumping is in `jumping`."""

from __future__ import annotations

import attrs

from apcombat.board.pace import NO_CHAIN, TurnChain, joined_turn_ap
from apcombat.board.paths import Area, BeyondBudget, Carried, MoveProfile, NoPath, Path, PathStep, plan_path, reachable
from apcombat.dice import DiceSource
from apcombat.engine.commands import ChangePose, CommandError, LeaveCover, Move, TakeCover, Turn
from apcombat.engine.events import Event, ap_spent
from apcombat.engine.geometry import cover_nearby, facing_on_map, grid_of, step_degrees
from apcombat.engine.part import parts_on
from apcombat.engine.reactions import covering_fire, react_to, watchers_seeing
from apcombat.engine.upkeep import close_moves
from apcombat.model import Cell, Encounter, Facing, Unit
from apcombat.rules.costs import LEAVE_COVER_AP, TAKE_COVER_AP, pose_change_cost
from apcombat.rules.movement import IllegalMove, angle_between, ap_for_movement, movement_rate

MM_PER_CM = 10
SEARCH_SLACK_AP = 20
"""A move's path is looked for within the AP the mover has and this many more, so that a refusal can say
what a move a little too far would cost, and the search stays small on any map (issue 9 item 5)."""


def pay(unit: Unit, ap: int, what: str) -> Unit:
    """Spend AP, or refuse with the numbers."""
    if ap > unit.ap:
        raise CommandError(f"{unit.name} needs {ap} AP to {what} and has {unit.ap}")
    return attrs.evolve(unit, ap=unit.ap - ap, spent_ap=unit.spent_ap or ap > 0)


def other_action(unit: Unit) -> Unit:
    """R7.1, R7.3: anything but moving ends carried movement and a run of turns."""
    return close_moves(unit)


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
    if running:
        for part in parts_on(state):
            part.refuse_running(state, unit)  # R18.4.2
    factor, no_running = wound_effects(state, unit)
    profile = MoveProfile(
        pose=unit.pose,
        running=running,
        movement_factor=factor,
        running_forbidden=no_running,
        hex_turns=state.house_rules.hex_turns,
    )
    try:
        movement_rate(unit.pose, running, False, factor, no_running)
    except IllegalMove as error:
        raise CommandError(f"{unit.name} cannot run: {error}") from None
    return profile


def carried_into_move(unit: Unit, profile: MoveProfile) -> Carried:
    """R7.1, R7.3: what the unit brings into its next move: the movement it bought and has not used, at the
    rate it was bought at, and the chain of explicit turns just before (none when its last action was a
    move: a step closes the chain)."""
    chain = NO_CHAIN if unit.recent_steps else TurnChain(unit.turn_degrees, unit.turn_paid)
    rate = unit.carried_rate if unit.carried_rate > 0 else profile.rate()
    return Carried(mm=max(0, min(unit.carried_mm, rate - 1)), rate=rate, chain=chain)


def _others(state: Encounter, unit: Unit) -> frozenset[Cell]:
    """Cells the mover may not enter: those of the other units still in the fight that its side knows of
    (R21.6.2: a character the side does not know is there leaves its cell free on the side's paths)."""
    return frozenset(u.at for u in known_others(state, unit) if not u.down and u.at is not None)


def known_others(state: Encounter, unit: Unit) -> list[Unit]:
    """The other units the unit's side knows are there (every other unit, unless a module says otherwise)."""
    modules = parts_on(state)
    others = [u for u in state.units if u.id != unit.id]
    if not modules:
        return others
    return [u for u in others if not any(part.unknown_to(state, unit.side, u) for part in modules)]


def path_for(state: Encounter, unit: Unit, command: Move) -> Path:
    """The path a move command takes and what it costs (the same every time, R7): what `move` walks and
    `preview` shows."""
    assert state.map is not None and unit.at is not None
    if not command.waypoints:
        if command.distance_cm is not None:  # a bare number reads as table mode's centimetres
            raise CommandError(f"on the map a move goes to a cell, not a distance: write move {unit.id} X,Y like 3,4")
        raise CommandError("say where to move: move WHO X,Y")
    profile = move_profile(state, unit, command.run)
    try:
        path = plan_path(
            state.map,
            grid_of(state),
            unit.at,
            unit.facing,
            command.waypoints,
            profile,
            carried_into_move(unit, profile),
            blocked=_others(state, unit),
            ap_budget=unit.ap + SEARCH_SLACK_AP,
        )
    except BeyondBudget:
        raise CommandError(
            f"{unit.name} cannot get to {cell_text(command.waypoints[-1])} with {unit.ap} AP: every way there costs "
            f"more than {unit.ap + SEARCH_SLACK_AP} AP (turns included)"
        ) from None
    except NoPath as error:
        raise CommandError(str(error)) from None
    if not path.steps:
        raise CommandError(f"{unit.name} is already at {cell_text(unit.at)}: a move there changes nothing")
    return path


def area_of(state: Encounter, unit: Unit, running: bool) -> Area | None:
    """R7, R14: the one search of every cell a `move` (or a run) of the unit gets to with the AP it has
    left — the same reckoning as `path_for`, so the two never disagree — keeping the path to each
    (`Area.path_to`). None when it cannot move now."""
    if state.map is None or unit.at is None or unit.in_cover:
        return None
    try:
        profile = move_profile(state, unit, running)
    except CommandError:  # a unit that may not run has no running area
        return None
    carried = carried_into_move(unit, profile)
    return reachable(state.map, grid_of(state), unit.at, unit.facing, unit.ap, profile, carried, _others(state, unit))


def reach_of(state: Encounter, unit: Unit, running: bool) -> dict[Cell, int]:
    """R7, R14: every cell a `move` (or a run) of the unit gets to with the AP it has left, and the AP it
    costs (`area_of`). Empty when it cannot move now."""
    area = area_of(state, unit, running)
    if area is None:
        return {}
    return {cell: r.ap for cell, r in area.items() if cell != unit.at}


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
            f"{unit.name} needs {path.ap} AP to get to {cell_text(path.cells[-1])} (turns included) and has {unit.ap}"
        )
    ap_before, start, ran_before = unit.ap, unit.at, unit.ran_ap
    chain = NO_CHAIN if unit.recent_steps else TurnChain(unit.turn_degrees, unit.turn_paid)
    walked: list[PathStep] = []
    interrupted = False
    for step in path.steps:
        bumped = _bumped(state, unit.id, step.cell, events)
        if bumped is not None:  # R21.6.2: someone the side did not know of stands there: the move stops before
            state = bumped
            unit = state.unit(unit.id)
            break
        seen_before = watchers_seeing(state, unit)
        # R7.3: the chain left open is the turn this step made, joined with the explicit turns before the
        # move when it is the move's only step so far.
        chain = (
            TurnChain(chain.degrees + step.turn_degrees, chain.paid + step.turn_ap)
            if not walked
            else TurnChain(step.turn_degrees, step.turn_ap)
        )
        unit = attrs.evolve(
            unit,
            at=step.cell,
            facing=step.facing,
            ap=ap_before - step.ap_total,
            carried_mm=step.carried_mm,
            carried_rate=step.rate,
            turn_degrees=chain.degrees,
            turn_paid=chain.paid,
            recent_steps=(*unit.recent_steps, step.facing)[-2:],
            ran_ap=ran_before + step.running_ap,  # R7.1, R14.2: neither turns nor climbing are running
            spent_ap=unit.spent_ap or step.ap_total > 0,
        )
        walked.append(step)
        state = state.with_unit(unit)
        stopped = False
        for part in parts_on(state):  # R21.1.3: the step's update first; R21.6.1: it may stop the move
            state, stop = part.after_step(state, unit.id, dice, events)
            stopped = stopped or stop
        state, interrupted = react_to(state, unit.id, seen_before, dice, events)
        unit = state.unit(unit.id)
        if interrupted:
            # R7.3: the start of an interruption closes the mover's chain of turns.
            unit = attrs.evolve(unit, turn_degrees=0.0, turn_paid=0)
            state = state.with_unit(unit)
            break
        if stopped:
            break
    spent = ap_before - unit.ap
    how = "runs" if command.run else "moves"
    text = f"{unit.name} {how} {cell_text(start)} -> {cell_text(unit.at)}: {spent} AP ({ap_before} -> {unit.ap})"
    if unit.carried_mm:
        text += ", part of a step's movement left (R7.1)"  # on a grid the player counts steps, not mm
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
            "running_ap": unit.ran_ap - ran_before,
            "interrupted": interrupted,
        },
        unit=unit.id,
    )
    # The move is reported before the interruption it led to.
    index = next((i for i, e in enumerate(events) if e.kind == "interrupt"), len(events))
    events.insert(index if interrupted else len(events), move_event)
    return state


def _bumped(state: Encounter, mover_id: str, cell: Cell, events: list[Event]) -> Encounter | None:
    """R21.6.2: the state after the mover bumped into someone its side did not know stood on `cell`, or None."""
    for part in parts_on(state):
        bumped = part.bumps(state, mover_id, cell, False, events)
        if bumped is not None:
            return bumped
    return None


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
    climbing = manner == "climb"
    rate = movement_rate(unit.pose, running, climbing, factor, no_running)
    mm = round(command.distance_cm * MM_PER_CM)
    if mm <= 0:
        raise CommandError(f"{unit.name} would move {command.distance_cm:g} cm: a move of nothing changes nothing")
    # R7.1: movement bought at another rate is lost.
    walking_rate = movement_rate(unit.pose, False, False, factor, no_running)
    carried = unit.carried_mm if (unit.carried_rate or walking_rate) == rate else 0
    ap, carried = ap_for_movement(mm, min(carried, rate - 1), rate)
    if ap > unit.ap:
        raise CommandError(f"{unit.name} needs {ap} AP to {manner} {command.distance_cm:g} cm and has {unit.ap}")
    ap_before = unit.ap
    unit = attrs.evolve(
        unit,
        ap=unit.ap - ap,
        carried_mm=carried,
        carried_rate=rate,
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
    """R7.3: 0 AP up to 45 degrees, 1 up to 90, 2 beyond (R20.2 on hexes: by facing steps, house rule
    `hex_turns`); a turn joins the chain of turns before it (the explicit turns just before, or the turn the
    last step of a move just made) and pays the whole turn's cost less what the chain paid, never less than 0.
    A turn to the facing the unit has is refused, and so is a facing the map's grid does not have."""
    unit = state.unit(command.unit)
    step = step_degrees(state)
    if command.facing is not None:
        facing = facing_on_map(state, command.facing)
        degrees = facing_delta(unit.facing, facing, state if state.map is not None else None)
    else:
        if command.degrees is None:
            raise CommandError("say which way to turn")
        degrees = command.degrees
        facing = _rotate(state, unit.facing, degrees)
        if state.map is not None and degrees % step:
            # R20.2: on a map the turn made is whole facing steps (45 degrees asked on hexes turns 60), and it
            # is charged and joined as the turn made.
            degrees = facing_delta(unit.facing, facing, state)
    if facing is unit.facing:
        raise CommandError(f"{unit.name} already faces {facing.value}: a turn there changes nothing")
    chain = TurnChain(unit.turn_degrees, unit.turn_paid)
    cost = joined_turn_ap(chain, degrees, step, state.house_rules.hex_turns)
    ap_before = unit.ap
    unit = pay(unit, cost, f"turn {abs(degrees):g} degrees")
    total = chain.degrees + degrees
    unit = attrs.evolve(unit, facing=facing, turn_degrees=total, turn_paid=chain.paid + cost, recent_steps=())
    text = f"{unit.name} turns to face {facing.value}: {cost} AP ({ap_before} -> {unit.ap})"
    if chain != NO_CHAIN:
        text += f"; joined with the turn before it: {angle_between(0.0, total):g} degrees in all (R7.3)"
    events.append(
        Event(
            "turn_facing",
            text,
            {"facing": facing.value, "degrees": degrees, "ap_before": ap_before, "ap_after": unit.ap},
            unit=unit.id,
        )
    )
    return state.with_unit(unit)


def facing_delta(before: Facing, after: Facing, state: Encounter | None) -> float:
    if state is not None:
        grid = grid_of(state)
        a, b = grid.bearing(before), grid.bearing(after)
    else:
        order = list(Facing)
        a, b = order.index(before) * 45.0, order.index(after) * 45.0
    delta = (b - a) % 360
    return delta - 360 if delta > 180 else delta


def _rotate(state: Encounter, facing: Facing, degrees: float) -> Facing:
    """R7.3, R20.2: the facing a turn of `degrees` clockwise ends on, in whole facing steps of the map's grid."""
    order = list(grid_of(state).facings) if state.map is not None else list(Facing)
    return order[(order.index(facing) + round(degrees / step_degrees(state))) % len(order)]


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
            f"{unit.name} has no hip-high obstacle or wall next to {cell_text(unit.at)} to take cover behind (R9.1)"
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


def cell_text(cell: tuple[int, int] | None) -> str:
    return "?" if cell is None else f"{cell[0]},{cell[1]}"
