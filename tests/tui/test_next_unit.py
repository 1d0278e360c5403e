"""The next-unit key (`u`, issue 24 item 5): the cursor and the view go to the player's next unit that has not
yet acted this round, the hint line says which and why, repeated presses cycle in the round's order, and one
sentence says when none is left — hot-seat the side whose turn it is, in table mode every side."""

from __future__ import annotations

from tui_kit import SKIRMISH_UNITS, character, write_encounter

from apcombat.content import content_root
from apcombat.tui.widgets.panels import HintLine

TABLE_BRAWL = content_root() / "encounters" / "table_brawl.toml"

THREE_AGAINST_ONE = (
    SKIRMISH_UNITS[0],
    {"id": "bea", "side": "vault", "at": [1, 5], "facing": "E", "character": character("Bea", ["colt_1911"])},
    {"id": "cal", "side": "vault", "at": [3, 1], "facing": "E", "character": character("Cal", ["colt_1911"])},
    SKIRMISH_UNITS[1],
)
"""Ana, Bea and Cal (vault) against Rex (raiders), both sides played by people, acting in the file's order."""


def said(ui) -> str:
    return ui.game.query_one(HintLine).said


def test_u_goes_to_the_next_unit_of_the_side_whose_turn_it_is_cycles_and_says_when_none_is_left(run_ui, tmp_path):
    fight = write_encounter(tmp_path / "encounters", "three", THREE_AGAINST_ONE, optional_rules={"initiative": False})

    async def script(ui):
        await ui.press("u")
        assert "the fight has not started" in said(ui)
        await ui.press("s")
        assert ui.state.active == "ana" and ui.map.cursor == (1, 3)
        await ui.press("u")
        assert ui.map.cursor == (1, 5)
        assert said(ui) == "Bea: next of yours to act this round, 8 AP — u again for Cal"
        await ui.press("u")
        assert ui.map.cursor == (3, 1)
        assert said(ui) == "Cal: 2nd of yours to act this round, 8 AP — u again for Bea"
        await ui.press("u")
        assert ui.map.cursor == (1, 5)  # round again, in the round's order
        await ui.press("e", "e")  # Ana's and Bea's turns over: Cal acts
        assert ui.state.active == "cal"
        await ui.press("u")
        assert said(ui) == "no other unit of yours is left to act this round"
        assert ui.map.cursor == (3, 1)
        await ui.press("e")  # Rex's turn: hot-seat, the raiders' side has no one else
        assert ui.state.active == "rex"
        await ui.press("u")
        assert said(ui) == "no other unit of yours is left to act this round"

    run_ui(script, open_path=fight)


def test_in_table_mode_u_goes_through_every_sides_units(run_ui):
    async def script(ui):
        await ui.press("s")
        await ui.settle()
        come = [unit for unit in ui.state.order if unit != ui.state.active]
        sides = {ui.state.unit(unit).side for unit in come}
        assert len(sides) == 2  # both sides' units are still to come
        for unit in come + come[:1]:
            await ui.press("u")
            assert said(ui).startswith(f"{ui.state.unit(unit).name}: ")
            assert "of yours" not in said(ui) and "to act this round" in said(ui)

    run_ui(script, open_path=TABLE_BRAWL)
