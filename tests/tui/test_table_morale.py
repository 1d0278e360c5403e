"""Table mode with morale and casualties on (R18.1.2, R18.2.2): the app asks the game master who saw a friend
fall and whether a helper stands next to a man down, and plays the `gm` lines those answers are."""

from __future__ import annotations

from pathlib import Path

import tomli_w
from test_table_fight import choose, logged
from tui_kit import Ui

from apcombat.tui.screens.dialogs import ChoiceScreen
from apcombat.tui.screens.game import GameScreen


def raider(unit_id: str, **character: object) -> dict:
    sheet = {"name": unit_id.capitalize(), "skills": {"small_guns": 60}, "weapons": ["grease_gun"], **character}
    return {"id": unit_id, "side": "raiders", "character": sheet}


def test_table_mode_asks_who_saw_a_loss_and_who_is_next_to_the_patient(run_ui, tmp_path: Path) -> None:
    encounter = {
        "name": "Table morale",
        "description": "Ana against three raiders, on the table.",
        "side": [{"id": "vault", "name": "Vault"}, {"id": "raiders", "name": "Raiders", "control": "human"}],
        "unit": [
            {"id": "ana", "side": "vault", "character": "ana"},
            raider("boss", perks=["leader"], morale=9),
            raider("kid", morale=6),
            raider("rat"),
        ],
        "optional_rules": {"initiative": False},
        "modules": {"morale": True, "casualties": True},
    }
    path = tmp_path / "encounters" / "table_morale.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(tomli_w.dumps(encounter), encoding="utf-8")

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.press("s")
        assert ui.state.active == "ana"
        await ui.command("gm dice 4 3 3 5 4")  # Boss's casualty d6, then Kid's two 2d6 (R18.1.2 b)
        await ui.press("colon")
        await ui.type("gm hp boss -40")
        await ui.press("enter")
        await ui.settle()
        question = await ui.wait_for_screen(ChoiceScreen)
        assert question.title_text == "Was Kid within 5 m of Boss and did it see Boss fall? (R18.1.2)"
        await choose(ui, "yes")
        question = await ui.wait_for_screen(ChoiceScreen)
        assert question.title_text == "Was Rat within 5 m of Boss and did it see Boss fall? (R18.1.2)"
        await choose(ui, "no")
        await ui.press("escape")
        await ui.settle()
        logged(
            ui,
            "Boss at 0 HP rolls for the casualty: d6 = 4 — man down",
            "Kid tests morale twice, Boss, a leader, was lost within 5 m (R18.1.2 b): 2d6 = 3+3 = 6 and "
            "2d6 = 5+4 = 9 vs 6 (M 6) — fails: shaken (R18.1.3)",
        )
        assert ui.state.unit("kid").morale.value == "shaken" and ui.state.unit("rat").morale.value == "steady"
        assert "shaken" in ui.screen_text()  # the turn order shows it (R18.1.3)
        await ui.press("e")  # Ana ends; Boss is man down; Kid's turn
        await ui.press("e")
        assert ui.state.active == "rat"
        await ui.command("gm dice 10")
        await ui.press("colon")
        await ui.type("aid rat boss")
        await ui.press("enter")
        await ui.settle()
        question = await ui.wait_for_screen(ChoiceScreen)
        assert question.title_text == "Is rat next to boss? (R18.2.2: first aid needs it)"
        await choose(ui, "yes")
        await ui.press("escape")
        await ui.settle()
        logged(ui, "game master: Rat is next to Boss (R18.2.2)", "Rat gives Boss first aid: 4 AP (7 -> 3)")
        assert ui.state.unit("boss").hp == 1 and ui.state.unit("boss").fate.value == "none"

    run_ui(script, open_path=path)
