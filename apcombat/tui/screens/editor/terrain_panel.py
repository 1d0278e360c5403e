"""The terrain keys: each terrain's key, its glyph as the map draws it (in the player's palette) and its name;
the terrain the next stroke paints and the brush's size highlighted."""

from __future__ import annotations

from functools import lru_cache

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from apcombat.editor import PAINTS, EditorSession
from apcombat.model import Terrain
from apcombat.tui.widgets.map_glyphs import TERRAIN_GLYPHS
from apcombat.tui.widgets.map_palettes import palette, palette_of

CHOSEN = Style(reverse=True, bold=True)


class TerrainPanel(Static):
    """A key per terrain of the encounter format, the chosen one highlighted, and the brush."""

    terrain: Terrain = Terrain.WALL
    brush_size: int = 1
    _shown: Text | None = None

    def choose(self, terrain: Terrain, brush_size: int) -> None:
        """Highlight the terrain the next stroke paints and the brush."""
        if (terrain, brush_size) != (self.terrain, self.brush_size):
            self.terrain, self.brush_size = terrain, brush_size
            self.show(None)

    def show(self, session: EditorSession | None) -> None:
        text = _panel(self.terrain, self.brush_size, palette_of(self.app))
        if text is not self._shown:  # the screen is laid out again only when the panel's height changes
            layout = self._shown is None or self._shown.plain.count("\n") != text.plain.count("\n")
            self._shown = text
            self.update(text, layout=layout)


@lru_cache(maxsize=64)
def _panel(terrain: Terrain, brush_size: int, palette_name: str) -> Text:
    """The panel's text (kept: a key that changes the terrain draws the map in the same frame)."""
    colours = palette(palette_name)
    text = Text()
    for paint in PAINTS:
        chosen = paint.terrain is terrain
        text.append(f"{paint.key} ", CHOSEN if chosen else Style())
        glyph = TERRAIN_GLYPHS[paint.terrain]
        text.append(glyph if paint.terrain is not Terrain.FLOOR else "· ", colours.terrain[paint.terrain])
        text.append(f" {paint.words}\n", CHOSEN if chosen else Style(dim=True))
    text.append("F ")
    text.append(TERRAIN_GLYPHS[Terrain.FIRE], colours.terrain[Terrain.FIRE])
    text.append(" fire at set-up (R18.3.4)\n", Style(dim=True))
    text.append("b brush: ")
    for size in (1, 3, 5):
        text.append(f" {size} ", CHOSEN if size == brush_size else Style(dim=True))
    return text
