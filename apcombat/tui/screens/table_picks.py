"""Table mode's pick, then act (issue 28, items 1 and 5): a digit picks the unit at that place in the turn order
(1-9, 0 for the tenth), and the game master's keys act on the unit picked and say whom: `-`/`+` its HP, `<`/`>`
its place in the initiative order (`gm order`, R13.2). Nothing picked, they act on the acting unit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

from apcombat.engine import GmOrder
from apcombat.model import Unit
from apcombat.tui.screens.gm import ask_hp_change

if TYPE_CHECKING:  # mixed into the table's screen
    from apcombat.tui.screens.game import GameScreen as _Screen
else:
    _Screen = object

PICK_BINDINGS: list[BindingType] = [
    *(
        Binding(
            str(digit),
            f"pick({digit or 10})",
            f"Pick the unit at place {digit or 10} of the turn order",
            show=False,
            id=f"table.pick_{digit or 10}",
        )
        for digit in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)
    ),
    Binding("less_than_sign", "order_step(-1)", "Picked unit up the turn order", show=False, id="table.order_up"),
    Binding("greater_than_sign", "order_step(1)", "Picked unit down the turn order", show=False, id="table.order_down"),
]


class TablePicks(_Screen):
    """The table screen's picking keys. A pick holds while the same unit acts (a new turn starts with nothing
    picked); an enemy picked is the attack's target too."""

    picked: tuple[str, str | None] | None = None  # the unit picked, and who was acting when it was

    def action_pick(self, place: int) -> None:
        state = self.state
        order = state.order or tuple(unit.id for unit in state.units)
        if place > len(order):
            self.hint(f"no unit at place {place}: {len(order)} in the turn order")
            return
        unit = state.unit(order[place - 1])
        self.picked = (unit.id, state.active)
        self.target = unit.id
        self.hint(f"picked: {unit.name} ({unit.hp} HP, {unit.ap} AP), place {place} — -/+ HP, </> turn order")
        self.refresh_view()

    def picked_unit(self) -> Unit | None:
        """The unit picked, else the acting unit; None when there is neither."""
        state = self.state
        if self.picked is not None and self.picked[1] == state.active:
            picked = self.picked[0]
            if any(unit.id == picked for unit in state.units):  # undo may take away a unit added
                return state.unit(picked)
        return state.unit(state.active) if state.active else None

    def action_quick_hp(self, sign: str) -> None:
        unit = self.picked_unit()
        if unit is None:
            self.notify("nobody picked and nobody acting: a digit picks a unit by its place")
            return
        ask_hp_change(self, unit, sign)

    def action_order_step(self, step: int) -> None:
        """R13.2: the picked unit one place up (`<`) or down (`>`) the initiative order, as `gm order`."""
        unit = self.picked_unit()
        order = self.state.order
        if unit is None or unit.id not in order:
            self.notify("pick a unit in the turn order first: a digit picks it by its place")
            return
        place = order.index(unit.id) + 1 + step
        if not 1 <= place <= len(order):
            self.hint(f"{unit.name} is already {'first' if place < 1 else 'last'} in the turn order")
            return
        self.act(GmOrder(unit.id, place))
