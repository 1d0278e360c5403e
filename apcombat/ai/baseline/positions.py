"""Where to stand: the worth of a cell as a firing position (R1.3 range bands, R9.2 cover, how many enemies
see it) and the walking distance to the nearest enemy, for the Advance and Watch candidates."""

from __future__ import annotations

from collections import deque
from functools import cached_property

from apcombat.ai.baseline.situation import Situation
from apcombat.model import Cell
from apcombat.rules.ranges import range_band

FIRING, CAN_FIRE_NOW, COVERED, EXPOSED = 10.0, 5.0, 3.0, 2.0
"""A cell from which an enemy is in sight and range is worth FIRING, plus CAN_FIRE_NOW when the AP left
after the move pay for an attack, plus COVERED behind cover from that enemy, less EXPOSED for every other
enemy that sees it."""


class Positions:
    """Judges cells for one decision of the acting unit (cached in the situation's lifetime)."""

    def __init__(self, situation: Situation) -> None:
        self.situation = situation

    @cached_property
    def cheapest_attack(self) -> int:
        """AP of the cheapest attack the gun in hand makes (single, else burst)."""
        carried = self.situation.me.weapon
        if carried is None:
            return 99
        weapon = carried.weapon
        costs = [cost for cost in (weapon.ap_single, weapon.ap_burst) if cost > 0]
        return min(costs, default=99)

    def firing_value(self, cell: Cell, ap_left: int) -> float:
        """The cell's worth as a firing position; 0 when no enemy is in sight and in range from it."""
        situation = self.situation
        carried = situation.me.weapon
        if carried is None:
            return 0.0
        weapon, seen_by = carried.weapon, situation.seen_by(cell)
        best = 0.0
        for enemy in seen_by:
            assert enemy.at is not None
            band = range_band(weapon, situation.distance(cell, enemy.at))
            if band is None:
                continue
            value = FIRING + weapon.ranges.band(band).mod / 10
            if ap_left >= self.cheapest_attack:
                value += CAN_FIRE_NOW
            if situation.protected_from(cell, enemy):
                value += COVERED
            best = max(best, value)
        if best == 0.0:
            return 0.0
        return best - EXPOSED * (len(seen_by) - 1)

    @cached_property
    def walking_distance(self) -> dict[Cell, int]:
        """Steps from every passable cell to the nearest standing enemy, around walls (one search)."""
        state = self.situation.state
        battlemap, grid = state.map, self.situation.grid
        assert battlemap is not None
        starts = [enemy.at for enemy in self.situation.enemies if enemy.at is not None]
        distance = dict.fromkeys(starts, 0)
        queue = deque(starts)
        while queue:
            cell = queue.popleft()
            for step in grid.steps(cell):
                to = step.to
                if to in distance or not battlemap.inside(to) or battlemap.at(to).blocks_movement:
                    continue
                distance[to] = distance[cell] + 1
                queue.append(to)
        return distance

    def steps_to_enemy(self, cell: Cell) -> int:
        return self.walking_distance.get(cell, 10_000)
