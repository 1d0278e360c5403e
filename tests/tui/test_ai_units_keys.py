"""Issue 24 item 4, before you commit: the keys that act for the acting unit are refused up front while an AI's
unit acts, with one sentence on the hint line, and open no dialog (the pose dialog used to open for the AI's
unit, then refuse); the cursor on an enemy in sight shows the default attack's chance from the engine.

The demo duel: Ana (the vault dweller, human) against the Raider (played by the AI)."""

from __future__ import annotations

from tui_kit import to_the_raiders_turn

from apcombat.tui.screens.game import GameScreen


def test_keys_acting_for_the_ais_unit_open_nothing_and_the_hint_says_why(run_ui, duel):
    async def script(ui):
        await to_the_raiders_turn(ui)
        raider = ui.state.unit(ui.state.active)
        assert raider.side == "raiders"
        before = ui.state
        refused = f"{raider.name} is the AI's: wait for your turn (n lets the AI play)"
        for key in ("p", "f", "m", "a", "c", "e"):
            await ui.press(key)
            await ui.settle()
            assert isinstance(ui.app.screen, GameScreen), f"{key} opened {ui.app.screen!r}"
            assert ui.text("#hint").strip() == refused, key
        assert ui.state == before  # nothing was played for it

    run_ui(script, open_path=duel, ai_pace=3600)


def test_the_cursor_on_an_enemy_in_sight_shows_the_default_attacks_chance_and_expected_damage(run_ui, duel):
    async def script(ui):
        await ui.press("s")
        await ui.until(lambda: ui.state.active == "ana" and not ui.game.ai.pending, "Ana's turn")
        raider = next(unit for unit in ui.state.units if unit.side == "raiders")
        await ui.move_cursor_to(raider.at)
        hint = ui.text("#hint").strip()
        assert hint.startswith("Raider: single shot with the Colt 1911, ")  # the attack f opens with
        assert "% to hit, " in hint and " damage expected" in hint and hint.endswith("f to attack")

    run_ui(script, open_path=duel, ai_pace=0)
