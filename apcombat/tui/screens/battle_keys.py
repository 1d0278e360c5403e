"""The battlefield's keys around the fight: undo and redo, the AI's skip, save and load, the view (the acting
unit, the whole map, overlays, zoom, side panels, the legend), the AI's options, the game master's tools,
the command line and dice mode. The game screen mixes them in (`GameScreen`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Input

from apcombat.dice import DiceRequest
from apcombat.engine import CommandError, Event, still_to_act
from apcombat.model import Cell, Pose
from apcombat.tui.battle_layout import PANELS_KEY, BattleFit
from apcombat.tui.deck_prompt import DeckPrompt
from apcombat.tui.next_unit import NextUnitCycle, next_unit_words
from apcombat.tui.overlays import OVERLAY_WORDS
from apcombat.tui.screens.battle_face import BattleFace
from apcombat.tui.screens.dialogs import AskScreen, ask_before_replacing
from apcombat.tui.session import save_name_problem
from apcombat.tui.widgets.deck_panel import DeckPanel
from apcombat.tui.widgets.map_view import MapView
from apcombat.tui.widgets.waited_panel import WaitedPanel


class BattleKeys(BattleFace):
    """The keys around the fight, mixed into the game screen."""

    busy: bool
    battle_fit: BattleFit
    deck: DeckPrompt
    next_unit: NextUnitCycle

    if TYPE_CHECKING:

        def after(self, events: list[Event]) -> None: ...

        def marks_drawn(self) -> tuple[tuple[Cell, int, Pose], ...]: ...

        def focus_battlefield(self) -> None: ...

        def close_waited(self) -> None: ...

        def _ask_from_thread(self, request: DiceRequest) -> int | None: ...

        def leave_aim(self, quietly: bool = False) -> bool: ...

    def action_undo(self) -> None:
        """Back to before the player's last decision, taking back every AI line played since; the AI then
        waits (n lets it go on) instead of playing again at once."""
        if self.busy:
            return
        self.ai.hold()
        try:
            events = self.session.undo_to_human_decision()
        except CommandError as error:
            self.notify(str(error), severity="warning", timeout=6)
            self.hint(str(error))  # said where the player looks: a refusal under the fog names its rule
            return
        self.close_waited()  # what it listed may be undone: W lists what is still played
        if self.session.ai_side() is not None:
            self.hint("undone; the AI waits — n lets it play, ctrl+y redoes")
        self.after(events)

    def action_ai_skip(self) -> None:
        self.ai.skip()

    def action_waited(self) -> None:
        """The "While you waited" panel again."""
        self.ai.show_waited()

    def action_save(self) -> None:
        def save_as(name: str | None) -> None:
            if not name:
                return
            from apcombat.saves import SaveError

            stem = name.strip().removesuffix(".toml")
            if not stem:
                return

            def save(choice: str | None = "replace") -> None:
                if choice != "replace":
                    return
                try:
                    path = self.session.save(self.session.saves / f"{stem}.toml")
                except SaveError as error:
                    self.notify(str(error), severity="error", timeout=10)
                    return
                self.session.name = stem
                self.notify(f"saved to {path}")

            ask_before_replacing(self.app, self.session.saves / f"{stem}.toml", stem == self.session.name, save)

        ask = AskScreen("Save as (a name in the saves folder):", self.session.name, check=save_name_problem)
        self.app.push_screen(ask, save_as)

    def action_load(self) -> None:
        from apcombat.tui.screens.saves import LoadScreen

        self.app.push_screen(LoadScreen(self.session.saves))

    def action_hints(self) -> None:
        self.tutorial.toggle()

    def action_to_active(self) -> None:
        """Put the cursor, and the view, on the acting unit (on a big map it is easily lost)."""
        unit = self.active_unit
        if unit is None or unit.at is None:
            self.hint("no unit on the map is acting")
            return
        view = self.query_one(MapView)
        view.cursor = unit.at
        view.scroll_to_cell(unit.at)  # also when the cursor was there and the view was scrolled away

    def action_next_unit(self) -> None:
        """Put the cursor, and the view, on the player's next unit that has not yet acted this round, saying
        which and why; pressed again, on the one after (in the round's order, back to the first)."""
        sides = self.player_sides()
        come = still_to_act(self.state, sides)
        if not come:
            self.hint(self._none_left(sides))
            return
        index = self.next_unit.pick(self.state, come)
        unit = come[index].unit
        views = self.query(MapView)
        if views and unit.at is not None:
            view = views.first()
            view.cursor = unit.at  # says what a walk there would be: the sentence below comes after it
            view.scroll_to_cell(unit.at)
        self.hint(next_unit_words(come, index, "of yours" if sides is not None else ""))

    def player_sides(self) -> set[str] | None:
        """The sides whose units the next-unit key goes through: the acting unit's when a person plays it
        (hot-seat: the side whose turn it is), else every side no AI plays; None for every side."""
        people = {side.id for side in self.state.sides if side.id not in self.session.ai_settings}
        active = self.active_unit
        return {active.side} if active is not None and active.side in people else people

    def _none_left(self, sides: set[str] | None) -> str:
        state = self.state
        if state.round == 0:
            return "the fight has not started: s starts it, and then u goes to your next unit to act"
        if state.finished:
            return "the fight is over: no unit is left to act"
        active = self.active_unit
        other = "other " if active is not None and (sides is None or active.side in sides) else ""
        whose = "" if sides is None else " of yours"
        return f"no {other}unit{whose} is left to act this round"

    def action_overview(self) -> None:
        """The whole map at once (table mode has none)."""
        if self.state.map is not None:
            from apcombat.tui.screens.overview import OverviewScreen

            self.app.push_screen(OverviewScreen(self.state, self.query_one(MapView).labels, self.marks_drawn()))

    def action_overlay(self, name: str) -> None:
        if name in self.overlays:
            self.overlays.discard(name)
        else:
            self.overlays.add(name)
        shown = ", ".join(word for key, word in OVERLAY_WORDS.items() if key in self.overlays) or "none"
        self.hint(f"map overlays: {shown} (1 sight, 2 watch cones, 3 range bands, 4 cover, 5 reachable; L legend)")
        self.battle_fit.fit()  # the map's lower edge names them
        self.refresh_view()

    def action_zoom(self) -> None:
        """The map's cells larger or smaller (the next zoom; the largest goes back to the smallest)."""
        zoom = self.battle_fit.next_zoom()
        self.hint(f"zoom {zoom}: each cell {2 * zoom} columns by {zoom} lines — z for the next zoom")

    def action_panels(self) -> None:
        """Fold the unit panel and the turn order, or show them (folded below 80 columns at first)."""
        shown = self.battle_fit.toggle_panels()
        self.hint(f"{PANELS_KEY} {'folds' if shown else 'shows'} the unit panel and the turn order")

    def action_deck(self) -> None:
        """The activation deck's question beside the board again, with the focus (R18.5.1)."""
        self.deck.reopen()

    def action_ai_options(self) -> None:
        """The AI's top options for its last decision (its side's, else any side's)."""
        from apcombat.tui.screens.ai_options import show_ai_options

        show_ai_options(self)

    def action_legend(self) -> None:
        from apcombat.tui.screens.legend import LegendScreen

        battlemap = self.session.state.map
        self.app.push_screen(LegendScreen(hexes=battlemap is not None and battlemap.kind == "hex"))

    def action_gm(self) -> None:
        from apcombat.tui.screens.gm import open_gm_menu

        open_gm_menu(self)

    def action_quick_hp(self, sign: str) -> None:
        from apcombat.tui.screens.gm import quick_hp

        quick_hp(self, sign)

    def action_command_line(self) -> None:
        box = self.query_one("#command", Input)
        box.display = True
        box.focus()

    def action_close_command_line(self) -> None:
        box = self.query_one("#command", Input)
        if box.display:
            box.display = False
            self.focus_battlefield()
        elif self.leave_aim():  # Esc while aiming a throw (R22.2): no throw
            return
        elif self.query(WaitedPanel):  # the "While you waited" panel, open while the map has the focus (a click)
            self.close_waited()
        else:  # the deck's question beside the board, while the map has the focus (R18.5.1)
            self.query_one(DeckPanel).action_hide()

    def put_away_command_line(self) -> None:
        """Hot-seat, at a hand-over (R21.8.5): the last player's command box is closed and its unplayed text
        dropped — left open without the keys, the next player's typing would go to the map's keys (an `e` of
        `end` ends the turn)."""
        box = self.query_one("#command", Input)
        box.value = ""
        if box.display:
            box.display = False
            self.focus_battlefield()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "command":
            return
        # `:` opens this line and it stays open after Enter: pressed again from habit, it is no part of the line.
        line = event.value.strip().lstrip(":").strip()
        event.input.value = ""
        if line:
            self.act(line)

    def enable_dice_mode(self, on: bool) -> None:
        self.session.set_dice_prompt(self._ask_from_thread if on else None)
        self.notify("dice mode: every roll is asked for" if on else "dice mode off: the program rolls")
