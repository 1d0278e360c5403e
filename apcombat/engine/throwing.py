"""`throw WHO ITEM X,Y [lean]`: a grenade, a Molotov or a stick of dynamite thrown at a cell (R22.2–R22.8).

The throw is planned (`plan_throw`: every refusal of R22.2, the cost and the hit chance), then made in R22.7.1's
order: covering fire on a pinned thrower leaning out, the AP and the item, the d100, on a miss the direction
and distance dice and the walk, the blast (`engine.blast`), the modules' steps after it (`Part.blast_landed`:
fires, markers, reveals), then the watches the thrower entered. The casualty d6s and morale tests follow in
`apply`'s aftermath, as after any action.
"""

from __future__ import annotations

import attrs

from apcombat.board.blast import is_solid, scatter_walk
from apcombat.board.cover import hidden_when_prone
from apcombat.board.sight import line_of_sight
from apcombat.dice import DiceSource, roll_test
from apcombat.engine.blast import Caught, explode, metres, reached
from apcombat.engine.command_base import CommandError, cell_word
from apcombat.engine.events import Event
from apcombat.engine.geometry import grid_of
from apcombat.engine.movement import other_action, pay
from apcombat.engine.numbers import shown_word, written_back
from apcombat.engine.part import parts_on
from apcombat.engine.reactions import covering_fire, react_to, watchers_seeing
from apcombat.engine.throw_commands import Throw
from apcombat.model import BodyLocation, Cell, Encounter, Facing, Pose, Skill, Unit, Weapon
from apcombat.rules.chance import HitChance
from apcombat.rules.explain import breakdown_lines
from apcombat.rules.suppression import suppression_modifier
from apcombat.rules.throwing import (
    ALWAYS_MISSES_FROM,
    Scatter,
    forced_miss_scatter,
    reach_m,
    roll_scatter,
    scatter_cap,
    scatter_cells_rolled,
    scatter_of,
    throw_ap,
    throw_hit_chance,
)


@attrs.frozen
class ThrowPlan:
    """A throw the rules allow, before any die: who throws what where, how far, its AP and its hit chance
    (R22.2, R22.3). `target` is None at the table (R22.9.1)."""

    thrower: str
    weapon: Weapon
    target: Cell | None
    distance_m: float
    lean: bool
    ap: int
    hit: HitChance

    @property
    def chance(self) -> int:
        return self.hit.chance


@attrs.frozen
class Landing:
    """Where a throw came down (R22.4): the d100, hit or the kind of miss, the direction and the two d6, the cells
    walked (the target cell first) and the landing cell (None at the table: the game master moves the point)."""

    roll: int
    scatter: Scatter | None
    direction: Facing | None = None
    direction_roll: int | None = None
    direction_die: int = 8  # d8 on squares and at the table, d6 on hexes (R22.4.2)
    d6: tuple[int, int] | None = None
    cells: int = 0
    walked: tuple[Cell, ...] = ()

    @property
    def cell(self) -> Cell | None:
        return self.walked[-1] if self.walked else None


def thrown_weapon(unit: Unit, item: str) -> Weapon:
    """R22.1.2: the thrown weapon `item` the unit carries at least one of, or one sentence saying what it carries."""
    stock = unit.thrown_stock(item)
    if stock is not None and stock.count > 0:
        return stock.weapon
    carried = ", ".join(stock.words for stock in unit.belt)
    if stock is not None:
        return_line = f"{unit.name} has no {stock.weapon.name.lower()} left"
        raise CommandError(f"{return_line}{': ' + carried if carried else ''} (R22.1.2)")
    named = written_back(item, shown_word(item))
    raise CommandError(f"{unit.name} carries no {named}: {carried or 'no thrown weapons'} (R22.1.2)")


def plan_throw(state: Encounter, command: Throw) -> ThrowPlan:
    """R22.2, R22.3: the throw's plan, or CommandError with the one sentence of the first rule it breaks."""
    thrower = state.unit(command.unit)
    weapon = thrown_weapon(thrower, command.item)
    if state.map is None or thrower.at is None:
        if command.distance_cm is None:
            raise CommandError(
                f"table mode: say how far the point is, e.g. throw {thrower.id} {command.item} at 12cm (R22.9.1)"
            )
        distance = command.distance_cm / 3
    else:
        if command.cell is None:
            raise CommandError("'at Ncm' is for table mode; on the map throw at a cell X,Y (R22.2.1)")
        distance = _refuse_cell(state, thrower, weapon, command.cell)
        _refuse_lean(state, thrower, command.cell, command.lean)
    most = reach_m(weapon, thrower.character.special.ST)
    if distance > most + 1e-9:
        why = f"3 × ST {thrower.character.special.ST}" if most < weapon.ranges.extreme.max else "its farthest range"
        name = weapon.name.lower()
        raise CommandError(f"{thrower.name} throws {article(name)} {name} at most {most:g} m ({why}, R22.2.3)")
    _refuse_while_interrupting(state, thrower, command.cell)
    hit = throw_hit_chance(
        weapon,
        thrower.character.skill(Skill.THROWING),
        distance,
        exhaustion=-thrower.exhaustion.penalty if thrower.exhaustion.active else 0,
        wounds=_wound_modifier(state, thrower),
        suppression=_suppression(state, thrower),
        gm=state.gm_modifier,
    )
    return ThrowPlan(thrower.id, weapon, command.cell, distance, command.lean, throw_ap(weapon, command.lean), hit)


def _refuse_cell(state: Encounter, thrower: Unit, weapon: Weapon, cell: Cell) -> float:
    """R22.2.3, R22.2.4: the target cell on the map, not solid, in line; its distance in metres."""
    assert state.map is not None and thrower.at is not None
    if not state.map.inside(cell):
        raise CommandError(f"{cell_word(cell)} is off the map (R22.2.3)")
    if is_solid(state.map, cell):
        what = state.map.at(cell).described
        raise CommandError(f"{cell_word(cell)} is {what}: a throw lands on open ground (R22.2.3)")
    grid = grid_of(state)
    if cell != thrower.at and not line_of_sight(state.map, grid, thrower.at, cell):
        raise CommandError(f"{thrower.name} has no line to {cell_word(cell)} (R22.2.4)")
    return grid.distance_m(thrower.at, cell)


def _refuse_lean(state: Encounter, thrower: Unit, cell: Cell, lean: bool) -> None:
    """R22.2.5: from cover, or prone behind hip-high cover towards the cell, only leaning out; `lean` elsewhere
    is refused as for shots."""
    assert state.map is not None and thrower.at is not None
    prone_behind = thrower.pose is Pose.PRONE and hidden_when_prone(state.map, grid_of(state), thrower.at, cell)
    if lean and not (thrower.in_cover or prone_behind):
        raise CommandError(f"leaning out (R9.5) needs {thrower.name} in cover (R22.2.5)")
    if not lean and thrower.in_cover:
        raise CommandError(f"{thrower.name} is in cover: lean out (+1 AP) or leave cover to throw (R22.2.5)")
    if not lean and prone_behind:
        raise CommandError(
            f"{thrower.name} lies prone behind cover facing {cell_word(cell)}: lean out (+1 AP) to throw across it "
            "(R8.5, R22.2.5)"
        )


def ap_short(thrower: Unit, plan: ThrowPlan) -> str:
    """R22.2.2: the sentence refusing a throw the thrower has too few AP for, "" when it has enough."""
    if plan.ap <= thrower.ap:
        return ""
    what = "lean out and throw" if plan.lean else "throw"
    return f"{thrower.name} needs {plan.ap} AP to {what} and has {thrower.ap} (R22.2.2)"


def _wound_modifier(state: Encounter, unit: Unit) -> int:
    """R22.3.1: each wound's `hit_mod` ("on every attack"), never the two-handed one: a throw is one-handed."""
    locations = sorted(unit.wounds - {BodyLocation.WEAPON}, key=lambda location: location.value)
    return sum(state.criticals.effect(location).hit_mod for location in locations)


def _suppression(state: Encounter, unit: Unit) -> int:
    """R18.4.2: the suppression line of the breakdown, as the modules give it to shots."""
    markers = 0
    for part in parts_on(state):
        markers += part.shot_fields(state, unit).get("suppression", 0)
    return suppression_modifier(markers)


def throw(state: Encounter, command: Throw, dice: DiceSource, events: list[Event]) -> Encounter:
    """R22.7.1 on the map: the throw's steps in order, all inside its action (casualties and morale follow in
    `apply`; the table's throw is `engine.table_throw`'s)."""
    hidden_from = watchers_seeing(state, state.unit(command.unit)) if command.lean else frozenset()
    state, plan, landing = lean_and_throw(state, command, dice, events)
    if landing is None:
        return state
    assert landing.cell is not None
    state = blast_at(state, plan.thrower, plan.weapon, landing.cell, dice, events)
    if plan.lean and not state.unit(plan.thrower).down:
        # R22.8.3, R9.5: leaning out, the thrower was seen for this action (R16.2)
        state = react_to(state, plan.thrower, hidden_from, dice, events, leaning=True)[0]
    return state


def lean_and_throw(
    state: Encounter, command: Throw, dice: DiceSource, events: list[Event]
) -> tuple[Encounter, ThrowPlan, Landing | None]:
    """R22.7.1 (0)-(1), on the map and at the table: the AP refused before anything happens; a pinned thrower
    leaning out faces covering fire first (R22.8.3, R17.2: downed by it, it throws nothing and spends nothing,
    landing None); then the throw is made (`throw_made`)."""
    plan = plan_throw(state, command)
    short = ap_short(state.unit(command.unit), plan)
    if short:
        raise CommandError(short)
    if plan.lean:
        state = covering_fire(state, command.unit, "leans out to throw", dice, events)
        if state.unit(command.unit).down:
            return state, plan, None
        plan = plan_throw(state, command)
    state, landing = throw_made(state, plan, dice, events)
    return state, plan, landing


def throw_made(state: Encounter, plan: ThrowPlan, dice: DiceSource, events: list[Event]) -> tuple[Encounter, Landing]:
    """R22.7.1 (1): the AP and the item spent, the to-hit d100 (`gm force` works on it), and on a miss the scatter
    (R22.4); the throw's line in the log. Shared by the map and the table (`Part.table_throw`)."""
    thrower = state.unit(plan.thrower)
    ap_before = thrower.ap
    left = thrower.thrown_count(plan.weapon.id) - 1
    thrower = other_action(pay(thrower, plan.ap, "throw")).with_thrown_count(plan.weapon.id, left)
    force = state.gm_force_hit
    state = attrs.evolve(state.with_unit(thrower), gm_modifier=0, gm_force_hit=None)
    landing = land(state, plan, dice, force)
    events.append(_throw_event(state, plan, landing, ap_before, thrower.ap, left, force))
    return state, landing


def blast_at(
    state: Encounter, thrower_id: str, weapon: Weapon, landing: Cell, dice: DiceSource, events: list[Event]
) -> Encounter:
    """R22.7.1 (2)-(6) on the map: the cells that will catch fire, whom the blast reaches and in which band, the
    men down killed, the damage, then the modules' steps (fires lit, markers, reveals)."""
    fires: frozenset[Cell] = frozenset()
    for part in parts_on(state):
        fires |= part.blast_fires(state, weapon, landing)  # R22.6.2
    caught = reached(state, weapon, landing, fires)
    return blast_lands(state, thrower_id, weapon, landing, caught, fires, dice, events)


def blast_lands(
    state: Encounter,
    thrower_id: str,
    weapon: Weapon,
    landing: Cell | None,
    caught: tuple[Caught, ...],
    fires: frozenset[Cell],
    dice: DiceSource,
    events: list[Event],
) -> Encounter:
    """R22.7.1 (3)-(6), on the map or at the table (`landing` None): the blast explodes (`engine.blast.explode`),
    then each module's step after it in the parts' order (`Part.blast_landed`)."""
    state, lost = explode(state, thrower_id, weapon, caught, dice, events)
    for part in parts_on(state):
        state = part.blast_landed(state, thrower_id, weapon, landing, caught, lost, fires, dice, events)
    return state


def land(state: Encounter, plan: ThrowPlan, dice: DiceSource, force: bool | None) -> Landing:
    """R22.3.2, R22.4, R22.8.1: the d100; on a miss the direction die (d8 on squares and at the table, d6 on
    hexes), then the two d6 of the distance, and the walk on the map. All the thrower's side's dice (R22.8.2)."""
    thrower = state.unit(plan.thrower)
    where = cell_word(plan.target) if plan.target is not None else f"{plan.distance_m * 3:g} cm"
    name = f"{thrower.name}'s {plan.weapon.name.lower()}"
    purpose = f"{name} thrown at {where} (R22.3)"
    if force is False:  # R22.8.1: the d100 of a forced miss still says how far off it goes
        purpose = f"{name} thrown at {where}, forced to miss: the d100 says how far off (R22.8.1)"
    roll = roll_test(
        dice,
        100,
        purpose,
        at_most=plan.chance,
        success="hits",
        asked=force is not True,  # a forced miss still reads its d100 for the scatter (R22.8.1)
        owner=plan.thrower,
    )
    if force is True:
        scatter = None
    elif force is False:
        scatter = forced_miss_scatter(roll, plan.chance)
    else:
        scatter = scatter_of(roll, plan.chance)
    if scatter is None:
        return Landing(roll, None, walked=(plan.target,) if plan.target is not None else ())
    hexes = state.map is not None and grid_of(state).kind == "hex"
    rolled = roll_scatter(dice, name, scatter, plan.distance_m, hexes, owner=plan.thrower)
    walked: tuple[Cell, ...] = ()
    if state.map is not None and plan.target is not None:
        walked = tuple(scatter_walk(state.map, grid_of(state), plan.target, rolled.direction, rolled.cells))
    return Landing(
        roll, scatter, rolled.direction, rolled.direction_roll, rolled.direction_die, rolled.d6, rolled.cells, walked
    )


def _throw_event(
    state: Encounter, plan: ThrowPlan, landing: Landing, before: int, after: int, left: int, force: bool | None
) -> Event:
    """E22.3's line: "Ana throws a frag grenade at 4,2: 60 %, d100 70 — misses by 10: mild deviation; d8 3 (E),
    2d6 6+5 = 11: 4 cells, at most 2 (half of 4 m): lands at 6,2 (R22.4)"."""
    thrower = state.unit(plan.thrower)
    weapon = plan.weapon.name.lower()
    where = cell_word(plan.target) if plan.target is not None else f"a point {plan.distance_m * 3:g} cm away"
    throws = "leans out and throws" if plan.lean else "throws"  # R22.2.5, R9.5: +1 AP, seen for this action
    text = f"{thrower.name} {throws} {article(weapon)} {weapon} at {where}: {plan.chance} %, d100 {landing.roll}"
    if force is not None:
        text += f" (the game master forces a {'hit' if force else 'miss'})"
    if landing.scatter is None:
        text += " — hits"
        text += f": lands at {where} (R22.3)" if plan.target is not None else ": lands on the point (R22.3)"
    else:
        text += " — " + _miss_words(plan, landing)
    data = {
        "item": plan.weapon.id,
        "ap_cost": plan.ap,
        "ap_before": before,
        "ap_after": after,
        "left": left,
        "chance": plan.chance,
        "roll": landing.roll,
        "hit": landing.scatter is None,
        "scatter": landing.scatter.value if landing.scatter else None,
        "direction": landing.direction.value if landing.direction else None,
        "direction_roll": landing.direction_roll,
        "distance_d6": list(landing.d6) if landing.d6 is not None else None,
        "cells": landing.cells,
        "distance_m": round(plan.distance_m, 2),
        "lean": plan.lean,
        "target": list(plan.target) if plan.target is not None else None,
        "landing": list(landing.cell) if landing.cell is not None else None,
        "override": None if force is None else ("hit" if force else "miss"),
        "lines": [*breakdown_lines(plan.hit), f"{plan.ap} AP ({before} -> {after}); {left} left"],
    }
    return Event("throw", text, data, unit=plan.thrower)


def article(name: str) -> str:
    """ "a" or "an" before a weapon's name as the log writes it."""
    return "an" if name[:1].lower() in "aeiou" else "a"


def _miss_words(plan: ThrowPlan, landing: Landing) -> str:
    """How a miss scattered (R22.4.2), and where it landed on the map (R22.4.3)."""
    assert landing.scatter is not None and landing.d6 is not None and landing.direction is not None
    by = landing.roll - plan.chance
    if landing.roll >= ALWAYS_MISSES_FROM:
        missed = "misses (96-100 always miss)"
    elif by > 0:
        missed = f"misses by {by}"
    else:  # R22.8.1: `gm force miss` on a roll that would have hit: a near miss
        missed = "forced to miss"
    first, second = landing.d6
    total = first + second
    rolled = scatter_cells_rolled(total, landing.scatter)
    cap = scatter_cap(plan.distance_m)
    cells = f"{rolled} cell{'s' if rolled != 1 else ''}"
    if rolled > cap:
        half = f"half of {metres(plan.distance_m)} m" + (", at least 1" if plan.distance_m < 2 else "")
        cells += f", at most {cap} ({half})"
    direction = f"d{landing.direction_die} {landing.direction_roll} ({landing.direction.value})"
    text = f"{missed}: {landing.scatter.value}; {direction}, 2d6 {first}+{second} = {total}: {cells}"
    if landing.cell is None:
        return text
    walked = len(landing.walked) - 1
    stopped = " — stopped by a wall or the map's edge" if walked < landing.cells else ""
    return f"{text}{stopped}: lands at {cell_word(landing.cell)} (R22.4)"


def _refuse_while_interrupting(state: Encounter, thrower: Unit, cell: Cell | None) -> None:
    """R22.8.3, R16.2: an interrupting watcher may throw, but only at the cell of the enemy that entered."""
    interrupt = state.interrupt
    if interrupt is None or interrupt.watcher != thrower.id:
        return
    enemy = state.unit(interrupt.interrupted)
    if cell is not None and enemy.at is not None and cell != enemy.at:
        raise CommandError(
            f"R16.2: during an interruption {thrower.name} may throw only at {enemy.name}'s cell "
            f"{cell_word(enemy.at)} (R22.8.3)"
        )
