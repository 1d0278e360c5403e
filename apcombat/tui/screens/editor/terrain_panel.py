"""The terrain keys: each terrain's key and glyph as the map draws it."""

from __future__ import annotations

from textual.widgets import Static

from apcombat.editor import PAINTS, EditorSession


class TerrainPanel(Static):
    """A key per terrain of the encounter format."""

    def show(self, session: EditorSession) -> None:
        self.update("\n".join(f"{paint.key} {paint.glyph} {paint.words}" for paint in PAINTS))
