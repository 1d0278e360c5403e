"""The title screen: a new game from the encounters (the demo duel one key away), the autosave, saved games,
replays, the table-fight roster, the attack resolver."""

from __future__ import annotations

from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

LOGO = "A P C O M B A T"


class TitleScreen(Screen):
    """Choose what to play."""

    BINDINGS = [
        Binding("d", "demo", "Demo duel", id="title.demo"),
        Binding("c", "continue", "Continue", id="title.continue"),
        Binding("l", "load", "Load", id="title.load"),
        Binding("r", "replay", "Replays", id="title.replay"),
        Binding("a", "resolver", "Attack resolver", show=False, id="title.resolver"),
        Binding("t", "roster", "Table fight: roster", show=False, id="title.roster"),  # the key line names it
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
                "a: attack resolver   t: table fight roster   ?: keys   q: quit",
                id="title-keys",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.encounters: dict[str, tuple[Path, str, str]] = {}
        self.query_one("#encounters", OptionList).focus()

    def on_screen_resume(self) -> None:
        """Shown, or back from another screen: list the encounters (the roster may have saved one), the
        cursor where it was (at first on the demo duel)."""
        listing = self.query_one("#encounters", OptionList)
        highlighted = listing.highlighted_option
        # After the frame is painted, so that reading the content does not hold up the first frame.
        self.call_after_refresh(self._read_encounters, highlighted.id if highlighted is not None else "duel")

    @work(thread=True, exclusive=True, group="encounters")
    def _read_encounters(self, stem: str | None) -> None:
        """Read every encounter in a thread: the first frame does not wait for the content to load."""
        from apcombat.content import read_encounter

        found: dict[str, tuple[Path, str, str]] = {}
        for path in sorted((self.app.library.root / "encounters").glob("*.toml")):
            loaded = read_encounter(path, self.app.library)
            if loaded.value is None:
                description = "cannot be loaded: " + "; ".join(p.message for p in loaded.problems[:2])
                name = path.stem
            else:
                encounter = loaded.value
                size = f"{encounter.map.width} x {encounter.map.height} map" if encounter.map else "table mode (no map)"
                sides = " vs ".join(
                    f"{sum(1 for u in encounter.units if u.side == s.id)} {s.name}" for s in encounter.sides
                )
                name, description = encounter.name, f"{encounter.description}\n\n{size}; {sides}"
            found[path.stem] = (path, name, description)
        self.app.call_from_thread(self._list_encounters, found, stem)

    def _list_encounters(self, found: dict[str, tuple[Path, str, str]], stem: str | None) -> None:
        listing = self.query_one("#encounters", OptionList)
        listing.clear_options()
        self.encounters = found
        for key, (_, name, _) in found.items():
            listing.add_option(Option(name, id=key))
        if stem in found:
            listing.highlighted = list(found).index(stem)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id in self.encounters:
            _, name, description = self.encounters[event.option.id]
            self.query_one("#encounter-description", Static).update(f"{name}\n\n{description}")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._new_game(event.option.id or "")

    def _new_game(self, stem: str) -> None:
        from apcombat.content import ContentError
        from apcombat.tui.screens.setup import SetupScreen

        path = (
            self.encounters[stem][0]
            if stem in self.encounters
            else self.app.library.root / "encounters" / f"{stem}.toml"
        )
        if not path.exists():
            return
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

    def action_roster(self) -> None:
        from apcombat.tui.screens.roster import RosterScreen

        self.app.push_screen(RosterScreen(self.app.library))

    def action_resolver(self) -> None:
        from apcombat.tui.screens.resolver import ResolverScreen

        self.app.push_screen(ResolverScreen())
