"""The app never crashes silently: Textual's option lists take PageUp/PageDown before they are laid out, and any
error no screen handles ends the app with status 1 and one line naming the crash report with the traceback."""

from __future__ import annotations

import functools
from pathlib import Path

from textual.command import CommandPalette
from textual.widgets import Select

from apcombat.cli import main
from apcombat.tui.app import ApcombatApp
from apcombat.tui.screens.oracle import OracleScreen
from apcombat.tui.screens.title import TitleScreen


def test_page_keys_in_the_oracle_odds_list_move_the_highlight(run_ui):
    async def script(ui):
        await ui.press("ctrl+k")
        oracle = await ui.wait_for_screen(OracleScreen)
        odds = oracle.query_one("#odds", Select)
        assert odds.region.width > 20  # the list is wide enough to read (it was squeezed to nothing)
        await ui.press("enter", "pagedown", "pagedown", "pageup", "pagedown", "enter")
        await ui.settle()
        assert odds.value == "impossible"
        await ui.press("enter", "pageup", "enter")
        await ui.settle()
        assert odds.value == "certain"

    app = run_ui(script, open_path=None)
    assert app.return_code in (None, 0)


def test_page_keys_in_the_command_palette_as_it_opens_do_nothing(run_ui):
    async def script(ui):
        await ui.wait_for_screen(TitleScreen)
        # A quick player: the page key arrives before the palette's list has a size.
        await ui.press_at_once("ctrl+p", "pageup")
        await ui.press_at_once("pagedown")
        await ui.wait_for_screen(CommandPalette)
        await ui.press("escape")
        await ui.wait_for_screen(TitleScreen)
        await ui.press_at_once("ctrl+p", "pagedown", "pageup")
        await ui.wait_for_screen(CommandPalette)
        await ui.press("pagedown", "pageup", "escape")
        await ui.wait_for_screen(TitleScreen)

    app = run_ui(script, open_path=None)
    assert app.return_code in (None, 0)


def test_an_unexpected_error_ends_the_app_with_status_1_and_a_line_naming_the_report(
    monkeypatch, capsys, tmp_path, crash_folder
):
    def broken_demo(self: TitleScreen) -> None:
        raise RuntimeError("an injected failure")

    async def press_d(pilot) -> None:
        await pilot.pause()
        await pilot.press("d")

    monkeypatch.setattr(TitleScreen, "action_demo", broken_demo)
    # `apcombat` as typed in a terminal, but headless and with a pilot pressing d on the title screen.
    monkeypatch.setattr(ApcombatApp, "run", functools.partialmethod(ApcombatApp.run, headless=True, auto_pilot=press_d))
    monkeypatch.setenv("APCOMBAT_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("APCOMBAT_KEYS", str(tmp_path / "no-keys.toml"))

    status = main([])

    assert status == 1
    reports = list(crash_folder.glob("crash-*.log"))
    assert len(reports) == 1
    report = reports[0].read_text(encoding="utf-8")
    assert "RuntimeError: an injected failure" in report and "broken_demo" in report
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert "unexpected error (RuntimeError)" in lines[0] and str(reports[0]) in lines[0].replace("\n", "")


def test_an_error_outside_the_screens_is_reported_the_same_way(monkeypatch, capsys, crash_folder, tmp_path):
    def no_terminal(self: ApcombatApp, **options: object) -> None:
        raise OSError("no terminal")

    monkeypatch.setattr(ApcombatApp, "run", no_terminal)
    monkeypatch.setenv("APCOMBAT_KEYS", str(tmp_path / "no-keys.toml"))
    assert main([]) == 1
    (report,) = crash_folder.glob("crash-*.log")
    assert "OSError: no terminal" in report.read_text(encoding="utf-8")
    assert f"the full report is in {report}" in capsys.readouterr().err


def test_a_crash_report_goes_to_the_temporary_folder_when_the_log_folder_cannot_be_written(monkeypatch, tmp_path):
    from apcombat.tui.crash import write_crash_report

    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocked))  # a file, not a folder: nothing can be made under it
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    path = write_crash_report(ValueError("x"))
    assert Path(path).parent == tmp_path / "tmp" / "apcombat"
    assert "ValueError: x" in Path(path).read_text(encoding="utf-8")
