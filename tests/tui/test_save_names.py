"""A save's name typed in the app is a file name in the saves folder, never a path: a NUL, ".", "..", a line
break or a path separator is refused with a sentence, the dialog stays open and nothing is written."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from apcombat.tui.screens.dialogs import AskScreen
from apcombat.tui.screens.game import GameScreen

REFUSED = {
    "../escaped": "cannot contain / or \\",
    "sub/dir": "cannot contain / or \\",
    "back\\slash": "cannot contain / or \\",
    ".": 'cannot be "."',
    "..": 'cannot be ".."',
    "two\nlines": "line break",
    "nul\x00byte": "NUL",
    "x" * 101: "at most 100 characters",
}


def save_as(name: str):
    """The steps that start the fight and save it under this name (typed or pasted)."""

    async def steps(ui):
        await ui.press("s", "ctrl+s")
        ask = await ui.wait_for_screen(AskScreen)
        ask.query_one(Input).value = name
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)

    return steps


@pytest.mark.parametrize("name", list(REFUSED), ids=lambda name: repr(name[:12]))
def test_a_save_name_that_is_not_a_plain_file_name_is_refused_with_a_sentence(run_ui, tmp_path, name):
    async def script(ui):
        await ui.press("s", "ctrl+s")
        ask = await ui.wait_for_screen(AskScreen)
        ask.query_one(Input).value = name  # typed or pasted
        await ui.press("enter")
        await ui.settle()
        assert ui.screen is ask  # still asking
        problem = ui.text("#answer-problem")
        assert problem.startswith("A save name") and REFUSED[name] in problem
        assert " ".join(problem.split()).endswith(".")  # the whole sentence is shown, wrapped
        # Another name is taken from the same dialog.
        ask.query_one(Input).value = "round-1"
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        assert any("saved to" in notice and "round-1.toml" in notice for notice in ui.notices())

    run_ui(script)
    written = {path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*.toml")}
    assert "saves/round-1.toml" in written
    assert written <= {"encounters/skirmish.toml", "saves/round-1.toml", "saves/autosave.toml"}, written


def test_a_plain_save_name_with_toml_at_its_end_is_saved_under_that_name(run_ui, tmp_path):
    run_ui(save_as("  the last stand.toml "))
    assert (tmp_path / "saves" / "the last stand.toml").exists()


def test_the_command_lines_save_option_says_it_is_a_path_that_may_point_anywhere(capsys):
    from apcombat.cli import main

    with pytest.raises(SystemExit):
        main(["run", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert (
        "--save PATH save the game to this file" in help_text and "anywhere (not only in the saves folder)" in help_text
    )


def test_an_empty_apcombat_saves_is_as_if_unset_saves_go_to_the_saves_folder(run_ui, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("APCOMBAT_SAVES", "")
    (tmp_path / "saves").mkdir()  # as in a checkout

    run_ui(save_as("empty-env"), saves=None)
    assert (tmp_path / "saves" / "empty-env.toml").exists()
    assert not (tmp_path / "empty-env.toml").exists()


def test_with_no_saves_folder_here_saves_go_to_the_user_data_folder(run_ui, tmp_path, monkeypatch, user_folders):
    # Issue 13, item 5: run from anywhere but a checkout, the saves go to the platform's user data folder.
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("APCOMBAT_SAVES")

    run_ui(save_as("elsewhere"), saves=None)
    assert (user_folders / "data" / "apcombat" / "saves" / "elsewhere.toml").exists()
    assert not (tmp_path / "saves").exists()
