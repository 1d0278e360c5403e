"""Saved games: load one, or watch its replay (the replay viewer: `screens.replay`)."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from apcombat.saves import SaveError, list_saves
from apcombat.tui.screens.host import host
from apcombat.tui.widgets.steady_footer import FittedFooter


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
        yield FittedFooter()

    def on_mount(self) -> None:
        listings = self.query(OptionList)
        if not listings:  # left before it mounted (keys in a burst: l, Escape, ctrl+q): nothing to list
            return
        listing = listings.first()
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
            from apcombat.tui.screens.replay import ReplayScreen  # the map and the engine: not at start-up

            try:
                screen = ReplayScreen(path)
            except SaveError as error:
                self.notify(str(error), severity="error", timeout=10)
                return
            self.app.switch_screen(screen)
        else:
            host(self.app).open_save(path)
