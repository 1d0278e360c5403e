"""The words the screens use: counts agree with their numbers, labels say what selecting them does."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input
from tui_kit import Ui

from apcombat.content import content_root
from apcombat.content.encounter_summary import EncounterSummary
from apcombat.model import Terrain
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.overview import OverviewScreen
from apcombat.tui.screens.title import described
from apcombat.tui.widgets.map_glyphs import cell_segments

BRAWL = content_root() / "encounters" / "table_brawl.toml"


def test_the_title_counts_each_sides_units_in_words():
    summary = EncounterSummary(Path("x.toml"), "X", "A fight.", (12, 8), (("Vault dweller", 1), ("Raiders", 3)))
    assert described(summary) == "A fight.\n\n12 x 8 map; Vault dweller (1 unit) vs Raiders (3 units)"


def test_table_modes_command_line_shows_table_forms_not_cells(run_ui):
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.press("colon")
        placeholder = ui.game.query_one("#command", Input).placeholder
        assert placeholder.startswith("e.g. move ana 120, shoot ana raider at 850 (cm)") and "4,5" not in placeholder

    run_ui(script, open_path=BRAWL)


def test_on_a_grid_the_panel_counts_movement_left_in_steps_not_mm(run_ui, duel):
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.press("s")
        active = ui.state.active  # the demo duel: Ana at 2,5 facing east, the raider at 13,5 facing west
        diagonal = {"ana": "3,4", "raider": "12,4"}[active]  # a step half-left: 42 mm, 2 AP, 18 mm over
        await ui.command(f"move {active} {diagonal}")
        panel = ui.text("#unit")
        assert "part of a step left" in panel and " mm " not in panel
        assert "part of a step's movement left (R7.1)" in ui.log_text()

    run_ui(script, open_path=duel)


@pytest.mark.parametrize(("ap_left", "shown"), [(7, "·7"), (0, "·0"), (12, "12"), (-3, "-3"), (-12, "··"), (123, "··")])
def test_a_path_step_never_shows_a_cut_off_number(ap_left, shown):
    # A figure wider than the cell's two columns used to lose its first character: -12 read as 12.
    assert (
        "".join(segment.text for segment in cell_segments(Terrain.FLOOR, None, ap_left, None, None, False, None, False))
        == shown
    )


def test_full_stop_brings_the_cursor_and_view_back_to_the_acting_unit(run_ui, duel):
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.command("gm dice 6 1")  # R13.1: Ana first
        await ui.press("s")
        await ui.move_cursor_to((14, 8))
        await ui.press("full_stop")
        assert ui.map.cursor == ui.state.unit("ana").at == (2, 5)

    run_ui(script, open_path=duel)


def test_v_shows_the_whole_big_map_with_every_unit(run_ui):
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        labels = ui.map.labels
        await ui.press("v")
        overview = await ui.wait_for_screen(OverviewScreen)
        assert "The whole map, 120 x 100: a character is 4 x 8 cells" in ui.text(".dialog-title")
        rows = ui.text("#overview-map").splitlines()
        assert len(rows) == 13  # 100 rows of cells, 8 to a line
        marked = {(column, row) for row, line in enumerate(rows) for column, mark in enumerate(line) if mark.isalnum()}
        assert marked == {(unit.at[0] // 4, unit.at[1] // 8) for unit in ui.state.units}  # every unit's 4 x 8 block
        letters = {mark[0] for mark in labels.values()}  # the side's letter, in its case as on the map
        assert set("".join(rows)) - {"·", "░", "█"} <= letters | {letter.lower() for letter in letters}
        await ui.press("escape")
        assert ui.screen is not overview and isinstance(ui.screen, GameScreen)

    run_ui(script, size=(80, 24), open_path=content_root() / "encounters" / "big_battlefield.toml")
