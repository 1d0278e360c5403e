"""Spreading fires in the app (R18.3): the game master lights a fire at the map's cursor from the menu, the map
draws it (^^) and burnt ground, the unit panel says who stands in one, the legend names both, the log says
what each fire does; in table mode the program asks what catches fire after a flamer's stream.

The test encounter (tui_kit.py) with brush under Ana's feet and around her: Ana at 1,3 acts first; Rex at 7,0."""

from __future__ import annotations

import tomllib

import tomli_w
from textual.widgets import OptionList
from tui_kit import SKIRMISH_UNITS, shown, write_encounter
from tui_kit import choose_gm as choose

from apcombat.model import Terrain
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.legend import legend_text
from apcombat.tui.widgets.map_glyphs import TERRAIN_GLYPHS

BRUSH_ROWS = ["..........", ",,,.......", ",,=.......", ",,,.......", ",,,.......", ".........."]


def fire_encounter(folder):
    rows = {"rows": BRUSH_ROWS, "legend": {",": "brush"}}
    return write_encounter(folder / "encounters", "bushfire", map=rows, modules={"fire_spread": True})


def test_the_game_master_lights_a_fire_at_the_cursor_and_the_map_draws_it(run_ui, tmp_path):
    # R18.3.4: before the first round, from the menu, at the cursor's cell; then put out: burnt ground.
    async def script(ui):
        await ui.move_cursor_to((0, 1))
        await choose(ui, "fire")
        dialog = await ui.wait_for_screen(ChoiceScreen)
        assert dialog.query_one(OptionList).get_option_at_index(0).id == "on"
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        await ui.settle()
        assert ui.state.map.fires == {(0, 1)}
        assert "game master: the brush at 0,1 catches fire (R18.3.4)" in ui.log_text()
        row = next(line for line in shown(ui.map).splitlines() if line.startswith("│  1 "))
        assert row[5:7] == TERRAIN_GLYPHS[Terrain.FIRE]  # the cell 0,1, after the row number
        await choose(ui, "fire")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        await ui.settle()
        assert ui.state.map.fires == frozenset() and ui.state.map.burnt == {(0, 1)}
        history = [entry.line for entry in ui.game.session.game.history]
        assert history == ["gm fire 0,1 on", "gm fire 0,1 off"]

    run_ui(script, open_path=fire_encounter(tmp_path))


def test_the_unit_panel_says_who_stands_in_a_fire(run_ui, tmp_path):
    async def script(ui):
        await ui.command("gm dice 1 1", "gm fire 1,3 on", "gm dice 6 1 3 3", "start")
        assert ui.state.active == "ana"
        assert "in a fire" in ui.text("#unit")

    run_ui(script, open_path=fire_encounter(tmp_path))


def test_without_the_module_the_menu_has_no_fire(run_ui):
    async def script(ui):
        await ui.press("g")
        menu = await ui.wait_for_screen(ChoiceScreen)
        ids = [
            menu.query_one(OptionList).get_option_at_index(i).id for i in range(menu.query_one(OptionList).option_count)
        ]
        assert "fire" not in ids

    run_ui(script)


def test_the_legend_names_fires_and_burnt_ground():
    text = legend_text().plain
    assert "fire: never entered or crossed; its smoke blocks sight" in text
    assert "burnt ground: floor that no longer burns" in text
    assert "dry brush: floor that burns (R18.3)" in text


def test_table_mode_asks_what_catches_fire_after_a_stream(run_ui, tmp_path):
    # R18.3.2: no map, so after Ana's stream the game master names the fire under Rex (or Esc for none).
    units = [dict(unit, weapons=["flamer"]) if unit["id"] == "ana" else unit for unit in SKIRMISH_UNITS]
    units = [{key: value for key, value in unit.items() if key != "at"} for unit in units]
    encounter = write_encounter(tmp_path / "encounters", "table", units=tuple(units), modules={"fire_spread": True})
    data = tomllib.loads(encounter.read_text(encoding="utf-8"))
    del data["map"]
    encounter.write_text(tomli_w.dumps(data), encoding="utf-8")

    async def script(ui):
        await ui.command("gm dice 6 1 10 5 5")
        await ui.press("colon")  # not `command`: its closing Escape would answer the question (nothing burns)
        await ui.type("flame ana rex at 9cm")
        await ui.press("enter")
        dialog = await ui.wait_for_screen(AskScreen)
        assert "if the ground under Rex burns" in str(dialog.query_one("Label").render())
        await ui.type("barn")
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        await ui.settle()
        assert [fire.name for fire in ui.state.table_fires] == ["barn"]

    run_ui(script, open_path=encounter)
