"""A whole small fight played through the app, as a player would: the keyboard, and one click on the map.

The test encounter (see tui_kit.py): Ana (12 AP, a Colt) against Rex (20 HP, a grease gun). `gm dice`, typed
on the command line, fixes every roll. Round 1: Ana walks a cell (1 AP), crouches (2 AP; undone and done
again after a save and a load), fires an aimed shot at the torso with an extra AP (7 AP: 10 damage) and takes
cover beside the low wall (2 AP); Rex answers with a burst (one round of three hits: 6 damage). Round 2: Ana
watches (R16); Rex walks into her cone and is interrupted; `e` hands control back. Round 3: Ana fires blind
from cover and Rex goes down: victory.
"""

from __future__ import annotations

from textual.widgets import OptionList
from tui_kit import active_line

from apcombat.model import Pose
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.saves import LoadScreen
from apcombat.tui.screens.shot import ShotScreen
from apcombat.tui.screens.victory import VictoryScreen


def test_a_small_fight_played_to_victory_with_the_keyboard(run_ui, tmp_path):
    saved = tmp_path / "saves" / "mid.toml"

    async def script(ui):
        # Set-up (round 0): s rolls initiative; Ana (base 17) always acts before Rex (base 11).
        assert "Set-up (round 0)" in ui.text("#order")
        await ui.press("s")
        assert (ui.state.round, ui.state.active) == (1, "ana")
        assert "Round 1" in ui.text("#order") and "Ana" in active_line(ui.text("#order"))
        assert "Ana's turn: 12 AP" in ui.text("#hint")

        # Move: the cursor keys show the path and its cost, m walks it.
        await ui.move_cursor_to((2, 3))
        assert "move to 2,3: 1 AP (0 for turning), 11 left — m to walk, M to run" in ui.text("#hint")
        await ui.press("m")
        ana = ui.state.unit("ana")
        assert (ana.at, ana.ap) == ((2, 3), 11)
        assert "AP ███████████░ 11/12" in ui.text("#unit") and "2,3 facing E, upright" in ui.text("#unit")

        # Save: ctrl+s asks for a name (the encounter's by default); the save lands in the saves folder.
        await ui.press("ctrl+s")
        ask = await ui.wait_for_screen(AskScreen)
        assert ask.query_one("Input").value == "skirmish"
        await ui.press("ctrl+u")
        await ui.type("mid")
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        assert saved.exists()
        assert any("saved to" in notice and "mid.toml" in notice for notice in ui.notices())
        at_save = ui.state

        # Pose: p offers the other poses with their cost; Enter takes the first, crouched (2 AP).
        await ui.press("p")
        menu = await ui.wait_for_screen(ChoiceScreen)
        assert "Ana is upright: change pose" in ui.text("Label")
        options = ui.text("OptionList")
        assert "crouched (2 AP)" in options and "prone (4 AP)" in options
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        assert menu not in ui.app.screen_stack
        assert ui.state.unit("ana").pose is Pose.CROUCHED and ui.state.unit("ana").ap == 9
        assert "crouched" in ui.text("#unit")

        # Load: ctrl+o lists the saves (the autosave too); choosing "mid" brings back the state it saved.
        await ui.press("ctrl+o")
        load = await ui.wait_for_screen(LoadScreen)
        listing = load.query_one(OptionList)
        ids = [listing.get_option_at_index(index).id for index in range(listing.option_count)]
        assert str(saved) in ids and str(saved.with_name("autosave.toml")) in ids
        assert "mid — Skirmish, round 1" in ui.text("OptionList")
        await ui.press(*["down"] * (ids.index(str(saved)) - (listing.highlighted or 0)), "enter")
        leave = await ui.wait_for_screen(ChoiceScreen)  # the crouch was not saved: asked first (issue 13, item 5)
        assert leave.title_text.startswith("Leave the fight?")
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        assert ui.state == at_save
        assert any(notice.startswith("Loaded mid.toml: Skirmish, round 1, Ana's turn") for notice in ui.notices())
        assert "upright" in ui.text("#unit") and "11/12" in ui.text("#unit")

        # Undo: crouch again, then ctrl+z: the state before it, exactly (rebuilt from the save's history).
        await ui.press("p")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press("enter")
        assert ui.state.unit("ana").pose is Pose.CROUCHED
        await ui.press("ctrl+z")
        assert ui.state == at_save
        assert "undone: pose ana crouched" in ui.log_text()
        await ui.press("p")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press("enter")
        assert ui.state.unit("ana").pose is Pose.CROUCHED and ui.state.unit("ana").ap == 9

        # An aimed shot: Tab targets Rex, f opens the dialog, l names the torso, + buys an extra AP of aim.
        await ui.command("gm dice 10 6")  # to hit: 10; damage: [6]+4
        await ui.press("tab")
        assert ui.game.target == "rex" and ui.map.cursor == ui.map.overlay.target == (7, 0)
        hint = "Rex: single shot with the Colt 1911, 75% to hit, 7.3 damage expected (20 HP, upright) — f to attack"
        assert hint in ui.text("#hint")  # the attack f opens with, as the engine previews it
        await ui.press("f")
        await ui.wait_for_screen(ShotScreen)
        assert "Ana attacks Rex" in ui.text("#shot-title")
        await ui.press("l", "plus")
        choices = ui.text("#shot-choices")
        assert "mode: aimed shot" in choices and "location: torso" in choices and "extra AP: 1" in choices
        lines = ui.text("#shot-lines")
        assert "extra aiming AP     +10" in lines and "hit on 80 or less (80%), critical on 5 or less" in lines
        assert "hit 80%, expected hits 0.80; AP 7, 2 left — Enter fires" in ui.text("#shot-summary")
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        assert ui.state.unit("rex").hp == 10 and ui.state.unit("ana").ap == 2
        assert "Ana attacks Rex: 1 hit, 10 damage (20 -> 10 HP)" in ui.log_text()
        assert "roll: d100 = 10 vs 80 — HIT" in ui.log_text()

        # Cover: c, beside the low wall (2 AP).
        await ui.press("c")
        assert ui.state.unit("ana").in_cover and ui.state.unit("ana").ap == 0
        assert "in cover" in ui.text("#unit")
        await ui.press("e")
        assert ui.state.active == "rex" and "Rex" in active_line(ui.text("#order"))

        # A burst: f, then m until the mode is a burst; three rounds, each rolled (10 hits, 99 misses).
        await ui.command("gm dice 10 3 99 99")
        await ui.press("tab", "f")
        await ui.wait_for_screen(ShotScreen)
        for _ in range(7):
            if "mode: burst" in ui.text("#shot-choices"):
                break
            await ui.press("m")
        assert "mode: burst" in ui.text("#shot-choices") and "Grease Gun, 3 rounds" in ui.text("#shot-lines")
        assert "target crouched     x2/3" in ui.text("#shot-lines")
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        assert ui.state.unit("ana").hp == 25
        assert "Rex: 3 rounds at Ana: 1 hit, 6 damage (31 -> 25 HP)" in ui.log_text()  # a burst: one line
        await ui.press("e")

        # Round 2: Ana watches (o); Rex is chosen a cell in her cone with a click; he is interrupted there.
        assert (ui.state.round, ui.state.active) == (2, "ana")
        await ui.press("o")
        assert ui.state.unit("ana").watch is not None and ui.state.active == "rex"
        assert "watching" in ui.text("#order")
        await ui.command("gm dice 3")  # Ana's perception: d10 3 vs PE 8
        await ui.click_cell((7, 2))
        assert ui.map.cursor == (7, 2)
        await ui.press("m")
        assert ui.state.active == "ana" and ui.state.interrupt is not None
        assert ui.state.unit("rex").at == (7, 1)  # stopped in the first watched cell
        assert "INTERRUPT" in ui.text("#order") and "Ana" in active_line(ui.text("#order"))
        assert ui.text("#hint").strip().startswith("INTERRUPT: Ana acts now, e hands control back — Ana spots Rex")
        assert ui.map.cursor == (2, 3)  # on the watcher, who acts now
        await ui.press("e")
        assert ui.state.active == "rex" and ui.state.interrupt is None
        assert "INTERRUPT" not in ui.text("#order") and "Rex" in active_line(ui.text("#order"))
        assert "Ana ends the interruption; back to Rex" in ui.log_text()
        await ui.press("e")

        # Round 3: Ana, still in cover, fires blind (the dialog's default there); Rex goes down.
        assert (ui.state.round, ui.state.active) == (3, "ana")
        await ui.command("gm dice 10 6")
        await ui.press("tab", "f")
        await ui.wait_for_screen(ShotScreen)
        assert "from cover: blind fire" in ui.text("#shot-choices")
        await ui.press("enter")
        await ui.wait_for_screen(VictoryScreen)
        assert ui.state.finished and ui.state.winner == "vault" and ui.state.unit("rex").down
        summary = ui.screen_text()
        assert "Vault won the fight!" in summary
        assert "Skirmish: 3 rounds" in summary
        assert ui.table_rows() == [
            ["side", "shots", "hits", "damage dealt", "standing"],
            ["Vault", "2", "2", "20", "1"],
            ["Raiders", "3", "1", "6", "0"],
        ]

        # Enter goes back to the map, where undo still works.
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        await ui.press("ctrl+z")
        assert not ui.state.finished and ui.state.unit("rex").hp == 10

    run_ui(script)
