"""The battlefield's preview line for a jump: where no walk leads, the cursor shows what a jump costs (R15.3)."""

from __future__ import annotations

from conftest import write_encounter

# Two columns of gap (x 2 and 3) split the test encounter's field: Ana at 1,3 cannot walk across.
GAP_ROWS = ["..__......"] * 6


def test_the_cursor_beyond_a_gap_shows_the_jumps_ap(run_ui, tmp_path):
    across = write_encounter(tmp_path / "encounters", name="gap", map={"rows": GAP_ROWS})

    async def script(ui):
        await ui.press("s")
        await ui.move_cursor_to((4, 3))
        # R15.2: 3 m between centres - 1 m = 2 m; standing max (ST 6 + AG 8) / 6 = 2.33 m, no whole metre to
        # spare: acrobatics 40. R15.3: walking 3 cells is 90 mm = 3 AP, + 1 AP standing.
        hint = ui.text("#hint")
        assert "jump to 4,3: 4 AP, 8 left; d100 for Ana's jump of 2.00 m" in hint
        assert "J to jump" in hint
        await ui.press("J")
        assert ui.state.unit("ana").ap == 8

    run_ui(script, open_path=across)


def test_where_walking_round_costs_more_the_cursor_offers_the_jump(run_ui, tmp_path):
    # The same gap, open along the top row: walking round it is possible, and dearer than the jump.
    around = write_encounter(tmp_path / "encounters", name="around", map={"rows": ["..........", *GAP_ROWS[1:]]})

    async def script(ui):
        await ui.press("s")
        await ui.move_cursor_to((4, 3))
        hint = ui.text("#hint")
        assert "jump to 4,3: 4 AP, 8 left;" in hint
        assert "(walking: " in hint
        await ui.move_cursor_to((1, 4))  # next to Ana: walking (1 AP) beats a jump (2 AP)
        assert "move to 1,4: " in ui.text("#hint")

    run_ui(script, open_path=around)
