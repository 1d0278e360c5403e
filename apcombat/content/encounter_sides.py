"""The `[[side]]` tables of an encounter file: a side's fields as the file writes them, flat.

The file keeps a module's side fields (`edge`, `reroll_points`) beside the core's; the state keeps them in the
side's module slots (`model.module_state`). `SideSection` is the table, read with the side's field rules and
named in messages as the file names it; `side()` is the side it describes.
"""

from __future__ import annotations

import attrs

from apcombat.model.ai_settings import DEFAULT_AI, AiSettings
from apcombat.model.encounter import Control, HpShown, Side
from apcombat.model.fates import Edge
from apcombat.model.module_state import MoraleOfSide, RerollsOfSide, SideSlots


@attrs.frozen
class SideSection:
    """One `[[side]]` table: `Side`'s fields, with its modules' state by their flat names."""

    id: str
    name: str
    control: Control = Control.HUMAN
    ai: AiSettings = DEFAULT_AI
    hp_shown: HpShown = HpShown.EXACT
    edge: Edge | None = None  # R18.1.3: where its broken characters flee (None: nearest their start)
    reroll_points: int = 0  # R18.6.1: two buy a re-roll (the `rerolls` module)
    colour: str | None = None  # its colour on the map (`model.side_colours`); None: by its place

    def side(self) -> Side:
        """The side this table describes."""
        slots = SideSlots(morale=MoraleOfSide(edge=self.edge), rerolls=RerollsOfSide(reroll_points=self.reroll_points))
        return Side(self.id, self.name, self.control, self.ai, self.hp_shown, slots, self.colour)
