"""Table mode's pick, then act (issue 28, items 1 and 5): a digit picks the unit at that place in the turn order (1-9, 0
for the tenth), and the game master's keys act on the unit picked and say whom: `-`/`+` its HP, `b` `E` `U` `H` a
condition (burning R6.2, exhaustion R14.3, unconscious and a head wound R12.1), `A` its AP, `P` its pose (the next
one), `K` in cover or not, `N` the game master's note on it, `<`/`>` its place in the initiative order (`gm order`,
R13.2). Nothing picked, they act on the acting unit. Each is a `gm` command, logged."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

from apcombat.engine import GmOrder, GmSet
from apcombat.model import Pose, Unit
from apcombat.tui.screens.dialogs import AskScreen
from apcombat.tui.screens.gm import ask_condition_amount, ask_hp_change
from apcombat.tui.screens.notes import ask_note
from apcombat.tui.widgets.panels import TurnOrder

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
    Binding("b", "condition('burning')", "Burning for the picked unit", show=False, id="table.burning"),
    Binding("E", "condition('exhaustion')", "Exhaustion for the picked unit", show=False, id="table.exhaustion"),
    Binding("U", "condition('unconscious')", "Unconscious: the picked unit", show=False, id="table.unconscious"),
    Binding("H", "condition('head')", "Head wound for the picked unit", show=False, id="table.head"),
    Binding("A", "set_ap", "AP of the picked unit", show=False, id="table.set_ap"),
    Binding("P", "next_pose", "The picked unit's next pose", show=False, id="table.next_pose"),
    Binding("K", "toggle_cover", "The picked unit in cover or not", show=False, id="table.toggle_cover"),
    Binding("N", "note", "A note on the picked unit (the GM's)", show=False, id="table.note"),
    Binding("less_than_sign", "order_step(-1)", "Picked unit up the turn order", show=False, id="table.order_up"),
    Binding("greater_than_sign", "order_step(1)", "Picked unit down the turn order", show=False, id="table.order_down"),
]


class TablePicks(_Screen):
    """The table screen's picking keys. A pick holds while the same unit acts (a new turn starts with nothing
    picked); an enemy picked is the attack's target too."""

    picked: tuple[str, str | None] | None = None  # the unit picked, and who was acting when it was

    def action_pick(self, place: int) -> None:
        state = self.state
        order = state.turn_order
        if place > len(order):
            self.hint(f"no unit at place {place}: {len(order)} in the turn order")
            return
        unit = state.unit(order[place - 1])
        self.picked = (unit.id, state.active)
        self.target = unit.id
        self.hint(f"picked: {unit.name}, place {place} ({unit.hp} HP) — the keys - + b E U H A P K N < > act on it")
        self.refresh_view()

    def on_turn_order_picked(self, message: TurnOrder.Picked) -> None:
        """A click on a unit's line in the turn order picks it."""
        state = self.state
        order = state.turn_order
        if message.unit_id in order:
            self.action_pick(order.index(message.unit_id) + 1)

    def action_target(self, step: int) -> None:
        """Tab / shift+Tab: the next enemy standing, picked as the attack's target and the game master's keys'."""
        super().action_target(step)
        if self.target is not None:
            self.picked = (self.target, self.state.active)

    def picked_id(self) -> str | None:
        """The unit picked while the unit acting now acts; None when nothing is."""
        state = self.state
        if self.picked is None or self.picked[1] != state.active:
            return None
        return self.picked[0] if any(unit.id == self.picked[0] for unit in state.units) else None

    def picked_unit(self) -> Unit | None:
        """The unit picked, else the acting unit; None when there is neither."""
        state = self.state
        picked = self.picked_id()  # undo may take away a unit added
        if picked is not None:
            return state.unit(picked)
        return state.unit(state.active) if state.active else None

    def action_quick_hp(self, sign: str) -> None:
        unit = self._gm_unit()
        if unit is not None:
            ask_hp_change(self, unit, sign)

    def _gm_unit(self) -> Unit | None:
        unit = self.picked_unit()
        if unit is None:
            self.notify("nobody picked and nobody acting: a digit picks a unit by its place")
        return unit

    def action_condition(self, name: str) -> None:
        unit = self._gm_unit()
        if unit is not None:
            ask_condition_amount(self, unit, name)

    def action_set_ap(self) -> None:
        unit = self._gm_unit()
        if unit is None:
            return

        def answered(value: str | None) -> None:
            if value and value.strip():
                self.act(GmSet(unit.id, (("ap", value.strip()),)))

        # AP are the turn's (R13.2): a unit not acting gets its fresh AP when its turn starts, whatever is set now.
        later = "" if unit.id == self.state.active else "; its turn starts with fresh AP, R13.2"
        self.app.push_screen(AskScreen(f"AP of {unit.name} (now {unit.ap}{later}):", placeholder="5"), answered)

    def action_next_pose(self) -> None:
        """R8.1: upright, crouched, prone, upright ... (the game master's word: no AP spent)."""
        unit = self._gm_unit()
        if unit is not None:
            poses = list(Pose)
            pose = poses[(poses.index(unit.pose) + 1) % len(poses)]
            self.act(GmSet(unit.id, (("pose", pose.value),)))

    def action_toggle_cover(self) -> None:
        unit = self._gm_unit()
        if unit is not None:
            self.act(GmSet(unit.id, (("in_cover", "false" if unit.in_cover else "true"),)))

    def action_note(self) -> None:
        unit = self._gm_unit()
        if unit is not None:
            ask_note(self, unit)

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
