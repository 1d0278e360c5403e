"""The sides of the fight (`s` in the editor): add one, remove one (with its units), and for each its name,
who plays it (a person, the AI, the game master), the AI's level, effort and knobs (as the set-up screen
offers them), its colour on the map, its edge (R18.1.3) and its re-roll points (R18.6.1). Each change is one
edit of the fight."""

from __future__ import annotations

from typing import Any, cast

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select

from apcombat.ai import LEVELS
from apcombat.editor import EditRefused
from apcombat.editor.fight_edits import add_side, change_side, remove_side, set_side_module_fields, units_of
from apcombat.model import Control, Effort, Encounter, Side
from apcombat.model.fates import Edge
from apcombat.model.side_colours import SIDE_COLOURS
from apcombat.tui.screens.editor.face import EditorFace
from apcombat.tui.screens.setup import KNOBS, _knob_select
from apcombat.tui.session import default_level

NO_EDGE = "none"
BY_PLACE = "place"
"""The colour choice of a side that names none: the colour of its place among the sides."""


class SidesDialog(ModalScreen[None]):
    """Every side of the fight, a row or three each; Escape closes (every change is already made)."""

    DEFAULT_CSS = """
    SidesDialog .row { height: auto; }
    SidesDialog .side { margin-top: 1; }
    SidesDialog .side-name { width: 24; }
    SidesDialog Select { width: 26; margin-right: 1; }
    SidesDialog Select.control { width: 14; }
    SidesDialog Select.edge { width: 18; }
    SidesDialog Input.number { width: 6; }
    SidesDialog .field { width: auto; padding: 0 1; }
    SidesDialog Button { min-width: 10; }
    SidesDialog #sides-problem { height: auto; }
    """
    BINDINGS = [Binding("escape", "close", "Close", id="editor.sides.close")]

    def __init__(self, editor: EditorFace) -> None:
        super().__init__()
        self.editor = editor

    @property
    def encounter(self) -> Encounter:
        return self.editor.encounter

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog", id="sides-dialog"):
            yield Label("Sides", classes="dialog-title")
            for side in self.encounter.sides:
                yield from self._side_rows(side)
            with Horizontal(classes="row"):
                yield Input(placeholder="a new side's name", id="new-side", classes="side-name", compact=True)
                yield Button("add side", id="add-side", compact=True)
            yield Label("", id="sides-problem", classes="error")
            yield Label("edge: where broken units flee (R18.1.3); re-roll points 0-10 (R18.6.1)", classes="dim")
            yield Label("Enter or leaving a field changes it · Esc: close", classes="dim")

    def _side_rows(self, side: Side) -> ComposeResult:
        is_ai = side.control is Control.AI
        count = len(units_of(self.encounter, side.id))
        with Horizontal(classes="row"):
            yield Input(side.name, id=f"name-{side.id}", classes="side-name", compact=True)
            yield Select(
                [(c.value, c.value) for c in Control],
                value=side.control.value,
                allow_blank=False,
                id=f"control-{side.id}",
                classes="control",
                compact=True,
            )
            yield Button(f"remove ({count} unit{'s' * (count != 1)})", id=f"remove-{side.id}", compact=True)
        with Vertical(classes="row", id=f"ai-{side.id}") as ai_rows:
            ai_rows.display = is_ai
            with Horizontal(classes="row"):
                yield Select(
                    [(f"AI level: {name}", name) for name in sorted(LEVELS)],
                    value=side.ai.level if side.ai.level in LEVELS else default_level(),
                    allow_blank=False,
                    id=f"level-{side.id}",
                    compact=True,
                )
                yield Select(
                    [(f"effort: {effort.value}", effort.value) for effort in Effort],
                    value=side.ai.effort.value,
                    allow_blank=False,
                    id=f"effort-{side.id}",
                    compact=True,
                )
            with Horizontal(classes="row"):
                for knob in KNOBS:
                    knob_select = _knob_select(side, knob)
                    knob_select.compact = True
                    yield knob_select
        with Horizontal(classes="row"):
            yield Label("colour", classes="field")
            yield Select(
                [(name, name) for name in SIDE_COLOURS] + [("by its place", BY_PLACE)],
                value=side.colour or BY_PLACE,
                allow_blank=False,
                id=f"colour-{side.id}",
                classes="edge",
                compact=True,
            )
            yield Label("edge", classes="field")
            yield Select(
                [(f"flee to {edge.value}", edge.value) for edge in Edge] + [("nearest edge", NO_EDGE)],
                value=side.edge.value if side.edge is not None else NO_EDGE,
                allow_blank=False,
                id=f"edge-{side.id}",
                classes="edge",
                compact=True,
            )
            yield Label("re-roll points", classes="field")
            yield Input(
                str(side.reroll_points),
                restrict=r"[0-9]*",
                max_length=2,
                id=f"rerolls-{side.id}",
                classes="number",
                compact=True,
            )

    # ----- changes ------------------------------------------------------------------------------------------------

    def _side(self, side_id: str) -> Side | None:
        return next((side for side in self.encounter.sides if side.id == side_id), None)

    def _edit(self, words: str, change: Any) -> bool:
        """One edit; a refusal shown in the dialog."""
        try:
            change(self.encounter)
        except EditRefused as refusal:
            self.query_one("#sides-problem", Label).update(str(refusal))
            return False
        self.query_one("#sides-problem", Label).update("")
        return self.editor.edit(words, change)

    def on_select_changed(self, event: Select.Changed) -> None:
        kind, _, side_id = (event.select.id or "").partition("-")
        side = self._side(side_id)
        if side is None or event.value is Select.NULL:
            return
        value: Any = event.value
        if kind == "control" and value != side.control.value:
            self.query_one(f"#ai-{side_id}").display = value == Control.AI.value
            self._edit(f"{side.name} played by {value}", lambda e: change_side(e, side_id, control=Control(value)))
        elif kind == "colour" and value != (side.colour or BY_PLACE):
            colour = None if value == BY_PLACE else str(value)
            said = f"{side.name} in {colour}" if colour else f"{side.name} coloured by its place"
            if not self._edit(said, lambda e: change_side(e, side_id, colour=colour)):
                cast(Select[str], event.select).value = side.colour or BY_PLACE  # the refusal is said above
        elif kind == "edge" and value != (side.edge.value if side.edge else NO_EDGE):
            edge = None if value == NO_EDGE else value
            self._edit(
                f"{side.name} flees to {edge or 'the nearest edge'}",
                lambda e: set_side_module_fields(e, side_id, edge=edge),
            )
        elif kind in ("level", "effort", *KNOBS):
            ai = side.ai
            field = {"level": "level", "effort": "effort"}.get(kind, kind)
            typed = Effort(value) if kind == "effort" else value
            if getattr(ai, field) == typed or (kind == "level" and ai.level is None and value == default_level()):
                return
            fields: dict[str, Any] = {field: typed}
            changed_ai = attrs.evolve(ai, **fields)
            self._edit(f"{side.name}'s AI {kind} {value}", lambda e: change_side(e, side_id, ai=changed_ai))

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "new-side":
            await self._add()
        else:
            self._typed(event.input)

    def on_input_blurred(self, event: Input.Blurred) -> None:
        if event.input.id != "new-side" and self.is_current:
            self._typed(event.input)

    def _typed(self, field: Input) -> None:
        kind, _, side_id = (field.id or "").partition("-")
        side = self._side(side_id)
        if side is None:
            return
        if kind == "name" and field.value.strip() != side.name:
            name = field.value
            self._edit(f"side {side.name} named {name.strip()}", lambda e: change_side(e, side_id, name=name.strip()))
        elif kind == "rerolls" and field.value != str(side.reroll_points):
            points = int(field.value or 0)
            self._edit(
                f"{side.name} has {points} re-roll points",
                lambda e: set_side_module_fields(e, side_id, reroll_points=points),
            )

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        if button == "add-side":
            await self._add()
        elif button.startswith("remove-"):
            side = self._side(button.removeprefix("remove-"))
            if side is not None:
                count = len(units_of(self.encounter, side.id))
                side_id = side.id
                if self._edit(f"removed side {side.name} and its {count} unit(s)", lambda e: remove_side(e, side_id)):
                    await self.recompose()

    async def _add(self) -> None:
        name = self.query_one("#new-side", Input).value
        if self._edit(f"added side {name.strip()}", lambda e: add_side(e, name)[0]):
            await self.recompose()
            self.query_one("#new-side", Input).focus()

    def action_close(self) -> None:
        focused = self.focused
        if isinstance(focused, Input) and focused.id != "new-side":
            self._typed(focused)
        self.dismiss(None)
