"""The editor's right-hand panels: what each part of the fight holds now."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from apcombat.editor import PAINTS, EditorSession


class EditorPanels(VerticalScroll):
    """The terrain keys, the sides and their units, the rules, the problems."""

    def compose(self) -> ComposeResult:
        yield Static("", id="editor-terrains")
        yield Static("", id="editor-fighters")
        yield Static("", id="editor-problems")

    def show(self, session: EditorSession) -> None:
        encounter = session.encounter
        self.query_one("#editor-terrains", Static).update(
            "\n".join(f"{paint.key} {paint.glyph} {paint.terrain.value}" for paint in PAINTS)
        )
        lines = []
        for side in encounter.sides:
            lines.append(f"{side.name} ({side.control.value})")
            lines += [f"  {unit.name} {unit.at}" for unit in encounter.units if unit.side == side.id]
        self.query_one("#editor-fighters", Static).update("\n".join(lines))
        problems = session.problems()
        said = "\n".join(f"• {spot.sentence}" for spot in problems) if problems else "No problems: ready to play"
        self.query_one("#editor-problems", Static).update(said)
