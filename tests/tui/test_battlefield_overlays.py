"""The battlefield's overlays are the state's, worked out once per state; the cursor previews the walk from
the one reachable-area search; the hint says why a cell is out of reach; cursor keys lay nothing out again.

The test encounter's units on a field of 60 x 50 cells (3,000 cells: the overlays are worked out in a worker)
or on its own 10 x 6 cells (worked out at once)."""

from __future__ import annotations

from tui_kit import SKIRMISH_ROWS, write_encounter

from apcombat.engine.views import covered_cells, reachable_area, sight_cells
from apcombat.tui.overlays import WORKER_CELLS

WIDE_ROWS = [row + "." * 50 for row in SKIRMISH_ROWS] + ["." * 60] * 44
assert len(WIDE_ROWS) * len(WIDE_ROWS[0]) > WORKER_CELLS


def wide_field(tmp_path):
    return write_encounter(tmp_path / "encounters", name="wide", map={"rows": WIDE_ROWS})


def overlays_of_the_state(ui) -> dict[str, bool]:
    """For sight and cover: whether the map draws the state's own."""
    state = ui.state
    ana = state.unit("ana")
    return {
        "sight": ui.map.overlay.sight == sight_cells(state, ana),
        "cover": ui.map.overlay.cover == covered_cells(state, ana),
    }


async def until_worked_out(ui) -> None:
    await ui.until(lambda: not ui.game.map_mark and not any(w.is_running for w in ui.app.workers), "the overlays")
    await ui.settle()


def test_after_a_command_the_overlays_are_the_new_states_or_marked(run_ui, tmp_path):
    async def script(ui):
        await ui.press("s", "1", "4")  # start; sight and cover on
        await until_worked_out(ui)
        assert overlays_of_the_state(ui) == {"sight": True, "cover": True}
        assert ui.map.border_title == ""
        await ui.move_cursor_to((5, 3))
        await ui.press("m")
        assert ui.state.unit("ana").at == (5, 3)
        for name, own in overlays_of_the_state(ui).items():  # whatever the worker has done by now
            assert own or name in ui.game.map_mark, (name, ui.game.map_mark)
        if ui.game.map_mark:
            assert "shown meanwhile: an earlier state's" in ui.game.map_mark
        await until_worked_out(ui)
        assert overlays_of_the_state(ui) == {"sight": True, "cover": True}
        assert ui.map.border_title == ""

    run_ui(script, open_path=wide_field(tmp_path))


def test_on_a_small_map_the_overlays_are_the_new_states_at_once(run_ui):
    async def script(ui):
        await ui.press("s", "1", "4")
        assert overlays_of_the_state(ui) == {"sight": True, "cover": True}
        await ui.move_cursor_to((4, 4))
        await ui.press("m")
        assert ui.state.unit("ana").at == (4, 4)
        assert overlays_of_the_state(ui) == {"sight": True, "cover": True}
        assert ui.game.map_mark == ""

    run_ui(script)


def test_the_preview_to_a_far_cell_is_the_path_the_search_found(run_ui, tmp_path):
    async def script(ui):
        await ui.press("s")
        ana = ui.state.unit("ana")
        area = reachable_area(ui.state, ana)
        far = max(area, key=lambda cell: (area[cell].ap, cell))
        await ui.move_cursor_to(far)
        path = area.path_to(far)
        assert ui.map.overlay.path == tuple((step.cell, ana.ap - step.ap_total) for step in path.steps)
        assert ui.text("#hint").strip().startswith(f"move to {far[0]},{far[1]}: {path.ap} AP")
        assert ui.game.planned_ap == path.ap
        await ui.press("m")
        assert ui.state.unit("ana").at == far

    run_ui(script, open_path=wide_field(tmp_path))


def test_the_hint_says_why_a_cell_is_out_of_reach(run_ui, tmp_path):
    async def script(ui):
        await ui.press("s")
        await ui.move_cursor_to((30, 20))
        hint = ui.text("#hint").strip()
        assert hint.startswith("Ana cannot get to 30,20 with 12 AP"), hint
        assert ui.map.overlay.path == ()
        await ui.move_cursor_to((7, 0))  # Rex
        hint = ui.text("#hint").strip()
        assert hint.startswith("Rex") and "20 HP" in hint, hint

    run_ui(script, open_path=wide_field(tmp_path))


def test_cursor_keys_lay_out_nothing_again(run_ui, tmp_path):
    # The hint line, the unit panel and the map redraw their own lines: no new layout of the whole screen.
    async def script(ui):
        await ui.press("s", "1", "2", "3", "4")
        await until_worked_out(ui)
        layouts = []
        original = ui.game._refresh_layout

        def counted(size=None, scroll=False):
            if not scroll:
                layouts.append(size)
            original(size, scroll)

        ui.game._refresh_layout = counted
        await ui.press("right", "right", "down", "down", "left")
        await ui.settle()
        assert ui.map.cursor == (2, 5)
        assert "move to 2,5" in ui.text("#hint")
        assert layouts == []

    run_ui(script, open_path=wide_field(tmp_path))
