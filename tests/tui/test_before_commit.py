"""Issue 24 item 4, before you commit: the first `M` draws the run's path and says its cost, a second `M` on the
same cell runs, a cursor move cancels, out of reach it runs nowhere; `S` shows what the acting unit would see
from the cursor's cell without moving (the cells in sight from there, the enemy watch cones, the walk's cost),
and goes with a second `S` or when the unit moves; both are refused up front while an AI's unit acts.

The test encounter widened to 30 x 6 cells, with a wall at x 4, rows 1-4, between Ana (1,3, 12 AP) and the
field east of it; Rex (7,0) stands watch facing west in round 2, when Ana acts again."""

from __future__ import annotations

from tui_kit import to_the_raiders_turn, write_encounter

from apcombat.engine import Move, enemy_cones, preview, sight_cells
from apcombat.tui.screens.game import GameScreen

ROWS = ["." * 30, *["....#" + "." * 25] * 4, "." * 30]


def walled(tmp_path):
    return write_encounter(tmp_path / "encounters", name="walled", map={"rows": ROWS})


async def rex_watching(ui) -> None:
    """Round 2: Rex stands watch, Ana acts with her 12 AP."""
    await ui.press("s")
    await ui.command("end", "react rex")
    assert ui.state.active == "ana" and ui.state.unit("rex").watch is not None


def test_the_first_m_draws_the_run_and_its_cost_a_second_runs(run_ui, tmp_path):
    async def script(ui):
        await rex_watching(ui)
        before = ui.state
        run = preview(before, Move("ana", ((16, 3),), True, manner="run"))
        assert run.allowed and run.ap_cost == 12
        await ui.move_cursor_to((16, 3))
        await ui.press("M")
        assert ui.state is before and ui.state.unit("ana").at == (1, 3)  # nothing played yet
        assert ui.map.overlay.path == tuple((step.cell, step.ap_left) for step in run.path)
        assert ui.game.planned_ap == 12
        assert ui.text("#hint").strip() == "run to 16,3: 12 AP (0 for turning), 0 left — M again runs"
        await ui.press("M")
        assert ui.state.unit("ana").at == (16, 3) and ui.state.unit("ana").ap == 0

    run_ui(script, open_path=walled(tmp_path))


def test_a_cursor_move_cancels_the_run_previewed(run_ui, tmp_path):
    async def script(ui):
        await rex_watching(ui)
        await ui.move_cursor_to((5, 5))
        await ui.press("M")
        await ui.press("right", "left")  # back on the same cell: the walk's preview, not the run's
        assert ui.text("#hint").strip().startswith("move to 5,5: ")
        before = ui.state
        await ui.press("M")  # previews again
        assert ui.state is before and ui.text("#hint").strip().startswith("run to 5,5: ")
        await ui.press("M")
        assert ui.state.unit("ana").at == (5, 5)

    run_ui(script, open_path=walled(tmp_path))


def test_m_out_of_reach_says_so_and_a_second_m_runs_nowhere(run_ui, tmp_path):
    async def script(ui):
        await rex_watching(ui)
        before = ui.state
        await ui.move_cursor_to((20, 3))
        refused = (
            "no run to 20,3: 14 AP (0 for turning) — Ana needs 14 AP (turns included) and has 12, "
            "so M does not run there"
        )
        for _ in range(2):
            await ui.press("M")
            assert ui.text("#hint").strip() == refused
            assert ui.state is before and ui.map.overlay.path == ()  # said, not drawn
        assert ui.notices() == []  # no refusal from the engine: nothing was played

    run_ui(script, open_path=walled(tmp_path))


def test_s_shows_the_sight_from_the_cursors_cell_then_clears(run_ui, tmp_path):
    async def script(ui):
        await rex_watching(ui)
        state, ana = ui.state, ui.state.unit("ana")
        behind_the_wall = (7, 3)
        assert behind_the_wall not in sight_cells(state, ana)
        await ui.move_cursor_to((5, 5))
        await ui.press("S")
        assert ui.state is state and ui.state.unit("ana").at == (1, 3)
        overlay = ui.map.overlay
        assert behind_the_wall in overlay.sight and (5, 5) in overlay.sight
        assert overlay.cones == enemy_cones(state, "vault") != frozenset()  # Rex's watch
        hint = ui.text("#hint").strip()
        assert hint.startswith("from 5,5 Ana would see Rex; walk there: ") and hint.endswith("S again clears")
        assert "sight from 5,5" in ui.map.border_title
        await ui.press("left", "up")  # the cursor wanders: the sight from 5,5 stays
        assert behind_the_wall in ui.map.overlay.sight
        await ui.move_cursor_to((5, 5))
        await ui.press("S")
        assert ui.map.overlay.sight == frozenset() and ui.map.overlay.cones == frozenset()  # the overlays on
        assert ui.map.border_title == ""

    run_ui(script, open_path=walled(tmp_path))


def test_the_sight_from_a_cell_goes_when_the_unit_moves(run_ui, tmp_path):
    async def script(ui):
        await rex_watching(ui)
        await ui.move_cursor_to((5, 5))
        await ui.press("S")
        assert (7, 3) in ui.map.overlay.sight
        await ui.move_cursor_to((1, 4))
        await ui.press("m")
        assert ui.state.unit("ana").at == (1, 4)
        assert ui.map.overlay.sight == frozenset() and ui.game.looking is None

    run_ui(script, open_path=walled(tmp_path))


def test_the_sight_from_a_cell_goes_when_the_turn_ends(run_ui, tmp_path):
    async def script(ui):
        await rex_watching(ui)
        await ui.press("S")  # on Ana's own cell: her own sight
        assert ui.text("#hint").strip() == "from 1,3, where Ana stands, it sees no enemy — S again clears"
        assert ui.map.overlay.sight == sight_cells(ui.state, ui.state.unit("ana"))
        await ui.press("e")
        assert ui.state.active == "rex"
        assert ui.map.overlay.sight == frozenset() and ui.game.looking is None and ui.map.border_title == ""

    run_ui(script, open_path=walled(tmp_path))


def test_m_and_s_are_refused_on_an_ais_turn_and_open_nothing(run_ui, duel):
    async def script(ui):
        await to_the_raiders_turn(ui)
        raider = ui.state.unit(ui.state.active)
        before = ui.state
        for key in ("M", "M", "S"):
            await ui.press(key)
            assert isinstance(ui.app.screen, GameScreen)
            assert ui.text("#hint").strip() == f"{raider.name} is the AI's: wait for your turn (n lets the AI play)"
        assert ui.state is before and ui.map.overlay.path == () and ui.game.looking is None

    run_ui(script, open_path=duel, ai_pace=3600)
