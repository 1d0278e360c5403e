"""Spreading fires (R18.3) in the baseline AI's choices: a unit in a fire walks out of it (R18.3.1: 2d10+5 as
its next turn starts). Paths never enter fires (the engine refuses them), so no move walks into one; what a
flamer's stream on flammable ground is worth is in `fire_risk`."""

from __future__ import annotations

from apcombat.ai.baseline.proposal import Proposal
from apcombat.ai.baseline.situation import Situation
from apcombat.engine.modules.fire_spread.damage import in_a_fire

LEAVE_FIRE = 70.0
"""The score of walking out of a fire: above every attack but one that deals a great deal now."""


class LeaveFireAction:
    """Walk out of a fire to the nearest cell that is not burning, out of the enemies' sight if one is as near
    (R18.3.1: 2d10+5 as the next turn starts)."""

    name = "leave_fire"

    def propose(self, situation: Situation) -> Proposal | None:
        me, state = situation.me, situation.state
        if state.interrupt is not None or me.at is None or not in_a_fire(state, me):
            return None
        assert state.map is not None
        options = [
            (ap, len(situation.seen_by(cell)), cell[1], cell[0])
            for cell, ap in situation.reach.items()
            if cell != me.at and not state.map.burning(cell) and f"move {me.id} {cell[0]},{cell[1]}" in situation.legal
        ]
        if not options:
            return None
        ap, _, y, x = min(options)
        reason = f"{me.name} walks out of the fire at {me.at[0]},{me.at[1]} to {x},{y} ({ap} AP, R18.3.1)"
        return Proposal(LEAVE_FIRE, f"move {me.id} {x},{y}", reason)
