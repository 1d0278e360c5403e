"""Issue 28's done-when: the keys of every row of the issue's table and of each pick-then-act action on a unit that
is not acting, counted as the issue counts them — from the battlefield with another unit acting and nothing picked;
the keys that pick count, Enter counts, a number's digits (and a note's words) do not. Each at most three keys, the
aimed shot at most six; each changes the fight's state as meant and the screen names whom it acted on. The table of
counts is docs/table-mode.md's ("Keys per action"). On the saloon brawl (content/encounters/table_brawl.toml)."""

from __future__ import annotations

from test_table_picks import dialog
from test_table_shot_keys import BRAWL, Keys, drifters_turn, resolved
from tui_kit import Ui

from apcombat.engine import parse_command
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.shot import ShotScreen
from apcombat.tui.screens.table import TableScreen

NOTE = "has the key, will flee at 10 HP"


def test_every_action_of_the_issue_takes_at_most_three_keys_and_the_shot_six(run_ui):
    async def script(ui: Ui) -> None:
        await drifters_turn(ui)
        history = ui.game.session.game.history
        state = lambda: ui.state  # noqa: E731 — the state after each action
        counted: dict[str, int] = {}

        # Move the acting unit 6 cm (R0.1: 3 cm = 1 m; walking 30 mm per AP): m, 6, Enter.
        keys = Keys(ui)
        assert "Distance in cm" in await dialog(ui, keys, "m", number="6")
        counted["move the acting unit 6 cm"] = keys.count
        moved = parse_command(history[-1].line)
        assert (moved.unit, moved.distance_cm) == ("drifter", 6) and state().unit("drifter").ap == 9 - 2
        assert "Drifter walks 6 cm at 30 mm/AP: 2 AP (9 -> 7)" in ui.log_text()

        # An aimed shot at the head with physical dice, the fight's first attack (R9, R10): f, Enter (whom), 9,
        # h, Tab, 37 4, Enter.
        keys = Keys(ui)
        await keys.press("f")
        await ui.wait_for_screen(ChoiceScreen)
        await keys.press("enter")
        shot = await ui.wait_for_screen(ShotScreen)
        assert "Drifter attacks Raider Jed" in ui.text("#shot-title", shot)
        await keys.type("9")
        await keys.press("h", "tab")
        await keys.type("37 4")
        await keys.press("enter")
        await resolved(ui)
        counted["aimed shot at the head, physical dice, first attack"] = keys.count
        assert history[-1].line == "shoot drifter raider_1 aimed head at 9cm"
        assert state().unit("raider_1").hp == 33 - 8

        # HP change of the acting unit: -, 1, Enter (nothing picked: the acting unit).
        keys = Keys(ui)
        assert "Drifter" in await dialog(ui, keys, "minus", number="1")
        counted["HP change of the acting unit"] = keys.count
        assert history[-1].line == "gm hp drifter -1" and state().unit("drifter").hp == 29

        # Each action on the unit sixth in the turn order, which is not acting: its digit picks it.
        other = state().unit(state().order[5])
        assert other.id != state().active

        keys = Keys(ui)
        assert other.name in await dialog(ui, keys, "6", "minus", number="4")
        counted["HP change of another unit"] = keys.count
        assert history[-1].line == f"gm hp {other.id} -4" and state().unit(other.id).hp == other.hp - 4

        keys = Keys(ui)
        assert other.name in await dialog(ui, keys, "6", "plus", number="1")
        counted["HP + of another unit"] = keys.count
        assert state().unit(other.id).hp == other.hp - 3

        keys = Keys(ui)  # R6.2: burning, 2 burns to come
        assert other.name in await dialog(ui, keys, "6", "b", number="2")
        counted["a condition (burning 2 rounds) on a unit"] = keys.count
        assert history[-1].line == f"gm condition {other.id} burning 2"
        assert state().unit(other.id).burning.burns_left == 2

        keys = Keys(ui)  # issue 28, item 4: the note, typed (its words are not counted)
        await keys.press("6", "N")
        ask = await ui.wait_for_screen(AskScreen)
        assert other.name in ask.prompt
        await ui.type(NOTE)
        await keys.press("enter")
        await ui.wait_for_screen(TableScreen)
        await ui.settle()
        counted["a note"] = keys.count
        assert history[-1].line == f"gm note {other.id} {NOTE}" and state().unit(other.id).note == NOTE
        assert f"game master: note on {other.name}: {NOTE}" in ui.log_text()

        keys = Keys(ui)
        question = await dialog(ui, keys, "6", "A", number="3")
        assert other.name in question and "its turn starts with fresh AP, R13.2" in question  # not acting
        counted["AP"] = keys.count
        assert history[-1].line == f"gm set {other.id} ap=3" and state().unit(other.id).ap == 3

        keys = Keys(ui)  # R8.1: upright to crouched
        await keys.press("6", "P")
        await ui.settle()
        counted["pose"] = keys.count
        assert history[-1].line == f"gm set {other.id} pose=crouched"
        assert state().unit(other.id).pose.value == "crouched"
        await ui.press("ctrl+z")  # each is a command: undone and redone one at a time
        await ui.settle()
        assert state().unit(other.id).pose.value == "upright"
        await ui.press("ctrl+y")
        await ui.settle()
        assert state().unit(other.id).pose.value == "crouched"

        keys = Keys(ui)
        await keys.press("6", "K")
        await ui.settle()
        counted["cover"] = keys.count
        assert history[-1].line == f"gm set {other.id} in_cover=true" and state().unit(other.id).in_cover

        assert f"game master override: {other.name} in_cover=true" in ui.log_text()  # the screen says whom
        assert state().active == "drifter"  # the acting unit still acts
        shot = counted.pop("aimed shot at the head, physical dice, first attack")
        assert shot <= 6 and all(count <= 3 for count in counted.values()), (shot, counted)
        assert (shot, counted) == (
            5,
            {
                "move the acting unit 6 cm": 2,
                "HP change of the acting unit": 2,
                "HP change of another unit": 3,
                "HP + of another unit": 3,
                "a condition (burning 2 rounds) on a unit": 3,
                "a note": 3,
                "AP": 3,
                "pose": 2,
                "cover": 2,
            },
        )  # docs/table-mode.md's table of keys per action

    run_ui(script, size=(80, 24), open_path=BRAWL)
