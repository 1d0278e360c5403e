"""How much the tactical level thinks per decision, counted in evaluations, never in wall-clock time: the
cells it plans a turn from, the attacks per target its look-ahead branches on, the futures it samples."""

from __future__ import annotations

import attrs

from apcombat.model import Effort


@attrs.frozen
class Budget:
    cells: int  # reachable cells a whole turn is planned from (besides staying put)
    attacks: int  # attack lines kept per target in the look-ahead
    samples: int  # futures drawn per plan by the sampled look-ahead


BUDGETS = {
    Effort.LOW: Budget(cells=4, attacks=1, samples=4),
    Effort.NORMAL: Budget(cells=10, attacks=2, samples=8),
    Effort.HIGH: Budget(cells=24, attacks=3, samples=16),
}


def budget_of(effort: Effort | str) -> Budget:
    return BUDGETS[Effort(effort)]
