"""F1: the rules reference (docs/rules.md) in the app, a section at a time, found by rule number or by word.

From the battlefield it opens at the rule the hint line cites (its last rule number), else at the rule the
newest log line cites, else at the top."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Markdown, OptionList
from textual.widgets.option_list import Option, OptionDoesNotExist

from apcombat.tui.rules_book import RulesBook, load_rules_book
from apcombat.tui.widgets.steady_footer import FittedFooter


class RulesScreen(ModalScreen[None]):
    """A list of the reference's sections beside the chosen section's text, and a search box above them."""

    DEFAULT_CSS = """
    RulesScreen #rules-body { height: 1fr; }
    RulesScreen #rules-list { width: 30%; min-width: 22; max-width: 38; height: 100%; }
    RulesScreen #rules-text { width: 1fr; height: 100%; padding: 0 1; }
    """

    BINDINGS = [
        Binding("escape", "close", "Close", id="rules.close"),
        Binding("slash,ctrl+f", "search", "Search", id="rules.search"),
    ]

    def __init__(self, number: str | None = None, book: RulesBook | None = None) -> None:
        super().__init__()
        self.book = book or load_rules_book()
        self.start_number = number
        self.shown: int | None = None  # the index of the section shown

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="rules-dialog"):
            yield Label("Rules — / searches by number (R9.3) or word; Esc closes", classes="dialog-title")
            yield Input(placeholder="rule number or words, e.g. R9.3 or cover", id="rules-search")
            with Horizontal(id="rules-body"):
                yield OptionList(id="rules-list")
                with VerticalScroll(id="rules-text"):
                    yield Markdown("", id="rules-markdown", open_links=False)
        yield FittedFooter()

    def on_mount(self) -> None:
        if not self.query(OptionList):  # the app closes before the screen is composed (F1, ctrl+q at once)
            return
        self.fill(list(range(len(self.book.sections))))
        start = self.book.index_of(self.start_number) if self.start_number else None
        self.show(start if start is not None else 0)
        self.query_one(OptionList).focus()

    def fill(self, indexes: list[int]) -> None:
        """List these sections (the search's finds), keeping the one shown highlighted when it is among them."""
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options([Option(self.book.sections[index].label, id=str(index)) for index in indexes])
        if self.shown is not None and self.shown in indexes:
            options.highlighted = indexes.index(self.shown)

    def show(self, index: int) -> None:
        """Show a section (with the sections under it) and highlight it in the list."""
        self.shown = index
        self.query_one(Markdown).update(self.book.text_of(index))
        self.query_one("#rules-text", VerticalScroll).scroll_home(animate=False)
        options = self.query_one(OptionList)
        try:
            option_index = options.get_option_index(str(index))
        except OptionDoesNotExist:  # the search has left it out of the list
            return
        if options.highlighted != option_index:
            options.highlighted = option_index

    @property
    def shown_title(self) -> str:
        return "" if self.shown is None else self.book.sections[self.shown].title

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None and int(event.option.id) != self.shown:
            self.show(int(event.option.id))

    def on_input_changed(self, event: Input.Changed) -> None:
        found = self.book.search(event.value)
        self.fill(found)
        if found and self.shown not in found:
            self.show(found[0])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        found = self.book.search(event.value)
        if found:
            self.show(self.shown if self.shown in found else found[0])
            self.query_one(OptionList).focus()
        else:
            self.notify(f"nothing in the rules matches {event.value!r}", severity="warning")

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        """A link inside the reference (`[R9.3](#r93-the-cover-penalty)`) shows that section."""
        if event.href.startswith("#"):
            index = self.book.index_of_anchor(event.href[1:])
            if index is not None:
                self.query_one(Input).value = ""
                self.show(index)

    def action_search(self) -> None:
        self.query_one(Input).focus()

    def action_close(self) -> None:
        self.dismiss(None)
