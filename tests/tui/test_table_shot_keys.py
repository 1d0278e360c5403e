"""Table mode's aimed shot with physical dice in a few keys (issue 13, items 1 and 2), on the saloon brawl
(content/encounters/table_brawl.toml). `gm dice 3 4 1 3 1 1` fixes initiative: Drifter acts first; his
Peacemaker (1d8+6) hits Raider Jed's head 9 cm (3 m) away on 40 or less, a critical on 32 or less.

The keys are counted from the table-mode screen, Drifter's turn active and nothing open, to the shot resolved;
the digits and spaces of the distance and of the dice are not counted (docs/table-mode.md: "Table mode's shot keys")."""

from __future__ import annotations

from tui_kit import Ui

from apcombat.content import content_root
from apcombat.tui.screens.dialogs import ChoiceScreen, DiceScreen
from apcombat.tui.screens.shot import ShotScreen
from apcombat.tui.screens.table import TableScreen

BRAWL = content_root() / "encounters" / "table_brawl.toml"


class Keys:
    """Presses keys and counts them (typed digits and spaces go through `type`, uncounted)."""

    def __init__(self, ui: Ui) -> None:
        self.ui = ui
        self.count = 0

    async def press(self, *keys: str) -> None:
        self.count += len(keys)
        await self.ui.press(*keys)

    async def type(self, text: str) -> None:
        assert set(text) <= set("0123456789. ")
        await self.ui.type(text)


async def drifters_turn(ui: Ui) -> None:
    await ui.wait_for_screen(TableScreen)
    await ui.command("gm dice 3 4 1 3 1 1")
    await ui.press("s")
    assert ui.state.active == "drifter" and isinstance(ui.screen, TableScreen)


async def aiming(ui: Ui) -> ShotScreen:
    """`f` on Drifter's first attack: whom (Enter, the first enemy listed), then the shot dialog."""
    await ui.press("f")
    await ui.wait_for_screen(ChoiceScreen)
    await ui.press("enter")
    return await ui.wait_for_screen(ShotScreen)


async def resolved(ui: Ui) -> None:
    await ui.wait_for_screen(TableScreen)
    await ui.until(lambda: not ui.game.busy, "the shot to be resolved")
    await ui.settle()


def test_an_aimed_shot_with_physical_dice_takes_at_most_six_keys(run_ui):
    async def script(ui: Ui) -> None:
        await drifters_turn(ui)
        # The first shot of the fight: f asks whom (Enter takes the first enemy standing, Raider Jed).
        keys = Keys(ui)
        await keys.press("f")
        await ui.wait_for_screen(ChoiceScreen)
        await keys.press("enter")
        shot = await ui.wait_for_screen(ShotScreen)
        await keys.type("9")
        await keys.press("h")  # one key: an aimed shot at the head
        await keys.press("tab")
        await keys.type("37 4 5")  # to hit 37, damage 4; the 5 is not needed
        assert "first die 37: hit" in ui.text("#shot-dice-order", shot)
        await keys.press("enter")
        await resolved(ui)
        assert keys.count == 5
        assert ui.game.session.game.history[-1].line == "shoot drifter raider_1 aimed head at 9cm"
        log = ui.log_text()
        assert "dice: typed d100 37, 1d8+6 4" in log and "roll: d100 = 37 vs 40 — HIT" in log
        assert "damage 1d8+6 = [4]+6 = 10 - 2 armour = 8 -> Raider Jed at 25 HP" in log
        assert "dice not needed, ignored: 5 (the attack needed fewer)" in ui.notices()

        # Next round, Drifter's last target is aimed at again: four keys.
        await ui.press("e", "e", "e", "e", "e", "e")
        assert (ui.state.round, ui.state.active) == (2, "drifter")
        keys = Keys(ui)
        await keys.press("f")
        shot = await ui.wait_for_screen(ShotScreen)
        assert "Drifter attacks Raider Jed" in ui.text("#shot-title", shot)
        assert ui.text("#distance", shot).strip() == "distance"  # measured again: the placeholder shows
        await keys.type("12")
        await keys.press("t")  # aimed at the torso
        await keys.press("tab")
        await keys.type("20 3")
        await keys.press("enter")
        await resolved(ui)
        assert keys.count == 4
        assert ui.game.session.game.history[-1].line == "shoot drifter raider_1 aimed torso at 12cm"
        assert "dice: typed d100 20, 1d8+6 3" in ui.log_text()

    run_ui(script, size=(80, 24), open_path=BRAWL)


def test_a_critical_asks_for_the_dice_the_line_did_not_give(run_ui):
    # 5 is a critical on the head: double damage (R1.4), then the head wound's EN test (R12.1), asked for.
    async def script(ui: Ui) -> None:
        await drifters_turn(ui)
        await ui.press("f")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press("enter")
        shot = await ui.wait_for_screen(ShotScreen)
        await ui.type("9 5 4")  # the space after the distance goes on to the dice box
        await ui.press("h", "enter")
        asked = await ui.wait_for_screen(DiceScreen)
        assert "EN test against a head wound" in ui.text(".dialog-title")
        assert ui.text("#dice-so-far").strip() == "So far: d100 5 — critical! (typed); 1d8+6 4 (typed)"
        await ui.type("2")
        assert ui.text("#die-outcome").strip() == "2 — success"
        await ui.press("enter")
        await resolved(ui)
        assert asked is not ui.screen
        shot = ui.game.session.game.history[-1]
        assert shot.typed_dice == (5, 4, 2) and shot.rolled_dice == ()
        assert "dice: typed d100 5, 1d8+6 4, d10 2" in ui.log_text()

    run_ui(script, open_path=BRAWL)


def test_a_forced_hit_asks_for_no_to_hit_die(run_ui):
    # R0.3: the game master forces the hit; the dice typed start with the damage, the program rolls the d100.
    async def script(ui: Ui) -> None:
        await drifters_turn(ui)
        await ui.command("gm force hit")
        await ui.press("f")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press("enter")
        shot = await ui.wait_for_screen(ShotScreen)
        await ui.type("9")
        assert "forced: no to-hit die" in ui.text("#shot-dice-order", shot)
        await ui.press("tab")
        await ui.type("4")
        await ui.press("enter")
        await resolved(ui)
        entry = ui.game.session.game.history[-1]
        assert entry.typed_dice[1] == 4 and entry.rolled_dice == (0,)
        assert f"dice: typed 1d8+6 4; rolled by the program d100 {entry.typed_dice[0]}" in ui.log_text()

    run_ui(script, open_path=BRAWL)


def test_in_dice_mode_a_forced_miss_asks_for_nothing(run_ui):
    async def script(ui: Ui) -> None:
        await drifters_turn(ui)
        ui.game.enable_dice_mode(True)
        await ui.command("gm force miss")
        await aiming(ui)
        await ui.type("9")
        await ui.press("enter")
        await resolved(ui)  # no dice dialog came up: the miss needs no die
        assert ui.state.unit("raider_1").hp == 33
        assert "rolled by the program d100" in ui.log_text()

    run_ui(script, open_path=BRAWL)


def test_keys_typed_fast_in_the_dialog_lose_no_digit(run_ui):
    # A game master typing fast: once f has opened the dialog, the keys arrive all at once, before it has drawn
    # a frame; none is lost or misread (a space after the distance goes on to the dice).
    async def script(ui: Ui) -> None:
        await drifters_turn(ui)
        await ui.press("tab")  # the battlefield's Tab picks the target: f aims at it
        assert ui.game.target == "raider_1"
        await ui.press("f")
        await ui.press_at_once("1", "2", "h", "space", "3", "4", "space", "4", "enter")
        await resolved(ui)
        assert ui.game.session.game.history[-1].line == "shoot drifter raider_1 aimed head at 12cm"
        assert "dice: typed d100 34, 1d8+6 4" in ui.log_text()

    run_ui(script, size=(80, 24), open_path=BRAWL)


def test_a_distance_is_kept_for_the_next_shot_but_measured_again_after_a_move(run_ui):
    """The distance typed stays for the attacker's next shot at the same target (nothing moved), but after a move
    it is measured again: a stale 9 cm with the dice box focused was waiting for the dice (issue 28's trial)."""

    async def script(ui: Ui) -> None:
        await drifters_turn(ui)
        await aiming(ui)
        await ui.type("9 80 1")
        await ui.press("enter")
        await resolved(ui)
        assert ui.game.session.game.history[-1].line == "shoot drifter raider_1 at 9cm"
        await ui.press("f")  # the same target, nothing moved: the distance is kept
        shot = await ui.wait_for_screen(ShotScreen)
        assert ui.text("#distance", shot).strip() == "9"
        await ui.press("escape")
        await ui.wait_for_screen(TableScreen)
        await ui.press("m")
        await ui.type("3")
        await ui.press("enter")
        await ui.settle()
        assert ui.game.session.game.history[-1].line == "move drifter 3"
        await ui.press("f")
        shot = await ui.wait_for_screen(ShotScreen)
        assert ui.text("#distance", shot).strip() == "distance"  # measured again: the placeholder shows
        assert shot.focused is shot.query_one("#distance")

    run_ui(script, size=(80, 24), open_path=BRAWL)
