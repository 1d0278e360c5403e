"""The activation deck's question (R18.5.1) beside the board: in the side panel, where the unit panel is (nobody
acts while the deck asks), above the turn order, so the map or the table, the turn order and the log stay in
view. Its options are numbered: a digit or the arrows pick one, Enter or a click plays it; Escape hides the
panel (the battlefield's deck key brings it back). It shows what it is given: the question and its options
come from the fight (`Fight.deck_choice`, through `tui.deck_prompt`)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

DECK_KEY = "D"
"""The battlefield's key that shows the deck's question again (free on the map and in table mode)."""

DECK_BINDINGS: list[BindingType] = [
    Binding("escape", "hide", "Hide the deck's question", show=False, id="deck.hide"),
    *(
        Binding(str(digit), f"pick({digit})", f"The deck's option {digit}", show=False, id=f"deck.option_{digit}")
        for digit in range(1, 10)
    ),
]


class DeckPanel(VerticalScroll):
    """The deck's question and its options, beside the board; `answered` gets the option's place (None: hidden).
    At most 60% of the side column (app.tcss), so the turn order keeps its rows below (80 x 24): the panel
    scrolls, to the option highlighted."""

    BINDINGS = DECK_BINDINGS

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.question = ""
        self.labels: list[str] = []
        self.answered: Callable[[int | None], None] = lambda place: None

    def compose(self) -> ComposeResult:
        yield Label("", id="deck-question")
        yield OptionList(id="deck-options")

    def ask(self, question: str, labels: list[str], answered: Callable[[int | None], None]) -> None:
        """Show the question and its options (numbered from 1), the first highlighted, and take the focus."""
        self.question, self.labels, self.answered = question, labels, answered
        self.border_title = "Activation deck"
        self.border_subtitle = f"Enter plays · Esc hides · {DECK_KEY} back"  # on the border: no row of its own
        self.query_one("#deck-question", Label).update(question)
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options([Option(f"{place} {label}", id=str(place)) for place, label in enumerate(labels, 1)])
        options.highlighted = 0
        self.display = True
        options.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The option highlighted in sight: its lines (prompts wrapped at the list's width) scrolled into the panel."""
        options = event.option_list
        width = max(1, options.scrollable_content_region.width)
        heights = [len(Text(str(option.prompt)).wrap(self.app.console, width)) for option in options.options]
        top = options.virtual_region.y + sum(heights[: event.option_index])
        self.scroll_to_region(Region(0, top, 1, heights[event.option_index]), animate=False, immediate=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.answered(event.option_index)

    def action_pick(self, place: int) -> None:
        if place <= len(self.labels):
            self.query_one(OptionList).highlighted = place - 1

    def action_hide(self) -> None:
        if self.display:
            self.answered(None)
