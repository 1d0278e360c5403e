"""The "While you waited" panel: when control comes back to the player, each action another side played
meanwhile with its effect on the player's units, the newest last. Up/down and Enter on a line moves the map's
cursor there (the panel stays: another line may be chosen; the map's other keys, left/right, still move the
cursor: `BattleView.on_key`); Escape closes it; the battlefield's `W` opens it again. It covers the bottom
of the battlefield (the log and the hint line), never the whole map."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

if TYPE_CHECKING:  # the keys screen lists the panel's keys at start-up, before the game is loaded
    from apcombat.fight import Stretch
    from apcombat.model import Cell

TITLE = "While you waited · Enter: on the map · Esc: close · W: again"


class WaitedPanel(Vertical):
    """The actions of one stretch the player waited through, as `Stretch.lines()` words them."""

    BINDINGS = [Binding("escape", "close", "Close the panel", show=False, id="waited.close")]

    DEFAULT_CSS = """
    WaitedPanel {
        position: absolute;
        width: 100%;
        height: auto;
        max-height: 45%;  /* the map above it stays in sight at 80 x 24 */
        border: round $warning;
        border-title-color: $warning;
        background: $panel;
    }
    WaitedPanel OptionList, WaitedPanel OptionList:focus {
        height: auto;
        max-height: 14;
        border: none;
        padding: 0;
        background: $panel;
    }
    """

    class Chosen(Message):
        """A line was chosen: the cell it happened at."""

        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    class Closed(Message):
        """The panel was closed."""

    def __init__(self, stretch: Stretch) -> None:
        super().__init__()
        self.stretch = stretch
        self.on_top = False  # moved to the top of the screen: a cell chosen on the map was under it
        self.border_title = TITLE

    def compose(self) -> ComposeResult:
        options = [Option(line, id=str(index)) for index, line in enumerate(self.stretch.lines())]
        if not options:
            yield Static("Nothing happened while you waited.")
        yield OptionList(*options)

    def on_mount(self) -> None:
        listed = self.query_one(OptionList)
        listed.highlighted = listed.option_count - 1 if listed.option_count else None
        listed.focus()
        self.call_after_refresh(self.sit_at_bottom)

    def sit_at_bottom(self) -> None:
        """Over the bottom of the screen, above the footer's line (or at its top, `on_top`)."""
        if not self.is_attached:  # closed (or opened again: W W) before its first refresh
            return
        offset = (0, self._top(self.on_top))
        if tuple(self.styles.offset.resolve(self.size, self.screen.size)) != offset:
            self.styles.offset = offset

    def _top(self, on_top: bool) -> int:
        return 0 if on_top else max(0, self.screen.size.height - self.outer_size.height - 1)

    def keep_clear_of(self, rows: tuple[int, int]) -> None:
        """Move to the other end of the screen when the screen's `rows` (a cell chosen on the map: first, past
        the last) are under the panel there and would not be at the other end."""
        if not self.is_attached:
            return
        first, past = rows
        height = self.outer_size.height

        def covers(top: int) -> bool:
            return top < past and first < top + height

        if covers(self._top(self.on_top)) and not covers(self._top(not self.on_top)):
            self.on_top = not self.on_top
            self.sit_at_bottom()

    def on_resize(self) -> None:
        self.sit_at_bottom()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        action = self.stretch.actions[int(event.option.id or 0)]
        cell = action.cell_for(self.stretch.viewing)  # R21.8.1: only a cell of a unit in the side's view
        if cell is not None:
            self.post_message(self.Chosen(cell))

    def action_close(self) -> None:
        self.post_message(self.Closed())
        self.remove()
