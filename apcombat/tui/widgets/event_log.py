"""The log of events, with the numbers behind each (breakdowns, rolls, damage, armour), scrollable.

A fight of a thousand commands logs thousands of lines. The log keeps each line as text and draws only the
rows in view (Textual's Line API), so that opening a save or taking back a command costs about as much as
the rows on screen: an undo drops the lines of the events it took back instead of writing the log again.
Each line is wrapped to the log's width as Textual's RichLog would (the same look, the same rows)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable

from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text
from textual.events import Resize
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

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

DETAIL_STYLE = "grey62"
"""The style of the lines under an event (its breakdown, rolls, damage)."""

MIN_WIDTH = 20
"""Lines are wrapped to the log's width, but never narrower than this."""

_CACHED_LINES = 2000
"""At most this many lines' rows are kept drawn; the rows in view are always among them."""


def event_lines(event: Event) -> list[tuple[str, str]]:
    """The lines one event shows, each with its style: its text, then each line of its details, indented."""
    return [
        (event.text, KIND_STYLES.get(event.kind, "")),
        *(("   " + line, DETAIL_STYLE) for line in event.data.get("lines", ())),
    ]


class EventLog(ScrollView):
    """Every event the game produced, in order, the newest at the bottom in view."""

    DEFAULT_CSS = """
    EventLog {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
        &:focus {
            background-tint: $foreground 5%;
        }
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.shown = 0
        self._events: list[Event] = []  # the events shown, in order
        self._event_ends: list[int] = []  # for each event shown, how many lines there are up to its end
        self._lines: list[tuple[str, str]] = []  # every line, unwrapped, with its style (a Text when drawn)
        self._row_ends: list[int] = []  # for each line, how many rows there are up to its end (when wrapped)
        self._width = 0  # the width the lines are wrapped to; 0 while the log's size is not known
        self._drawn: dict[int, list[Strip]] = {}  # rows of lines already drawn at this width, by line

    # ----- what the game screen calls ------------------------------------------------------------------------

    def add(self, events: Iterable[Event]) -> None:
        """Show these events after those shown."""
        for event in events:
            self._events.append(event)
            self._lines += event_lines(event)
            self._event_ends.append(len(self._lines))
        self.shown = len(self._events)
        self._wrap_from(len(self._row_ends))
        # At once, not after the next refresh: the frame that shows a command's result shows its log lines too.
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def replace(self, events: list[Event]) -> None:
        """Show exactly these events (after a load, or a step of a replay)."""
        self._keep(0)
        self.add(events)

    def catch_up(self, events: list[Event]) -> None:
        """Show the log `events` as it is now: the events an undo took back are dropped, the new ones added."""
        kept = self._shared(events)
        if kept < len(self._events):
            self._keep(kept)
        self.add(events[kept:])

    def lines_in_view(self) -> list[str]:
        """The text of every log line with a row in view, oldest first (each line whole, as the event gave it)."""
        top = self.scroll_offset.y
        bottom = top + max(1, self.scrollable_content_region.height) - 1
        first, last = bisect_right(self._row_ends, top), bisect_right(self._row_ends, bottom)
        return [self._lines[line][0] for line in range(first, min(last + 1, len(self._lines)))]

    @property
    def lines(self) -> list[Strip]:
        """Every row of the log as drawn at its width, those out of view too (for tests and exports)."""
        return [row for line in range(len(self._lines)) for row in self._rows(line)]

    # ----- keeping the lines -----------------------------------------------------------------------------------

    def _shared(self, events: list[Event]) -> int:
        """How many events at the start of `events` are the ones shown. A game's log only loses events at its
        end (undo) and gains them there, so the first shown event still in place, from the end, tells."""
        kept = min(len(events), len(self._events))
        while kept and events[kept - 1] is not self._events[kept - 1]:
            kept -= 1
        return kept

    def _keep(self, count: int) -> None:
        """Keep only the first `count` events shown."""
        lines = self._event_ends[count - 1] if count else 0
        del self._events[count:], self._event_ends[count:], self._lines[lines:], self._row_ends[lines:]
        for line in [line for line in self._drawn if line >= lines]:
            del self._drawn[line]
        self.shown = count
        self._resize_virtually()

    def _wrap_from(self, first: int) -> None:
        """Count the rows of the lines from `first` on at the log's width (the short ones without drawing)."""
        if not self._width:
            return  # counted when the size is known
        rows = self._row_ends[first - 1] if first else 0
        for line in range(first, len(self._lines)):
            plain = self._lines[line][0]
            if "\n" in plain or cell_len(plain) > self._width:
                rows += len(self._rows(line))
            else:
                rows += 1
            self._row_ends.append(rows)
        self._resize_virtually()

    def _resize_virtually(self) -> None:
        size = Size(self._width, self._row_ends[-1] if self._row_ends else 0)
        if size != self.virtual_size:
            # The stylesheet gives the log its height, so more rows change no layout: the scrollbar and the
            # log are updated alone, instead of the whole screen being laid out again after every command.
            self.set_reactive(ScrollView.virtual_size, size)
            self._scroll_update(size)
        self.refresh()

    def on_resize(self, event: Resize) -> None:
        width = max(self.scrollable_content_region.width, MIN_WIDTH)
        if width != self._width:
            self._width = width
            self._drawn.clear()
            del self._row_ends[:]
            self._wrap_from(0)
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn.clear()  # a line's rows are drawn with the app's styles

    # ----- drawing -----------------------------------------------------------------------------------------------

    def _rows(self, line: int) -> list[Strip]:
        """The rows of one line, wrapped at the log's width (rendered as RichLog renders a line it is given)."""
        rows = self._drawn.get(line)
        if rows is None:
            if len(self._drawn) >= _CACHED_LINES:
                self._drawn.clear()
            plain, style = self._lines[line]
            text = Text(plain, style=style)
            console = self.app.console
            width = min(max(cell_len(part) for part in plain.split("\n")), self._width)
            width = max(width, MIN_WIDTH)
            segments = console.render(text, console.options.update_width(width))
            rows = Strip.from_lines(list(Segment.split_lines(segments))) or [Strip.blank(width)]
            self._drawn[line] = rows
        return rows

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        row = scroll_y + y
        line = bisect_right(self._row_ends, row)
        if line >= len(self._row_ends):
            return Strip.blank(width, self.rich_style)
        first_row = self._row_ends[line - 1] if line else 0
        rows = self._rows(line)
        strip = rows[min(row - first_row, len(rows) - 1)]  # the rows counted are the rows drawn; never past them
        return strip.crop_extend(scroll_x, scroll_x + width, self.rich_style).apply_style(self.rich_style)
