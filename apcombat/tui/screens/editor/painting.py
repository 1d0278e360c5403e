"""Painting the map: a key per terrain paints the cursor's cell with the brush; a mark and a second cell make a
line or a rectangle; a flood fill; fires at set-up."""

from __future__ import annotations

from textual.binding import Binding

from apcombat.editor import PAINTS
from apcombat.editor.map_edits import paint, set_fires
from apcombat.editor.shapes import BRUSH_SIZES, brush, flood, line, rectangle
from apcombat.model import Cell, Terrain
from apcombat.tui.screens.editor.face import EditorFace

PAINT_BINDINGS = [
    *(
        Binding(
            p.key, f"paint('{p.terrain.value}')", f"Paint {p.words}", show=False, id=f"editor.paint_{p.terrain.value}"
        )
        for p in PAINTS
    ),
    Binding("space", "paint_again", "Paint", show=False, id="editor.paint_again"),
    Binding("b", "brush", "Brush size", id="editor.brush"),
    Binding("m", "mark", "Mark a corner", id="editor.mark"),
    Binding("i", "line", "Line", show=False, id="editor.line"),
    Binding("r", "rectangle(True)", "Rectangle", show=False, id="editor.rectangle"),
    Binding("R", "rectangle(False)", "Outline", show=False, id="editor.outline"),
    Binding("f", "flood", "Fill", show=False, id="editor.flood"),
    Binding("F", "fire", "Fire at set-up", show=False, id="editor.fire"),
]


class Painting(EditorFace):
    """The painting keys of the editor's screen."""

    terrain: Terrain = Terrain.WALL
    brush_size: int = 1
    mark: Cell | None = None

    def paint_hint(self) -> str:
        marked = f" · mark {self.mark[0]},{self.mark[1]}" if self.mark is not None else ""
        return f"paint {self.terrain.value}, brush {self.brush_size}{marked}"

    def cancel_stroke(self) -> bool:
        """Drop the mark, if any (Escape); whether there was one."""
        if self.mark is None:
            return False
        self.mark = None
        self.show_fight()
        return True

    def action_paint(self, terrain: str) -> None:
        self.terrain = Terrain(terrain)
        self.action_paint_again()

    def action_paint_again(self) -> None:
        battle_map = self.encounter.map
        if battle_map is None:
            return
        cells = brush(battle_map, self.cursor, self.brush_size)
        self.edit(f"painted {len(cells)} cell(s) {self.terrain.value}", lambda e: paint(e, cells, self.terrain))

    def action_brush(self) -> None:
        self.brush_size = BRUSH_SIZES[(BRUSH_SIZES.index(self.brush_size) + 1) % len(BRUSH_SIZES)]
        self.show_hint()

    def action_mark(self) -> None:
        self.mark = None if self.mark == self.cursor else self.cursor
        self.show_fight()

    def action_line(self) -> None:
        battle_map = self.encounter.map
        if battle_map is None or self.mark is None:
            self.notify("Mark one end first (m), then move to the other")
            return
        cells = line(battle_map, self.mark, self.cursor)
        self.mark = None
        self.edit(f"a line of {self.terrain.value}", lambda e: paint(e, cells, self.terrain))

    def action_rectangle(self, filled: bool) -> None:
        battle_map = self.encounter.map
        if battle_map is None or self.mark is None:
            self.notify("Mark one corner first (m), then move to the other")
            return
        cells = rectangle(battle_map, self.mark, self.cursor, filled)
        self.mark = None
        self.edit(f"a rectangle of {self.terrain.value}", lambda e: paint(e, cells, self.terrain))

    def action_flood(self) -> None:
        battle_map = self.encounter.map
        if battle_map is None:
            return
        cells = flood(battle_map, self.cursor)
        self.edit(f"filled {len(cells)} cells with {self.terrain.value}", lambda e: paint(e, cells, self.terrain))

    def action_fire(self) -> None:
        battle_map = self.encounter.map
        if battle_map is None:
            return
        on = not battle_map.burning(self.cursor)
        self.edit("fire lit" if on else "fire put out", lambda e: set_fires(e, {self.cursor}, on))
