"""Dice mode (g, then "Turn dice mode on"): every roll is asked for in a dialog that says what it is for and
what it needs; a number typed in is used as rolled, "roll for me" (ctrl+r) lets the program roll. On the demo duel
with the test seed: Ana acts first, and her Colt hits the raider on 95 or less."""

from __future__ import annotations

from apcombat.engine import Game
from apcombat.tui.screens.dialogs import ChoiceScreen, DiceScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.shot import ShotScreen


def test_dice_mode_asks_for_each_roll_and_can_roll_for_me(run_ui, duel):
    async def script(ui):
        await ui.press("s")
        assert ui.state.active == "ana"
        raider_hp = ui.state.unit("raider").hp

        await ui.press("g")
        await ui.wait_for_screen(ChoiceScreen)
        assert "Turn dice mode on (now off): type in every roll" in ui.text("OptionList")
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        assert ui.game.session.dice_mode
        assert "dice mode: every roll is asked for" in ui.notices()

        await ui.press("tab", "f")
        await ui.wait_for_screen(ShotScreen)
        await ui.press("enter")
        to_hit = await ui.wait_for_screen(DiceScreen)
        assert ui.text(".dialog-title").strip() == "d100 for Ana's shot at Raider — hits on 95 or less"
        assert "Type the number rolled (1-100). 00 on a d100 is 100" in ui.screen_text()

        # A number no d100 shows is refused, and asked for again.
        await ui.type("150")
        await ui.press("enter")
        assert ui.screen is to_hit and "A d100 shows 1 to 100; try again." in ui.text("#die-problem")
        await ui.press("ctrl+u")
        await ui.type("7")
        assert ui.text("#die-outcome").strip() == "7 — hit"  # what the number means, as it is typed
        await ui.press("enter")

        # The hit asks for its damage, showing the dice so far: ctrl+r, "roll for me", lets the program roll it.
        await ui.until(lambda: isinstance(ui.screen, DiceScreen) and ui.screen is not to_hit, "the damage roll")
        assert ui.text(".dialog-title").strip() == "1d10+4 for damage of Ana's shot at Raider"
        assert ui.text("#dice-so-far").strip() == "So far: d100 7 — hit (typed)"
        await ui.press("ctrl+r")
        await ui.wait_for_screen(GameScreen)
        await ui.until(lambda: not ui.game.busy, "the attack to be played")

        game = ui.game.session.game
        assert "roll: d100 = 7 vs 95 — HIT" in ui.log_text()
        shot = game.history[-1]
        assert shot.line == "shoot ana raider" and shot.typed_dice[0] == 7 and shot.rolled_dice == (1,)
        assert 3 <= raider_hp - ui.state.unit("raider").hp <= 12  # 1d10+4, leather armour stops 2
        # The log says which die was typed and which the program rolled.
        assert f"dice: typed d100 7; rolled by the program 1d10+4 {shot.typed_dice[1]}" in ui.log_text()
        # Both are kept in the history, the rolled one marked so: a replay gets the same fight and log.
        assert Game.replay(game.start, game.seed, game.history).state == ui.state

        # Dice mode off again: the program rolls (nothing is asked).
        await ui.press("g")
        await ui.wait_for_screen(ChoiceScreen)
        assert "Turn dice mode off (now on): the program rolls" in ui.text("OptionList")
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        assert not ui.game.session.dice_mode
        await ui.press("e")
        assert ui.state.active == "raider" and isinstance(ui.screen, GameScreen)

    run_ui(script, open_path=duel)
