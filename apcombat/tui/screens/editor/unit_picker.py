"""Who to place at the cursor: a character of the characters folders (the user's first, then the shipped ones),
found by typing part of its name, and the side it joins; or "new character…" for the character form."""

from __future__ import annotations

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Select
from textual.widgets.option_list import Option

from apcombat.content import Library
from apcombat.content.paths import CHARACTERS_FOLDER
from apcombat.model import Encounter

NEW_CHARACTER = "\x00new"
"""The option that opens the character form instead of placing a ready character."""

NEW_SIDE = "\x00side"
"""The side option (the game master's "Bring in a unit") that asks for a new side's name."""


@attrs.frozen
class Placement:
    """The picker's answer: a character id (or `NEW_CHARACTER`) and the side it joins."""

    character: str
    side: str


def characters_shown(library: Library, typed: str) -> list[tuple[str, str]]:
    """(id, words) of the ready characters whose id or name holds `typed`: the user's, then the shipped ones."""
    user = library.user_root / CHARACTERS_FOLDER if library.user_root is not None else None
    found = []
    for character_id, sheet in library.characters.items():
        if typed.casefold() not in f"{character_id} {sheet.name}".casefold():
            continue
        mine = user is not None and (user / f"{character_id}.toml").exists()
        weapons = ", ".join(sheet.weapons) or "no weapons"
        found.append((not mine, sheet.name.casefold(), character_id, f"{sheet.name} — {weapons}{' (yours)' * mine}"))
    return [(character_id, words) for _, _, character_id, words in sorted(found)]


class UnitPicker(ModalScreen[Placement | None]):
    """Type to narrow the list, Enter on a character places it; Escape places nobody."""

    DEFAULT_CSS = """
    UnitPicker OptionList { height: auto; max-height: 50vh; }
    UnitPicker Select { width: 100%; }
    """
    BINDINGS = [
        Binding("escape", "dismiss_none", "Cancel", id="editor.picker.cancel"),
        Binding("down", "to_list", "To the list", show=False, id="editor.picker.to_list"),
    ]

    def __init__(
        self, library: Library, encounter: Encounter, side: str, at: str, title: str = "", new_side: bool = False
    ) -> None:
        """`title`: instead of "Place a unit at AT"; `new_side`: the sides end with "a new side…" (`NEW_SIDE`)."""
        super().__init__()
        self.library = library
        self.encounter = encounter
        self.side = side
        self.at = at
        self.title_text = title or f"Place a unit at {at}"
        self.new_side = new_side

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Select(
                [(f"joins {side.name}", side.id) for side in self.encounter.sides]
                + ([("joins a new side…", NEW_SIDE)] if self.new_side else []),
                value=self.side,
                allow_blank=False,
                id="picker-side",
                compact=True,
            )
            yield Input(placeholder="type part of a name", id="picker-filter", compact=True)
            yield OptionList(id="picker-list")
            yield Label("Enter: place it · shift+Tab: the side · Esc: cancel", classes="dim")

    def on_mount(self) -> None:
        self._show("")
        self.query_one("#picker-filter", Input).focus()

    def _show(self, typed: str) -> None:
        options = self.query_one("#picker-list", OptionList)
        options.clear_options()
        options.add_option(Option("new character…", id=NEW_CHARACTER))
        options.add_options(
            [Option(words, id=character_id) for character_id, words in characters_shown(self.library, typed)]
        )
        options.highlighted = 1 if options.option_count > 1 else 0

    def on_input_changed(self, event: Input.Changed) -> None:
        self._show(event.value)

    def on_input_submitted(self, _: Input.Submitted) -> None:
        options = self.query_one("#picker-list", OptionList)
        if options.highlighted is not None:
            self._place(options.get_option_at_index(options.highlighted).id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._place(event.option.id)

    def _place(self, character: str | None) -> None:
        side = self.query_one("#picker-side", Select).value
        if character is not None and isinstance(side, str):
            self.dismiss(Placement(character, side))

    def action_to_list(self) -> None:
        self.query_one("#picker-list", OptionList).focus()

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
