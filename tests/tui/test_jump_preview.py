"""The battlefield's preview line for a jump: where no walk leads, or walking costs more, the cursor shows what
a jump costs (R15.3) and the test it needs (R15.2)."""

from __future__ import annotations

import pytest
from tui_kit import write_encounter

# Two columns of gap (x 2 and 3) split the test encounter's field: Ana at 1,3 cannot walk across...
GAP_ROWS = ["..__......"] * 6
# ... unless the top row is open: walking round is possible, and dearer than the jump.
OPEN_TOP_ROWS = ["..........", *GAP_ROWS[1:]]


@pytest.mark.parametrize(("rows", "walking"), [(GAP_ROWS, ""), (OPEN_TOP_ROWS, " (walking: 12 AP, m)")])
def test_the_cursor_beyond_a_gap_shows_the_jumps_ap(run_ui, tmp_path, rows, walking):
    encounter = write_encounter(tmp_path / "encounters", name="gap", map={"rows": rows})

    async def script(ui):
        await ui.press("s")
        await ui.move_cursor_to((4, 3))
        # R15.2: 3 m between centres - 1 m = 2 m; standing max (ST 6 + AG 8) / 6 = 2.33 m, no whole metre to
        # spare: acrobatics 40. R15.3: walking 3 cells is 90 mm = 3 AP, + 1 AP standing.
        assert ui.text("#hint").strip() == (
            "jump to 4,3: 4 AP, 8 left; d100 for Ana's jump of 2.00 m — succeeds on 40 or less — J to jump" + walking
        )
        await ui.move_cursor_to((1, 4))  # next to Ana: walking (2 AP, a turn included) beats a jump (3 AP)
        assert "move to 1,4: 2 AP (1 for turning)" in ui.text("#hint")
        await ui.move_cursor_to((4, 3))
        await ui.press("J")
        assert ui.state.unit("ana").ap == 8

    run_ui(script, open_path=encounter)
