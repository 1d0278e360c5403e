"""The problems `apcombat check` would report for the fight as it is now: their count, each in one sentence;
Enter or a click on one jumps the map's cursor to its cell or unit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from apcombat.editor import EditorSession
from apcombat.editor.checking import Spot

READY = "No problems: ready to play (f10)"


class ProblemList(OptionList):
    """The problems, one an option; Escape goes back to the map."""

    BINDINGS = [Binding("escape", "back", "Back to the map", show=False, id="editor.problems_back")]

    def action_back(self) -> None:
        self.post_message(ProblemsPanel.Back())


class ProblemsPanel(Vertical):
    """The count in the title, every problem in one sentence; or that the fight is ready to play."""

    class Jump(Message):
        """The game master chose a problem: show where it is."""

        def __init__(self, spot: Spot) -> None:
            super().__init__()
            self.spot = spot

    class Back(Message):
        """Back to the map from the list."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.spots: tuple[Spot, ...] | None = None

    def compose(self) -> ComposeResult:
        yield Static("Problems: checking…", id="editor-problems-title", classes="section")
        yield ProblemList(id="editor-problems-list")

    def show(self, session: EditorSession) -> None:
        """Nothing to draw until the checks of this state are in (`show_spots`): they run off the key's frame."""

    def show_spots(self, spots: tuple[Spot, ...]) -> None:
        """The problems of the fight as it is now."""
        titles, listings = self.query("#editor-problems-title"), self.query(ProblemList)
        if spots == self.spots or not titles or not listings:
            return  # the same, or the panel's parts already taken down (the editor leaving as a check came in)
        self.spots = spots
        title, listing = titles.first(Static), listings.first()
        highlighted = listing.highlighted
        listing.clear_options()
        if not spots:
            title.update(READY)
            listing.display = False
            return
        title.update(f"Problems ({len(spots)}): e to go to one")
        listing.display = True
        listing.add_options(Option(f"• {spot.sentence}") for spot in spots)
        if highlighted is not None:
            listing.highlighted = min(highlighted, len(spots) - 1)

    def words(self) -> str:
        """What the panel says: its title, then each problem on a line."""
        title = str(self.query_one("#editor-problems-title", Static).render())
        return "\n".join([title, *(f"• {spot.sentence}" for spot in self.spots or ())])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.spots is not None and 0 <= event.option_index < len(self.spots):
            self.post_message(self.Jump(self.spots[event.option_index]))
