"""The replay viewer: a save's fight from its start, one command at a time, on the battlefield's map.

It plays on by itself at the AI pace of the settings (space plays and pauses), steps forth and back (→/n, ←/p,
home, end: a step pauses the play), zooms and fits the terminal as the battlefield does (`BattleFit`), shows
the acting unit's panel and the turn order beside the map when they fit, and its log is the fight's log up to
the command shown. Each command shown goes through `follow` (the one place that brings the action into view).
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer

from apcombat.fight import action_of
from apcombat.model import Encounter
from apcombat.tui.battle_layout import PANELS_KEY, BattleFit, BattleParts
from apcombat.tui.follow import FollowAction
from apcombat.tui.replay_tape import ReplayStep, ReplayTape, acting_unit
from apcombat.tui.screens.host import host
from apcombat.tui.widgets.event_log import EventLog
from apcombat.tui.widgets.map_view import MapOverlay, MapView
from apcombat.tui.widgets.panels import HintLine, TurnOrder, UnitPanel
from apcombat.tui.widgets.steady_footer import SteadyFooter

HAND_STEP_SHOWN = 3.0
"""Seconds the shot's line and damage stay drawn after a step by hand (→, ←): time to read them."""

SHORTEST_FRAME = 0.05
"""Seconds each command stays in view while the replay plays at pace 0: every command is still seen, not
skipped over (20 commands a second)."""

TO_THE_END = 1_000_000  # a step past any fight's last command


class NoHintsBox:
    """The replay has no tutorial box over its position line (the layout asks for the rows one takes)."""

    rows = 0


class ReplayScreen(Screen):
    """A save's fight from its start, one command at a time, played on at the pace or stepped by hand."""

    BINDINGS = [
        Binding("space", "play", "Play/pause", id="replay.play"),
        # Priority: the log has the focus and would take the arrows, home and end for its scrolling.
        Binding("right,n", "step(1)", "Next", id="replay.next", priority=True),
        Binding("left,p", "step(-1)", "Back", id="replay.previous", priority=True),
        Binding("end", f"step({TO_THE_END})", "To the end", id="replay.end", priority=True, show=False),
        Binding("home", f"step(-{TO_THE_END})", "To the start", id="replay.start", priority=True, show=False),
        Binding("z", "zoom", "Zoom", id="replay.zoom"),
        Binding(PANELS_KEY, "panels", "Side panels", id="replay.panels", show=False),
        Binding("L", "legend", "Legend", id="replay.legend", show=False),
        Binding("escape", "app.pop_screen", "Close", id="replay.close"),
    ]

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.tape = ReplayTape(path)  # a SaveError says why the save cannot be watched
        self.position = 0
        self.player: Timer | None = None  # the timer of the next command while the replay plays
        self.note = ""  # a word about the last key (a zoom, the panels folded), said until the next command
        self.overlays: set[str] = set()  # the replay draws no overlays; the map's lower edge says so
        self.tutorial = NoHintsBox()
        self.battle_fit = BattleFit(self)
        self.zoom_pressed = False  # `z` was pressed: the settings' default zoom no longer applies

    def compose(self) -> ComposeResult:
        with Horizontal(id="battle"):
            yield MapView(id="map")
            with Vertical(id="side"):
                yield UnitPanel(id="unit")
                yield TurnOrder(id="order")
        yield HintLine("", id="replay-position")
        yield EventLog(id="log")
        yield SteadyFooter()

    def on_mount(self) -> None:
        view = self.query_one(MapView)
        view.can_focus = False  # the arrows step the replay; the log keeps the focus and scrolls
        self.follower = FollowAction(view, self.set_timer)
        self.query_one(HintLine).on_rows = lambda rows: self.battle_fit.fit()
        self.battle_fit.zoom_chosen = host(self.app).settings.chosen_zoom
        self.show()
        self.battle_fit.fit()
        self.query_one(EventLog).focus()

    def on_resize(self) -> None:
        self.battle_fit.fit()

    def on_screen_resume(self) -> None:
        self.battle_fit.fit()  # the terminal may have changed size under a dialog

    def refresh_view(self) -> None:
        """The settings changed (the settings screen over this one): the default zoom applies unless `z` chose
        one; the pace is read at each command."""
        if not self.zoom_pressed:
            self.battle_fit.zoom_chosen = host(self.app).settings.chosen_zoom
        self.battle_fit.fit()
        self.show()

    # ----- what BattleFit needs ------------------------------------------------------------------------------

    @property
    def state(self) -> Encounter:
        """The state after the commands shown."""
        return self.tape.state_at(self.position)

    def battle_parts(self) -> BattleParts:
        return BattleParts(
            hint_line=self.query_one(HintLine),
            battle=self.query_one("#battle"),
            side=self.query_one("#side"),
            log=self.query_one(EventLog),
            map_view=self.query_one(MapView),
        )

    def hint(self, text: str) -> None:
        self.note = text
        self.say_position()

    # ----- keys ----------------------------------------------------------------------------------------------

    def action_play(self) -> None:
        """Play on at the pace, or pause; at the end, play again from the start."""
        if self.player is not None:
            self.pause()
            self.say_position()
            return
        if self.position >= self.tape.length:
            self.go_to(0)
        self.player = self.set_timer(self._frame(), self._play_next)
        self.say_position()

    def action_step(self, step: int) -> None:
        """A step by hand: forth or back `step` commands (kept within the fight); the play pauses."""
        self.pause()
        self.go_to(self.position + step)

    def action_zoom(self) -> None:
        """The map's cells larger or smaller, as on the battlefield."""
        if self.state.map is None:
            self.hint("a fight without a map (table mode): nothing to zoom")
            return
        self.zoom_pressed = True
        zoom = self.battle_fit.next_zoom()
        self.hint(f"zoom {zoom}: each cell {2 * zoom} columns by {zoom} lines — z for the next zoom")

    def action_panels(self) -> None:
        shown = self.battle_fit.toggle_panels()
        self.hint(f"{PANELS_KEY} {'folds' if shown else 'shows'} the unit panel and the turn order")

    def action_legend(self) -> None:
        from apcombat.tui.screens.legend import LegendScreen

        battlemap = self.state.map
        self.app.push_screen(LegendScreen(hexes=battlemap is not None and battlemap.kind == "hex"))

    # ----- playing -------------------------------------------------------------------------------------------

    def pause(self) -> None:
        if self.player is not None:
            self.player.stop()
            self.player = None

    def _frame(self) -> float:
        """Seconds a command is shown while playing: the pace in effect now (a change in the settings applies
        at the next command), never under SHORTEST_FRAME."""
        return max(host(self.app).pace, SHORTEST_FRAME)

    def _play_next(self) -> None:
        self.player = self.set_timer(self._frame(), self._play_next)  # first: the line shown says it plays
        self.go_to(self.position + 1)
        if self.position >= self.tape.length:  # the end: the play stops there and the line says so
            self.pause()
            self.say_position()

    def go_to(self, wanted: int) -> None:
        """Show the state after `wanted` commands (as far as the save's history can be played)."""
        wanted = max(0, min(self.tape.length, wanted))
        reached = self.tape.reach(wanted)
        if reached < wanted:
            self.pause()
            self.notify(f"the replay stops: {self.tape.stopped}", severity="error")
        if reached == self.position:
            self.say_position()
            return
        self.position = reached
        self.note = ""
        self.show()
        self.follow(self.tape.step(reached))

    # ----- what is shown -------------------------------------------------------------------------------------

    def follow(self, step: ReplayStep) -> None:
        """The command just shown, as the battlefield shows another side's (apcombat/tui/follow.py): the view
        brings its acting unit (the cursor on it) and target into sight on a map larger than the view (unless the
        settings say not to follow the action), the shot's line and damage are drawn while it is shown, its
        reason is said."""
        action = action_of(step.before, step.after, step.events, step.entry, step.position) if step.entry else None
        following = host(self.app).settings.follow
        actor = acting_unit(step.events, step.before)
        cell = step.after.unit(actor).at if actor is not None else None
        if following and cell is not None:  # the cursor marks who acted
            view = self.query_one(MapView)
            view.cursor = cell
            view.scroll_to_cell(cell)  # also when the cursor was there and the view was scrolled away
        if action is None:
            return
        shown = self._frame() if self.player is not None else HAND_STEP_SHOWN
        self.follower.show(action, follow=following, pace=shown)
        if action.reason:
            self.note = f"AI: {action.reason}"
            self.say_position()

    def show(self) -> None:
        """Draw the state after the commands shown: the map, the acting unit's panel, the turn order, the log."""
        step = self.tape.step(self.position)
        state = step.after
        view = self.query_one(MapView)
        view.show(state, MapOverlay())
        actor = acting_unit(step.events, step.before) or state.active
        self.query_one(UnitPanel).show(state, state.unit(actor) if actor is not None else None)
        self.query_one(TurnOrder).show(state, view.labels)
        self.query_one(EventLog).catch_up(self.tape.log_at(self.position))
        self.say_position()

    def say_position(self) -> None:
        """The position line: the command shown, whether the replay plays, and the keys."""
        length = self.tape.length
        line = self.tape.step(self.position).line
        if self.player is not None:
            keys = f"▶ playing, {self._frame():g} s a command"
        elif self.position >= length:
            keys = "the end of the replay: space plays it from the start"
        else:
            keys = "space plays, →/n next, ←/p back"
        said = f"Replay: command {self.position} of {length} — {line} · {keys}"
        self.query_one(HintLine).say(f"{said} · {self.note}" if self.note else said)
