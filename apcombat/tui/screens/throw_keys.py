"""The throw key (`T`, R22.2): pick the thrown weapon (when the acting unit carries more than one kind), move the
map's cursor to the target cell while the map draws the blast's bands around it and the hint line says the
engine's chance, breakdown, AP, reach and whom it catches; Enter throws (asking first when friends are in the
blast), Esc leaves. After the throw, the landing cell is marked on the map and the log has the dice. Mixed into
the game screen (`GameScreen`); every figure comes from the engine's preview (`tui.throw_aim`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from apcombat.engine import Event, Throw, fog_on, visible_enemies
from apcombat.model import Cell, Unit
from apcombat.tui.follow import landing_of, throw_trace
from apcombat.tui.overlays import side_sight
from apcombat.tui.screens.battle_face import BattleFace
from apcombat.tui.screens.dialogs import ChoiceScreen
from apcombat.tui.throw_aim import Aim, AimView, aim_view, belt, friends_question
from apcombat.tui.widgets.map_view import MapOverlay, MapView


class ConfirmThrow(ModalScreen[bool]):
    """The confirm step before a throw whose blast catches friends: Enter throws, Esc does not."""

    BINDINGS = [
        Binding("enter,y", "answer(True)", "Throw", id="throw.confirm"),
        Binding("escape,n", "answer(False)", "Back", id="throw.cancel"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="throw-confirm"):
            yield Label(self.question, classes="dialog-title")

    def action_answer(self, throw: bool) -> None:
        self.dismiss(throw)


class ThrowKeys(BattleFace):
    """The throw key and the aiming it starts, mixed into the game screen."""

    aim: Aim | None = None
    aimed: AimView | None = None
    _marked = False  # a throw's landing is marked on the map
    _seen: tuple[object, frozenset[Cell] | None] = (None, None)  # the state, and the cells its side sees

    if TYPE_CHECKING:

        def _with_active(self, acting: bool = True) -> Unit | None: ...

        def _show_map(self) -> None: ...

    def action_throw(self) -> None:
        """R22.2.1: aim a thrown weapon the acting unit carries; asked which when it carries several kinds."""
        unit = self._with_active()
        if unit is None:
            return
        if self.state.map is None:
            self.notify("at the table a throw is typed: throw WHO ITEM at Ncm (R22.9.1)")
            return
        carried = belt(unit)
        if not carried:
            self.notify(f"{unit.name} carries no thrown weapons (R22.1.2)", severity="warning")
            return
        if len(carried) == 1:
            self.start_aim(unit, carried[0][0])
            return

        def chosen(item: str | None) -> None:
            active = self.active_unit
            if item and active is not None and active.id == unit.id:
                self.start_aim(active, item)

        self.app.push_screen(ChoiceScreen(f"{unit.name} throws what?", carried), chosen)

    def start_aim(self, unit: Unit, item: str) -> None:
        """The cursor picks the target cell: it starts on the enemy targeted, else the nearest one seen."""
        stock = unit.thrown_stock(item)
        if stock is None:
            return
        self.aim = Aim(unit.id, item, stock.weapon)
        view = self.query_one(MapView)
        if view.cursor == unit.at:
            start = self._first_target(unit)
            if start is not None:
                view.cursor = start  # its listener aims there
                return
        self.aim_at(view.cursor)

    def _first_target(self, unit: Unit) -> Cell | None:
        enemies = [enemy for enemy in visible_enemies(self.session.acting_view(), unit) if enemy.at is not None]
        target = getattr(self, "target", None)
        chosen = next((enemy for enemy in enemies if enemy.id == target), None)
        if chosen is None and enemies and unit.at is not None:
            x, y = unit.at
            chosen = min(enemies, key=lambda e: abs(e.at[0] - x) + abs(e.at[1] - y) if e.at else 0)
        return chosen.at if chosen is not None else None

    @property
    def aiming(self) -> bool:
        """Whether the cursor picks a throw's target cell."""
        return self.aim is not None

    def aim_at(self, cell: Cell) -> None:
        """The cursor is on `cell` while aiming: the blast drawn around it, the hint line's sentence."""
        aim, unit = self.aim, self.active_unit
        if aim is None:
            return
        if unit is None or unit.id != aim.unit or unit.thrown_count(aim.item) == 0:
            self.leave_aim()
            return
        self.aimed = aim_view(self.state, aim, cell, self.session.preview, self._seen_cells(unit))
        self.hint(self.aimed.hint)
        self._show_map()

    def _seen_cells(self, unit: Unit) -> frozenset[Cell] | None:
        """Under the fog of war the blast is drawn on the cells the side sees only (R21.8.4)."""
        state = self.state
        if not fog_on(state):
            return None
        if self._seen[0] is not state:
            self._seen = (state, side_sight(state, unit))
        return self._seen[1]

    def aim_shown(self, overlay: MapOverlay) -> MapOverlay:
        """The map's overlays with the blast being aimed."""
        aim, unit = self.aim, self.active_unit
        if aim is not None and (unit is None or unit.id != aim.unit or unit.thrown_count(aim.item) == 0):
            self.aim = self.aimed = None  # another unit acts, or an undo took the turn back: the aim goes
        if self.aim is None or self.aimed is None:
            return overlay
        return attrs.evolve(overlay, blast=self.aimed.cells)

    def aim_mark(self) -> str:
        """The map's title while aiming."""
        return "" if self.aim is None else f"throwing the {self.aim.name}"  # the hint line gives the keys

    def throw_here(self) -> None:
        """Enter while aiming: throw at the cursor's cell, after the confirm step when friends are caught."""
        aimed = self.aimed
        if aimed is None:
            return
        if aimed.command is None:
            self.notify(aimed.hint.split(" — ")[0], severity="warning", timeout=6)
            return
        command = aimed.command
        if not aimed.friends:
            self._throw(command)
            return

        def answered(throw: bool | None) -> None:
            if throw:
                self._throw(command)

        self.app.push_screen(ConfirmThrow(friends_question(aimed.friends) + " Enter / Esc"), answered)
        # Esc goes back to aiming: the cursor still moves the blast

    def _throw(self, command: Throw) -> None:
        self.leave_aim(quietly=True)
        self.act(command)

    def leave_aim(self, quietly: bool = False) -> bool:
        """Esc while aiming: no throw; whether there was an aim to leave."""
        if self.aim is None:
            return False
        name = self.aim.name
        self.aim, self.aimed = None, None
        self._show_map()
        if not quietly:
            self.hint(f"no throw: the {name} stays on the belt")
        return True

    def landing_marks(self, events: list[Event]) -> None:
        """After a command, the aiming ends; after a throw, the landing cell is marked on the map (the target
        cell too on a miss, R22.4) until the next command; the log's line has the d100 and the scatter dice."""
        self.leave_aim(quietly=True)  # any command played ends the aiming (a walk with m, a shot with f)
        views = self.query(MapView)
        landing = landing_of(events)
        if not views or (landing is None and not self._marked):
            return
        occupied = {unit.at for unit in self.state.units if unit.at is not None}
        shown = {unit.id for unit in self.state.units} if fog_on(self.state) else None  # the side's view
        views.first().show_trace(throw_trace(events, occupied, shown))
        self._marked = landing is not None
        if landing is not None:
            views.first().scroll_to_cell(landing)
