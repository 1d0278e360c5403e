"""Saved games: load one, or watch its replay step by step."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option

from apcombat.dice import DiceError
from apcombat.engine import CommandError, Game
from apcombat.model import Encounter
from apcombat.saves import SaveError, list_saves, read_save
from apcombat.tui.screens.host import host
from apcombat.tui.widgets.event_log import EventLog
from apcombat.tui.widgets.map_view import MapOverlay, MapView
from apcombat.tui.widgets.panels import TurnOrder


class LoadScreen(Screen):
    """The saves folder's saves, newest first; damaged ones say what is wrong with them."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="load.back")]

    def __init__(self, folder: Path, replay: bool = False) -> None:
        super().__init__()
        self.folder = folder
        self.replay = replay

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            what = "Watch the replay of" if self.replay else "Load"
            yield Label(f"{what} a save from {self.folder}", classes="dialog-title")
            yield OptionList(id="saves")
        yield Footer()

    def on_mount(self) -> None:
        listing = self.query_one(OptionList)
        infos = list_saves(self.folder) if self.folder.exists() else []
        for info in infos:
            when = info.modified.strftime("%Y-%m-%d %H:%M")
            if info.problem:
                listing.add_option(Option(f"{info.name} — damaged: {info.problem}", id=str(info.path), disabled=True))
            else:
                listing.add_option(
                    Option(f"{info.name} — {info.encounter}, round {info.round} ({when})", id=str(info.path))
                )
        if not infos:
            listing.add_option(Option("no saves yet (ctrl+s saves a game)", disabled=True))
        usable = [index for index, info in enumerate(infos) if not info.problem]
        if usable:  # so Enter loads the newest save at once
            listing.highlighted = usable[0]
        listing.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        path = Path(event.option.id or "")
        if self.replay:
            try:
                screen = ReplayScreen(path)
            except SaveError as error:
                self.notify(str(error), severity="error", timeout=10)
                return
            self.app.switch_screen(screen)
        else:
            host(self.app).open_save(path)


class ReplayScreen(Screen):
    """A save's fight from its start, one command at a time."""

    BINDINGS = [
        Binding("right,n,space", "step(1)", "Next", id="replay.next"),
        Binding("left,p", "step(-1)", "Back", id="replay.previous"),
        Binding("end", "step(1000000)", "To the end", id="replay.end"),
        Binding("home", "step(-1000000)", "To the start", id="replay.start"),
        Binding("escape", "app.pop_screen", "Close", id="replay.close"),
    ]

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.save = read_save(path)
        self.position = 0
        # The save's history is played once, one command further each time a step goes past what has been
        # played: every position's state and log length are kept, so a step back or forth costs one command
        # at most, not a replay from the start.
        self.game = Game(self.save.start, self.save.seed)
        self.steps: list[tuple[Encounter, int]] = [(self.game.state, 0)]  # after each command played
        self.stopped: str | None = None  # why the history cannot be played further

    def compose(self) -> ComposeResult:
        with Horizontal(id="battle"):
            yield MapView(id="map")
            with Vertical(id="side"):
                yield Label("", id="replay-position")
                yield TurnOrder(id="order")
        yield EventLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def action_step(self, step: int) -> None:
        wanted = max(0, min(len(self.save.history), self.position + step))
        self.position = min(wanted, self._played_to(wanted))
        if self.position < wanted:
            self.notify(f"the replay stops: {self.stopped}", severity="error")
        self.show()

    def _played_to(self, position: int) -> int:
        """Play the history on to `position` (as far as it can be played); the last position reached."""
        while len(self.steps) <= position and self.stopped is None:
            try:
                self.game.play_again(self.save.history[len(self.steps) - 1])
            except (CommandError, DiceError) as error:
                self.stopped = str(error)
                break
            self.steps.append((self.game.state, len(self.game.log)))
        return len(self.steps) - 1

    def show(self) -> None:
        state, logged = self.steps[self.position]
        self.query_one(MapView).show(state, MapOverlay())
        self.query_one(TurnOrder).show(state, self.query_one(MapView).labels)
        self.query_one(EventLog).catch_up(self.game.log[:logged])
        line = self.save.history[self.position - 1].line if self.position else "(the start)"
        self.query_one("#replay-position", Label).update(
            f"Replay: command {self.position} of {len(self.save.history)}\n{line}\n→/n next, ←/p back"
        )
