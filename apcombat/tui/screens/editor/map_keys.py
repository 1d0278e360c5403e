"""The map's keys in the editor other than painting: a new map, its size and shift, rows pasted (from the
terminal's paste or a text file), zoom, the whole map, the legend, and the panels folded for a small terminal."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.binding import Binding

from apcombat.editor import PAINTS
from apcombat.editor.map_edits import blank_map, paste_rows, pasted_cut, resize, shift, with_map
from apcombat.model import Encounter
from apcombat.tui.screens.editor.face import EditorFace
from apcombat.tui.screens.editor.map_dialogs import MapChange, MapSizeScreen, NewFightScreen, NewMap
from apcombat.tui.widgets.map_view import ZOOMS

PANELS_KEY = "p"
"""The battlefield folds its panels with `i`; the editor's `i` draws a line, so its panels fold with `p`."""

MAP_BINDINGS = [
    Binding("N", "new_map", "New map", show=False, id="editor.new_map"),
    Binding("M", "map_size", "Map size", show=False, id="editor.map_size"),
    Binding("P", "paste_file", "Paste rows from a file", show=False, id="editor.paste_file"),
    Binding("z", "zoom", "Zoom", show=False, id="editor.zoom"),
    Binding("v", "overview", "Whole map", show=False, id="editor.overview"),
    Binding("L", "legend", "Legend", show=False, id="editor.legend"),
    Binding(PANELS_KEY, "panels", "Panels", id="editor.panels"),
]

PASTE_LEGEND = {paint.glyph: paint.terrain for paint in PAINTS}
"""What pasted characters mean besides the map's own legend: the editor's usual glyphs (# wall, = low ...)."""


def changed_map(encounter: Encounter, change: MapChange) -> Encounter:
    """The map resized and shifted in one edit: a growing map grows before it shifts (what moves east or south
    has room), a shrinking one shifts before it is cut (what moves west or north is kept)."""
    battle_map = encounter.map
    growing = battle_map is not None and change.width * change.height >= battle_map.width * battle_map.height
    if growing:
        return shift(resize(encounter, change.width, change.height), change.dx, change.dy)
    return resize(shift(encounter, change.dx, change.dy), change.width, change.height)


class MapKeys(EditorFace):
    """The map's keys of the editor's screen (painting aside)."""

    def action_new_map(self) -> None:
        battle_map = self.encounter.map
        size = (battle_map.width, battle_map.height) if battle_map is not None else (20, 12)
        kind = battle_map.kind if battle_map is not None else "square"

        def made(answer: object) -> None:
            if isinstance(answer, NewMap):
                blank = blank_map(answer.width, answer.height, answer.kind)
                words = f"a new {answer.width} x {answer.height} {'hex' if answer.kind == 'hex' else 'square'} map"
                self.edit(words, lambda e: with_map(resize(e, answer.width, answer.height) if e.map else e, blank))

        self.app.push_screen(NewFightScreen(size=size, kind=kind, named=False), made)

    def action_map_size(self) -> None:
        battle_map = self.encounter.map
        if battle_map is None:
            self.notify("This fight has no map (table mode): N makes one")
            return

        def chosen(answer: object) -> None:
            if isinstance(answer, MapChange):
                words = f"the map made {answer.width} x {answer.height}"
                if answer.dx or answer.dy:
                    words += f", shifted {answer.dx},{answer.dy}"
                self.edit(words, lambda e: changed_map(e, answer))

        self.app.push_screen(MapSizeScreen((battle_map.width, battle_map.height)), chosen)

    def paste(self, text: str, source: str) -> None:
        """Lay rows of map characters on the map, their first character at the cursor (one edit)."""
        if self.encounter.map is None:
            self.notify("This fight has no map (table mode): N makes one")
            return
        rows = text.splitlines()
        cursor = self.cursor
        cut = pasted_cut(self.encounter, cursor, rows)
        words = f"pasted {len(rows)} row(s) from {source}" + (f" ({cut})" if cut else "")
        if self.edit(words, lambda e: paste_rows(e, cursor, rows, PASTE_LEGEND)) and cut:
            self.notify(f"Pasted {cut}")

    def on_paste(self, event: events.Paste) -> None:
        """The terminal's paste (its clipboard): rows of map characters laid at the cursor."""
        if self.focused is self.map_view:
            event.stop()
            self.paste(event.text, "the clipboard")

    def action_paste_file(self) -> None:
        from apcombat.tui.screens.dialogs import AskScreen

        def check(text: str) -> str | None:
            path = Path(text.strip()).expanduser()
            return None if path.is_file() else f"There is no file {path}: type the path of a text file of map rows."

        def chosen(text: str | None) -> None:
            if not text or not text.strip():
                return
            path = Path(text.strip()).expanduser()
            try:
                rows = path.read_text(encoding="utf-8")
            except (OSError, UnicodeError) as error:
                self.notify(f"Could not read {path}: {error}", severity="error")
                return
            self.paste(rows, path.name)

        prompt = "A text file of map rows (one row a line, legend characters: # wall, = low ...), laid at the cursor"
        self.app.push_screen(AskScreen(prompt, placeholder="~/maps/ambush.txt", check=check), chosen)

    def action_zoom(self) -> None:
        view = self.map_view
        view.zoom = ZOOMS[(ZOOMS.index(view.zoom) + 1) % len(ZOOMS)]
        self.notify(f"zoom {view.zoom}: each cell {2 * view.zoom} columns by {view.zoom} lines — z for the next")

    def action_overview(self) -> None:
        if self.encounter.map is not None:
            from apcombat.tui.screens.overview import OverviewScreen

            self.app.push_screen(OverviewScreen(self.encounter, self.map_view.labels))

    def action_legend(self) -> None:
        from apcombat.tui.screens.legend import LegendScreen

        battle_map = self.encounter.map
        self.app.push_screen(LegendScreen(hexes=battle_map is not None and battle_map.kind == "hex"))

    def action_panels(self) -> None:
        panels = self.query_one("#editor-panels")
        panels.display = not panels.display
