"""A small hex fight (R20) played to its end in the app: a click on an odd row's hex, a walk with its path's
AP left shown on the shifted row, a turn by facing steps, two shots and victory; the legend shows hexes."""

from __future__ import annotations

import re

from tui_kit import SKIRMISH_ROWS, write_encounter

from apcombat.model import Facing
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.legend import LegendScreen
from apcombat.tui.screens.shot import ShotScreen
from apcombat.tui.screens.victory import VictoryScreen
from apcombat.tui.widgets.unit_looks import FACING_MARKS


def row_text(ui, y: int) -> str:
    """Every line of map row `y` (zoomed, a unit's facing is on its first or second line)."""
    top = ui.map.zoom * y + 2 - ui.map.scroll_offset.y
    return "\n".join(ui.map.render_line(top + sub).text for sub in range(ui.map.zoom))


def test_a_hex_fight_is_played_to_victory_in_the_app(run_ui, tmp_path):
    hexes = write_encounter(tmp_path / "encounters", "hexes", map={"kind": "hex", "rows": list(SKIRMISH_ROWS)})

    async def script(ui):
        assert ui.state.map.kind == "hex"
        await ui.press("s")
        assert (ui.state.round, ui.state.active) == (1, "ana")

        # A click on 3,3 (an odd row, drawn half a cell east) puts the cursor there; the path's AP left is
        # drawn on the shifted row, and m walks it: two hexes east, 2 AP, no turn.
        await ui.click_cell((3, 3))
        assert ui.map.cursor == (3, 3)
        assert "move to 3,3: 2 AP (0 for turning), 10 left — m to walk, M to run" in ui.text("#hint")
        line = ui.map.render_line(ui.map.zoom * 3 + 2 - ui.map.scroll_offset.y).text
        assert re.search(r"\[V1\]\S* +11 +10 ", line), line
        await ui.press("m")
        assert (ui.state.unit("ana").at, ui.state.unit("ana").ap) == ((3, 3), 10)

        # R20.2: a turn of one facing step (E to NE) is free, by steps; the arrow on the map follows.
        await ui.command("turn ana NE")
        assert ui.state.unit("ana").facing is Facing.NE and ui.state.unit("ana").ap == 10
        assert FACING_MARKS[Facing.NE] in row_text(ui, 3)

        # The legend shows a hex map's rows and its six facings.
        await ui.press("L")
        await ui.wait_for_screen(LegendScreen)
        legend = ui.text("#legend-text")
        assert "hex map: every odd row is drawn half a cell east" in legend and "↗ NE  → E  ↘ SE  ↙ SW" in legend
        await ui.press("escape")
        await ui.wait_for_screen(GameScreen)

        # Two shots at Rex (20 HP), each 10 damage: down, and the vault wins.
        for _ in range(2):
            await ui.command("gm dice 10 6")
            await ui.press("tab", "f")
            await ui.wait_for_screen(ShotScreen)
            await ui.press("enter")
            await ui.until(lambda: not isinstance(ui.app.screen, ShotScreen), "the shot")
        await ui.wait_for_screen(VictoryScreen)
        assert ui.state.finished and ui.state.winner == "vault" and ui.state.unit("rex").down
        assert "Vault won the fight!" in ui.screen_text()

    run_ui(script, open_path=hexes)


def test_a_hex_save_opens_in_the_app_where_it_stopped(run_ui, tmp_path, library):
    # R20: a hex game saved goes on in the app (once refused there), its map drawn as hexes.
    from apcombat.content import load_encounter
    from apcombat.engine import Game
    from apcombat.saves import save_game

    hexes = write_encounter(tmp_path / "encounters", "hexes", map={"kind": "hex", "rows": list(SKIRMISH_ROWS)})
    game = Game(load_encounter(hexes, library), seed=3)
    game.play("start")
    game.play("turn ana SE")
    saved = save_game(game, tmp_path / "hex-save.toml")

    async def script(ui):
        await ui.wait_for_screen(GameScreen)
        assert ui.state == game.state and ui.state.map.kind == "hex"
        assert FACING_MARKS[Facing.SE] in row_text(ui, 3)

    run_ui(script, open_path=saved)
