"""Saves in the app: one written before issue 9's rules opens with a one-line warning; a table-mode autosave
made after a move continues (issue 9, items 1 and 5)."""

from __future__ import annotations

import shutil
from pathlib import Path

from apcombat.tui.screens.game import GameScreen

FORMAT_1 = Path(__file__).parents[1] / "saves" / "format_1"


def test_a_save_from_older_rules_opens_with_a_warning(run_ui, tmp_path):
    old = Path(shutil.copy(FORMAT_1 / "duel.toml", tmp_path / "old.toml"))

    async def script(ui):
        await ui.wait_for_screen(GameScreen)
        assert ui.state.unit("raider").hp == 29
        warnings = [notice for notice in ui.notices() if "written under rules version 1" in notice]
        assert len(warnings) == 1 and "\n" not in warnings[0]

    run_ui(script, open_path=old, ai_pace=3600)  # the raider's AI waits: this test is about the warning


def test_a_table_mode_autosave_made_after_a_move_continues(run_ui, tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(FORMAT_1 / "table_brawl.toml", saves / "autosave.toml")

    async def script(ui):
        await ui.press("c")  # continue the autosave
        await ui.wait_for_screen(GameScreen)
        assert ui.state.unit("drifter").ap == 0
        assert ui.state.active == "rocco"

    run_ui(script, open_path=None)
