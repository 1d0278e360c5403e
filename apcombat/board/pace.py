"""How fast a mover goes, counted exactly: AP, millimetres and turns in one integer unit (R7.1-R7.4, R14.1).

Movement is bought in whole AP at the mover's rate (R7.1), a step into stairs at the climbing rate, a step
into rubble costs twice its millimetres (R7.4), and turns are paid in whole AP (R7.3). So that paths can be
compared exactly, every cost is counted in *units* where one AP is `ap_units` units (the least common
multiple of the rates involved): a step of m millimetres at rate r costs m * ap_units / r units and a turn
of k AP costs k * ap_units units.

A path that has paid T AP of turns and m units of movement, starting with c units of movement carried
over (always less than one AP's worth), has spent T + ceil(max(0, m - c) / ap_units) AP, which equals
ceil((T * ap_units + m - c) / ap_units). The AP spent thus grows with the single number
u = T * ap_units + m, and among paths of equal AP a smaller u leaves more movement carried over, so the
path search minimises u.
"""

from __future__ import annotations

import math

import attrs

from apcombat.board.survey import GROUND_RUBBLE, GROUND_STAIRS, GROUNDS, StepTable
from apcombat.model import Pose
from apcombat.rules.movement import (
    IllegalMove,
    angle_between,
    ap_for_movement,
    movement_rate,
    step_mm,
    turn_cost,
)


@attrs.frozen
class MoveProfile:
    """R7.1, R7.2, R14.1: how a character moves: its pose, whether it runs, its leg-wound factor."""

    pose: Pose
    running: bool = False
    movement_factor: float = 1.0
    running_forbidden: bool = False

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
class Pace:
    """R7.1, R7.3: a mover's costs on one step table, in units of 1 / `ap_units` AP.

    `fastest_rate` is the most mm one AP buys anywhere (walking or climbing, whichever is faster).
    `step_units[code]` is the cost of a step with that step code, `turn_units[f][d]` the cost of turning
    from facing number f to d before a step, and `carried_units` the movement carried into the move.
    """

    base_rate: int
    fastest_rate: int
    ap_units: int
    carried_units: int
    step_units: tuple[int, ...]
    turn_units: tuple[tuple[int, ...], ...]
    turn_ap: tuple[tuple[int, ...], ...]
    step_mm: tuple[int, ...]

    def ap_spent(self, units: int) -> int:
        """R7.1: AP spent once the move has cost this many units (see the module's note)."""
        return max(0, -((self.carried_units - units) // self.ap_units))

    def budget_units(self, ap_budget: int) -> int:
        """The most units a move may cost and still spend no more than `ap_budget` AP."""
        return ap_budget * self.ap_units + self.carried_units

    def bought(self, move_units: int) -> tuple[int, int]:
        """R7.1: (AP bought, movement left over in mm at the base rate) after `move_units` of movement."""
        ap, left_units = ap_for_movement(move_units, self.carried_units, self.ap_units)
        return ap, left_units * self.base_rate // self.ap_units


def pace_for(table: StepTable, bearings: tuple[float, ...], profile: MoveProfile, carried_mm: int) -> Pace:
    """R7.1-R7.4: the costs of this profile on this table; `carried_mm` is counted at the base rate.

    Raises `IllegalMove` when the profile cannot move (R14.1 running crouched, R7.2 running with wounded
    legs, a rate of 0) and `ValueError` when the carried movement is negative or a whole AP's worth or more
    (R7.1: what is left over after buying is always less than one AP buys).
    """
    base, climb = profile.rate(), profile.rate(climbing=True)
    if base <= 0 or climb <= 0:
        raise IllegalMove("this character cannot move at all")
    if not 0 <= carried_mm < base:
        raise ValueError(
            f"carried movement must be 0 to {base - 1} mm (less than one AP at {base} mm per AP), not {carried_mm}"
        )
    ap_units = math.lcm(base, climb)
    codes = range(len(table.step_mms) * GROUNDS)
    mms = tuple(step_mm(table.step_mms[code // GROUNDS], rubble=code % GROUNDS == GROUND_RUBBLE) for code in codes)
    units = tuple(mms[code] * ap_units // (climb if code % GROUNDS == GROUND_STAIRS else base) for code in codes)
    turn_ap = tuple(tuple(turn_cost(angle_between(f, d)) for d in bearings) for f in bearings)
    return Pace(
        base_rate=base,
        fastest_rate=max(base, climb),
        ap_units=ap_units,
        carried_units=carried_mm * (ap_units // base),
        step_units=units,
        turn_units=tuple(tuple(ap * ap_units for ap in row) for row in turn_ap),
        turn_ap=turn_ap,
        step_mm=mms,
    )
