"""A new fight's name, map size and kind (square or hex, R20.1), asked before the editor opens on it. A small
dialog: the map part of the editor may offer a fuller one."""

from __future__ import annotations

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select

from apcombat.editor.opening import NEW_MAP
from apcombat.model import limits


@attrs.frozen
class NewFight:
    """What the dialog was told."""

    name: str
    size: tuple[int, int]
    kind: str


def size_problem(width: str, height: str) -> str | None:
    """Why the typed size cannot be a map (one sentence), or None."""
    side = limits.MAP_SIDE
    if not (width.isdigit() and height.isdigit() and 1 <= int(width) <= side and 1 <= int(height) <= side):
        return f"A map is 1 to {side:,} cells each way: type its width and height."
    return None


class NewFightScreen(ModalScreen[NewFight | None]):
    """Name, width, height, square or hex; Enter or the button makes the fight, Escape cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="new_fight.cancel")]
    DEFAULT_CSS = """
    NewFightScreen .row { height: auto; }
    NewFightScreen .row Label { padding: 1 0; width: 18; }
    NewFightScreen Input { width: 1fr; }
    NewFightScreen Input.short { width: 10; }
    NewFightScreen Select { width: 1fr; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("A new fight", classes="dialog-title")
            with Horizontal(classes="row"):
                yield Label("name")
                yield Input(value="New fight", id="new-name")
            with Horizontal(classes="row"):
                yield Label("width x height")
                yield Input(value=str(NEW_MAP[0]), restrict=r"[0-9]*", id="new-width", classes="short")
                yield Input(value=str(NEW_MAP[1]), restrict=r"[0-9]*", id="new-height", classes="short")
            with Horizontal(classes="row"):
                yield Label("cells")
                yield Select(
                    [("squares", "square"), ("hexes (R20)", "hex")], value="square", allow_blank=False, id="new-kind"
                )
            yield Label("", id="new-problem", classes="error")
            with Horizontal(classes="buttons"):
                yield Button("Make it", id="new-make", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#new-name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._make()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "new-make":
            self._make()

    def _make(self) -> None:
        width, height = (self.query_one(f"#new-{which}", Input).value for which in ("width", "height"))
        problem = size_problem(width, height)
        if problem is not None:
            self.query_one("#new-problem", Label).update(problem)
            return
        name = self.query_one("#new-name", Input).value.strip() or "New fight"
        kind = str(self.query_one("#new-kind", Select).value)
        self.dismiss(NewFight(name, (int(width), int(height)), kind))

    def action_cancel(self) -> None:
        self.dismiss(None)
