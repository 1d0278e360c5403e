"""Where a map's cells are on the screen: the view's arithmetic of columns, lines, zoom, hex rows and scrolling,
kept apart from drawing. At zoom z a cell is 2z columns and z lines; on hexes every odd row is half a cell to the
east (`hex_indent`); the x ruler takes the first RULER_LINES lines and the y ruler the first `gutter` columns,
and both stay while the map scrolls under them."""

from __future__ import annotations

import attrs
from textual.geometry import Offset, Size

from apcombat.model import Cell
from apcombat.tui.widgets.map_glyphs import CELL_WIDTH, hex_indent

RULER_LINES = 2  # lines of the x ruler at the top
SCROLL_MARGIN = 2  # cells kept between the cursor and the edge of the view when it scrolls


def map_size(width: int, height: int, zoom: int, hexes: bool, gutter: int) -> Size:
    """The columns and lines a whole map of `width` x `height` cells (rulers included) takes at this zoom."""
    return Size(gutter + CELL_WIDTH * zoom * width + (zoom if hexes else 0), RULER_LINES + zoom * height)


@attrs.frozen
class ViewGeometry:
    """A map view as it is now: its zoom, whether the map is hexes, the y ruler's width, the view's size and
    how far it is scrolled."""

    zoom: int
    hexes: bool
    gutter: int
    size: Size
    scroll: Offset

    @property
    def map_width(self) -> int:
        """The columns of the view the map scrolls under (the y ruler aside)."""
        return self.size.width - self.gutter

    @property
    def map_height(self) -> int:
        """The lines of the view the map scrolls under (the x ruler aside)."""
        return self.size.height - RULER_LINES

    def left_of(self, cell: Cell) -> int:
        """The map column (unscrolled) where `cell` begins."""
        return CELL_WIDTH * self.zoom * cell[0] + hex_indent(cell[1], self.zoom, self.hexes)

    def scroll_to_show(self, cell: Cell) -> Offset | None:
        """The scroll that shows `cell` with a margin of a couple of cells where the view is large enough, moving
        as little as it can; None when the view already shows it (or has no room)."""
        view_width, view_height = self.map_width, self.map_height
        if view_width <= 0 or view_height <= 0:
            return None
        zoom, cell_width = self.zoom, CELL_WIDTH * self.zoom
        margin_x = min(cell_width * SCROLL_MARGIN, max(0, (view_width - cell_width) // 2))
        margin_y = min(zoom * SCROLL_MARGIN, max(0, (view_height - zoom) // 2))
        left = self.left_of(cell) - margin_x
        right = self.left_of(cell) + cell_width + margin_x
        top, bottom = zoom * cell[1] - margin_y, zoom * (cell[1] + 1) + margin_y
        scroll_x, scroll_y = self.scroll
        new_x = left if left < scroll_x else right - view_width if right > scroll_x + view_width else scroll_x
        new_y = top if top < scroll_y else bottom - view_height if bottom > scroll_y + view_height else scroll_y
        if (new_x, new_y) == (scroll_x, scroll_y):
            return None
        return Offset(max(0, new_x), max(0, new_y))

    def shows(self, cell: Cell) -> bool:
        """Whether the whole of `cell` is in the view now."""
        left = self.left_of(cell) - self.scroll.x
        top = self.zoom * cell[1] - self.scroll.y
        width = CELL_WIDTH * self.zoom
        return left >= 0 and left + width <= self.map_width and top >= 0 and top + self.zoom <= self.map_height

    def lines_of(self, cell: Cell) -> tuple[int, int]:
        """The view's lines `cell` is drawn on as it is scrolled now: the first and the one past the last."""
        top = RULER_LINES + self.zoom * cell[1] - self.scroll.y
        return top, top + self.zoom

    def cell_at(self, offset: Offset) -> Cell | None:
        """The cell at an offset in the view (None on the rulers); the caller checks it is on the map."""
        if offset.x < self.gutter or offset.y < RULER_LINES:
            return None
        y = (offset.y - RULER_LINES + self.scroll.y) // self.zoom
        column = offset.x - self.gutter + self.scroll.x - hex_indent(y, self.zoom, self.hexes)
        return (column // (CELL_WIDTH * self.zoom), y) if column >= 0 else None
