"""The title screen: a new game from the encounters (the demo duel one key away), the autosave, saved games,
replays, the table-fight roster, the attack resolver."""

from __future__ import annotations

import dataclasses

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from apcombat.content.encounter_summary import (
    EncounterSummary,
    checked_summary,
    encounter_summaries,
    units_text,
)
from apcombat.tui.screens.host import host
from apcombat.tui.widgets.key_items import KeyItems
from apcombat.tui.widgets.steady_footer import FittedFooter

LOGO = "A P C O M B A T"
TITLE_KEYS = (
    "Enter: new game",
    "d: the demo duel",
    "c: continue the autosave",
    "l: load",
    "r: watch a replay",
    "e: edit a fight",
    "a: attack resolver",
    "t: table fight roster",
    "h: how to play",
    "s: settings",
    "?: keys",
    "q: quit",
)
"""The title's keys under the list, a line breaking only between two of them."""
YOURS = "yours:"
"""The start of the list id of a fight from the user's own folder (it may share a file name with a built-in)."""
YOURS_MARK = "(yours)"


def described(summary: EncounterSummary) -> str:
    """The text beside the list: the encounter's description, its map and sides; or why it cannot be played."""
    if summary.problem is not None:
        return f"cannot be loaded: {summary.problem}"
    grid = "" if summary.map_kind == "square" else f"{summary.map_kind} "  # R20.1: a hex map says so
    size = f"{summary.map_size[0]} x {summary.map_size[1]} {grid}map" if summary.map_size else "table mode (no map)"
    sides = " vs ".join(f"{name} ({units_text(units)})" for name, units in summary.sides)
    return f"{summary.description}\n\n{size}; {sides}"


class TitleScreen(Screen):
    """Choose what to play."""

    BINDINGS = [
        Binding("d", "demo", "Demo duel", id="title.demo"),
        Binding("c", "continue", "Continue", id="title.continue"),
        Binding("l", "load", "Load", id="title.load"),
        Binding("r", "replay", "Replays", id="title.replay"),
        Binding("e", "edit", "Edit a fight", id="title.edit"),
        Binding("a", "resolver", "Attack resolver", show=False, id="title.resolver"),
        Binding("t", "roster", "Table fight: roster", show=False, id="title.roster"),  # the key line names it
        Binding("h", "how_to_play", "How to play", show=False, id="title.how_to_play"),
        Binding("s", "app.settings", "Settings", show=False, id="title.settings"),
        Binding("q", "app.quit", "Quit", id="title.quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title"):
            yield Static(LOGO, id="logo")
            yield Label("Fallout-style action-point skirmish combat", classes="dim")
            with Horizontal(id="title-body"):
                yield OptionList(id="encounters")
                yield Static("", id="encounter-description")
            yield Static(KeyItems(TITLE_KEYS), id="title-keys")
            claim = host(self.app).autosave_claim
            if claim is not None and claim.shared:  # another app running keeps autosave.toml
                yield Label(
                    f"Another apcombat is running with autosave.toml: this one autosaves to {claim.path.name} "
                    f"(its players' view: apcombat serve --watch {claim.path})",
                    id="title-autosave",
                )

    def on_mount(self) -> None:
        self.encounters: dict[str, EncounterSummary] = {}
        self.query_one("#encounters", OptionList).focus()
        # The footer comes a frame later: it costs the first frame a third of its time, and the line of
        # keys above already names every key.
        self.call_after_refresh(self._add_footer)

    async def _add_footer(self) -> None:
        await self.mount(FittedFooter())
        self.refresh_bindings()  # the footer shows the keys when told they changed, as they did before it came

    def on_screen_resume(self) -> None:
        """Shown, or back from another screen: list the encounters (the roster may have saved one), the
        cursor where it was (at first on the demo duel). The list is read from the files' TOML alone, so the
        first frame has it; reading them in full, which finds the ones that cannot be played, waits for a
        thread."""
        listing = self.query_one("#encounters", OptionList)
        highlighted = listing.highlighted_option
        found = {summary.path.stem: summary for summary in encounter_summaries(host(self.app).content_folder)}
        # The user's own fights (saved from the roster) after the built-in ones, marked as theirs.
        for summary in encounter_summaries(host(self.app).user_folder):
            found[f"{YOURS}{summary.path.stem}"] = dataclasses.replace(summary, name=f"{summary.name} {YOURS_MARK}")
        self._list_encounters(found, highlighted.id if highlighted is not None else "duel")
        # After the frame is painted: the thread loading the content would hold it up.
        self.call_after_refresh(self._check_encounters, list(found.values()))

    @work(thread=True, exclusive=True, group="encounters")
    def _check_encounters(self, summaries: list[EncounterSummary]) -> None:
        """Read every encounter in full, away from the screen (the content is loaded first), and mark the
        ones that cannot be played."""
        checked = (checked_summary(summary, host(self.app).library) for summary in summaries)
        unplayable = [summary for summary in checked if summary.problem]
        if unplayable and not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._mark_unplayable, unplayable)

    def _list_encounters(self, found: dict[str, EncounterSummary], stem: str | None) -> None:
        listing = self.query_one("#encounters", OptionList)
        listing.clear_options()
        self.encounters = found
        listing.add_options(Option(summary.name, id=key) for key, summary in found.items())
        if stem in found:
            listing.highlighted = list(found).index(stem)

    def _mark_unplayable(self, unplayable: list[EncounterSummary]) -> None:
        """List each encounter that cannot be played by its file's name (the user's marked as theirs), which
        its description says why; found by path, since a user's fight may share a built-in one's file name."""
        listing = self.query_one("#encounters", OptionList)
        keys = {summary.path: key for key, summary in self.encounters.items()}
        for summary in unplayable:
            key = keys.get(summary.path)
            if key is not None:
                if key.startswith(YOURS):
                    summary = dataclasses.replace(summary, name=f"{summary.name} {YOURS_MARK}")
                self.encounters[key] = summary
                listing.replace_option_prompt(key, summary.name)  # a problem's summary names its file
        highlighted = listing.highlighted_option
        if highlighted is not None and highlighted.id in self.encounters:
            self._describe(self.encounters[highlighted.id])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id in self.encounters:
            self._describe(self.encounters[event.option.id])

    def _describe(self, summary: EncounterSummary) -> None:
        self.query_one("#encounter-description", Static).update(f"{summary.name}\n\n{described(summary)}")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._new_game(event.option.id or "")

    def _new_game(self, stem: str) -> None:
        from apcombat.content import ContentError
        from apcombat.tui.screens.setup import SetupScreen

        path = (
            self.encounters[stem].path
            if stem in self.encounters
            else host(self.app).content_folder / "encounters" / f"{stem}.toml"
        )
        if not path.exists():
            return
        problem = self.encounters[stem].problem if stem in self.encounters else None
        if problem is not None:
            self.notify(f"{path.name} cannot be played: {problem}", severity="error", timeout=10)
            return
        try:
            self.app.push_screen(SetupScreen(path, host(self.app).library))
        except ContentError as error:
            self.notify("\n".join(error.problems), severity="error", timeout=10)

    def action_demo(self) -> None:
        self._new_game("duel")

    def action_continue(self) -> None:
        """Continue the newest autosave no other app running keeps (this app's own may be it), naming the
        others."""
        from apcombat.saves.autosaving import autosaves
        from apcombat.tui.leaving import nothing_to_continue, others_line

        found = autosaves(host(self.app).saves, own=host(self.app).autosave_path)
        free = next((autosave for autosave in found if not autosave.held), None)
        if free is None:
            self.notify(nothing_to_continue(found, host(self.app).autosave_path), severity="warning")
            return
        host(self.app).open_save(free.path, others_line([autosave for autosave in found if autosave is not free]))

    def action_edit(self) -> None:
        """The editor: on a new fight, the encounter highlighted here, any file, or a draft left unsaved."""
        from apcombat.tui.screens.editor.starting import choose_fight_to_edit

        highlighted = self.query_one("#encounters", OptionList).highlighted_option
        summary = self.encounters.get(highlighted.id or "") if highlighted is not None else None
        choose_fight_to_edit(self.app, (summary.name, summary.path) if summary is not None else None)

    def action_load(self) -> None:
        from apcombat.tui.screens.saves import LoadScreen

        self.app.push_screen(LoadScreen(host(self.app).saves))

    def action_replay(self) -> None:
        from apcombat.tui.screens.saves import LoadScreen

        self.app.push_screen(LoadScreen(host(self.app).saves, replay=True))

    def action_roster(self) -> None:
        from apcombat.tui.screens.roster import RosterScreen

        self.app.push_screen(RosterScreen(host(self.app).library))

    def action_how_to_play(self) -> None:
        from apcombat.tui.screens.how_to_play import HowToPlayScreen

        self.app.push_screen(HowToPlayScreen())

    def action_resolver(self) -> None:
        from apcombat.tui.screens.resolver import ResolverScreen

        self.app.push_screen(ResolverScreen())
