"""The search behind `plan_path` and `reachable`: A* over (leg, cell, facing, rate) states (R7.1, R7.3).

A state is the mover standing in a cell, facing the way it last stepped (or its starting facing), with its
last step bought at rate number `rate` (`apcombat.board.pace`), on the way to waypoint number `leg`;
stepping into that waypoint moves it on to the next leg. A state is one integer,
`((leg * cells + cell) * facings + facing) * rates + rate`, and the heap holds one integer per entry,
`((u + guess) * turn_bound + turns) * states + state`: u is the cost so far (`apcombat.board.pace`), turns
the steps that changed facing, and guess a lower bound of the u still to pay to the last waypoint (0 when
there are no waypoints, which makes it plain Dijkstra). The guess is 0.9 x the straight-line distance
through the remaining waypoints at the cheapest mm per metre and the fastest rate, rounded down: it never
overestimates, and it falls by less than the cost of any step, so every step strictly raises the key's
first part. States thus leave the heap with their cheapest u, then fewest turns, exactly, and every path
that ties with another for a state has been seen before that state leaves the heap.

Among paths to one state with the same u and turns, the one kept is decided from the end backwards: the
path whose step before the last went in the earlier facing (the grid's order, N, NE, E, ... on squares)
wins, then the step before that, and so on; a path that reaches the start sooner wins. This order is
unchanged by appending the same steps to both paths, so the search finds the best path by it exactly.

Nothing is sized by the map: the search keeps only the states it reaches, and with a limit it leaves out
every state whose u plus guess passes it (no path through it stays within the limit), so its work is
bounded by the AP budget, not by the map's size.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from heapq import heappop, heappush

from apcombat.board.pace import Pace
from apcombat.board.survey import StepTable

NO_LIMIT = 1 << 62
GUESS_SHARE = 0.9
"""The guess is this share of the straight-line bound, so that it falls by less than any step costs."""


class Frontier:
    """R7.1, R7.3: one search over a step table for one mover, through the waypoints `goals` in order.

    `blocked` cells (other units) cannot be entered; `sealed` cells can neither be entered nor passed
    between on a diagonal (R7.3 ruling; the hook for fires, R18.3).
    """

    def __init__(
        self,
        table: StepTable,
        pace: Pace,
        goals: tuple[int, ...],
        blocked: frozenset[int],
        keep_paths: bool,
        sealed: frozenset[int] = frozenset(),
    ) -> None:
        self.table = table
        self.pace = pace
        self.goals = goals
        self.blocked = blocked | sealed
        self.sealed = sealed
        self.keep_paths = keep_paths
        self.facing_count = len(table.facings)
        self.rate_count = len(pace.rates)
        self.cell_count = table.width * table.height
        self.state_count = (len(goals) + 1) * self.cell_count * self.facing_count * self.rate_count
        self.turn_bound = self.state_count + 1
        self.parents: dict[int, int] = {}
        self.start = -1
        self.cut = False
        """Whether the limit cut off some way on (else every state reachable at all was yielded); known
        once `settle` has yielded its last state."""
        self.units_per_m = GUESS_SHARE * table.least_mm_per_m * pace.ap_units / pace.fastest_rate
        if min(pace.step_units, default=0) < 20:  # too fine for the guess to stay below every step
            self.units_per_m = 0.0
        self.guesses: dict[int, int] = {}
        self.beyond = [self._bound(goals[leg - 1], goals[leg]) for leg in range(1, len(goals))]
        for leg in range(len(self.beyond) - 2, -1, -1):
            self.beyond[leg] += self.beyond[leg + 1]
        self.beyond.append(0)

    def state(self, leg: int, cell: int, facing: int, rate: int) -> int:
        return ((leg * self.cell_count + cell) * self.facing_count + facing) * self.rate_count + rate

    def parts(self, state: int) -> tuple[int, int, int, int]:
        """(leg, cell number, facing number, rate number) of a state."""
        rest, rate = divmod(state, self.rate_count)
        rest, facing = divmod(rest, self.facing_count)
        leg, cell = divmod(rest, self.cell_count)
        return leg, cell, facing, rate

    def _bound(self, cell: int, other: int) -> int:
        """The guess for going from one cell to another in a straight line (module note)."""
        (ax, ay), (bx, by) = self.table.centre(cell), self.table.centre(other)
        return math.floor(math.hypot(bx - ax, by - ay) * self.units_per_m)

    def _guess(self, leg_cell: int) -> int:
        """The guess from a (leg, cell): to this leg's waypoint, then on through the others."""
        guess = self.guesses.get(leg_cell)
        if guess is None:
            leg, cell = divmod(leg_cell, self.cell_count)
            guess = 0 if leg == len(self.goals) else self._bound(cell, self.goals[leg]) + self.beyond[leg]
            self.guesses[leg_cell] = guess
        return guess

    def steps(self, cell: int) -> list[tuple[int, int, int]]:
        """(facing number, target cell, step code) of the steps out of a cell the mover may take."""
        blocked, sealed = self.blocked, self.sealed
        return [
            (facing, to, code)
            for facing, to, code, squeezed in self.table.edges(cell)
            if to not in blocked and not (sealed and any(c in sealed for c in squeezed))
        ]

    def settle(self, start: int, limit: int = NO_LIMIT) -> Iterator[tuple[int, int, int]]:
        """Yield (u, turns, state) for states reachable from `start` within `limit` units, best first.

        Without waypoints every such state is yielded; with them, the search may be stopped at the first
        state of the last leg, and states that cannot reach it within `limit` are left out. With
        `keep_paths`, `chain` gives the best path to any state yielded so far.
        """
        self.start = start
        states, turn_bound = self.state_count, self.turn_bound
        facing_count, cell_count, rate_count = self.facing_count, self.cell_count, self.rate_count
        per_cell = facing_count * rate_count
        pace = self.pace
        step_units, step_rate, turn_units, ap_units = pace.step_units, pace.step_rate, pace.turn_units, pace.ap_units
        goal_of_leg = (*self.goals, -1)
        guided = bool(self.goals)  # without waypoints every guess is 0
        parents, keep, guesses, guess_of = self.parents, self.keep_paths, self.guesses, self._guess
        blocked, sealed, known_edges, edges_of = self.blocked, self.sealed, self.table.known, self.table.edges
        first = ((pace.start_units + guess_of(start // per_cell)) * turn_bound) * states + start
        best = {start: first}
        heap = [first]
        cut = pace.start_units + guesses[start // per_cell] > limit
        if cut:
            heap = []
        while heap:
            key = heappop(heap)
            state = key % states
            if best[state] != key:
                continue
            leg_cell, facing_rate = divmod(state, per_cell)
            facing, rate = divmod(facing_rate, rate_count)
            guessed_u, turns = divmod(key // states, turn_bound)
            u = guessed_u - guesses[leg_cell] if guided else guessed_u
            yield u, turns, state
            leg, cell = divmod(leg_cell, cell_count)
            turn_row = pace.first_turn_units if state == start else turn_units[facing]
            goal = goal_of_leg[leg]
            leg_base = leg * cell_count
            rounded = -(-u // ap_units) * ap_units
            edges = known_edges.get(cell)
            if edges is None:
                edges = edges_of(cell)
            for step_facing, to, code, squeezed in edges:
                if to in blocked or (sealed and any(c in sealed for c in squeezed)):
                    continue
                step_rate_number = step_rate[code]
                next_u = (u if step_rate_number == rate else rounded) + step_units[code] + turn_row[step_facing]
                if guided:
                    next_leg_cell = leg_base + cell_count + to if to == goal else leg_base + to
                    guess = guesses.get(next_leg_cell)
                    if guess is None:
                        guess = guess_of(next_leg_cell)
                    if next_u + guess > limit:  # the guess never overestimates: no way on within the limit
                        cut = True
                        continue
                elif next_u > limit:
                    cut = True
                    continue
                else:
                    next_leg_cell, guess = to, 0
                next_state = (next_leg_cell * facing_count + step_facing) * rate_count + step_rate_number
                next_key = ((next_u + guess) * turn_bound + turns + (step_facing != facing)) * states + next_state
                old = best.get(next_state)
                if old is None or next_key < old:
                    best[next_state] = next_key
                    heappush(heap, next_key)
                    if keep:
                        parents[next_state] = state
                elif next_key == old and keep and self._earlier(state, parents[next_state]):
                    parents[next_state] = state
        self.cut = cut

    def _earlier(self, one: int, other: int) -> bool:
        """Whether the best path through state `one` comes before the one through `other` (module note)."""
        parents, facing_count, rate_count = self.parents, self.facing_count, self.rate_count
        while one != other:
            if one == self.start:
                return True
            if other == self.start:
                return False
            one_facing, other_facing = one // rate_count % facing_count, other // rate_count % facing_count
            if one_facing != other_facing:
                return one_facing < other_facing
            one, other = parents[one], parents[other]
        return False

    def chain(self, state: int) -> list[int]:
        """The states of the best path from the start to `state`, start first."""
        states = [state]
        while state != self.start:
            state = self.parents[state]
            states.append(state)
        states.reverse()
        return states
