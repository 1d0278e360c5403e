"""Issue 13, item 5: leaving a fight with play not saved asks first, saving over another save asks first, and
a load says what it loaded."""

from __future__ import annotations

from textual.widgets import Input

from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.saves import LoadScreen
from apcombat.tui.screens.title import TitleScreen


async def save(ui, name: str) -> None:
    await ui.press("ctrl+s")
    ask = await ui.wait_for_screen(AskScreen)
    ask.query_one(Input).value = name
    await ui.press("enter")
    await ui.settle()


def test_leaving_a_fight_with_unsaved_play_asks_first(run_ui):
    async def script(ui):
        await ui.press("s")  # the fight starts: play not saved yet
        await ui.press("ctrl+t")
        choice = await ui.wait_for_screen(ChoiceScreen)
        assert choice.title_text.startswith("Leave the fight?") and "autosave.toml" in choice.title_text
        await ui.press("escape")  # stay
        await ui.wait_for_screen(GameScreen)
        await save(ui, "kept")
        await ui.wait_for_screen(GameScreen)
        await ui.press("ctrl+t")  # nothing played since the save: no question
        await ui.wait_for_screen(TitleScreen)

    run_ui(script)


def test_leaving_after_the_answer_leave_goes_to_the_title(run_ui):
    async def script(ui):
        await ui.press("s", "ctrl+t")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press("enter")  # the first answer: leave
        await ui.wait_for_screen(TitleScreen)

    run_ui(script)


def test_saving_over_another_save_asks_and_a_load_says_what_it_loaded(run_ui, tmp_path):
    async def script(ui):
        await ui.press("s")
        await save(ui, "first")
        await ui.wait_for_screen(GameScreen)
        before = (tmp_path / "saves" / "first.toml").read_bytes()
        await save(ui, "first")  # its own save: no question
        await ui.wait_for_screen(GameScreen)
        await ui.command("end")  # Rex's turn now
        await save(ui, "second")
        await ui.wait_for_screen(GameScreen)
        await save(ui, "first")  # another fight's save (this one is "second" now)
        choice = await ui.wait_for_screen(ChoiceScreen)
        assert "first.toml already holds a save" in choice.title_text
        await ui.press("down", "enter")  # keep it
        await ui.wait_for_screen(GameScreen)
        assert (tmp_path / "saves" / "first.toml").read_bytes() == before
        await ui.press("ctrl+t")
        await ui.wait_for_screen(TitleScreen)  # saved as "second": nothing to lose
        await ui.press("l")
        await ui.wait_for_screen(LoadScreen)
        loading = ui.screen
        names = [str(option.prompt) for option in loading.query_one("#saves").options]
        await ui.press(*["down"] * next(i for i, name in enumerate(names) if name.startswith("first")), "enter")
        await ui.wait_for_screen(GameScreen)
        assert any(notice.startswith("Loaded first.toml: Skirmish, round 1, Ana's turn") for notice in ui.notices())

    run_ui(script)


def test_the_load_screen_left_before_it_mounted_lists_nothing_and_raises_nothing(run_ui):
    # Random keys: `l`, Escape and ctrl+q in one burst mounted the load screen after its list was gone
    # (NoMatches: OptionList on LoadScreen), failing the app as it quit.
    async def script(ui):
        await ui.wait_for_screen(TitleScreen)
        screen = LoadScreen(ui.app.saves)
        await ui.app.push_screen(screen)
        await screen.query_one("#saves").remove()
        screen.on_mount()  # as the mount that came after the list was taken down
        await ui.settle()

    run_ui(script, open_path=None)
