"""How fast a mover goes, counted exactly: AP, millimetres and turns in one integer unit (R7.1-R7.4, R14.1).

Movement is bought in whole AP at the rate the step needs (R7.1): floor steps at the mover's rate (walking,
running, crouched or prone), steps onto stairs at the climbing rate; a step into rubble costs twice its
millimetres (R7.4), and turns are paid in whole AP (R7.3). So that paths can be compared exactly, every cost
is counted in *units* where one AP is `ap_units` units (the least common multiple of the rates): a step of
m millimetres at rate r costs m * ap_units / r units and a turn of k AP costs k * ap_units units.

A move's cost so far is one number u: the units of its turns and steps, starting at minus the units of the
movement carried into it, and R7.1 ruling: movement bought at one rate is lost when a step needs another,
so before a step at another rate than the step before it u is rounded up to a whole AP. The AP spent are
then ceil(u / ap_units) (never below 0) and the movement left over is what those AP bought beyond u, at the
rate of the last step. A turn adds whole AP and leaves the movement left over as it was. Every later cost
grows with u, and among paths to the same cell, facing and rate a smaller u spends no more AP and leaves
at least as much movement over, so the path search minimises u.

R7.3: the first step's turn joins the chain of explicit turns just before the move (`TurnChain`): it costs
the turn from the facing before the chain to the step's direction, less what the chain paid, never below 0.
R20.2: every turn is charged by the facing steps it makes (one rules function, `facing_turn_cost`, with the
house rule `hex_turns` the profile carries); the chain keeps its rotation in degrees of the map's grid and
counts it in facing steps of 45 (squares) or 60 (hexes) degrees.
"""

from __future__ import annotations

import math

import attrs

from apcombat.board.survey import GROUND_RUBBLE, GROUND_STAIRS, GROUNDS, StepTable
from apcombat.model import HexTurns, Pose
from apcombat.rules.movement import IllegalMove, facing_turn_cost, movement_rate, step_mm, steps_of


@attrs.frozen
class MoveProfile:
    """R7.1, R7.2, R14.1: how a character moves: its pose, whether it runs, its leg-wound factor; R20.2: how
    its turns are charged (the encounter's house rule `hex_turns`)."""

    pose: Pose
    running: bool = False
    movement_factor: float = 1.0
    running_forbidden: bool = False
    hex_turns: HexTurns = HexTurns.BY_STEPS

    def rate(self, climbing: bool = False) -> int:
        """R7.1: millimetres one AP buys, on stairs when `climbing`."""
        return movement_rate(
            self.pose,
            running=self.running,
            climbing=climbing,
            movement_factor=self.movement_factor,
            running_forbidden=self.running_forbidden,
        )


@attrs.frozen
class TurnChain:
    """R7.3: the open chain of turns a move's first step joins: the rotation so far (signed degrees, from the
    facing before the first turn to the facing now) and the AP already paid for it."""

    degrees: float = 0.0
    paid: int = 0


NO_CHAIN = TurnChain()


def joined_turn_ap(
    chain: TurnChain, turn_degrees: float, step_degrees: float = 45.0, hex_turns: HexTurns = HexTurns.BY_STEPS
) -> int:
    """R7.3, R20.2: what one more turn of `turn_degrees` costs after the chain: the whole turn's cost, counted
    in facing steps of `step_degrees` (45 on squares, 60 on hexes), less what the chain paid, never less than 0
    (nothing is refunded)."""
    steps = steps_of(chain.degrees + turn_degrees, step_degrees)
    return max(0, facing_turn_cost(steps, step_degrees, hex_turns) - chain.paid)


@attrs.frozen
class Pace:
    """R7.1, R7.3: a mover's costs on one step table, in units of 1 / `ap_units` AP (module note).

    `rates` are the distinct rates (mm per AP) its steps are bought at, the floor rate first; a step code's
    cost is `step_units[code]` at the rate number `step_rate[code]`. `turn_units[f][d]` is the cost of turning
    from facing number f to d before a step, `first_turn_units[d]` that of the first step (joined with the
    chain before the move); `start_units` is u before the first step (minus the carried movement) and
    `start_rate` the rate number the carried movement was bought at.
    """

    rates: tuple[int, ...]
    fastest_rate: int
    ap_units: int
    start_units: int
    start_rate: int
    step_units: tuple[int, ...]
    step_rate: tuple[int, ...]
    turn_units: tuple[tuple[int, ...], ...]
    turn_ap: tuple[tuple[int, ...], ...]
    first_turn_units: tuple[int, ...]
    first_turn_ap: tuple[int, ...]
    step_mm: tuple[int, ...]

    def ap_spent(self, units: int) -> int:
        """R7.1: AP spent once the move has cost this many units (see the module's note)."""
        return max(0, -(-units // self.ap_units))

    def budget_units(self, ap_budget: int) -> int:
        """The most units a move may cost and still spend no more than `ap_budget` AP."""
        return ap_budget * self.ap_units

    def after_step(self, units: int, rate_before: int, turn: int, code: int) -> int:
        """R7.1, R7.3: u after a step with this code and a turn of `turn` units before it, from u and the
        rate number of the step before (movement bought at another rate is lost)."""
        units += turn
        if self.step_rate[code] != rate_before:
            units = -(-units // self.ap_units) * self.ap_units
        return units + self.step_units[code]

    def left_mm(self, units: int, rate: int) -> int:
        """R7.1: movement bought and not used after a move that cost `units`, in mm at rate number `rate`."""
        return (self.ap_spent(units) * self.ap_units - units) * self.rates[rate] // self.ap_units


def pace_for(
    table: StepTable,
    bearings: tuple[float, ...],
    start_facing: int,
    profile: MoveProfile,
    carried_mm: int,
    carried_rate: int = 0,
    chain: TurnChain = NO_CHAIN,
) -> Pace:
    """R7.1-R7.4: the costs of this profile on this table.

    `carried_mm` is movement carried into the move, bought at `carried_rate` mm per AP (0: the profile's
    floor rate); it is lost if no step of this profile is bought at that rate. Raises `IllegalMove` when the
    profile cannot move (R14.1 running crouched, R7.2 running with wounded legs, a rate of 0) and
    `ValueError` when the carried movement is negative or a whole AP's worth or more (R7.1: what is left
    over after buying is always less than one AP buys).
    """
    base, climb = profile.rate(), profile.rate(climbing=True)
    if base <= 0 or climb <= 0:
        raise IllegalMove("this character cannot move at all")
    carried_rate = carried_rate or base
    if not 0 <= carried_mm < carried_rate:
        raise ValueError(
            f"carried movement must be 0 to {carried_rate - 1} mm (less than one AP at {carried_rate} mm per AP), "
            f"not {carried_mm}"
        )
    rates = (base,) if climb == base else (base, climb)
    ap_units = math.lcm(*rates)
    codes = range(len(table.step_mms) * GROUNDS)
    mms = tuple(step_mm(table.step_mms[code // GROUNDS], rubble=code % GROUNDS == GROUND_RUBBLE) for code in codes)
    step_rate = tuple(rates.index(climb if code % GROUNDS == GROUND_STAIRS else base) for code in codes)
    units = tuple(mms[code] * ap_units // rates[step_rate[code]] for code in codes)
    # R7.3, R20.2: turns are charged by the facing steps between the facings, `bearings` in facing order.
    count = len(bearings)
    step_degrees = 360.0 / count
    turn_ap = tuple(
        tuple(facing_turn_cost(_steps_apart(f, d, count), step_degrees, profile.hex_turns) for d in range(count))
        for f in range(count)
    )
    facing_bearing = bearings[start_facing]
    first_turn_ap = tuple(
        joined_turn_ap(chain, _signed(facing_bearing, d), step_degrees, profile.hex_turns) for d in bearings
    )
    start_rate = rates.index(carried_rate) if carried_rate in rates else 0
    start_units = -carried_mm * (ap_units // carried_rate) if carried_rate in rates else 0
    return Pace(
        rates=rates,
        fastest_rate=max(rates),
        ap_units=ap_units,
        start_units=start_units,
        start_rate=start_rate,
        step_units=units,
        step_rate=step_rate,
        turn_units=tuple(tuple(ap * ap_units for ap in row) for row in turn_ap),
        turn_ap=turn_ap,
        first_turn_units=tuple(ap * ap_units for ap in first_turn_ap),
        first_turn_ap=first_turn_ap,
        step_mm=mms,
    )


def _steps_apart(a: int, b: int, count: int) -> int:
    """The facing steps of the shorter turn between facing numbers a and b of `count` facings."""
    return min((b - a) % count, (a - b) % count)


def _signed(before: float, after: float) -> float:
    """The signed turn from one bearing to another, -180 (exclusive) to 180."""
    delta = (after - before) % 360
    return delta - 360 if delta > 180 else delta
