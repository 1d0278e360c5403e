"""`legal_actions(state)`: every command the acting unit may play now (OpenSpiel's `legal_actions` is the
shape), for the engine's own callers; `legal_commands(state)`: the same as lines of the command language (each
command's canonical line), the interface a plug-in plays through.

The lines are generated from the rules, not found by trying strings, and each kind is judged by the
engine's own refusals so that the list never disagrees with `apply`:

- moves: one search per gait over the reachable area (`views.reachable_area`, the search the app's
  reachable overlay shows), then one `move WHO X,Y` (or `... run`) per reachable cell; a single waypoint
  takes the cheapest path, the one the search found (`Area.path_to` walks it back);
- attacks: the modes and ways of firing from cover `attacks.choices` offers against each unit in sight,
  every aim location and every extra AP the AP allow, each planned by `attacks.plan_for` (the planner
  `apply` uses) and kept when its cost fits the AP left;
- throws (R22): each thrown weapon the unit has left at a bounded set of cells, not every cell in reach: the
  cells of the enemies its side sees and their neighbours, and the cells of its side's marks (R21.2) — nothing
  its side does not know (R21.9.2). This is the one exception to "every line `apply` accepts is listed": a
  throw at another cell in reach is accepted but not listed (`throw_cells`);
- everything else (turns, poses, cover, reload, swap, watch, pin, jumps, delay, end): `preview`, which
  plays the command with dice that refuse to roll, so its verdict is `apply`'s up to the first roll.

The order is fixed: moves (walking, then running, cells in reading order), turns (N, NE, ... NW), poses,
cover, attacks (enemies first, then friends, each in the encounter's order), throws (each thrown weapon in
the unit's order, cells in reading order, without and then with leaning out), reload, swap, watch, pins,
jumps (reading order), aid (R18.2.2, patients in the encounter's order), calm (itself, then friends),
re-rolls of the side's own dice of the action just played (R18.6), delay, end. Round 0 (set-up) offers only
`start`; a finished fight offers nothing. With the activation deck (R18.5), while the sides choose nobody
acts: the side asked (`deck.side_asked`) is offered `last SIDE` (when it may) and `hold SIDE WHO` for each of
its cards; delay is never listed.
Lines of a delayed unit stepping in before the active one (R13.3) are not listed: an AI acts only as
`state.active`. `gm`, `undo` and `redo` lines are never listed.

Table mode (no map): the game master measures every distance on the table, so lines that need one — moves,
jumps and ranged attacks (`at Ncm`) — are not listed; turns are listed by facing (45 degree steps), and
close combat, poses, cover, reload, swap, watch, pin, delay and end as on a map. While a table throw waits for
its `gm blast` (R22.9.2), nothing is listed: only the game master's line comes next.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import attrs

from apcombat.engine import commands
from apcombat.engine.attacks import choices, plan_for
from apcombat.engine.commands import Command, CommandError, format_command
from apcombat.engine.geometry import grid_of, in_sight
from apcombat.engine.part import parts_on
from apcombat.engine.preview import judged_state, preview
from apcombat.engine.side_view import marks_of
from apcombat.engine.throwing import plan_throw
from apcombat.engine.views import reachable_area
from apcombat.model import BodyLocation, Cell, Encounter, Facing, FromCover, Pose, ShotMode, Unit
from apcombat.rules.jumping import jump_distance_m, max_jump_m

__all__ = ["attack_actions", "attack_lines", "legal_actions", "legal_commands", "throw_cells"]


def legal_commands(state: Encounter, jumps: bool = True) -> list[str]:
    """The lines `state.active` may play now: `legal_actions` written as lines, in the same order."""
    return [format_command(command) for command in legal_actions(state, jumps)]


def legal_actions(state: Encounter, jumps: bool = True) -> list[Command]:
    """The commands `state.active` may play now (during an interruption, the watcher), in a fixed order.

    Every line listed is accepted by `apply`; every line `apply` accepts for the active unit is listed,
    or — for a move through other waypoints — a listed move to the same cell at the same gait for no
    more AP; throws only at `throw_cells` (see the module's note for what is and is not listed).
    `jumps=False` leaves out the jumps (R15): an AI that never plans one skips judging every landing cell,
    most of the listing's time.
    """
    if state.finished:
        return []
    if state.round == 0:
        return [commands.Start()]
    if state.blast_waiting is not None:  # R22.9.2: only the game master's `gm blast` comes next
        return []
    waiting = next((part for part in parts_on(state) if part.waiting_for_sides(state)), None)
    if waiting is not None:  # R18.5.1: the sides choose before the round's first card
        return waiting.actions_while_waiting(state)
    active = state.active
    if active is None:
        return []
    state = judged_state(state)  # R21.9.2: with the fog of war, on the acting side's view
    unit = state.unit(active)
    return [
        *_moves(state, unit),
        *_turns(state, unit),
        *_simple(state, unit),
        *_attacks(state, unit),
        *_throws(state, unit),
        *_rest(state, unit, jumps),
    ]


def attack_lines(state: Encounter) -> list[str]:
    """`attack_actions` as lines."""
    return [format_command(command) for command in attack_actions(state)]


def attack_actions(state: Encounter) -> list[commands.Attack]:
    """The attacks among `legal_actions(state)`, in the same order, without working out the others (an AI
    judging a plan's attacks from many cells asks for these alone)."""
    active = state.active
    if state.finished or state.round == 0 or active is None:
        return []
    return list(_attacks(judged_state(state), judged_state(state).unit(active)))


def _reading_order(cell: Cell) -> tuple[int, int]:
    return cell[1], cell[0]


def _accepted(state: Encounter, command: Command) -> bool:
    return preview(state, command).allowed


def _moves(state: Encounter, unit: Unit) -> Iterator[commands.Move]:
    """R7, R14: one move a reachable cell and gait, from one search of the reachable area per gait; a
    single waypoint takes the cheapest path, the one that search found (`Area.path_to`)."""
    modules = parts_on(state)
    if not all(part.may_move(state, unit) for part in modules):
        return
    # R18.1.3: building every cell's path is costly: only when a module may refuse one
    judges = [part for part in modules if part.checks_paths(state, unit)]
    for running in (False, True):
        area = reachable_area(state, unit, running)
        if area is None:
            continue
        for cell in sorted(area, key=_reading_order):
            if cell == unit.at:
                continue
            if not judges or all(part.path_problem(state, unit, area.path_to(cell)) is None for part in judges):
                yield commands.Move(unit.id, (cell,), running, manner="run" if running else "walk")


def _turns(state: Encounter, unit: Unit) -> Iterator[Command]:
    """R7.3, R16.2: a turn to every other facing the AP pay for (and, interrupting, the enemy's)."""
    facings = grid_of(state).facings if state.map is not None else tuple(Facing)
    for facing in facings:
        turn = commands.Turn(unit=unit.id, facing=facing)
        if facing is not unit.facing and _accepted(state, turn):
            yield turn


def _simple(state: Encounter, unit: Unit) -> Iterator[Command]:
    """R8.1 poses, R9.1 taking or leaving cover."""
    for pose in Pose:
        change = commands.ChangePose(unit=unit.id, pose=pose)
        if pose is not unit.pose and _accepted(state, change):
            yield change
    yield from _accepted_of(state, commands.TakeCover(unit=unit.id), commands.LeaveCover(unit=unit.id))


def _accepted_of(state: Encounter, *candidates: Command) -> Iterator[Command]:
    """Those of `candidates` that `preview` accepts, in their order."""
    return (command for command in candidates if _accepted(state, command))


def _others(state: Encounter, unit: Unit) -> list[Unit]:
    """Every other unit still in the fight: enemies first, then friends, in the encounter's order."""
    others = [u for u in state.units if u.id != unit.id and not u.down]
    return [u for u in others if u.side != unit.side] + [u for u in others if u.side == unit.side]


def _attacks(state: Encounter, unit: Unit) -> Iterator[commands.Attack]:
    """R1-R6, R9.4, R9.5, R10, R11: every attack mode, target, aim location and extra AP the rules allow
    (none for a stunned, shaken or broken character: R18.2.1, R18.1.3)."""
    if not all(part.may_attack(state, unit) for part in parts_on(state)):
        return
    for target in _others(state, unit):
        seen = in_sight(state, unit, target)
        for mode, ways in choices(state, unit.id, target.id).items():
            if mode is not ShotMode.MELEE and not seen:
                continue  # every shot needs the target in sight (the planner refuses it too)
            for way in ways:
                yield from _attack_lines(state, unit, target, mode, way)


def _attack_lines(
    state: Encounter, unit: Unit, target: Unit, mode: ShotMode, way: FromCover
) -> Iterator[commands.Attack]:
    kind = {ShotMode.DUAL: "dual", ShotMode.DUAL_BURST: "dual", ShotMode.FLAME: "flame", ShotMode.MELEE: "melee"}
    verb = kind.get(mode, "shoot")
    base = commands.Attack(
        unit=unit.id,
        target=target.id,
        kind=verb,
        burst=mode in (ShotMode.BURST, ShotMode.DUAL_BURST),
        from_cover=way,
    )
    if mode is not ShotMode.AIMED and _cost(state, unit, base) is not None:
        yield base
    if mode not in (ShotMode.AIMED, ShotMode.MELEE):
        return
    extras: range | None = None  # the same for every location: only the cap and the AP depend on it
    for location in BodyLocation:
        aimed = commands.Attack(unit=unit.id, target=target.id, kind=verb, location=location, from_cover=way)
        base_cost = _cost(state, unit, aimed)
        if base_cost is None:
            continue
        if extras is None:
            extras = _extra_ap(state, unit, aimed, base_cost)
        for extra in extras:
            yield attrs.evolve(aimed, extra_ap=extra)


def _cost(state: Encounter, unit: Unit, command: commands.Attack) -> int | None:
    """The attack's AP when the planner allows it and the unit can pay, else None."""
    if state.map is None and command.kind != "melee":
        return None  # table mode: the game master measures the distance (`at Ncm`)
    try:
        cost = plan_for(state, command).ap_cost
    except CommandError:
        return None
    return cost if cost <= unit.ap else None


def _extra_ap(state: Encounter, unit: Unit, aimed: commands.Attack, base_cost: int) -> range:
    """R3.1: every extra AP from 0 up to what the AP allow (and the house rule's cap). Only the cap and the
    AP depend on the extra AP, and both refuse from some number on, so the most the planner accepts
    bounds the list: it is found from the most the AP could pay, downwards."""
    for most in range(unit.ap - base_cost, 0, -1):
        if _cost(state, unit, attrs.evolve(aimed, extra_ap=most)) is not None:
            return range(most + 1)
    return range(1)


def throw_cells(state: Encounter, unit: Unit) -> tuple[Cell, ...]:
    """R22, R21.9.2: the cells `legal_actions` lists throws at, in reading order — each enemy in the fight its
    side sees (on its view: every enemy left in it) and the cells around it, and its side's marks (R21.2); on
    the map only (at the table the game master measures, R22.9)."""
    if state.map is None:
        return ()
    grid = grid_of(state)
    cells: set[Cell] = set()
    for other in state.units:
        if other.side != unit.side and not other.down and other.at is not None:
            cells.add(other.at)
            cells.update(step.to for step in grid.steps(other.at))
    cells.update(mark.at for mark in marks_of(state, unit.side) if mark.at is not None)
    return tuple(sorted((cell for cell in cells if state.map.inside(cell)), key=_reading_order))


def _throws(state: Encounter, unit: Unit) -> Iterator[commands.Throw]:
    """R22.2: every thrown weapon the unit has left at each of `throw_cells`, without leaning out or — where
    the rules ask for it (R22.2.5) — leaning out, when the planner allows it and the AP pay."""
    if not unit.thrown or not all(part.may_attack(state, unit) for part in parts_on(state)):
        return
    cells = throw_cells(state, unit)
    for stock in unit.thrown:
        if stock.count <= 0:
            continue
        for cell in cells:
            for lean in (False, True):
                throw = commands.Throw(unit=unit.id, item=stock.weapon.id, cell=cell, lean=lean)
                try:
                    plan = plan_throw(state, throw)
                except CommandError:
                    continue
                if plan.ap <= unit.ap:
                    yield throw


def _rest(state: Encounter, unit: Unit, jumps: bool = True) -> Iterator[Command]:
    """R19.1 reload and swap, R16.1 watch, R17.1 pins, R15 jumps, R13.3 delay, and end."""
    yield from _accepted_of(
        state, commands.Reload(unit=unit.id), commands.Swap(unit=unit.id), commands.React(unit=unit.id)
    )
    for target in _others(state, unit):
        pin = commands.PinDown(unit=unit.id, target=target.id)
        if target.in_cover and _accepted(state, pin):
            yield pin
    if jumps:
        yield from _jumps(state, unit)
    for part in parts_on(state):  # R18.2.2 aid, R18.4.4 calm, R18.6.2 re-rolls
        yield from part.legal_actions(state, unit, _accepted)
    yield from _accepted_of(state, commands.Delay(unit=unit.id), commands.End())


def _jumps(state: Encounter, unit: Unit) -> Iterator[commands.Jump]:
    """R15: a jump to every landing cell within the maximum — with a run-up in the direction of the unit's
    last two steps, standing in every other (R15.1); the engine judges each cell within it."""
    if state.map is None or unit.at is None or not state.optional_rules.jumping or unit.pose is not Pose.UPRIGHT:
        return
    if unit.in_cover or unit.ap <= 0:
        return
    grid, (x0, y0) = grid_of(state), unit.at
    special = unit.character.special
    run_up = unit.recent_steps[-1] if len(unit.recent_steps) == 2 and len(set(unit.recent_steps)) == 1 else None
    radius = math.ceil(max_jump_m(special, True)) + 2
    occupied = {u.at for u in state.units if not u.down}
    for y in range(max(0, y0 - radius), min(state.map.height, y0 + radius + 1)):
        for x in range(max(0, x0 - radius), min(state.map.width, x0 + radius + 1)):
            cell = (x, y)
            if cell in occupied or state.map.at(cell).blocks_movement:
                continue
            with_run_up = run_up is not None and grid.facing_towards(unit.at, cell) is run_up
            if jump_distance_m(grid.distance_m(unit.at, cell)) > max_jump_m(special, with_run_up):
                continue
            jump = commands.Jump(unit=unit.id, to=cell)
            if _accepted(state, jump):
                yield jump
