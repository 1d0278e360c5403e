"""ctrl+l on the battlefield: the whole log on the whole screen, every line of every event (each burst's rounds,
each action's dice, each AI command with its reason), scrolled by keys, searched (`/`, then n and N go from
match to match, every match highlighted) and filtered by unit, side and kind (`apcombat.tui.log_filter` says
which events each keeps). Escape goes back to the battlefield. It shows the log as it was when opened."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input, Label, Static

from apcombat.engine import Event
from apcombat.model import Encounter
from apcombat.tui.log_filter import KIND_CHOICES, LogFilter, filtered, step
from apcombat.tui.log_folding import FULL
from apcombat.tui.widgets.event_log import EventLog
from apcombat.tui.widgets.key_items import KeyItems
from apcombat.tui.widgets.steady_footer import FittedFooter

HELP_LINE = KeyItems(
    (
        "↑↓ PgUp PgDn Home End scroll",
        "/ search, n / N next / previous match",
        "u / U unit",
        "s / S side",
        f"k / K kind ({', '.join(KIND_CHOICES)})",
        "c every line",
        "Esc back",
    ),
    " · ",
)
"""The whole log's keys, a line breaking only between two of them (never "u / U" from "unit")."""


class FullLogScreen(Screen[None]):
    """Every line of the fight's log, with its filters and search."""

    DEFAULT_CSS = """
    FullLogScreen #full-log { height: 1fr; }
    FullLogScreen #full-log-status { width: 100%; background: $boost; text-style: bold; }
    FullLogScreen #full-log-help { width: 100%; color: $text-muted; }
    FullLogScreen #full-log-search { display: none; }
    """

    BINDINGS = [
        Binding("slash", "search", "Search", id="full_log.search"),
        Binding("n", "next_match(1)", "Next match", id="full_log.next"),
        Binding("N", "next_match(-1)", "Previous match", show=False, id="full_log.previous"),
        Binding("u", "unit(1)", "Unit", id="full_log.unit"),
        Binding("U", "unit(-1)", "Unit back", show=False, id="full_log.unit_back"),
        Binding("s", "side(1)", "Side", id="full_log.side"),
        Binding("S", "side(-1)", "Side back", show=False, id="full_log.side_back"),
        Binding("k", "kind(1)", "Kind", id="full_log.kind"),
        Binding("K", "kind(-1)", "Kind back", show=False, id="full_log.kind_back"),
        Binding("c", "clear", "Every line", show=False, id="full_log.clear"),
        Binding("escape", "back", "Back", id="full_log.back"),
    ]

    def __init__(self, events: Sequence[Event], state: Encounter) -> None:
        super().__init__()
        self.events = list(events)
        self.state = state
        self.filter = LogFilter()
        self.search = ""
        self.found: list[int] = []  # the lines the search found, in the lines shown
        self.at = -1  # the place in `found` of the match the log stands on

    def compose(self) -> ComposeResult:
        yield Label("", id="full-log-status")
        yield EventLog(detail=FULL, id="full-log")
        yield Input(placeholder="search: words, Enter finds them, Escape closes", id="full-log-search")
        yield Static(HELP_LINE, id="full-log-help")
        yield FittedFooter()

    def on_mount(self) -> None:
        self._show()
        self.log_view.focus()

    @property
    def log_view(self) -> EventLog:
        return self.query_one("#full-log", EventLog)

    # ----- what is shown -------------------------------------------------------------------------------------

    def _show(self) -> None:
        """The events the filter keeps, the search's matches among their lines highlighted."""
        shown = filtered(self.events, self.state, self.filter)
        self.log_view.replace(shown)
        self.found = self.log_view.matches(self.search)
        self.at = -1
        self.log_view.highlight(self.search)
        self._say(len(shown))

    def _say(self, events: int | None = None) -> None:
        status = f"The whole log: {events if events is not None else self.log_view.shown} of {len(self.events)} "
        status += f"events · {self.filter.words(self.state)}"
        if self.search:
            where = f"{self.at + 1} of {len(self.found)}" if self.at >= 0 else f"{len(self.found)}"
            lines = "line" if len(self.found) == 1 else "lines"
            status += f" · “{self.search}”: {where} {lines}" if self.found else f" · no line holds “{self.search}”"
        self.query_one("#full-log-status", Label).update(status)

    # ----- keys ----------------------------------------------------------------------------------------------

    def action_unit(self, by: int) -> None:
        units = [unit.id for unit in self.state.units]
        self.filter = LogFilter(step(units, self.filter.unit, by), self.filter.side, self.filter.kind)
        self._show()

    def action_side(self, by: int) -> None:
        sides = [side.id for side in self.state.sides]
        self.filter = LogFilter(self.filter.unit, step(sides, self.filter.side, by), self.filter.kind)
        self._show()

    def action_kind(self, by: int) -> None:
        self.filter = LogFilter(self.filter.unit, self.filter.side, step(KIND_CHOICES, self.filter.kind, by))
        self._show()

    def action_clear(self) -> None:
        self.filter, self.search = LogFilter(), ""
        self._show()

    def action_search(self) -> None:
        box = self.query_one("#full-log-search", Input)
        box.display = True
        box.value = self.search
        box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._close_search()
        self.search = event.value.strip()
        self.found = self.log_view.matches(self.search)
        top = self.log_view.scroll_offset.y
        below = [place for place, line in enumerate(self.found) if self.log_view.row_of(line) >= top]
        self._go_to(below[0] if below else 0)

    def action_next_match(self, by: int) -> None:
        if not self.search:
            self.notify("/ searches first: type the words, Enter finds them")
            return
        if not self.found:
            self._say()
            return
        self._go_to((self.at + by) % len(self.found) if self.at >= 0 else (0 if by > 0 else len(self.found) - 1))

    def _go_to(self, place: int) -> None:
        """Stand on the search's match at `place` in `found` (nothing when it found nothing)."""
        self.at = place if self.found else -1
        self.log_view.highlight(self.search, self.found[place] if self.found else -1)
        self._say()

    def _close_search(self) -> None:
        box = self.query_one("#full-log-search", Input)
        box.display = False
        self.log_view.focus()

    def action_back(self) -> None:
        """Escape: closes the search box, else goes back to the battlefield."""
        if self.query_one("#full-log-search", Input).display:
            self._close_search()
            return
        self.dismiss(None)
