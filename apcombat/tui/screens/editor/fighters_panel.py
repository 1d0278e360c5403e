"""The sides and their units, as placed: each side with who plays it, each unit with its mark as on the map,
name, cell, facing, HP when not full, and hidden/cover; the unit under the cursor highlighted. A click on a
unit puts the cursor on it."""

from __future__ import annotations

from rich.markup import escape
from textual import events
from textual.message import Message
from textual.widgets import Static

from apcombat.editor import EditorSession
from apcombat.engine import unit_marks
from apcombat.model import Cell, Unit
from apcombat.tui.widgets.map_palettes import STANDARD
from apcombat.tui.widgets.panels import side_colour


def unit_words(unit: Unit, mark: str) -> str:
    """One unit's line: "R1 Rex 7,0 W 12/20hp hidden" (HP only when not full)."""
    where = f"{unit.at[0]},{unit.at[1]} {unit.facing.value}" if unit.at is not None else "table"
    hp = f" {unit.hp}/{unit.character.hit_points}hp" if unit.hp != unit.character.hit_points else ""
    flags = "".join((" hidden" * unit.hidden, " cover" * (unit.in_cover and not unit.hidden)))
    return f"{mark} {unit.name} {where}{hp}{flags}"


class FightersPanel(Static):
    """Each side, who plays it, and its units; `UnitClicked` when a unit's line is clicked."""

    DEFAULT_CSS = """
    FightersPanel { text-wrap: nowrap; text-overflow: ellipsis; }  /* a line a unit: clicks find it by row */
    """

    class UnitClicked(Message):
        def __init__(self, unit_id: str) -> None:
            super().__init__()
            self.unit_id = unit_id

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._lines: list[str | None] = []  # the unit id of each line shown (None: a side's line)

    def show(self, session: EditorSession, cursor: Cell | None = None, palette: str = STANDARD) -> None:
        encounter = session.encounter
        marks = unit_marks(encounter)
        lines: list[str] = []
        self._lines = []
        for side in encounter.sides:
            ai = f" {side.ai.level or 'default'}" if side.control.value == "ai" else ""
            colour = side_colour(encounter, side.id, palette)
            lines.append(f"[{colour}]■[/] [b]{escape(side.name)}[/b] ({side.control.value}{ai})")
            self._lines.append(None)
            for unit in encounter.units:
                if unit.side == side.id:
                    text = escape(unit_words(unit, marks.get(unit.id, "?")))
                    lines.append(f"[reverse] {text} [/reverse]" if unit.at == cursor else f"  {text}")
                    self._lines.append(unit.id)
        if not encounter.sides:
            lines.append("No sides: s adds one")
        self.update("\n".join(lines))

    def on_click(self, event: events.Click) -> None:
        line = event.y
        if 0 <= line < len(self._lines) and (unit_id := self._lines[line]) is not None:
            self.post_message(self.UnitClicked(unit_id))
