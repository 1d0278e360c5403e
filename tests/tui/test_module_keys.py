"""The battlefield under suppression (R18.4) and re-roll points (R18.6): right after an action the hint line
offers the re-roll and `R` picks the die; `C` calms a pinned character; the unit panel and the turn order say
`suppressed`."""

from __future__ import annotations

import tomllib

import tomli_w
from tui_kit import SKIRMISH_UNITS, write_encounter

from apcombat.tui.screens.dialogs import ChoiceScreen


def encounter(tmp_path):
    return write_encounter(
        tmp_path / "encounters",
        name="pinned",
        side=[
            {"id": "vault", "name": "Vault", "control": "human", "reroll_points": 4},
            {"id": "raiders", "name": "Raiders", "control": "human"},
        ],
        modules={"suppression": True, "rerolls": True},
        optional_rules={"initiative": False},
    )


def test_r18_6_2_a_re_roll_is_offered_right_after_an_action_and_r_plays_it(run_ui, tmp_path):
    async def script(ui):
        await ui.press("s")
        await ui.command("gm dice 99", f"shoot {ui.state.active} rex")
        assert ui.text("#hint").strip().startswith("R re-rolls a die of that action (R18.6: Vault may, 2 points each)")
        await ui.command("gm dice 5 3")
        await ui.press("R")
        choice = await ui.wait_for_screen(ChoiceScreen)
        assert [label for _, label in choice.options] == [
            "Vault: die 1, d100 for Ana's shot at Rex = 99 (2 of 4 points)"
        ]
        await ui.press("enter")
        await ui.settle()
        assert ui.state.side("vault").reroll_points == 2
        assert "re-roll for Vault: die 1" in ui.log_text()
        await ui.command("turn ana N")
        assert not ui.text("#hint").strip().startswith("R re-rolls")

    run_ui(script, open_path=encounter(tmp_path))


def test_r18_4_4_c_calms_and_the_panels_say_suppressed(run_ui, tmp_path):
    async def script(ui):
        await ui.command("gm set ana markers=2")
        await ui.press("s")
        assert "suppressed: 2 markers (-2 AP, -20)" in ui.screen_text()
        assert "suppressed 2" in ui.screen_text()
        await ui.command("gm dice 1")
        await ui.press("C")
        choice = await ui.wait_for_screen(ChoiceScreen)
        assert [line for line, _ in choice.options] == ["calm ana"]
        await ui.press("enter")
        await ui.settle()
        assert ui.state.unit("ana").markers == 1

    run_ui(script, open_path=encounter(tmp_path))


def test_r18_4_4_at_the_table_the_app_asks_the_game_master_who_is_near(run_ui, tmp_path):
    # R18.4.4, R18: table mode asks whether the friend is within 5 m and in sight, then plays gm near and calm.
    units = [{key: value for key, value in unit.items() if key != "at"} for unit in SKIRMISH_UNITS]
    units.append({**units[0], "id": "bea", "character": {**units[0]["character"], "name": "Bea"}})
    path = write_encounter(
        tmp_path / "encounters",
        name="table",
        units=tuple(units),
        modules={"suppression": True},
        optional_rules={"initiative": False},
    )
    data = tomllib.loads(path.read_text())
    del data["map"]  # table mode
    path.write_text(tomli_w.dumps(data))

    async def script(ui):
        await ui.command("gm set bea markers=2")
        await ui.press("s")
        await ui.command("gm dice 1")
        await ui.press("C")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press("enter")
        question = await ui.wait_for_screen(ChoiceScreen)
        assert question.title_text == "Is Bea within 5 m of Ana and in sight? (R18.4.4)"
        await ui.press("enter")
        await ui.settle()
        assert ui.state.unit("bea").markers == 1
        assert "game master: Bea is within 5 m of Ana and in sight (R18.4.4)" in ui.log_text()

    run_ui(script, open_path=path)
