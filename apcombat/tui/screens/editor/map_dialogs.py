"""The map's dialogs: a new fight (name, size, grid), a new map for this fight (size, grid), the map's size and
shift, and a file of rows to paste. Each returns what was typed, read by `apcombat.editor.map_edits` (a wrong
answer keeps the dialog open with the sentence saying why)."""

from __future__ import annotations

from typing import NamedTuple

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, RadioButton, RadioSet

from apcombat.editor import EditRefused
from apcombat.editor.map_edits import read_shift, read_size
from apcombat.model import limits


class NewMap(NamedTuple):
    """A new fight's or map's name (the fight's; empty for a new map on this fight), size and grid."""

    name: str
    width: int
    height: int
    kind: str  # "square" or "hex" (R20)


class MapChange(NamedTuple):
    """The map's new size and how far everything on it moves (east, south)."""

    width: int
    height: int
    dx: int
    dy: int


class _Form(ModalScreen[object]):
    """A few lines to type; Enter in any of them reads them all (`read`), Escape cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]

    title_text = ""

    def fields(self) -> ComposeResult:
        yield from ()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield from self.fields()
            yield Label("Enter: done · Tab: next · Escape: cancel", classes="dim")
            yield Label("", id="form-problem", classes="error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            answer = self.read()
        except EditRefused as refusal:
            self.query_one("#form-problem", Label).update(f"{str(refusal)[:1].upper()}{str(refusal)[1:]}.")
            return
        self.dismiss(answer)

    def read(self) -> object:
        raise NotImplementedError

    def value(self, id: str) -> str:
        return self.query_one(f"#{id}", Input).value

    def action_cancel(self) -> None:
        self.dismiss(None)


def _grid(kind: str) -> RadioSet:
    return RadioSet(
        RadioButton("squares", value=kind != "hex", id="grid-square"),
        RadioButton("hexes (R20)", value=kind == "hex", id="grid-hex"),
        id="form-grid",
    )


class NewFightScreen(_Form):
    """A new fight: its name, the map's size (up to `limits.MAP_SIDE` each way) and grid; returns a `NewMap`
    or None. With `named=False` it asks for a new map of this fight (the name left empty)."""

    def __init__(
        self, name: str = "New fight", size: tuple[int, int] = (20, 12), kind: str = "square", named: bool = True
    ) -> None:
        super().__init__()
        self.start = NewMap(name if named else "", *size, kind)
        self.named = named
        self.title_text = "A new fight" if named else "A new map for this fight: all floor, the units keep their cells"

    def fields(self) -> ComposeResult:
        if self.named:
            yield Label("Name")
            yield Input(self.start.name, id="form-name")
        yield Label(f"Size: width x height, up to {limits.MAP_SIDE} each way")
        yield Input(f"{self.start.width} x {self.start.height}", id="form-size")
        yield _grid(self.start.kind)

    def read(self) -> NewMap:
        name = self.value("form-name").strip() if self.named else ""
        if self.named and not name:
            raise EditRefused("give the fight a name")
        width, height = read_size(self.value("form-size"))
        hexes = self.query_one("#grid-hex", RadioButton).value
        return NewMap(name, width, height, "hex" if hexes else "square")


class MapSizeScreen(_Form):
    """The map's size and a shift of everything on it; returns a `MapChange` or None."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__()
        self.size_now = size
        self.title_text = "The map's size, and a shift of everything on it"

    def fields(self) -> ComposeResult:
        yield Label(f"Size: width x height (cut or grown at the right and bottom), up to {limits.MAP_SIDE}")
        yield Input(f"{self.size_now[0]} x {self.size_now[1]}", id="form-size")
        yield Label("Shift: cells east and south (negative: west and north), such as 2 -1; empty for none")
        yield Input("", id="form-shift")

    def read(self) -> MapChange:
        width, height = read_size(self.value("form-size"))
        return MapChange(width, height, *read_shift(self.value("form-shift")))
