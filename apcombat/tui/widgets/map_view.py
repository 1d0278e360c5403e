"""The battlefield: one Line-API scroll view drawing the map, the units and the overlays the engine computed.

Nothing here computes a rule: the app passes the state and a `MapOverlay` (from `apcombat.engine.views`) to
`MapView.show`, and the view only draws them. Each map row is drawn once at full width, cached by everything
it shows (`RowMarks`), and cropped to the scroll position; a change redraws only the rows whose marks changed.
The glyphs and colours are described in `map_glyphs`.

Screen layout: the first two lines are the x ruler and the first columns the y ruler; both stay in place
while the map scrolls under them. At zoom z each cell is 2z columns and z lines (the same square, larger):
the screen asks for a zoom (`zoom`), the view works out which cell a line and column show.

Hex maps (R20.1) are drawn as the same blocks with every odd row half a cell (z columns) to the east, so a
cell sits between the two above it and the two below it, as the hexes do. The cursor keys then move along a
row (left, right) and up or down a row in the same column: up from an even row goes to the north-east
neighbour and from an odd row to the north-west one, so holding a key walks a column in a zigzag.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Mapping
from typing import ClassVar

import attrs
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from apcombat.engine import unit_marks
from apcombat.model import BattleMap, Cell, Encounter
from apcombat.tui.widgets.map_geometry import RULER_LINES, ViewGeometry, map_size
from apcombat.tui.widgets.map_glyphs import (
    CELL_WIDTH,
    RowMarks,
    draw_row,
    gutter,
    hex_indent,
    ruler_digits,
    ruler_numbers,
)
from apcombat.tui.widgets.map_overlay import MapOverlay
from apcombat.tui.widgets.map_palettes import STANDARD, palette_of
from apcombat.tui.widgets.row_marks import RowMarksBuilder

TABLE_MODE_TEXT = "Table mode: no map — distances are measured on the table"
FAR_STEP = 5  # cells moved by shift+arrow
LINES_KEPT = 160  # lines of each line cache
ZOOMS = (1, 2, 3)  # a cell is 2 x zoom columns and zoom lines

__all__ = ["RULER_LINES", "ZOOMS", "MapOverlay", "MapView"]


class MapView(ScrollView, can_focus=True):
    """The battlefield, with a cursor on one cell; fast on a 100 x 100 map (one cached line per map row)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "up,k",
            "move_cursor(0, -1)",
            "Cursor up (hexes: NE and NW in turn)",
            show=False,
            id="map.cursor_up",
        ),
        Binding(
            "down,j",
            "move_cursor(0, 1)",
            "Cursor down (hexes: SE and SW in turn)",
            show=False,
            id="map.cursor_down",
        ),
        Binding("left,h", "move_cursor(-1, 0)", "Cursor left", show=False, id="map.cursor_left"),
        Binding("right,l", "move_cursor(1, 0)", "Cursor right", show=False, id="map.cursor_right"),
        Binding("shift+up", f"move_cursor(0, -{FAR_STEP})", "Cursor up 5", show=False, id="map.cursor_up_far"),
        Binding("shift+down", f"move_cursor(0, {FAR_STEP})", "Cursor down 5", show=False, id="map.cursor_down_far"),
        Binding("shift+left", f"move_cursor(-{FAR_STEP}, 0)", "Cursor left 5", show=False, id="map.cursor_left_far"),
        Binding("shift+right", f"move_cursor({FAR_STEP}, 0)", "Cursor right 5", show=False, id="map.cursor_right_far"),
        Binding("enter", "choose", "Choose cell", show=False, id="map.choose"),
    ]

    DEFAULT_CSS = """
    MapView {
        background: $surface;
    }
    MapView:focus {
        background-tint: $foreground 3%;
    }
    """

    class CellMessage(Message):
        """Something about one cell of the map."""

        def __init__(self, map_view: MapView, cell: Cell) -> None:
            super().__init__()
            self.map_view = map_view
            self.cell = cell

        @property
        def control(self) -> MapView:
            return self.map_view

    class CursorMoved(CellMessage):
        """The cursor moved to another cell."""

    class CellChosen(CellMessage):
        """The player chose the cell under the cursor (Enter, or a click on the cursor's cell)."""

    class CellDragged(CellMessage):
        """The mouse, held down, moved onto another cell (the first such message also comes for the cell the
        drag started on): the editor paints them."""

    class DragEnded(Message):
        """The mouse button held for a drag was let go."""

    def __init__(
        self,
        state: Encounter | None = None,
        overlay: MapOverlay | None = None,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self._state: Encounter | None = None
        self._map: BattleMap | None = None
        self._overlay = MapOverlay()
        self._cursor: Cell = (0, 0)
        self._gutter_width = 4
        self._zoom = 1
        self._hexes = False  # a hex map (R20.1): odd rows drawn half a cell east
        self._mark_ids: tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]] = ((), ())  # see show
        self._marks: dict[str, str] = {}
        self._palette = STANDARD  # the player's, read on every paint (palette_of)
        self._row_builder = RowMarksBuilder()
        self._row_marks: list[RowMarks] = []
        # Two screens' worth of rows or so: every line kept is some hundred objects the garbage collector walks
        # on each full collection (which a frame then waits for), and rows of states long gone are seldom drawn
        # again.
        self._lines: LRUCache[tuple[RowMarks, str] | tuple[RowMarks, int, int, str], Strip] = LRUCache(
            LINES_KEPT
        )  # full-width rows
        self._visible_lines: LRUCache[tuple[object, ...], Strip] = LRUCache(LINES_KEPT)  # cropped, with the rulers
        self._base_style = Style()
        self._traces: dict[int, tuple[tuple[int, str, Style], ...]] = {}  # row -> what is painted over it
        # Called with the new cell as soon as the cursor moves, before the frame that shows it: a screen that
        # redraws something for the cursor does so in the key's own frame (`CursorMoved` comes a frame late).
        self.cursor_listener: Callable[[Cell], None] | None = None
        self._pressed: Cell | None = None  # the cell the mouse went down on, while it is held
        self._dragged_to: Cell | None = None  # the last cell a drag reached (None: no drag yet)
        if state is not None:
            self.show(state, overlay or MapOverlay())

    # ----- what the app sets -----------------------------------------------------------------------------------

    @property
    def state(self) -> Encounter | None:
        """The encounter shown."""
        return self._state

    @property
    def overlay(self) -> MapOverlay:
        """The overlays shown."""
        return self._overlay

    @property
    def labels(self) -> dict[str, str]:
        """The mark of every unit on the map (the engine's `unit_marks`: R1, R2 ...), by unit id."""
        return dict(self._marks)

    @property
    def palette(self) -> str:
        """The name of the palette the map was last drawn in."""
        return self._palette

    @property
    def zoom(self) -> int:
        """How large a cell is drawn: 2 x zoom columns and zoom lines (one of ZOOMS)."""
        return self._zoom

    @zoom.setter
    def zoom(self, zoom: int) -> None:
        if zoom == self._zoom or zoom not in ZOOMS:
            return
        self._zoom = zoom
        self._visible_lines.clear()
        if self._map is not None:
            self._size_to_map()
            self.call_after_refresh(lambda: self.scroll_to_cell(self._cursor))
        self.refresh()

    def size_at(self, zoom: int) -> Size:
        """The columns and lines the whole map (rulers included) takes at this zoom."""
        if self._map is None:
            return Size(0, 0)
        return map_size(self._map.width, self._map.height, zoom, self._hexes, self._gutter_width)

    @property
    def geometry(self) -> ViewGeometry:
        """Where the cells are on the view as it is zoomed and scrolled now."""
        # The view less its scrollbars: a cell under the horizontal one is not in sight.
        size = self.scrollable_content_region.size
        return ViewGeometry(self._zoom, self._hexes, self._gutter_width, size, self.scroll_offset)

    @property
    def cursor(self) -> Cell:
        """The cell under the cursor; setting it moves the cursor (kept on the map) and posts `CursorMoved`."""
        return self._cursor

    @cursor.setter
    def cursor(self, cell: Cell) -> None:
        cell = self._clamp(cell)
        if cell == self._cursor:
            return
        old, self._cursor = self._cursor, cell
        if self._map is not None and self._row_marks:
            self._mark_cursor_rows(old, cell)
            self.scroll_to_cell(cell)
        if self.cursor_listener is not None:
            self.cursor_listener(cell)
        self.post_message(self.CursorMoved(self, cell))

    def show(self, state: Encounter, overlay: MapOverlay | None = None) -> None:
        """Draw this state with these overlays; only the rows that look different are redrawn."""
        overlay = overlay or MapOverlay()
        map_changed = state.map is not self._map and state.map != self._map
        self._state, self._overlay = state, overlay
        if map_changed and self._same_frame(state.map):
            # Painted cells, fires spreading: each row's marks hold its ground, so only the rows whose
            # ground changed draw anew and every other line stays cached.
            self._map, map_changed = state.map, False
        elif map_changed:
            self._set_map(state.map)
        # The marks depend on these only (engine.marks): the sides' order and names (a side's letter), the units'
        # order and sides (the editor renames a side, moves a unit to another).
        ids = (tuple((side.id, side.name) for side in state.sides), tuple((unit.id, unit.side) for unit in state.units))
        if ids != self._mark_ids:
            self._mark_ids, self._marks = ids, unit_marks(state)
        if self._map is None:
            return
        marks = self._row_builder.build(state, overlay, self._marks, self._map.height, self._cursor)
        old, self._row_marks = self._row_marks, marks
        if map_changed or len(old) != len(marks) or self._palette_changed():
            self.refresh()
        else:
            self._refresh_rows(y for y, (before, after) in enumerate(zip(old, marks, strict=True)) if before != after)

    def _same_frame(self, battle_map: BattleMap | None) -> bool:
        """Whether `battle_map` draws in the frame of the map shown: the same size, grid and legend."""
        shown = self._map
        return (
            shown is not None
            and battle_map is not None
            and (shown.width, shown.height, shown.kind) == (battle_map.width, battle_map.height, battle_map.kind)
            and shown.legend == battle_map.legend
        )

    def _palette_changed(self) -> bool:
        """Whether the player chose another palette since the last paint (the whole map is then drawn again)."""
        return self.is_attached and palette_of(self.app) != self._palette

    def show_path(self, path: tuple[tuple[Cell, int], ...]) -> None:
        """Draw another previewed path over the same state and overlays: only the rows it leaves or enters
        are redrawn."""
        old = self._overlay.path
        if path == old:
            return
        self._overlay = attrs.evolve(self._overlay, path=path)
        if self._map is None or not self._row_marks:
            return
        rows = self._row_builder.path_rows(self._overlay.path)
        touched = {y for (_, y), _ in old} | rows.keys()
        for y in touched:
            if 0 <= y < len(self._row_marks):
                self._row_marks[y] = attrs.evolve(self._row_marks[y], path=rows.get(y, ()))
        self._refresh_rows(touched)

    def show_trace(self, marks: Mapping[Cell, tuple[str, Style]]) -> None:
        """Paint short texts over cells' first lines (the line of a shot, the damage it did), until another
        trace replaces them; an empty one clears them. Each text starts at its cell and may run on."""
        rows: dict[int, list[tuple[int, str, Style]]] = {}
        for (x, y), (text, style) in marks.items():
            rows.setdefault(y, []).append((x, text, style))
        traces = {y: tuple(sorted(row, key=lambda mark: mark[0])) for y, row in rows.items()}
        touched = set(traces) | set(self._traces)
        self._traces = traces
        self._refresh_rows(touched)

    def scroll_to_cell(self, cell: Cell) -> None:
        """Scroll just enough to show `cell`, with a margin of a couple of cells when the view is large enough."""
        scroll = self.geometry.scroll_to_show(cell)
        if scroll is not None:
            self.scroll_to(scroll.x, scroll.y, animate=False)

    def shows(self, cell: Cell) -> bool:
        """Whether the whole of `cell` is in the view now."""
        return self.geometry.shows(cell)

    def screen_rows(self, cell: Cell) -> tuple[int, int]:
        """The screen's rows `cell` is drawn on as the view is scrolled now: the first and the one past the last."""
        top, bottom = self.geometry.lines_of(cell)
        return self.content_region.y + top, self.content_region.y + bottom

    def cell_at(self, offset: Offset) -> Cell | None:
        """The map cell at an offset in the view's content area, or None on the rulers or off the map."""
        cell = self.geometry.cell_at(offset) if self._map is not None else None
        return cell if cell is not None and self._map is not None and self._map.inside(cell) else None

    # ----- keys and mouse ----------------------------------------------------------------------------------------

    def action_move_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor by (dx, dy) cells, stopping at the map's edge."""
        x, y = self._cursor
        self.cursor = (x + dx, y + dy)

    def action_choose(self) -> None:
        """Choose the cell under the cursor."""
        if self._map is not None:
            self.post_message(self.CellChosen(self, self._cursor))

    def on_resize(self, event: events.Resize) -> None:
        """Keep the cursor in view when the view changes size (also its first layout)."""
        self.scroll_to_cell(self._cursor)

    def _cell_of(self, event: events.MouseEvent) -> Cell | None:
        offset = event.get_content_offset(self)
        return self.cell_at(offset) if offset is not None else None

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """The start of a click or a drag."""
        if event.button == 1:
            self._pressed, self._dragged_to = self._cell_of(event), None
            if self._pressed is not None:
                self.capture_mouse()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """A drag across cells: the cursor follows it and each new cell is told (`CellDragged`)."""
        if self._pressed is None or not event.button:
            return
        cell = self._cell_of(event)
        if cell is None or cell == (self._dragged_to or self._pressed):
            return
        if self._dragged_to is None:
            self.post_message(self.CellDragged(self, self._pressed))
        self._dragged_to = cell
        self.cursor = cell
        self.post_message(self.CellDragged(self, cell))

    def on_mouse_up(self, event: events.MouseUp) -> None:
        """The end of a drag."""
        if self._pressed is not None:
            self.capture_mouse(False)
        if self._dragged_to is not None:
            self.post_message(self.DragEnded())
        self._pressed = None

    def on_click(self, event: events.Click) -> None:
        """A click moves the cursor; a click on the cursor's cell chooses it (a drag is no click)."""
        if self._dragged_to is not None:
            self._dragged_to = None
            event.stop()
            return
        cell = self._cell_of(event)
        if cell is None:
            return
        event.stop()
        if cell == self._cursor:
            self.post_message(self.CellChosen(self, cell))
        else:
            self.cursor = cell

    # ----- drawing -----------------------------------------------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        """Paint lines of the view; the widget's style is worked out once a paint rather than once a line."""
        self._base_style = self.rich_style
        self._palette = palette_of(self.app)  # part of every cached line's key: a new palette shows at once
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """One line of the view: a ruler line, or the gutter and the visible part of a map row."""
        width = self.size.width
        base = self._base_style
        battlemap = self._map
        if battlemap is None:
            if self._state is not None:
                return self._table_mode_line(y, width, base)
            return Strip.blank(width, base)
        scroll_x, scroll_y = self.scroll_offset
        zoom = self._zoom
        row, sub = divmod(y - RULER_LINES + scroll_y, zoom)
        if y >= RULER_LINES and (row >= battlemap.height or row >= len(self._row_marks)):
            return Strip.blank(width, base)
        gutter_width = self._gutter_width
        view_width = max(0, width - gutter_width)
        cursor_x = self._cursor[0] if y == 1 else None
        marks = self._row_marks[row] if y >= RULER_LINES else (y, cursor_x)
        trace = self._traces.get(row, ()) if y >= RULER_LINES and not sub else ()
        key = (marks, sub, zoom, scroll_x, view_width, gutter_width, base, trace, self._palette)
        line = self._visible_lines.get(key)
        if line is None:
            if y < RULER_LINES:
                full = ruler_numbers(battlemap.width, zoom) if y == 0 else ruler_digits(battlemap.width, cursor_x, zoom)
                left = Strip.blank(gutter_width, base)
            elif sub:
                full = self._map_line(row, sub)
                left = Strip.blank(gutter_width, base)
            else:
                full = self._traced(row, self._map_line(row), trace)
                left = gutter(row, gutter_width, row == self._cursor[1]).apply_style(base)
            visible = full.apply_style(base).crop_extend(scroll_x, scroll_x + view_width, base)
            line = Strip([*left, *visible], gutter_width + view_width)
            if line.cell_length != width:  # a view narrower than the y ruler
                line = line.crop(0, width)
            self._visible_lines.set(key, line)
        return line

    def _traced(self, row: int, line: Strip, trace: tuple[tuple[int, str, Style], ...]) -> Strip:
        """A map row with the trace's texts painted over it."""
        width = line.cell_length
        for x, text, style in trace:
            start = CELL_WIDTH * self._zoom * x + hex_indent(row, self._zoom, self._hexes)
            text = text.center(CELL_WIDTH * self._zoom)[: max(0, width - start)]
            if text:
                painted = Strip([Segment(text, style)], len(text))
                line = Strip.join([line.crop(0, start), painted, line.crop(start + len(text), width)])
        return line

    def _table_mode_line(self, y: int, width: int, base: Style) -> Strip:
        """Line `y` of the table-mode message, centred (on lines of its own in a view narrower than it)."""
        lines = textwrap.wrap(TABLE_MODE_TEXT, max(1, width)) or [""]
        place = y - (self.size.height // 2 - len(lines) // 2)
        text = lines[place] if 0 <= place < len(lines) else ""
        line = Strip([Segment(text, Style(italic=True))], len(text))
        return line.text_align(width, "center").apply_style(base)

    def _map_line(self, row: int, sub: int = 0) -> Strip:
        """The full width of a map row (its line `sub` when zoomed), from the cache when nothing on it changed."""
        marks = self._row_marks[row]
        zoom = self._zoom
        if sub:  # below a cell's first line only its terrain, tint and units show: a path changing leaves it
            marks = attrs.evolve(marks, path=(), cover=frozenset(), costs_shown=False)
        key = (marks, self._palette) if zoom == 1 else (marks, zoom, sub, self._palette)
        line = self._lines.get(key)
        if line is None:
            assert self._map is not None
            line = draw_row(self._map.terrain[row], marks, zoom, sub, self._hexes, self._palette)
            self._lines.set(key, line)
        return line

    def _set_map(self, battlemap: BattleMap | None) -> None:
        self._map = battlemap
        self._lines.clear()
        self._visible_lines.clear()
        self._row_builder.clear()
        self._row_marks = []
        if battlemap is None:
            self.virtual_size = Size(0, 0)
        else:
            self._gutter_width = max(4, len(str(battlemap.height - 1)) + 1)
            self._hexes = battlemap.kind == "hex"
            self._cursor = self._clamp(self._cursor)
            self._size_to_map()
            if self.is_mounted:
                self.call_after_refresh(lambda: self.scroll_to_cell(self._cursor))
        self.refresh()

    def _size_to_map(self) -> None:
        self.virtual_size = self.size_at(self._zoom)

    def _clamp(self, cell: Cell) -> Cell:
        if self._map is None:
            return cell
        x, y = cell
        return (min(max(x, 0), self._map.width - 1), min(max(y, 0), self._map.height - 1))

    def _mark_cursor_rows(self, old: Cell, new: Cell) -> None:
        """Move the cursor's mark from one row to another and redraw those rows and the ruler."""
        for y in (old[1], new[1]):
            if 0 <= y < len(self._row_marks):
                cursor_x = new[0] if y == new[1] else None
                self._row_marks[y] = attrs.evolve(self._row_marks[y], cursor=cursor_x)
        self._refresh_rows({old[1], new[1]})
        if old[0] != new[0]:
            self.refresh(Region(0, 0, self.size.width, RULER_LINES))

    def _refresh_rows(self, rows: Iterable[int]) -> None:
        """Mark the screen lines of these map rows for redrawing (those scrolled out of view are skipped)."""
        width, height = self.size
        scroll_y, zoom = self.scroll_offset.y, self._zoom
        regions = [
            Region(0, RULER_LINES + zoom * row - scroll_y, width, zoom)
            for row in rows
            if RULER_LINES - zoom < RULER_LINES + zoom * row - scroll_y < height
        ]
        if regions:
            self.refresh(*regions)
