"""Issue 13, item 11: the first fight teaches the game. A how-to-play screen from the title and the keys
screen; on the demo duel, hints that walk a first turn (the path preview, a move, a breakdown, a shot, the
turn's end), each giving way once its step is done; F2 switches them off, remembered in the user's settings."""

from __future__ import annotations

import pytest
from tui_kit import DUEL, Ui

from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.help import HelpScreen
from apcombat.tui.screens.how_to_play import HowToPlayScreen
from apcombat.tui.screens.shot import ShotScreen
from apcombat.tui.screens.title import TitleScreen
from apcombat.tui.tutorial import TutorialBox


@pytest.fixture
def run(run_ui):
    """The demo duel at 80 x 24 with the AI playing at once, unless told otherwise."""

    def run_it(script, size=(80, 24), **options) -> None:
        run_ui(script, size=size, **({"open_path": DUEL, "ai_pace": 0} | options))

    return run_it


def hint(ui: Ui) -> str:
    """The tutorial's words, on one line ("" when the box is not there)."""
    boxes = ui.game.query(TutorialBox)
    return " ".join(boxes.first().said.split()) if boxes else ""


def test_the_hints_walk_a_first_turn_each_giving_way_when_its_step_is_done(run) -> None:
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        assert hint(ui).startswith("s starts the fight")
        await ui.press("s")
        await ui.until(lambda: ui.state.active == "ana", "Ana's turn")
        assert hint(ui).startswith("Hint 1/5: arrow keys move the cursor: the path preview")
        assert "Keep 5 AP to shoot" in hint(ui) and hint(ui).endswith("F2: hints off")
        await ui.press("right")  # the path preview shows: step 1 is done
        assert hint(ui).startswith("Hint 2/5: m moves Ana along the previewed path")
        await ui.press("m")
        await ui.settle()
        assert hint(ui).startswith("Hint 3/5: Tab picks Raider; f opens the shot dialog")
        await ui.press("tab")
        assert hint(ui).startswith("Hint 4/5: f opens the shot dialog: read the breakdown, then Enter shoots (5 AP)")
        await ui.press("f")
        shot = await ui.wait_for_screen(ShotScreen)
        assert "hit on" in ui.text("#shot-lines", shot)  # the breakdown the hint points at
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        await ui.settle()
        assert hint(ui).startswith("Hint 5/5: e ends Ana's turn")
        await ui.press("e")
        await ui.until(lambda: ui.state.active == "ana" or ui.state.finished, "Ana's next turn")
        await ui.settle()
        assert not ui.state.finished  # with these dice Ana lives through the raider's turn
        assert hint(ui).startswith("That was a whole turn!")
        await ui.press("m")  # the player plays on (a move to where the cursor is): the box makes room
        await ui.command("turn ana N")
        await ui.settle()
        assert not ui.game.query(TutorialBox), ([e.line for e in ui.game.session.game.history], ui.notices())

    run(script, seed=3)  # dice with which the raider's burst leaves Ana standing


def test_f2_switches_the_hints_off_and_the_setting_is_remembered(run, user_folders) -> None:
    settings = user_folders / "config" / "apcombat" / "settings.toml"

    async def off(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        assert hint(ui)
        await ui.press("f2")
        await ui.settle()
        assert hint(ui) == "" and any("hints off" in notice for notice in ui.notices())

    run(off)
    assert "hints = false" in settings.read_text(encoding="utf-8")

    async def stays_off_then_on(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        assert hint(ui) == ""  # remembered from the last run
        await ui.press("f2")
        await ui.settle()
        assert hint(ui).startswith("s starts the fight")

    run(stays_off_then_on)
    assert "hints = true" in settings.read_text(encoding="utf-8")


def test_other_fights_have_no_hints(run, skirmish) -> None:
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.press("s")
        assert hint(ui) == ""

    run(script, open_path=skirmish)


def test_how_to_play_opens_from_the_title_and_from_the_keys(run) -> None:
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        assert "h: how to play" in ui.text("#title-keys")
        await ui.press("h")
        await ui.wait_for_screen(HowToPlayScreen)
        text = ui.screen_text()
        assert "How to play" in text and "The goal" in text
        await ui.press("escape")
        await ui.wait_for_screen(TitleScreen)
        await ui.press("question_mark")
        await ui.wait_for_screen(HelpScreen)
        await ui.press("h")
        await ui.wait_for_screen(HowToPlayScreen)
        await ui.press("escape")
        await ui.wait_for_screen(TitleScreen)

    run(script, open_path=None, size=(140, 45))


def test_f2_in_another_fight_says_where_the_hints_are_and_writes_nothing(run, skirmish, user_folders) -> None:
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.press("f2")
        await ui.settle()
        assert any("are for the demo duel" in notice for notice in ui.notices())

    run(script, open_path=skirmish)
    assert not (user_folders / "config" / "apcombat" / "settings.toml").exists()


def test_a_player_who_shoots_without_moving_is_not_held_on_the_moving_hints(run) -> None:
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.press("s")
        await ui.until(lambda: ui.state.active == "ana", "Ana's turn")
        await ui.press("tab")  # straight to a target, no path previewed: hints 1 and 2 are past
        assert hint(ui).startswith("Hint 4/5: f opens the shot dialog")
        await ui.press("f")
        await ui.wait_for_screen(ShotScreen)
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        await ui.settle()
        assert hint(ui).startswith("Hint 5/5: e ends Ana's turn")

    run(script, seed=3)
