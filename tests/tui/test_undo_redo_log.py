"""The battlefield's log after undo and redo: a redone shot shows its hit and damage again (issue 9, item 3)."""

from __future__ import annotations


def test_the_log_shows_a_redone_shots_result_again(run_ui):
    async def script(ui):
        await ui.press("s")  # Ana acts first
        await ui.command("gm force hit", "shoot ana rex")
        shot = next(line for line in ui.log_text().splitlines() if line.startswith("Ana attacks Rex"))
        assert "damage" in shot
        hp = ui.state.unit("rex").hp
        await ui.press("ctrl+z")
        await ui.settle()
        assert ui.log_text().splitlines()[-1] == "undone: shoot ana rex"
        assert shot not in ui.log_text()
        await ui.press("ctrl+y")
        await ui.settle()
        assert ui.state.unit("rex").hp == hp
        lines = ui.log_text().splitlines()
        redone = lines.index("redone: shoot ana rex")
        assert shot in lines[redone + 1 :]
        assert any("damage" in line and "Rex at" in line for line in lines[redone + 1 :])  # the breakdown

    run_ui(script)
