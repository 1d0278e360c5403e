"""The title screen: a new game from the encounters (the demo duel one key away), the autosave, saved games,
replays, the attack resolver."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from apcombat.content import ContentError, read_encounter

LOGO = "A P C O M B A T"


class TitleScreen(Screen):
    """Choose what to play."""

    BINDINGS = [
        Binding("d", "demo", "Demo duel", id="title.demo"),
        Binding("c", "continue", "Continue", id="title.continue"),
        Binding("l", "load", "Load", id="title.load"),
        Binding("r", "replay", "Replays", id="title.replay"),
        Binding("a", "resolver", "Attack resolver", id="title.resolver"),
        Binding("q", "app.quit", "Quit", id="title.quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title"):
            yield Static(LOGO, id="logo")
            yield Label("Fallout-style action-point skirmish combat", classes="dim")
            with Horizontal(id="title-body"):
                yield OptionList(id="encounters")
                yield Static("", id="encounter-description")
            yield Label(
                "Enter: new game   d: the demo duel   c: continue the autosave   l: load   r: watch a replay   "
                "a: attack resolver   ?: keys   q: quit",
                id="title-keys",
            )
        yield Footer()

    def on_mount(self) -> None:
        listing = self.query_one("#encounters", OptionList)
        self.encounters: dict[str, tuple[Path, str, str]] = {}
        for path in sorted((self.app.library.root / "encounters").glob("*.toml")):
            loaded = read_encounter(path, self.app.library)
            if loaded.value is None:
                description = "cannot be loaded: " + "; ".join(p.text for p in loaded.problems[:2])
                name = path.stem
            else:
                encounter = loaded.value
                size = f"{encounter.map.width} x {encounter.map.height} map" if encounter.map else "table mode (no map)"
                sides = " vs ".join(
                    f"{sum(1 for u in encounter.units if u.side == s.id)} {s.name}" for s in encounter.sides
                )
                name, description = encounter.name, f"{encounter.description}\n\n{size}; {sides}"
            self.encounters[path.stem] = (path, name, description)
            listing.add_option(Option(name, id=path.stem))
        if "duel" in self.encounters:
            listing.highlighted = list(self.encounters).index("duel")
        listing.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id in self.encounters:
            _, name, description = self.encounters[event.option.id]
            self.query_one("#encounter-description", Static).update(f"{name}\n\n{description}")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._new_game(event.option.id or "")

    def _new_game(self, stem: str) -> None:
        if stem not in self.encounters:
            return
        from apcombat.tui.screens.setup import SetupScreen

        path = self.encounters[stem][0]
        try:
            self.app.push_screen(SetupScreen(path, self.app.library))
        except ContentError as error:
            self.notify("\n".join(error.problems), severity="error", timeout=10)

    def action_demo(self) -> None:
        self._new_game("duel")

    def action_continue(self) -> None:
        self.app.open_save(self.app.saves / "autosave.toml")

    def action_load(self) -> None:
        from apcombat.tui.screens.saves import LoadScreen

        self.app.push_screen(LoadScreen(self.app.saves))

    def action_replay(self) -> None:
        from apcombat.tui.screens.saves import LoadScreen

        self.app.push_screen(LoadScreen(self.app.saves, replay=True))

    def action_resolver(self) -> None:
        from apcombat.tui.screens.resolver import ResolverScreen

        self.app.push_screen(ResolverScreen())
