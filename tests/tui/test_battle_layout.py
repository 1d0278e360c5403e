"""The battlefield at 80 x 24 and larger (issue 13 item 7): nothing cut off at 80 x 24 — the map's lower edge
names the overlays on in what fits, notices are said in the status line instead of over the log, a long
sentence takes a second row from the log — and a larger terminal used: a small map drawn larger (a zoom, `z`
to change it), the log given the rows the map does not need; a click lands on its cell at every zoom."""

from __future__ import annotations

import pytest
from textual.geometry import Offset
from tui_kit import DUEL

from apcombat.content import content_root
from apcombat.content.settings import HINTS, remember
from apcombat.tui.widgets.event_log import EventLog
from apcombat.tui.widgets.map_glyphs import CELL_WIDTH
from apcombat.tui.widgets.map_view import MapView
from apcombat.tui.widgets.panels import HintLine

STREET = content_root() / "encounters" / "street_fight.toml"


@pytest.fixture(autouse=True)
def hints_off():
    """These fights are the demo duel's map: its tutorial hints are off here (one test turns them on)."""
    remember(HINTS, False)


def heights(ui) -> tuple[int, int, int]:
    game = ui.game
    return (
        game.query_one("#battle").outer_size.height,
        game.query_one(HintLine).outer_size.height,
        game.query_one(EventLog).outer_size.height,
    )


def test_a_small_map_is_drawn_larger_on_a_large_terminal_and_the_log_takes_the_rest(run_ui):
    async def script(ui):
        await ui.press("s")
        assert ui.map.zoom == 2  # the duel's 16 x 10 cells fit whole at 4 columns x 2 lines a cell
        battle, hint, log = heights(ui)
        assert battle == 2 * 10 + 2 + 2  # its rows and rulers, in a border
        assert hint == 1 and battle + hint + log + 1 == 45  # the footer's row
        assert log > 8
        await ui.press("z")
        assert ui.map.zoom == 3 and "zoom 3" in ui.game.query_one(HintLine).said
        assert heights(ui)[0] == 3 * 10 + 2 + 2  # a map 30 lines tall (and wider than the view: it scrolls)
        await ui.press("z")
        assert ui.map.zoom == 1
        await ui.press("z")
        assert ui.map.zoom == 2

    run_ui(script, open_path=DUEL)


def test_a_map_too_large_to_zoom_keeps_zoom_1_and_gives_the_log_the_rows_it_leaves(run_ui):
    async def script(ui):
        await ui.press("s")
        assert ui.map.zoom == 1  # 30 x 20 cells: 120 columns at zoom 2, more than there are beside the panels
        battle, _, log = heights(ui)
        assert battle == 20 + 2 + 2 and log == 45 - 1 - 1 - battle

    run_ui(script, open_path=STREET)


def test_a_click_lands_on_its_cell_at_every_zoom(run_ui):
    async def script(ui):
        await ui.press("s")
        for zoom, cell in ((2, (12, 7)), (3, (9, 8)), (1, (5, 2))):
            while ui.map.zoom != zoom:
                await ui.press("z")
            await ui.settle()
            ui.map.scroll_to_cell(cell)
            await ui.settle()
            corner = ui.cell_offset(cell)
            # the last column and line of the cell's block: still that cell
            await ui.pilot.click(MapView, offset=corner + Offset(CELL_WIDTH * zoom - 1, zoom - 1))
            await ui.settle()
            assert ui.map.cursor == cell, f"zoom {zoom}"
            await ui.pilot.click(MapView, offset=corner + Offset(CELL_WIDTH * zoom, 0))  # the next cell east
            await ui.settle()
            assert ui.map.cursor == (cell[0] + 1, cell[1]), f"zoom {zoom}"

    run_ui(script, open_path=DUEL)


def test_at_80x24_the_lower_edge_fits_and_notices_leave_the_log_alone(run_ui):
    async def script(ui):
        await ui.press("s")
        assert ui.map.zoom == 1
        edge = ui.map.outer_size.width - 6  # the corners, a dash and a space each side
        await ui.press("1", "2", "3", "4")
        assert ui.map.border_subtitle == "L legend · overlays on: 1 2 3 4 5"
        assert len(ui.map.border_subtitle) <= edge
        await ui.press("x")  # pin: no target picked
        hint = ui.game.query_one(HintLine)
        assert "pick the enemy to pin first" in hint.said and hint.severity == ""
        assert any("pick the enemy to pin first" in notice for notice in ui.notices())  # still a notification
        assert all(not toast.display for toast in ui.game.query("Toast"))  # no toast over the log
        before = heights(ui)
        assert before[1] == 1 and before[2] == 8
        long = "a refusal long enough to need a second row of the status line at eighty columns wide"
        ui.game.show_notice(long, "warning")
        await ui.settle()
        battle, hint_rows, log = heights(ui)
        assert hint.severity == "warning" and hint_rows == 2
        assert battle == before[0] and log == before[2] - 1  # the row comes from the log, never the map

    run_ui(script, open_path=DUEL, size=(80, 24))


def test_the_layout_follows_the_terminal_when_it_changes_size(run_ui):
    async def script(ui):
        await ui.press("s")
        assert ui.map.zoom == 2
        await ui.pilot.resize_terminal(80, 24)
        await ui.settle()
        assert ui.map.zoom == 1 and heights(ui) == (14, 1, 8)
        await ui.pilot.resize_terminal(140, 45)
        await ui.settle()
        assert ui.map.zoom == 2 and heights(ui)[0] == 24

    run_ui(script, open_path=DUEL)


def test_the_demo_duels_hints_box_takes_its_rows_from_the_log(run_ui):
    # Issue 13 items 7 and 11: the hints' two rows come out of the log; nothing is pushed off the screen.
    remember(HINTS, True)

    async def script(ui):
        await ui.press("s")
        for _ in range(2):
            battle, hint, log = heights(ui)
            box = ui.game.query_one("#tutorial").outer_size.height
            assert box == 2 and log >= 3
            assert battle + box + hint + log + 1 == ui.app.size.height  # the footer's row
            await ui.press("f2")  # hints off: the log has the rows back
            await ui.settle()
            assert heights(ui)[2] == log + 2
            await ui.press("f2")
            await ui.settle()

    run_ui(script, open_path=DUEL)
