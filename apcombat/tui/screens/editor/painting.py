"""Painting the map: a key per terrain paints the cursor's cell with the brush; a mark and a second cell make a
line or a rectangle; a flood fill; fires at set-up; the mouse paints as it drags (a plain click only moves the
cursor, as a paint program's selection would). The cells the next stroke paints are drawn grey (`stroke_cells`)
and follow the cursor in the key's own frame."""

from __future__ import annotations

from typing import Literal

from textual.binding import Binding

from apcombat.editor import PAINTS
from apcombat.editor.map_edits import paint, set_fires
from apcombat.editor.shapes import BRUSH_SIZES, brush, flood, line, rectangle
from apcombat.editor.terrain import PAINT_OF
from apcombat.model import Cell, Terrain
from apcombat.tui.screens.editor.face import EditorFace
from apcombat.tui.screens.editor.terrain_panel import TerrainPanel
from apcombat.tui.widgets.map_view import MapView

Shape = Literal["line", "rectangle", "outline"]

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


def terrain_name(terrain: Terrain) -> str:
    """A terrain as the hint and the undo line name it: the terrain panel's words without the rule in brackets
    ("dry brush", not "brush", which the hint also calls the brush's size)."""
    return PAINT_OF[terrain].words.split(" (")[0]


def painted(cells: frozenset[Cell], terrain: Terrain) -> str:
    """The words of a stroke: "painted a cell with stairs", "painted 9 cells with dry brush"."""
    count = "a cell" if len(cells) == 1 else f"{len(cells)} cells"
    return f"painted {count} with {terrain_name(terrain)}"


class Painting(EditorFace):
    """The painting keys of the editor's screen."""

    terrain: Terrain = Terrain.WALL
    brush_size: int = 1
    mark: Cell | None = None
    shape: Shape = "line"  # the shape previewed from the mark: the last one drawn
    _drag_cells: frozenset[Cell] | None = None  # the cells a mouse drag painted so far (one undo step)
    _drag_recorded: bool = False  # whether the drag's edit is on the undo list yet

    def paint_hint(self) -> str:
        if self.mark is not None:
            keys = "i line, r rectangle, R outline, m again drops it"
            return f"paint {terrain_name(self.terrain)} · mark {self.mark[0]},{self.mark[1]}: {keys}"
        size = f"brush size {self.brush_size}"  # not "brush 3": dry brush is a terrain
        return f"paint {terrain_name(self.terrain)}, {size} · drag the mouse to paint, click moves"

    def show_brush(self, preview: bool = True) -> None:
        """The terrain panel's highlight, the hint, and (`preview`) the stroke's preview after another terrain
        or brush (a key that paints at once draws the map anyway)."""
        self.query_one(TerrainPanel).choose(self.terrain, self.brush_size)
        if preview:
            self.preview_stroke()
        self.show_hint()

    def stroke_cells(self) -> frozenset[Cell]:
        """The cells the next stroke paints: the brush under the cursor, or the last shape from the mark."""
        battle_map = self.encounter.map
        if battle_map is None or not battle_map.inside(self.cursor):
            return frozenset()
        if self.mark is None:
            return brush(battle_map, self.cursor, self.brush_size)
        if self.shape == "line":
            return frozenset(line(battle_map, self.mark, self.cursor))
        return rectangle(battle_map, self.mark, self.cursor, self.shape == "rectangle")

    def preview_stroke(self, cell: Cell | None = None) -> None:
        """Draw the stroke preview where the cursor is now (the map view's cursor listener: the same frame)."""
        self.map_view.show(self.shown_encounter(), self.overlay())
        if cell is not None:  # the cursor moved: its hint in the same frame
            self.show_hint()

    def on_map_view_cell_dragged(self, message: MapView.CellDragged) -> None:
        """Paint the cell the drag reached with the brush; the whole drag is one edit."""
        battle_map = self.encounter.map
        if battle_map is None:
            return
        cells = (self._drag_cells or frozenset()) | brush(battle_map, message.cell, self.brush_size)
        self._drag_cells = cells
        if self._drag_recorded:
            self.session.undo()  # the drag so far, made again with this cell: one step on the undo list
        terrain = self.terrain
        self._drag_recorded = self.edit(painted(cells, terrain), lambda e: paint(e, cells, terrain))

    def on_map_view_drag_ended(self, message: MapView.DragEnded) -> None:
        self._drag_cells, self._drag_recorded = None, False

    def cancel_stroke(self) -> bool:
        """Drop the mark, if any (Escape); whether there was one."""
        if self.mark is None:
            return False
        self.mark = None
        self.show_fight()
        return True

    def action_paint(self, terrain: str) -> None:
        self.terrain = Terrain(terrain)
        self.show_brush(preview=False)
        self.action_paint_again()

    def action_paint_again(self) -> None:
        battle_map = self.encounter.map
        if battle_map is None:
            return
        cells = brush(battle_map, self.cursor, self.brush_size)
        self.edit(painted(cells, self.terrain), lambda e: paint(e, cells, self.terrain))

    def action_brush(self) -> None:
        self.brush_size = BRUSH_SIZES[(BRUSH_SIZES.index(self.brush_size) + 1) % len(BRUSH_SIZES)]
        self.show_brush()

    def action_mark(self) -> None:
        self.mark = None if self.mark == self.cursor else self.cursor
        self.show_fight()

    def action_line(self) -> None:
        battle_map = self.encounter.map
        if battle_map is None or self.mark is None:
            self.notify("Mark one end first (m), then move to the other")
            return
        cells = line(battle_map, self.mark, self.cursor)
        self.mark, self.shape = None, "line"
        self.edit(f"a line of {terrain_name(self.terrain)}", lambda e: paint(e, cells, self.terrain))

    def action_rectangle(self, filled: bool) -> None:
        battle_map = self.encounter.map
        if battle_map is None or self.mark is None:
            self.notify("Mark one corner first (m), then move to the other")
            return
        cells = rectangle(battle_map, self.mark, self.cursor, filled)
        self.mark, self.shape = None, "rectangle" if filled else "outline"
        self.edit(f"a rectangle of {terrain_name(self.terrain)}", lambda e: paint(e, cells, self.terrain))

    def action_flood(self) -> None:
        battle_map = self.encounter.map
        if battle_map is None:
            return
        cells = flood(battle_map, self.cursor)
        self.edit(
            f"filled {len(cells)} cells with {terrain_name(self.terrain)}", lambda e: paint(e, cells, self.terrain)
        )

    def action_fire(self) -> None:
        battle_map = self.encounter.map
        if battle_map is None:
            return
        on = not battle_map.burning(self.cursor)
        self.edit("fire lit" if on else "fire put out", lambda e: set_fires(e, {self.cursor}, on))
