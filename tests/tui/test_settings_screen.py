"""Issue 24, item 6: the settings screen — F4 anywhere, s on the title. Up and down choose a setting, left and
right (or Enter, space, a click) change it; each change applies at once and is written to settings.toml, and
Escape closes keeping it. The AI's pace reaches an AI already playing, the default zoom a new battlefield, the
hints are the one setting F2 switches too; APCOMBAT_AI_PACE wins when set, and the screen says so."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, Static
from tui_kit import DUEL, Ui

from apcombat.content.settings import AI_PACE_ENV, DEFAULTS, Settings, load_settings, save_settings
from apcombat.content.settings import FIELDS as FIELD_NAMES
from apcombat.content.user_files import settings_file
from apcombat.tui.screens.full_log import FullLogScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.help import HelpScreen
from apcombat.tui.screens.legend import LegendScreen
from apcombat.tui.screens.overview import FRAME, OverviewScreen, overview_text
from apcombat.tui.screens.settings import SettingsScreen
from apcombat.tui.screens.title import TitleScreen
from apcombat.tui.setting_fields import FIELDS, next_value, stepped
from apcombat.tui.tutorial import TutorialBox
from apcombat.tui.widgets.map_view import MapView


@pytest.fixture(autouse=True)
def no_pace_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(AI_PACE_ENV, raising=False)


def values(ui: Ui) -> dict[str, str]:
    """Each setting's value as the open settings screen shows it, by the setting's label."""
    text = ui.screen_text()
    shown = {}
    for field in FIELDS:
        line = next(line for line in text.splitlines() if f" {field.label} " in line)
        shown[field.label] = line.split("◀", 1)[1].split("▶", 1)[0].strip()
    return shown


async def open_settings(ui: Ui, key: str = "f4") -> SettingsScreen:
    await ui.press(key)
    return await ui.wait_for_screen(SettingsScreen)


def test_s_on_the_title_and_f4_anywhere_open_the_settings_and_escape_closes_them(run_ui) -> None:
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        assert "s: settings" in ui.text("#title-keys")
        await open_settings(ui, "s")
        assert values(ui) == {
            "AI pace": "0.4 s a command",
            "Follow the action": "on",
            "Tutorial hints": "on",
            "Default zoom": "auto",
            "Palette": "standard",
            "Log detail": "short",
        }
        assert "Seconds between two commands of an AI's turn" in ui.screen_text()  # the first setting's sentence
        await ui.press("escape")
        await ui.wait_for_screen(TitleScreen)
        await open_settings(ui)
        await ui.press("f4")  # F4 again closes it
        await ui.wait_for_screen(TitleScreen)
        await ui.press("question_mark")
        table = (await ui.wait_for_screen(HelpScreen)).query_one(DataTable)
        rows = {str(table.get_row_at(index)[3]): table.get_row_at(index) for index in range(table.row_count)}
        assert [str(cell) for cell in rows["app.settings"][:3]] == ["f4", "Settings", "everywhere"]
        assert {"title.settings", "settings.close", "settings.previous", "settings.next_value"} <= set(rows)

    run_ui(script, open_path=None)


def test_each_setting_changes_by_its_keys_and_is_written_at_once(run_ui) -> None:
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        await open_settings(ui, "s")
        await ui.press("right", "right", "left", "right")  # the pace by 0.1 s a press
        assert ui.app.settings.ai_pace == 0.6 and values(ui)["AI pace"] == "0.6 s a command"
        assert load_settings()[0].ai_pace == 0.6  # written there and then
        await ui.press("enter")  # Enter: the next of the paces a few presses reach
        assert ui.app.settings.ai_pace == 0.7
        await ui.press("down", "space")  # follow the action: off
        await ui.press("down", "enter")  # hints: off
        await ui.press("down", "right", "right")  # default zoom: auto, 1, 2
        await ui.press("down", "left")  # palette: standard, back round to high contrast
        await ui.press("down", "right")  # log detail: full
        assert values(ui) == {
            "AI pace": "0.7 s a command",
            "Follow the action": "off",
            "Tutorial hints": "off",
            "Default zoom": "2",
            "Palette": "high contrast",
            "Log detail": "full",
        }
        assert "short: a burst is one line" in ui.screen_text()  # the sentence of the setting chosen
        await ui.press("escape")  # closes, keeping what was changed
        await ui.wait_for_screen(TitleScreen)

    app = run_ui(script, open_path=None)
    chosen = Settings(ai_pace=0.7, follow=False, hints=False, zoom=2, palette="high contrast", log_detail="full")
    assert app.settings == chosen
    assert load_settings() == (chosen, [])

    async def read_back(ui: Ui) -> None:  # a new app reads the file and shows the same
        await ui.wait_for_screen(TitleScreen)
        assert ui.app.settings == chosen
        await open_settings(ui)
        assert values(ui)["Palette"] == "high contrast" and values(ui)["Default zoom"] == "2"
        assert values(ui)["AI pace"] == "0.7 s a command" and values(ui)["Tutorial hints"] == "off"

    run_ui(read_back, open_path=None)


def test_a_click_on_a_setting_gives_its_next_value(run_ui) -> None:
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        await open_settings(ui)
        listing = ui.screen.query_one("#settings-list")
        await ui.pilot.click(listing, offset=(4, 1 + 4))  # the border's row, then Palette's line
        await ui.settle()
        assert ui.app.settings.palette == "colour-blind"

    run_ui(script, open_path=None)


def test_the_keys_step_the_pace_within_0_and_2_s_and_go_round_the_choices() -> None:
    assert stepped(DEFAULTS.replace(ai_pace=0.0), "ai_pace", -1).ai_pace == 0.0
    assert stepped(DEFAULTS.replace(ai_pace=2.0), "ai_pace", 1).ai_pace == 2.0
    assert stepped(DEFAULTS.replace(ai_pace=0.3), "ai_pace", 1).ai_pace == 0.4  # not 0.30000000000000004
    assert next_value(DEFAULTS.replace(ai_pace=2.0), "ai_pace").ai_pace == 0.0
    assert next_value(DEFAULTS.replace(ai_pace=0.5), "ai_pace").ai_pace == 0.7
    assert stepped(DEFAULTS.replace(zoom=3), "zoom", 1).zoom == "auto"
    assert stepped(DEFAULTS, "log_detail", -1).log_detail == "full"


def test_the_settings_open_on_the_battlefield_and_the_view_is_redrawn_after_a_change(run_ui, skirmish) -> None:
    async def script(ui: Ui) -> None:
        game = await ui.wait_for_screen(GameScreen)
        redrawn = []
        game.refresh_view = lambda: redrawn.append(True)  # type: ignore[method-assign]
        await open_settings(ui)
        await ui.press("down", "down", "down", "down", "right")  # palette: colour-blind
        assert ui.app.settings.palette == "colour-blind" and redrawn
        await ui.press("escape")
        assert await ui.wait_for_screen(GameScreen) is game

    run_ui(script, open_path=skirmish)


def test_the_default_zoom_applies_to_a_new_battlefield_and_z_still_changes_it(run_ui, skirmish) -> None:
    async def auto(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        assert ui.map.zoom == 3  # the small skirmish map fits whole at the largest zoom

    run_ui(auto, open_path=skirmish)
    save_settings(DEFAULTS.replace(zoom=1))

    async def chosen(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        assert ui.map.zoom == 1
        await ui.press("z")  # for this fight
        assert ui.map.zoom == 2
        await open_settings(ui)
        await ui.press("down", "down", "down", "left")  # the default back to auto: z's choice stays
        await ui.press("escape")
        await ui.wait_for_screen(GameScreen)
        assert ui.map.zoom == 2 and load_settings()[0].zoom == "auto"

    run_ui(chosen, open_path=skirmish)


def test_a_default_zoom_chosen_on_the_battlefield_shows_when_the_settings_close(run_ui, skirmish) -> None:
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await open_settings(ui)
        await ui.press("down", "down", "down", "right")  # auto to 1
        await ui.press("escape")
        await ui.wait_for_screen(GameScreen)
        assert ui.game.query_one(MapView).zoom == 1

    run_ui(script, open_path=skirmish)


def test_a_pace_changed_while_the_ai_plays_is_the_pace_of_its_next_command(run_ui) -> None:
    save_settings(DEFAULTS.replace(ai_pace=2.0, hints=False))

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        assert ui.game.ai.pace == 2.0
        await ui.press("s")
        await ui.until(lambda: ui.state.active == "ana", "Ana's turn")
        await ui.press("e")  # the raider's turn: the AI waits 2 s before each command
        await ui.until(lambda: ui.game.ai.acting, "the AI's turn")
        await open_settings(ui)
        await ui.press("enter")  # after the longest pace, none: the AI plays at once
        assert ui.game.ai.acting and ui.game.ai.pace == 0.0
        await ui.press("escape")
        await ui.until(lambda: ui.state.active == "ana" or ui.state.finished, "the end of the AI's turn", 20)

    run_ui(script, open_path=DUEL, ai_pace=None)


def test_apcombat_ai_pace_wins_and_the_screen_says_so(run_ui, monkeypatch: pytest.MonkeyPatch) -> None:
    save_settings(DEFAULTS.replace(ai_pace=1.5))
    monkeypatch.setenv(AI_PACE_ENV, "0")

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        assert ui.game.ai.pace == 0.0
        await open_settings(ui)
        assert values(ui)["AI pace"] == "1.5 s a command"  # the file's, which the variable overrides
        assert f"{AI_PACE_ENV}=0 is set: it wins over the pace chosen here." in ui.screen_text()
        await ui.press("left")
        assert ui.game.ai.pace == 0.0 and ui.app.settings.ai_pace == 1.4

    run_ui(script, open_path=DUEL, ai_pace=None, size=(80, 24))


def test_the_hints_are_one_setting_for_f2_and_the_settings_screen(run_ui) -> None:
    async def script(ui: Ui) -> None:
        game = await ui.wait_for_screen(GameScreen)
        assert game.query(TutorialBox)
        await ui.press("f2")  # off
        await ui.settle()
        assert not game.query(TutorialBox)
        await open_settings(ui)
        assert values(ui)["Tutorial hints"] == "off"
        await ui.press("down", "down", "enter")  # on again, from here: the box comes back
        await ui.settle()
        assert ui.app.settings.hints and game.query(TutorialBox)
        await ui.press("space")  # and off
        await ui.settle()
        assert not game.query(TutorialBox)
        await ui.press("escape")

    run_ui(script, open_path=DUEL, ai_pace=0)
    assert not load_settings()[0].hints


def test_problems_of_settings_toml_are_said_once_at_start(run_ui) -> None:
    path = settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('palette = "sepia"\nlouder = true\nhints = false\n', encoding="utf-8")

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        (notice,) = [notice for notice in ui.notices() if notice.startswith("Settings")]
        lines = notice.splitlines()  # as the key file's: the file named once, a line for each problem
        assert lines[0].startswith(f"Settings file {path}: • palette = 'sepia' is not one of")
        assert lines[1] == "• louder is not a setting; the settings are " + ", ".join(FIELD_NAMES)
        assert ui.app.settings == DEFAULTS.replace(hints=False)  # what could be used is
        await open_settings(ui)
        await ui.press("escape")
        await ui.wait_for_screen(TitleScreen)
        assert len([notice for notice in ui.notices() if notice.startswith("Settings")]) == 1

    run_ui(script, open_path=None)


def test_an_apcombat_ai_pace_that_is_no_pace_is_said_at_start(run_ui, monkeypatch) -> None:
    monkeypatch.setenv(AI_PACE_ENV, "fast")

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        (notice,) = [notice for notice in ui.notices() if notice.startswith("Settings")]
        assert "APCOMBAT_AI_PACE='fast' is not a number of seconds" in notice
        assert ui.app.pace == DEFAULTS.ai_pace

    run_ui(script, open_path=None)


def test_a_settings_file_that_is_not_toml_is_said_once_and_the_defaults_are_used(run_ui) -> None:
    path = settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('hints = false\npalette = "standard\n', encoding="utf-8")

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        (notice,) = [notice for notice in ui.notices() if notice.startswith("Settings")]
        assert notice.startswith(f"Settings file {path}: • line 2: TOML syntax error")
        assert notice.endswith("; the default settings are used") and ui.app.settings == DEFAULTS

    run_ui(script, open_path=None)


def unwritable_config_folder() -> None:
    """A file where the user's config folder should be: settings.toml cannot be written."""
    folder = settings_file().parent
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("a file where the folder should be", encoding="utf-8")


def test_an_unwritable_config_folder_keeps_the_settings_for_the_run_and_says_so(run_ui) -> None:
    unwritable_config_folder()

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        await open_settings(ui)
        await ui.press("right")
        assert ui.app.settings.ai_pace == 0.5
        assert "settings.toml cannot be written" in ui.screen_text()

    run_ui(script, open_path=None)


def test_the_settings_reopened_after_a_write_failed_still_say_the_file_cannot_be_written(run_ui) -> None:
    unwritable_config_folder()

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        await open_settings(ui)
        await ui.press("right")
        await ui.press("escape")
        await ui.wait_for_screen(TitleScreen)
        await open_settings(ui)  # not "kept in settings.toml": the change lasts until apcombat ends
        assert "settings.toml cannot be written" in ui.screen_text()
        assert "kept in settings.toml" not in ui.screen_text()

    run_ui(script, open_path=None)


def test_f4_opens_the_settings_over_the_legend_the_whole_map_the_keys_and_a_dialog(run_ui) -> None:
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        for key in ("L", "v", "question_mark", "p"):  # p: the pose's choice, a dialog
            await ui.press(key)
            await ui.settle()
            under = ui.app.screen
            await open_settings(ui)  # not only on the battlefield: a modal screen took the app's keys
            await ui.press("down", "down", "down", "down", "right")
            assert ui.app.settings.palette == "colour-blind"
            await ui.press("f4")  # and F4 again closes them, back to that screen
            assert await ui.wait_for_screen(type(under)) is under
            await ui.press("escape")
            await ui.wait_for_screen(GameScreen)
            ui.app.change_settings(DEFAULTS.replace(hints=False))

    run_ui(script, open_path=DUEL, ai_pace=0)


def test_a_palette_chosen_over_the_legend_or_the_whole_map_shows_there_at_once(run_ui) -> None:
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.press("L")
        await ui.wait_for_screen(LegendScreen)
        await open_settings(ui)
        await ui.press("down", "down", "down", "down", "right")
        await ui.press("escape")
        await ui.wait_for_screen(LegendScreen)
        assert "Palette: colour-blind" in ui.screen_text()
        await ui.press("escape", "v")
        overview = await ui.wait_for_screen(OverviewScreen)
        before = overview.query_one("#overview-map", Static).content
        await open_settings(ui)
        await ui.press("down", "down", "down", "down", "right")  # high contrast
        await ui.press("escape")
        await ui.wait_for_screen(OverviewScreen)
        text, _ = overview_text(
            ui.state, overview.labels, ui.app.size.width - FRAME, ui.app.size.height - FRAME, "high contrast"
        )
        assert overview.query_one("#overview-map", Static).content == text != before

    run_ui(script, open_path=DUEL, ai_pace=0)


def test_at_80_x_24_the_settings_keep_their_keys_line_when_the_file_cannot_be_written_and_the_pace_is_set(
    run_ui, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(AI_PACE_ENV, "0.25")
    unwritable_config_folder()

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        await open_settings(ui)
        await ui.press("right")
        await ui.settle()
        shown = ui.screen_text()
        assert "settings.toml cannot be written" in shown and f"{AI_PACE_ENV}=0.25 is set" in shown
        assert "Esc closes" in shown  # the keys line is not pushed out of the dialog

    run_ui(script, open_path=None, size=(80, 24))


def test_the_settings_rebound_to_a_letter_leave_it_to_a_text_box(run_ui, tmp_path) -> None:
    keys = tmp_path / "keys.toml"
    keys.write_text('[keys]\n"app.settings" = "f4,w"\n', encoding="utf-8")

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.press("ctrl+l")
        await ui.wait_for_screen(FullLogScreen)
        await ui.press("slash", "w", "a", "r")  # typed in the search box, not the settings opened
        assert ui.app.screen.query_one("#full-log-search", Input).value == "war"
        await ui.press("escape", "w")  # the box closed: w opens the settings over the whole log
        await ui.wait_for_screen(SettingsScreen)

    run_ui(script, open_path=DUEL, ai_pace=0, keymap_file=keys)


def test_f4_over_the_command_palette_over_the_settings_opens_no_second_settings(run_ui) -> None:
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        await open_settings(ui)
        await ui.press("ctrl+p")
        await ui.until(lambda: type(ui.app.screen).__name__ == "CommandPalette", "the command palette")
        await ui.press("f4")
        await ui.settle()
        assert sum(isinstance(screen, SettingsScreen) for screen in ui.app.screen_stack) == 1

    run_ui(script, open_path=None)
