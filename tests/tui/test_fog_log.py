"""R21.8.3 in the app: the log panel and the whole log (ctrl+l) show the log as the viewing side is shown it
(`Fight.viewing_side()`): in hot-seat, the side whose character acts."""

from __future__ import annotations

from apcombat.tui.screens.full_log import FullLogScreen
from apcombat.tui.screens.hand_over import HandOverScreen
from tests.engine.modules.fog_fights import ana, ben, fog_file, jed, rat

UNSEEN_TURN = "Jed's turn: 8 AP"


def test_the_log_shows_the_viewing_sides_log(run_ui, tmp_path):  # R21.8.3, R21.8.2 (c)
    # Jed walks out from behind the wall 5,6: the vault sees him only from 6,4 on.
    encounter = fog_file(tmp_path, ana((0, 6)), jed((6, 6)), rat((9, 0)), ben((2, 4)))

    async def handed_over(ui) -> None:  # R21.8.5: hot-seat's hand-over before another side's turn
        assert isinstance(ui.screen, HandOverScreen)
        await ui.press("enter")
        await ui.settle()

    async def script(ui):
        await handed_over(ui)  # the set-up's cover: Enter starts the fight
        await handed_over(ui)  # Ana's turn
        await ui.command("end")
        await handed_over(ui)
        assert UNSEEN_TURN in ui.log_text()  # the raiders' view: Jed is theirs
        await ui.command("move jed 6,5 6,4 6,3 6,2", "end", "end")
        await handed_over(ui)
        log = ui.log_text()  # Ben's turn: the vault's view
        assert UNSEEN_TURN not in log and "Round 1 — out of sight" in log
        assert "Jed moves, seen at 6,4, 6,3, 6,2" in log
        await ui.press("ctrl+l")
        assert isinstance(ui.screen, FullLogScreen)
        assert all(event.text != UNSEEN_TURN for event in ui.screen.events)

    run_ui(script, open_path=encounter)
