"""A line of keys and what they do ("d: the demo duel   c: continue the autosave ..."), wrapped only between
two items, so that no key is parted from its words ("r:" at a line's end, "watch a replay" on the next)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

SEPARATOR = "   "


class KeyItems:
    """Items joined by three spaces (or `separator`); a line breaks between two items, never inside one that
    fits a line."""

    def __init__(self, items: Sequence[str], separator: str = SEPARATOR) -> None:
        self.items, self.separator = tuple(items), separator

    def lines(self, width: int) -> list[str]:
        """The items packed into lines of at most `width` columns (an item wider than that on a line of its own)."""
        lines: list[str] = []
        for item in self.items:
            joined = f"{lines[-1]}{self.separator}{item}" if lines else item
            if lines and cell_len(joined) <= width:
                lines[-1] = joined
            else:
                lines.append(item)
        return lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n".join(self.lines(options.max_width)))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        longest = max((cell_len(item) for item in self.items), default=0)
        return Measurement(min(longest, options.max_width), cell_len(self.separator.join(self.items)))
