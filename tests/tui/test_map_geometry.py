"""The map view's arithmetic (apcombat/tui/widgets/map_geometry.py): scrolling to a cell shows it, a cell's
columns give back the cell, on squares and hexes at every zoom."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from textual.geometry import Offset, Size

from apcombat.tui.widgets.map_geometry import RULER_LINES, ViewGeometry, map_size
from apcombat.tui.widgets.map_glyphs import CELL_WIDTH

cells = st.tuples(st.integers(0, 120), st.integers(0, 100))
views = st.builds(
    ViewGeometry,
    zoom=st.sampled_from((1, 2, 3)),
    hexes=st.booleans(),
    gutter=st.integers(3, 5),
    size=st.builds(Size, st.integers(20, 200), st.integers(8, 60)),
    scroll=st.builds(Offset, st.integers(0, 800), st.integers(0, 300)),
)


@given(views, cells)
def test_scrolling_to_a_cell_shows_it(view: ViewGeometry, cell: tuple[int, int]) -> None:
    scroll = view.scroll_to_show(cell)
    shown = view if scroll is None else ViewGeometry(view.zoom, view.hexes, view.gutter, view.size, scroll)
    fits = view.map_width >= CELL_WIDTH * view.zoom + 1 and view.map_height >= view.zoom
    if fits:
        assert shown.shows(cell)
    if scroll is None and fits:
        assert view.shows(cell)  # no scroll asked for: it was in view


@given(views, cells, st.integers(0, 5), st.integers(0, 2))
def test_the_view_reads_back_the_cell_under_each_of_its_columns(view, cell, column, line) -> None:
    left = view.left_of(cell) - view.scroll.x + view.gutter
    top = view.lines_of(cell)[0]
    offset = Offset(left + column % (CELL_WIDTH * view.zoom), top + line % view.zoom)
    if offset.x >= view.gutter and offset.y >= RULER_LINES:
        assert view.cell_at(offset) == cell


def test_a_hex_map_is_half_a_cell_wider_for_its_odd_rows() -> None:
    assert map_size(10, 5, 2, False, 4) == Size(4 + 40, RULER_LINES + 10)
    assert map_size(10, 5, 2, True, 4) == Size(4 + 40 + 2, RULER_LINES + 10)
