"""Moving on the grid: the cheapest legal path through waypoints, and every cell within an AP budget.

R7.1 movement is bought in whole AP at the mover's rate (R7.2 leg wounds, R8.2 poses, R14.1 running) and
what is left over carries on; a step into stairs goes at the climbing rate; R7.4 a step into rubble costs
twice its millimetres; walls, low obstacles and gaps cannot be entered, nor cells in `blocked` (other
units), nor squeezed past diagonally (the grid's squeeze rule; units do not stop a squeeze). R7.3 ruling:
a step more than 45 degrees off the current facing first turns to the step's direction and pays
`turn_cost` for it; after every step the mover faces its direction of travel, so a path bending 45
degrees at a time pays nothing for turning.

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

from apcombat.board.frontier import Frontier
from apcombat.board.grid import Grid
from apcombat.board.pace import MoveProfile, Pace, pace_for
from apcombat.board.survey import StepTable, step_table
from apcombat.model import BattleMap, Cell, Facing, Terrain

__all__ = ["Area", "MoveProfile", "NoPath", "Path", "PathStep", "Reach", "plan_path", "reachable", "reachable_area"]

_BLOCKER_NAMES = {Terrain.WALL: "a wall", Terrain.LOW: "a low obstacle", Terrain.GAP: "a gap"}


class NoPath(Exception):
    """R7: the mover cannot get there; the message says why in one sentence."""


@attrs.frozen
class PathStep:
    """One step of a path (R7.1, R7.3, R7.4).

    `facing` is the facing after the step (its direction of travel), `turn_ap` the AP paid to turn before
    it, `mm` its millimetres (rubble doubled), `ap_total` the AP spent from the start of the move through
    this step and `carried_mm` the movement bought and still unused after it, in mm at the mover's base
    (not climbing) rate, rounded down.
    """

    cell: Cell
    facing: Facing
    turn_ap: int
    mm: int
    ap_total: int
    carried_mm: int


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
        return f"the cell {_label(cell)} is {_BLOCKER_NAMES.get(terrain, terrain.value)}"
    if cell in blocked:
        return f"the cell {_label(cell)} is occupied by a unit"
    return None


def _setup(
    battlemap: BattleMap, grid: Grid, start: Cell, profile: MoveProfile, carried_mm: int
) -> tuple[StepTable, Pace]:
    if not battlemap.inside(start):
        raise NoPath(f"no way from {_label(start)}: it is outside the {battlemap.width} x {battlemap.height} map")
    table = step_table(battlemap, grid)
    bearings = tuple(grid.bearing(facing) for facing in grid.facings)
    return table, pace_for(table, bearings, profile, carried_mm)


def _blocked_numbers(table: StepTable, start: Cell, blocked: frozenset[Cell]) -> frozenset[int]:
    """Cell numbers of the blocked cells inside the map, the mover's own cell never among them."""
    return frozenset(
        table.number(cell)
        for cell in blocked
        if cell != start and 0 <= cell[0] < table.width and 0 <= cell[1] < table.height
    )


def plan_path(
    battlemap: BattleMap,
    grid: Grid,
    start: Cell,
    facing: Facing,
    waypoints: Sequence[Cell],
    profile: MoveProfile,
    carried_mm: int = 0,
    blocked: frozenset[Cell] = frozenset(),
) -> Path:
    """R7.1-R7.4: the cheapest legal path from `start` through `waypoints` in order (module note on ties).

    Raises `NoPath` when a waypoint cannot be stood on or cannot be reached, and `IllegalMove` when the
    profile cannot move at all (R14.1, R7.2).
    """
    table, pace = _setup(battlemap, grid, start, profile, carried_mm)
    goals: list[Cell] = []
    for waypoint in waypoints:
        reason = _refusal(battlemap, waypoint, blocked - {start})
        if reason is not None:
            raise NoPath(f"no way from {_label(start)} to {_label(waypoint)}: {reason}")
        if waypoint != (goals[-1] if goals else start):
            goals.append(waypoint)
    frontier = Frontier(table, pace, tuple(map(table.number, goals)), _blocked_numbers(table, start, blocked), True)
    start_state = frontier.state(0, table.number(start), grid.facings.index(facing))
    for _u, _turns, state in frontier.settle(start_state):
        if frontier.parts(state)[0] == len(goals):
            return _path_along(frontier, grid, start, facing, frontier.chain(state))
    via = "".join(f" via {_label(cell)}" for cell in goals[:-1])
    raise NoPath(f"no way from {_label(start)} to {_label(goals[-1])}{via}: no path around the obstacles")


def _path_along(frontier: Frontier, grid: Grid, start: Cell, facing: Facing, states: list[int]) -> Path:
    """R7.1, R7.3: the steps of a chain of states with their AP, turns and carried movement."""
    table, pace = frontier.table, frontier.pace
    steps: list[PathStep] = []
    turn_ap = move_units = turns = 0
    _, cell, facing_number = frontier.parts(states[0])
    for state in states[1:]:
        _, to, step_facing = frontier.parts(state)
        code = next(code for f, t, code in table.edges[cell] if (f, t) == (step_facing, to))
        turn = pace.turn_ap[facing_number][step_facing]
        turn_ap += turn
        turns += step_facing != facing_number
        move_units += pace.step_units[code]
        bought, carried = pace.bought(move_units)
        steps.append(
            PathStep(
                cell=table.cell(to),
                facing=grid.facings[step_facing],
                turn_ap=turn,
                mm=pace.step_mm[code],
                ap_total=turn_ap + bought,
                carried_mm=carried,
            )
        )
        cell, facing_number = to, step_facing
    return Path(
        start=start,
        start_facing=facing,
        steps=tuple(steps),
        ap=steps[-1].ap_total if steps else 0,
        carried_mm=steps[-1].carried_mm if steps else pace.bought(0)[1],
        turns=turns,
    )


class Area:
    """R7.1-R7.4: one search of every cell a mover can get to within an AP budget (the start included):
    `cells` holds each one's `Reach`, and `path_to` walks back through the search's parents to the path
    `plan_path` would take there — one search serves every destination."""

    def __init__(self, frontier: Frontier, grid: Grid, start: Cell, facing: Facing, arrivals: dict[int, int]):
        self._frontier, self._grid, self._start, self._facing = frontier, grid, start, facing
        self._arrivals = arrivals  # cell number -> the state the cell was first reached in
        self.cells: dict[Cell, Reach] = {}

    def path_to(self, cell: Cell) -> Path:
        """The cheapest path to a cell of the area (the module's note on ties); KeyError for another cell."""
        state = self._arrivals[self._frontier.table.number(cell)]
        return _path_along(self._frontier, self._grid, self._start, self._facing, self._frontier.chain(state))


def _search(
    battlemap: BattleMap,
    grid: Grid,
    start: Cell,
    facing: Facing,
    ap_budget: int,
    profile: MoveProfile,
    carried_mm: int,
    blocked: frozenset[Cell],
    keep_paths: bool,
) -> Area:
    table, pace = _setup(battlemap, grid, start, profile, carried_mm)
    frontier = Frontier(table, pace, (), _blocked_numbers(table, start, blocked), keep_paths)
    facing_count = frontier.facing_count
    start_state = frontier.state(0, table.number(start), grid.facings.index(facing))
    arrivals: dict[int, int] = {}
    area = Area(frontier, grid, start, facing, arrivals)
    facings = grid.facings
    for u, _turns, state in frontier.settle(start_state, pace.budget_units(max(0, ap_budget))):
        cell = state // facing_count
        if cell not in arrivals:
            arrivals[cell] = state
            area.cells[table.cell(cell)] = Reach(ap=pace.ap_spent(u), facing=facings[state % facing_count])
    return area


def reachable(
    battlemap: BattleMap,
    grid: Grid,
    start: Cell,
    facing: Facing,
    ap_budget: int,
    profile: MoveProfile,
    carried_mm: int = 0,
    blocked: frozenset[Cell] = frozenset(),
) -> dict[Cell, Reach]:
    """R7.1-R7.4: every cell the mover can get to spending at most `ap_budget` AP, the start included.

    Each cell's `Reach` has the AP and the facing on arrival of the path `plan_path` would take there.
    """
    return _search(battlemap, grid, start, facing, ap_budget, profile, carried_mm, blocked, False).cells


def reachable_area(
    battlemap: BattleMap,
    grid: Grid,
    start: Cell,
    facing: Facing,
    ap_budget: int,
    profile: MoveProfile,
    carried_mm: int = 0,
    blocked: frozenset[Cell] = frozenset(),
) -> Area:
    """`reachable` keeping the search's parents, so that the path to every cell can be walked back."""
    return _search(battlemap, grid, start, facing, ap_budget, profile, carried_mm, blocked, True)
