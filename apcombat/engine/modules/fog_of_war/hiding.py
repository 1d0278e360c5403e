"""R21.3, R21.4: hidden characters and what reveals them."""

from __future__ import annotations

from apcombat.engine.events import Event
from apcombat.model import Encounter


def reveal_by_neighbours(state: Encounter, events: list[Event] | None) -> Encounter:
    """R21.4.2 (d), step (1) of every update (R21.1.3): a hidden character with an enemy in the fight, not
    unconscious, in a neighbouring cell and a clear line between them is revealed, in the encounter's order."""
    return state  # filled in by the hidden characters' piece of issue 25
