"""Jumping (R15): the acrobatics test, the run-up, landing or falling short."""

from __future__ import annotations

import math

import attrs

from apcombat.board.sight import line_of_sight
from apcombat.dice import DiceSource, roll_dice
from apcombat.engine.commands import CommandError, Jump
from apcombat.engine.events import Event
from apcombat.engine.geometry import CM_PER_METRE, fire_on_line, grid_of, step_degrees
from apcombat.engine.movement import MM_PER_CM, cell_text, known_others, other_action, pay, wound_effects
from apcombat.engine.part import parts_on
from apcombat.engine.reactions import react_to, watchers_seeing
from apcombat.engine.upkeep import out_of_the_fight, take_gm_modifier
from apcombat.model import Encounter, Pose, Skill, Terrain, Unit
from apcombat.rules.checks import skill_test
from apcombat.rules.jumping import STANDING_JUMP_AP, fall_damage, jump_distance_m, jump_modifier, max_jump_m
from apcombat.rules.movement import WALK_MM, ap_for_movement, facing_turn_cost


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
        if command.to is None:  # a distance (a bare number reads as table mode's centimetres)
            raise CommandError(f"on the map a jump lands on a cell: write jump {unit.id} X,Y like 3,4")
        landing = command.to
        if landing == unit.at:
            raise CommandError(f"{unit.name} is already at {cell_text(landing)}")
        grid = grid_of(state)
        if not state.map.inside(landing):
            raise CommandError(f"{cell_text(landing)} is outside the {state.map.width} x {state.map.height} map")
        terrain = state.map.at(landing)
        if terrain.blocks_movement:
            raise CommandError(f"{unit.name} cannot land on {cell_text(landing)}: it is {terrain.described}")
        if any(u.at == landing and not u.down for u in known_others(state, unit)):
            raise CommandError(f"{cell_text(landing)} is occupied")
        fire = fire_on_line(state, unit.at, landing)
        if fire is not None:  # R18.3.1: the line between centres may not pass through a fire, nor by its corner
            raise CommandError(f"{unit.name} cannot jump through the fire at {cell_text(fire)} (R18.3.1)")
        if not line_of_sight(state.map, grid, unit.at, landing):
            raise CommandError(f"{unit.name} cannot jump through a wall to {cell_text(landing)}")
        # R15.1, R20.3: a run-up's two steps go in the jump's direction: any facing nearest the bearing to the
        # landing (two on a tie, as a jump off the six directions of a hex is).
        directions = grid.facings_towards(unit.at, landing)
        ran_up = [d for d in directions if unit.recent_steps == (d, d)]
        direction = ran_up[0] if ran_up else directions[0]
        from_movement = bool(ran_up)
        centre = grid.distance_m(unit.at, landing)
        distance = jump_distance_m(centre)
        walk_mm = round(centre * WALK_MM)
        turn_steps = grid.facing_steps(unit.facing, direction)
        turn_ap = facing_turn_cost(turn_steps, step_degrees(state), state.house_rules.hex_turns)
    maximum = max_jump_m(special, from_movement)
    run_up = "with a run-up" if from_movement else "standing"
    if distance > maximum:
        raise CommandError(
            f"{unit.name} can jump at most {maximum:.2f} m {run_up} ((ST + AG) / {2 if from_movement else 6}); "
            f"this jump is {distance:.2f} m (R15.1)"
        )
    factor, _ = wound_effects(state, unit)
    walking = math.floor(WALK_MM * factor)
    carried = unit.carried_mm if (unit.carried_rate or walking) == walking else 0  # R7.1: bought at another rate
    move_ap, _ = ap_for_movement(walk_mm, min(carried, walking - 1), walking)
    cost = turn_ap + move_ap + (0 if from_movement else STANDING_JUMP_AP)
    pay(unit, cost, f"jump {distance:.2f} m")
    if landing is not None:
        for part in parts_on(state):
            bumped = part.bumps(state, unit.id, landing, True, events)
            if bumped is not None:  # R21.6.2: the landing cell holds someone the side did not know of
                return bumped
    ap_before = unit.ap
    seen_before = watchers_seeing(state, unit)
    unit = other_action(pay(unit, cost, f"jump {distance:.2f} m"))
    state, modifier = take_gm_modifier(state)
    bonus = jump_modifier(distance, maximum)
    skill = unit.character.skill(Skill.ACROBATICS) + bonus + modifier - unit.exhaustion.penalty
    test = skill_test(dice, skill, special.LU, f"{unit.name}'s jump of {distance:.2f} m", owner=unit.id)
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
        damage_roll = roll_dice(dice, fall_damage(distance), f"{unit.name}'s fall", owner=unit.id)
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
            unit = out_of_the_fight(unit)  # R12.2, R6.2: as everywhere else a unit goes down
    state = state.with_unit(unit)
    for part in parts_on(state):
        state = part.after_step(state, unit.id, dice, events)[0]  # R21.1.3: after every jump
    return react_to(state, unit.id, seen_before, dice, events)[0]


def _fall_cell(state: Encounter, unit: Unit, landing: tuple[int, int]) -> tuple[int, int] | None:
    """R15.3: short of the far side — in the gap if there is one, else the cell before the landing."""
    assert state.map is not None and unit.at is not None
    occupied = {u.at for u in known_others(state, unit) if not u.down}  # R21.6.2: as the side knows
    # A hex line between two cells of the map's edge column grazes a cell off the map (R20.4): not a place to fall.
    line = [
        cell
        for cell in grid_of(state).line(unit.at, landing)
        if cell not in (unit.at, landing, *occupied) and state.map.inside(cell)
    ]
    gaps = [cell for cell in line if state.map.at(cell) is Terrain.GAP]
    if gaps:
        return gaps[-1]
    free = [cell for cell in line if not state.map.at(cell).blocks_movement]
    return free[-1] if free else unit.at
