"""Moving on the grid: the cheapest legal path through waypoints, and every cell within an AP budget.

R7.1 movement is bought in whole AP at the mover's rate (R7.2 leg wounds, R8.2 poses, R14.1 running) and
what is left over carries on while the steps go at that rate; a step onto stairs goes at the climbing rate
(never running), and movement bought at one rate is lost when a step needs another; R7.4 a step into
rubble costs twice its millimetres; walls, low obstacles and gaps cannot be entered, nor cells in `blocked`
(other units), nor squeezed past diagonally (R7.3 ruling; units do not stop a squeeze, `sealed` cells such
as fires do). R7.3 ruling: a step more than one facing step (45 degrees on squares) off the current facing
first turns to the step's direction and pays for it (`rules.movement.facing_turn_cost`; R20.2 on hexes, by
facing steps or by degrees as the profile's `hex_turns` says), the first step joined with the chain of turns
before the move; after every step the mover faces its direction of travel, so a path bending one facing step
at a time pays nothing for turning (under `by_steps`).

`plan_path` and `reachable` share one reckoning of the cost (`apcombat.board.pace`), so every cell
`reachable` offers is one a move gets to at the AP it shows, and no other.

How the cheapest path is found is in `apcombat.board.pace` (exact integer costs) and
`apcombat.board.frontier` (the search). Among equally cheap paths (fewest AP, then the most movement
left over) the one with the fewest turns wins, then the one decided from the end backwards by the grid's
facing order (N, NE, E, SE, S, SW, W, NW on squares): the path whose last step points earlier in that
order, then the one whose step before does, and so on. The same command therefore always takes the same
path.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from apcombat.board.frontier import NO_LIMIT, Frontier
from apcombat.board.grid import Grid
from apcombat.board.pace import NO_CHAIN, MoveProfile, Pace, TurnChain, pace_for
from apcombat.board.survey import StepTable, step_table
from apcombat.model import BattleMap, Cell, Facing

__all__ = [
    "Area",
    "BeyondBudget",
    "Carried",
    "MoveProfile",
    "NoPath",
    "Path",
    "PathStep",
    "Reach",
    "TurnChain",
    "plan_path",
    "reachable",
]


class NoPath(Exception):
    """R7: the mover cannot get there; the message says why in one sentence."""


class BeyondBudget(NoPath):
    """R7.1: every way there costs more AP than the budget the search was given."""


@attrs.frozen
class PathStep:
    """One step of a path (R7.1, R7.3, R7.4).

    `facing` is the facing after the step (its direction of travel), `turn_ap` the AP paid to turn before
    it, `turn_degrees` the signed degrees of that turn, `mm` its millimetres (rubble doubled), `ap_total`
    the AP spent from the start of the move through this step, `carried_mm` the movement bought and still
    unused after it, in mm at `rate` (the mm per AP the step was bought at), and `running_ap` the AP of
    the move through this step bought at the running rate (R7.1, R14.2: not turns, not climbing).
    """

    cell: Cell
    facing: Facing
    turn_ap: int
    mm: int
    ap_total: int
    carried_mm: int
    rate: int = 0
    turn_degrees: float = 0.0
    running_ap: int = 0


@attrs.frozen
class Path:
    """R7: a planned move: its steps, the AP it costs in all and the movement it leaves carried over."""

    start: Cell
    start_facing: Facing
    steps: tuple[PathStep, ...]
    ap: int
    carried_mm: int
    turns: int

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells entered, in order (the start cell not included)."""
        return tuple(step.cell for step in self.steps)

    @property
    def facing(self) -> Facing:
        """The facing at the end of the move."""
        return self.steps[-1].facing if self.steps else self.start_facing


@attrs.frozen
class Carried:
    """R7.1, R7.3: what a mover brings into a move: movement bought and unused (`mm` at `rate` mm per AP,
    0 meaning the mover's floor rate) and the open chain of explicit turns its first step joins."""

    mm: int = 0
    rate: int = 0
    chain: TurnChain = NO_CHAIN


@attrs.frozen
class Reach:
    """R7.1: the cheapest total AP to get to a cell and the facing on arrival by that path."""

    ap: int
    facing: Facing


def _label(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def _refusal(battlemap: BattleMap, cell: Cell, blocked: frozenset[Cell]) -> str | None:
    """Why a mover cannot stand in this cell, or None."""
    if not battlemap.inside(cell):
        return f"the cell {_label(cell)} is outside the {battlemap.width} x {battlemap.height} map"
    terrain = battlemap.at(cell)
    if terrain.blocks_movement:
        return f"the cell {_label(cell)} is {terrain.described}"
    if cell in blocked:
        return f"the cell {_label(cell)} is occupied by a unit"
    return None


def _setup(
    battlemap: BattleMap, grid: Grid, start: Cell, facing: Facing, profile: MoveProfile, carried: Carried
) -> tuple[StepTable, Pace]:
    if not battlemap.inside(start):
        raise NoPath(f"no way from {_label(start)}: it is outside the {battlemap.width} x {battlemap.height} map")
    table = step_table(battlemap, grid)
    bearings = tuple(grid.bearing(each) for each in grid.facings)
    pace = pace_for(table, bearings, grid.facings.index(facing), profile, carried.mm, carried.rate, carried.chain)
    return table, pace


def _numbers(table: StepTable, cells: frozenset[Cell], start: Cell) -> frozenset[int]:
    """Cell numbers of these cells inside the map, the mover's own cell never among them."""
    return frozenset(
        table.number(cell)
        for cell in cells
        if cell != start and 0 <= cell[0] < table.width and 0 <= cell[1] < table.height
    )


def _carried(carried: Carried | int) -> Carried:
    return carried if isinstance(carried, Carried) else Carried(mm=carried)


def plan_path(
    battlemap: BattleMap,
    grid: Grid,
    start: Cell,
    facing: Facing,
    waypoints: Sequence[Cell],
    profile: MoveProfile,
    carried: Carried | int = 0,
    blocked: frozenset[Cell] = frozenset(),
    sealed: frozenset[Cell] = frozenset(),
    ap_budget: int | None = None,
) -> Path:
    """R7.1-R7.4: the cheapest legal path from `start` through `waypoints` in order (module note on ties).

    `carried` is what the mover brings into the move (a number: mm carried at the floor rate). With an
    `ap_budget` the search looks no further than that many AP (raising `BeyondBudget` when every way costs
    more), so its work does not grow with the map. Raises `NoPath` when a waypoint cannot be stood on or
    cannot be reached, and `IllegalMove` when the profile cannot move at all (R14.1, R7.2).
    """
    carried = _carried(carried)
    table, pace = _setup(battlemap, grid, start, facing, profile, carried)
    goals: list[Cell] = []
    for waypoint in waypoints:
        reason = _refusal(battlemap, waypoint, (blocked | sealed) - {start})
        if reason is not None:
            raise NoPath(f"no way from {_label(start)} to {_label(waypoint)}: {reason}")
        if waypoint != (goals[-1] if goals else start):
            goals.append(waypoint)
    frontier = Frontier(
        table,
        pace,
        tuple(map(table.number, goals)),
        _numbers(table, blocked, start),
        True,
        _numbers(table, sealed, start),
    )
    start_state = frontier.state(0, table.number(start), grid.facings.index(facing), pace.start_rate)
    limit = pace.budget_units(max(0, ap_budget)) if ap_budget is not None else NO_LIMIT
    for _u, _turns, state in frontier.settle(start_state, limit):
        if frontier.parts(state)[0] == len(goals):
            return _path_along(frontier, grid, start, facing, profile, frontier.chain(state))
    via = "".join(f" via {_label(cell)}" for cell in goals[:-1])
    if frontier.cut:
        raise BeyondBudget(f"no way from {_label(start)} to {_label(goals[-1])}{via} within {ap_budget} AP")
    raise NoPath(f"no way from {_label(start)} to {_label(goals[-1])}{via}: no path around the obstacles")


def _path_along(
    frontier: Frontier, grid: Grid, start: Cell, facing: Facing, profile: MoveProfile, states: list[int]
) -> Path:
    """R7.1, R7.3, R14.2: the steps of a chain of states with their AP, turns, carried and running movement."""
    table, pace = frontier.table, frontier.pace
    steps: list[PathStep] = []
    turns = running_ap = 0
    _, cell, facing_number, rate = frontier.parts(states[0])
    units = pace.start_units
    turn_ap_row, turn_units_row = pace.first_turn_ap, pace.first_turn_units
    bearings = [grid.bearing(each) for each in grid.facings]
    for state in states[1:]:
        _, to, step_facing, step_rate = frontier.parts(state)
        code = next(code for f, t, code in frontier.steps(cell) if (f, t) == (step_facing, to))
        turned = units + turn_units_row[step_facing]
        units = pace.after_step(units, rate, turn_units_row[step_facing], code)
        if profile.running and pace.rates[step_rate] == pace.rates[0]:
            running_ap += pace.ap_spent(units) - pace.ap_spent(turned)
        turns += step_facing != facing_number
        degrees = (bearings[step_facing] - bearings[facing_number]) % 360
        steps.append(
            PathStep(
                cell=table.cell(to),
                facing=grid.facings[step_facing],
                turn_ap=turn_ap_row[step_facing],
                mm=pace.step_mm[code],
                ap_total=pace.ap_spent(units),
                carried_mm=pace.left_mm(units, step_rate),
                rate=pace.rates[step_rate],
                turn_degrees=degrees - 360 if degrees > 180 else degrees,
                running_ap=running_ap,
            )
        )
        cell, facing_number, rate = to, step_facing, step_rate
        turn_ap_row, turn_units_row = pace.turn_ap[facing_number], pace.turn_units[facing_number]
    return Path(
        start=start,
        start_facing=facing,
        steps=tuple(steps),
        ap=steps[-1].ap_total if steps else 0,
        carried_mm=steps[-1].carried_mm if steps else pace.left_mm(pace.start_units, pace.start_rate),
        turns=turns,
    )


class Area(dict[Cell, Reach]):
    """R7.1-R7.4: one search of every cell a mover can get to within an AP budget (the start included):
    each cell's `Reach`, and `path_to`, which walks back through the search's parents to the path
    `plan_path` would take there — one search serves every destination."""

    def __init__(self, frontier: Frontier, grid: Grid, start: Cell, facing: Facing, profile: MoveProfile) -> None:
        super().__init__()
        self._frontier, self._grid, self._start, self._facing, self._profile = frontier, grid, start, facing, profile
        self._arrivals: dict[Cell, int] = {}  # the state each cell was first reached in

    def path_to(self, cell: Cell) -> Path:
        """The cheapest path to a cell of the area (the module's note on ties); KeyError for another cell."""
        states = self._frontier.chain(self._arrivals[cell])
        return _path_along(self._frontier, self._grid, self._start, self._facing, self._profile, states)


def reachable(
    battlemap: BattleMap,
    grid: Grid,
    start: Cell,
    facing: Facing,
    ap_budget: int,
    profile: MoveProfile,
    carried: Carried | int = 0,
    blocked: frozenset[Cell] = frozenset(),
    sealed: frozenset[Cell] = frozenset(),
) -> Area:
    """R7.1-R7.4: every cell the mover can get to spending at most `ap_budget` AP, the start included.

    Each cell's `Reach` has the AP and the facing on arrival of the path `plan_path` would take there, and
    `path_to(cell)` gives that path. The search goes no further than the budget, whatever the map's size.
    """
    carried = _carried(carried)
    table, pace = _setup(battlemap, grid, start, facing, profile, carried)
    frontier = Frontier(table, pace, (), _numbers(table, blocked, start), True, _numbers(table, sealed, start))
    per_cell = frontier.facing_count * frontier.rate_count
    start_state = frontier.state(0, table.number(start), grid.facings.index(facing), pace.start_rate)
    area = Area(frontier, grid, start, facing, profile)
    facings = grid.facings
    for u, _turns, state in frontier.settle(start_state, pace.budget_units(max(0, ap_budget))):
        cell = table.cell(state // per_cell)
        if cell not in area:
            area._arrivals[cell] = state
            area[cell] = Reach(ap=pace.ap_spent(u), facing=facings[state % per_cell // frontier.rate_count])
    return area
