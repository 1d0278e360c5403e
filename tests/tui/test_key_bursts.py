"""Keys sent at once (a terminal's burst, issue 22) never crash the app: a key's message that arrives after the
screen it was meant for was covered or closed does nothing there. Each test plays the ordering that crashed,
made certain: what two keys of a burst post is posted in the same moment, before the app handles either."""

from __future__ import annotations

import asyncio

from textual.widgets import OptionList
from tui_kit import Ui

from apcombat.content import content_root
from apcombat.tui.screens.dialogs import ChoiceScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.setup import SetupScreen
from apcombat.tui.screens.shot import ShotScreen
from apcombat.tui.screens.title import TitleScreen
from apcombat.tui.widgets.map_view import MapView

BRAWL = content_root() / "encounters" / "table_brawl.toml"


def test_enter_enter_on_an_enemy_opens_one_fire_dialog(run_ui):
    # Each Enter on the map chooses the cell under the cursor; the first opened the fire dialog, and the second
    # reached the battlefield before the dialog was built: it aimed the dialog again, which had no title yet
    # (NoMatches '#shot-title'), and would have opened it a second time.
    async def script(ui: Ui) -> None:
        await ui.press("s")
        await ui.press("tab")  # the cursor on the enemy in sight
        view = ui.game.query_one(MapView)
        view.post_message(MapView.CellChosen(view, view.cursor))
        view.post_message(MapView.CellChosen(view, view.cursor))
        shot = await ui.wait_for_screen(ShotScreen)
        await ui.settle()
        assert ui.app._exception is None
        assert [type(screen) for screen in ui.app.screen_stack].count(ShotScreen) == 1
        assert "attacks" in str(shot.query_one("#shot-title").render())
        await ui.press("escape")
        await ui.wait_for_screen(GameScreen)

    app = run_ui(script)
    assert app._exception is None and app.return_code in (None, 0)


def test_a_fight_closed_as_it_opens_leaves_the_title_in_front(run_ui):
    # f10 on the set-up opens the fight, and ctrl+t in the same burst goes back to the title before the fight's
    # screen has mounted: its widgets were already being taken down when its mount handler looked for them
    # (NoMatches 'MapView').
    async def script(ui: Ui) -> None:
        await ui.press("d")
        setup = await ui.wait_for_screen(SetupScreen)
        setup.action_start()  # f10
        ui.app.action_title()  # ctrl+t, before the fight's screen has mounted
        await ui.wait_for_screen(TitleScreen)
        await ui.settle()
        assert ui.app._exception is None

    app = run_ui(script, open_path=None)
    assert app._exception is None and app.return_code in (None, 0)


def test_a_table_fight_closed_as_it_opens_leaves_the_title_in_front(run_ui):
    # The same in table mode (NoMatches '#table-text'): the table brawl opened, and ctrl+t before it has mounted.
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        ui.app.open_file(BRAWL)
        ui.app.action_title()
        await ui.wait_for_screen(TitleScreen)
        await ui.settle()
        assert ui.app._exception is None

    app = run_ui(script, open_path=None)
    assert app._exception is None and app.return_code in (None, 0)


def test_enter_and_escape_at_once_close_a_question_once(run_ui):
    # Enter chooses the option under the highlight and Escape cancels: sent at once, both reached the question,
    # each dismissed it, and the second gave its answer again (InvalidStateError) or closed the screen under it.
    async def script(ui: Ui) -> None:
        await ui.press("s")  # round 1: something was played, so ctrl+t asks before leaving the fight
        await ui.press("ctrl+t")
        question = await ui.wait_for_screen(ChoiceScreen)
        # Escape and Enter: Escape's cancel ran first; the option Enter chose reached the question after it.
        question.action_dismiss_none()
        options = question.query_one(OptionList)
        question.post_message(OptionList.OptionSelected(options, options.get_option_at_index(0), 0))
        await ui.settle()
        assert ui.app._exception is None
        assert isinstance(ui.screen, GameScreen)  # Escape came first: the player stays in the fight

    app = run_ui(script)
    assert app._exception is None and app.return_code in (None, 0)


def test_start_pressed_before_the_set_up_has_mounted_waits_for_it(run_ui):
    # Enter on the title opens the set-up, and f10 in the same burst reached the set-up's Start before its
    # choices had mounted: Start read a side's control that was not there yet (NoMatches '#side-vault') or a
    # Select with no value yet (ValueError: Select.NULL). Start waits until the set-up is on the screen, then
    # starts: the key is not lost (in the browser the first f10 on an idle set-up did nothing).
    async def script(ui: Ui) -> None:
        await ui.press("d")
        first = await ui.wait_for_screen(SetupScreen)
        await ui.press("escape")
        await ui.wait_for_screen(TitleScreen)
        setup = SetupScreen(first.path, ui.app.library)
        ui.app.push_screen(setup)
        setup.action_start()  # f10, before the set-up has mounted
        await ui.wait_for_screen(GameScreen)
        assert ui.app._exception is None

    app = run_ui(script, open_path=None)
    assert app._exception is None and app.return_code in (None, 0)


def test_a_set_up_closed_as_it_opens_leaves_the_title_in_front(run_ui):
    # Enter on the title opens the set-up, and Escape in the same burst closes it before its choices have
    # mounted: each Select still had its Mount queued, and set its value on a label already taken down
    # (NoMatches '#label', 'SelectOverlay').
    async def script(ui: Ui) -> None:
        await ui.press("d")
        first = await ui.wait_for_screen(SetupScreen)
        await ui.press("escape")
        await ui.wait_for_screen(TitleScreen)
        for turns in range(40):  # Escape after more and more of the set-up's mounting: one lands inside it
            ui.app.push_screen(SetupScreen(first.path, ui.app.library))
            for _ in range(turns):
                await asyncio.sleep(0)
            ui.app.pop_screen()  # Escape
            await ui.settle()
            assert ui.app._exception is None and isinstance(ui.app.screen, TitleScreen), turns

    app = run_ui(script, open_path=None)
    assert app._exception is None and app.return_code in (None, 0)
