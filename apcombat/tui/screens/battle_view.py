"""What the battlefield shows: the map with its overlays, the path previewed as the cursor moves, the unit
panel, the turn order and the log, redrawn from the engine's state after each command; then the fight goes on
(the AI's next line, the deck's question, the victory once). Mixed into the game screen (`GameScreen`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from textual import events
from textual.widgets import OptionList

from apcombat.engine import fog_on
from apcombat.fight import Stretch, WaitedAction, mark_side, out_of_sight, sees_action, shown_marks
from apcombat.model import Cell, Pose, Unit
from apcombat.model.wording import says
from apcombat.tui.battle_layout import BattleParts
from apcombat.tui.cursor_preview import CursorPreview, cursor_preview
from apcombat.tui.deck_prompt import DeckPrompt
from apcombat.tui.follow import FollowAction
from apcombat.tui.overlays import KeptOverlays
from apcombat.tui.screens.battle_face import BattleFace
from apcombat.tui.screens.hand_over import HandOvers
from apcombat.tui.screens.host import host
from apcombat.tui.tutorial import TutorialBox
from apcombat.tui.widgets.deck_panel import DeckPanel
from apcombat.tui.widgets.event_log import EventLog
from apcombat.tui.widgets.map_view import MapOverlay, MapView
from apcombat.tui.widgets.panels import HintLine, TurnOrder, UnitPanel, side_index
from apcombat.tui.widgets.waited_panel import WaitedPanel


class BattleView(BattleFace):
    """The battlefield's drawing, mixed into the game screen, whose state, cursor path, target and overlays
    it draws."""

    target: str | None
    planned_ap: int
    path: tuple[tuple[Cell, int], ...]
    kept: KeptOverlays
    map_mark: str
    watcher: Unit | None
    deck: DeckPrompt
    hand_overs: HandOvers
    follower: FollowAction | None = None  # made with the map, on the first action it shows

    if TYPE_CHECKING:

        def action_fire(self) -> None: ...

        def action_move(self, run: bool = False) -> None: ...

        def _cursor(self) -> Cell: ...

        def cursor_left_the_run(self) -> None: ...

        def sight_shown(self, overlay: MapOverlay) -> MapOverlay: ...

        def sight_mark(self) -> str: ...

        def aim_shown(self, overlay: MapOverlay) -> MapOverlay: ...

        def aim_mark(self) -> str: ...

        def aim_at(self, cell: Cell) -> None: ...

        def throw_here(self) -> None: ...

        @property
        def aiming(self) -> bool: ...

        def focus_battlefield(self) -> None: ...

    @property
    def map_cursor(self) -> Cell:
        """The map's cursor (table mode has no map)."""
        return self.query_one(MapView).cursor

    def battle_parts(self) -> BattleParts:
        """The widgets the layout sizes (`BattleFit`)."""
        views = self.query(MapView)
        return BattleParts(
            hint_line=self.query_one(HintLine),
            battle=self.query_one("#battle"),
            side=self.query_one("#side"),
            log=self.query_one(EventLog),
            map_view=views.first() if views else None,
        )

    def hints_box(self) -> TutorialBox | None:
        """The demo duel's hints box, if it is on the screen."""
        found = self.query(TutorialBox)
        return found.first() if found else None

    def mount_hints_box(self, box: TutorialBox) -> None:
        """Show the demo duel's hints box over the hint line."""
        self.mount(box, before=self.query_one(HintLine))

    def show_notice(self, text: str, severity: str) -> None:
        """A notice (the app's `notify`) is said in the status line, in yellow or red when it warns (before
        the screen is composed, the notice is left to `on_mount`, which says the app's last one)."""
        for line in self.query(HintLine):
            line.say(text, "" if severity == "information" else severity)

    def rule_in_view(self) -> str | None:
        """The rule F1 opens (its number without the R): the last one the hint line cites, else the last one
        cited by the log's lines in view, else None."""
        from apcombat.tui.rules_book import last_rule_cited

        cited = last_rule_cited(self.query_one(HintLine).said)
        for line in reversed(self.query_one(EventLog).lines_in_view()):
            if cited is not None:
                break
            cited = last_rule_cited(line)
        return cited

    def picked_id(self) -> str | None:
        """The unit the game master picked, marked in the turn order (table mode's, issue 28); None here."""
        return None

    def refresh_view(self) -> None:
        """Redraw everything from the engine's state (cheap: the map redraws only changed lines)."""
        state, active = self.state, self.active_unit
        target = next((unit for unit in state.units if unit.id == self.target), None)  # out of sight: gone
        if target is None or active is None or target.down or target.side == active.side:
            self.target = None  # a target is an enemy of whoever acts (undo may bring back another unit)
        self.show_battlefield(active)
        unseen = out_of_sight(self.session.state, self.session.shown_side())
        nobody = "an enemy out of sight is acting" if unseen else "no unit is acting"  # R21.8.1
        self.query_one(UnitPanel).show(state, active, self.planned_ap, nobody)
        self.query_one(TurnOrder).show(state, self.labels, unseen, self.picked_id())
        self.query_one(EventLog).catch_up(self.session.shown_log, self.session.shown_side())
        for problem in self.session.problems:
            self.notify(problem, severity="error", timeout=10)
        self.session.problems.clear()
        self.hand_overs.go_on()  # before the victory's screen, which the last cover must not hide
        if self.session.fight.victory_due():
            self.say_victory()
        self.refresh_bindings()  # the AI's skip key shows in the footer while an AI acts
        self.ai.go_on()
        self.deck.go_on()
        self.tutorial.follow()

    def say_victory(self) -> None:
        """The victory screen. When another side's command ended the fight, it waits out the pace first: the
        player sees that command on the map (its shot's line, the damage) before the summary covers it, and the
        summary names it."""
        from apcombat.tui.screens.victory import VictoryScreen

        fight = self.session.fight
        last = fight.waiting.last
        side = fight.side_in_control()  # at the end: the only human side, if one
        by_other = last is not None and last.number == len(self.session.game.history) and side not in (None, last.side)
        ended_by = last.told_to(side) if by_other and last is not None and side is not None else ""
        screen = VictoryScreen(self.session, ended_by)
        pace = host(self.app).pace if by_other else 0.0
        if pace > 0:
            self.set_timer(pace, lambda: self.app.push_screen(screen) if self.is_attached else None)
        else:
            self.app.push_screen(screen)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "ai_skip":
            return self.session.ai_side() is not None
        if action == "deck":  # the deck's key, while the deck asks the player (R18.5.1)
            return self.session.fight.deck_choice() is not None
        return True

    def show_battlefield(self, active: Unit | None) -> None:
        self._show_map()

    @property
    def labels(self) -> dict[str, str]:
        """Each unit's letter on the map, by id (the turn order shows them too)."""
        return self.query_one(MapView).labels

    def overlay(self) -> MapOverlay:
        """What the map draws: the overlays kept for the state (those on, see `self.overlays`), the path
        previewed and the target."""
        state, active = self.state, self.active_unit
        marks = self.marks_drawn()
        side = self.session.shown_side()
        if active is None or state.map is None or (side is not None and fog_on(state) and active.side != side):
            return MapOverlay(path=self.path, marks=marks)  # R21.8.4: overlays for the side's own characters
        self.kept.follow(state, active)
        self.kept.ask_for(self.overlays)
        target = next((unit.at for unit in state.units if unit.id == self.target), None)
        self.watcher = self._watching_at(self._cursor())
        shown = self.kept.map_overlay(self.overlays, self.path, target, self.watcher)
        return self.aim_shown(self.sight_shown(attrs.evolve(shown, marks=marks) if marks else shown))

    def marks_drawn(self) -> tuple[tuple[Cell, int, Pose], ...]:
        """The viewing side's last-seen marks as the map draws them (R21.8.4): `?` in the marked enemy's side
        colour, with its pose; none on the game master's screen."""
        side, whole = self.session.shown_side(), self.session.state
        if side is None:
            return ()
        drawn = []
        for mark in shown_marks(self.state, side):
            if mark.at is not None:
                enemy = mark_side(whole, side, mark)
                drawn.append((mark.at, side_index(whole, enemy) if enemy else 0, mark.pose))
        return tuple(drawn)

    def _watching_at(self, cell: Cell) -> Unit | None:
        """The unit on watch (R16.1) in the cell: the map draws its cone while the cursor is on it."""
        unit = self._unit_at(cell)
        return unit if unit is not None and unit.watch is not None else None

    def _show_map(self) -> None:
        """Draw the state with its overlays; the map's title marks overlays not worked out for it yet."""
        view = self.query_one(MapView)
        view.show(self.state, self.overlay())
        stale = self.kept.mark(self.overlays) if self.kept.state is self.state else ""
        viewing = self.session.view_as if self.session.fight.viewing_side() is None else None
        viewed = f"as {says(self.session.state.side(viewing).name, 'sees')} it (g)" if viewing is not None else ""
        mark = " · ".join(said for said in (viewed, self.aim_mark(), self.sight_mark(), stale) if said)
        if mark != self.map_mark:
            self.map_mark = view.border_title = mark

    def _cursor_moved(self, cell: Cell) -> None:
        """Preview a move to the cell under the cursor: path, AP with turns, AP left at each step. Called as
        the cursor moves (in the key's handler), so the frame after the key shows all of it; only the path's
        rows, the hint line and the unit panel are redrawn."""
        active = self.active_unit
        if active is not None and self.state.map is not None:
            self.kept.follow(self.state, active)
        self.cursor_left_the_run()
        if self.aiming:  # R22.2: the blast and the throw's figures follow the cursor instead of a walk
            self.aim_at(cell)
            return
        self.show_cursor_preview(cursor_preview(self.session, self.kept, active, cell))
        if self._watching_at(cell) != self.watcher:
            self._show_map()  # the cone of a watcher under the cursor comes or goes
        self.tutorial.follow()

    def show_cursor_preview(self, shown: CursorPreview) -> None:
        """Draw a previewed path (the cursor's walk, the run `M` asked for) with the AP it would spend, and
        say its hint; only the path's rows, the hint line and the unit panel are redrawn."""
        self.path, self.planned_ap = shown.path, shown.planned_ap
        if shown.hint is not None:
            self.hint(shown.hint)
        self.query_one(MapView).show_path(self.path)
        self.query_one(UnitPanel).show(self.state, self.active_unit, self.planned_ap)

    def on_map_view_cell_chosen(self, message: MapView.CellChosen) -> None:
        """Enter on the map: fire at the enemy under the cursor, else move there. An Enter's choice that
        arrives once a dialog is in front (Enter, Enter or Enter, f sent at once: the first opened the fire
        dialog, still being built) is the dialog's business, not the map's: it is dropped."""
        if not self.is_active:
            return
        if self.aiming:
            self.throw_here()
            return
        unit = self._unit_at(message.cell)
        active = self.active_unit
        if unit is not None and active is not None and unit.side != active.side:
            self.target = unit.id
            self.action_fire()
        elif active is not None:
            self.action_move()

    # ----- following another side's actions (`tui.follow`, driven by `tui.ai_turns`) ------------------------

    @property
    def follows_ai(self) -> bool:
        """Whether the view goes where the AI acts: the `follow` setting, at a pace (at pace 0 the AI's lines
        play at once: the view stays, and the cursor does not jump to each AI unit whose turn begins)."""
        return host(self.app).settings.follow and self.ai.pace > 0

    def follow(self, action: WaitedAction, back: bool) -> None:
        """An AI's line was played: bring it into sight and draw it for the pace (`follow`, a setting; not
        when the line did not wait out the pace: at pace 0 or skipped with n, the lines play at once and the
        "While you waited" panel tells them); say its reason while the AI goes on (`back`: control is the
        player's again, the hint says whose turn)."""
        views = self.query(MapView)
        side = self.session.shown_side()
        if views and sees_action(action, side):  # R21.8.2 b: what the side does not see is not drawn
            if self.follower is None:
                self.follower = FollowAction(views.first(), self.set_timer)
            pace = self.ai.pace if self.ai.paced else 0.0
            units = {unit.id for unit in self.state.units} if side is not None else None
            self.follower.show(action, follow=self.follows_ai, pace=pace, scroll=not back, shown=units)
        if not back:
            self.close_waited()  # the last stretch's list is old news once the AI acts again
        reason = action.reason_for(self.session.shown_side())  # R21.9.3: its own side's only
        if reason and not back:
            self.hint(f"AI: {reason}")

    def show_waited(self, stretch: Stretch) -> None:
        """The "While you waited" panel, over the bottom of the battlefield."""
        self.close_waited()
        self.mount(WaitedPanel(stretch))

    def close_waited(self) -> None:
        panels = self.query(WaitedPanel)
        if panels:
            focused = self.focused is not None and any(panel in self.focused.ancestors for panel in panels)
            panels.remove()
            if focused:
                self.focus_the_play()

    def focus_the_play(self) -> None:
        """The focus to the deck's question while it shows beside the board (R18.5.1), else the battlefield."""
        deck = self.query_one(DeckPanel)
        if deck.display:
            deck.query_one(OptionList).focus()
        else:
            self.focus_battlefield()

    async def on_key(self, event: events.Key) -> None:
        """While the "While you waited" panel has the keys (its list: up/down, Enter), the map's keys it has no
        use for (left/right, h/l, shift+arrows, as the key file names them) still move the map's cursor."""
        focused = self.focused
        if focused is None or not any(isinstance(node, WaitedPanel) for node in focused.ancestors):
            return
        active = self.app.active_bindings.get(event.key)
        if active is not None and not active.binding.action.startswith("scroll_"):  # the list's, the panel's
            return  # or the battlefield's key (the list never scrolls sideways: left/right are the map's)
        for view in self.query(MapView):
            for binding in view._bindings.key_to_bindings.get(event.key, []):
                event.stop()
                await self.app.run_action(binding.action, view)
                return

    def on_waited_panel_chosen(self, message: WaitedPanel.Chosen) -> None:
        for view in self.query(MapView):
            view.cursor = message.cell
            self.call_after_refresh(self._waited_panel_clear_of, view, message.cell)

    def _waited_panel_clear_of(self, view: MapView, cell: Cell) -> None:
        """The cell a line of the panel put the cursor on is not left under the panel."""
        for panel in self.query(WaitedPanel):
            panel.keep_clear_of(view.screen_rows(cell))

    def on_waited_panel_closed(self, message: WaitedPanel.Closed) -> None:
        self.focus_the_play()

    def _unit_at(self, cell: Cell) -> Unit | None:
        return next((u for u in self.state.units if u.at == cell and not u.down), None)
