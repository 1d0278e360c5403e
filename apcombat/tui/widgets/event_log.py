"""The log of events, with the numbers behind each (breakdowns, rolls, damage, armour), scrollable."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import RichLog

from apcombat.engine import Event

KIND_STYLES = {
    "round": "bold",
    "turn": "bold cyan",
    "attack": "bold",
    "down": "bold red",
    "victory": "bold reverse green",
    "interrupt": "bold yellow",
    "ai": "italic",
    "gm": "magenta",
    "undo": "magenta",
    "redo": "magenta",
    "wound": "red",
}


class EventLog(RichLog):
    """Every event the game produced, in order.

    The log's box has a fixed size, so a new line needs no new layout of the screen (RichLog asks for one
    with every line: a whole frame's work on the battlefield); only the scrollbar is brought up to date.
    """

    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=5000, min_width=20, **kwargs)  # type: ignore[arg-type]
        self.shown = 0
        self._last: Event | None = None  # the last event shown, to notice a log that was rewritten

    def add(self, events: Iterable[Event]) -> None:
        """Add these events' lines, then scroll to the end at once (RichLog would scroll after the next frame,
        taking a second frame to show them)."""
        written = False
        for event in events:
            self.write(Text(event.text, style=KIND_STYLES.get(event.kind, "")), scroll_end=False)
            for line in event.data.get("lines", ()):
                self.write(Text("   " + line, style="grey62"), scroll_end=False)
            written = True
        if not written:
            return
        self._scroll_update(self.virtual_size)  # the scrollbar's size and place (a new layout would do it)
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def replace(self, events: list[Event]) -> None:
        """Show exactly these events (after an undo, a load)."""
        self.clear()
        self.add(events)
        self.shown = len(events)
        self._last = events[-1] if events else None

    def catch_up(self, events: list[Event]) -> None:
        """Show the events not shown yet; start over when the events shown are no longer the log's (an undo
        takes events away and adds its own, often leaving the log as long as it was)."""
        if len(events) < self.shown or (self.shown and events[self.shown - 1] is not self._last):
            self.replace(events)
            return
        self.add(events[self.shown :])
        self.shown = len(events)
        self._last = events[-1] if events else None
