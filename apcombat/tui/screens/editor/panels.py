"""The editor's right-hand column: the terrain keys, the sides and their units, the problems; each part a widget
of its own module, shown again after every edit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll

from apcombat.editor import EditorSession
from apcombat.tui.screens.editor.fighters_panel import FightersPanel
from apcombat.tui.screens.editor.problems_panel import ProblemsPanel
from apcombat.tui.screens.editor.terrain_panel import TerrainPanel


class EditorPanels(VerticalScroll):
    """The terrain keys, the sides and their units, the problems."""

    def compose(self) -> ComposeResult:
        yield TerrainPanel(id="editor-terrains")
        yield FightersPanel(id="editor-fighters")
        yield ProblemsPanel(id="editor-problems")

    def show(self, session: EditorSession) -> None:
        self.query_one(TerrainPanel).show(session)
        self.query_one(ProblemsPanel).show(session)
