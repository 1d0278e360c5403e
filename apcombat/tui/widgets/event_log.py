"""The log of events, with the numbers behind each (breakdowns, rolls, damage, armour), scrollable.

A fight of a thousand commands logs thousands of lines. The log keeps each line as text and draws only the
rows in view (Textual's Line API), so that opening a save or taking back a command costs about as much as
the rows on screen: an undo drops the lines of the events it took back instead of writing the log again.
Each line is wrapped to the log's width as Textual's RichLog would (the same look, the same rows).

What an event shows follows the player's `log_detail` setting (`apcombat.tui.log_folding`): in `short`, a
burst is one line (a click on it shows its rounds, again folds them) and an action's dice for a re-roll are
folded into it (`R` shows them); `full` shows every line. The full log (ctrl+l) is one in `full` that also
highlights what a search found."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text
from textual._context import NoActiveAppError
from textual.events import Click, Resize
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from apcombat.engine import Event
from apcombat.tui.log_folding import DETAIL, DICE_KIND, FULL, LogLine, foldable, shown_lines

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


MATCH_STYLE = "reverse"
CURRENT_MATCH_STYLE = "bold reverse yellow"
"""A search's matches in the full log, and the one it stands on."""


def styled(line: LogLine) -> tuple[str, str]:
    """A line's text and its style."""
    return line.text, DETAIL_STYLE if line.kind == DETAIL else KIND_STYLES.get(line.kind, "")


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

    def __init__(self, detail: str | None = None, **kwargs: object) -> None:
        """`detail`: "short" or "full" whatever the settings say (None: as the player's `log_detail` says)."""
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.fixed_detail = detail
        self.laid_out_in = ""  # the detail the lines are laid out in
        self.unfolded: set[int] = set()  # the places of the events unfolded (short detail)
        self.search = ""  # the full log's search: its matches are highlighted
        self.current_match = -1  # the line the search stands on
        self.shown = 0
        self.side: str | None = None  # whose log it shows (R21.8.3; None: everything)
        self._events: list[Event] = []  # the events shown, in order
        self._event_ends: list[int] = []  # for each event shown, how many lines there are up to its end
        self._lines: list[tuple[str, str]] = []  # every line, unwrapped, with its style (a Text when drawn)
        self._row_ends: list[int] = []  # for each line, how many rows there are up to its end (when wrapped)
        self._width = 0  # the width the lines are wrapped to; 0 while the log's size is not known
        self._drawn: dict[int, list[Strip]] = {}  # rows of lines already drawn at this width, by line

    # ----- what the game screen calls ------------------------------------------------------------------------

    def add(self, events: Iterable[Event]) -> None:
        """Show these events after those shown."""
        self.laid_out_in = self.detail
        for event in events:
            self._events.append(event)
            self._lines += self._lines_of(len(self._events) - 1)
            self._event_ends.append(len(self._lines))
        self.shown = len(self._events)
        self._wrap_from(len(self._row_ends))
        # At once, not after the next refresh: the frame that shows a command's result shows its log lines too.
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def replace(self, events: list[Event]) -> None:
        """Show exactly these events (after a load, or a step of a replay)."""
        self._keep(0)
        self.unfolded.clear()
        self.add(events)

    def catch_up(self, events: list[Event], side: str | None = None) -> None:
        """Show the log `events` as it is now: the events an undo took back are dropped, the new ones added;
        all of it laid out again when the player changed the log's detail, or when it is another side's log
        (`side`, R21.8.3: another side reads other lines in other words)."""
        if (self.laid_out_in and self.laid_out_in != self.detail) or side != self.side:
            self.side = side
            self.replace(events)
            return
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
    def detail(self) -> str:
        """How much the log shows: "short" or "full" (`apcombat.tui.log_folding`)."""
        if self.fixed_detail is not None:
            return self.fixed_detail
        try:
            app = self.app
        except NoActiveAppError:  # not in an app (yet): every line
            return FULL
        settings: Any = getattr(app, "settings", None)
        return str(getattr(settings, "log_detail", FULL))

    def toggle(self, place: int) -> bool:
        """Unfold the event at `place` (its rounds, its dice), or fold it again; False if it has nothing
        folded."""
        if not 0 <= place < len(self._events) or not foldable(self._events[place], self.detail):
            return False
        self.unfolded ^= {place}
        self._lay_out_again(place)
        return True

    def show_dice(self) -> bool:
        """Unfold the last action's dice for a re-roll (`R` asks which die); False if none is folded."""
        for place in range(len(self._events) - 1, -1, -1):
            if self._events[place].kind == DICE_KIND:
                if place not in self.unfolded and self.toggle(place):
                    self.scroll_end(animate=False, immediate=True, x_axis=False)
                    return True
                return False
        return False

    def text_lines(self) -> list[str]:
        """The text of every line, in order (a line wrapped over several rows is one line)."""
        return [text for text, _ in self._lines]

    def matches(self, words: str) -> list[int]:
        """The lines holding `words` (in any case), in order."""
        wanted = words.casefold()
        return [place for place, (text, _) in enumerate(self._lines) if wanted and wanted in text.casefold()]

    def highlight(self, words: str, current: int = -1) -> None:
        """Highlight `words` wherever they stand (the line `current` more), and bring that line into view."""
        if (words, current) != (self.search, self.current_match):
            self.search, self.current_match = words, current
            self._drawn.clear()
            self.refresh()
        if 0 <= current < len(self._row_ends):
            top = self._row_ends[current - 1] if current else 0
            height = max(1, self.scrollable_content_region.height)
            if not self.scroll_offset.y <= top < self.scroll_offset.y + height:
                self.scroll_to(y=max(0, top - height // 3), animate=False, immediate=True)

    def row_of(self, line: int) -> int:
        """The first row of a line in the whole log (wrapped at its width)."""
        return self._row_ends[line - 1] if 0 < line <= len(self._row_ends) else 0

    def event_at_row(self, row: int) -> int | None:
        """The place of the event whose line is drawn at this row of the whole log (None: below the end)."""
        line = bisect_right(self._row_ends, row)
        if line >= len(self._lines):
            return None
        return bisect_right(self._event_ends, line)

    def on_click(self, event: Click) -> None:
        """A click on a burst's line shows its rounds (short detail), another folds them again."""
        inside = event.get_content_offset(self)
        place = self.event_at_row(self.scroll_offset.y + inside.y) if inside is not None else None
        if place is not None and self.toggle(place):
            event.stop()

    @property
    def lines(self) -> list[Strip]:
        """Every row of the log as drawn at its width, those out of view too (for tests and exports)."""
        return [row for line in range(len(self._lines)) for row in self._rows(line)]

    # ----- keeping the lines -----------------------------------------------------------------------------------

    def _lines_of(self, place: int) -> list[tuple[str, str]]:
        lines = shown_lines(self._events[place], self.laid_out_in, place in self.unfolded)
        return [styled(line) for line in lines]

    def _lay_out_again(self, place: int) -> None:
        """The lines of the event at `place` drawn again (it was folded or unfolded); those after it move."""
        start = self._event_ends[place - 1] if place else 0
        end = self._event_ends[place]
        lines = self._lines_of(place)
        self._lines[start:end] = lines
        moved = len(lines) - (end - start)
        for later in range(place, len(self._event_ends)):
            self._event_ends[later] += moved
        del self._row_ends[start:]
        for line in [line for line in self._drawn if line >= start]:
            del self._drawn[line]
        self._wrap_from(start)

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
        self.unfolded = {place for place in self.unfolded if place < count}
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
            if self.search:
                found = CURRENT_MATCH_STYLE if line == self.current_match else MATCH_STYLE
                text.highlight_regex(re.compile(re.escape(self.search), re.IGNORECASE), found)
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
