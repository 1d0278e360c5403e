"""`apcombat edit [FILE]`: a file the editor cannot open is one sentence and exit status 2, never a traceback;
a file it can open (problems or not) starts the app on it."""

from __future__ import annotations

from pathlib import Path

import pytest

from apcombat.content import content_root

DUEL = content_root() / "encounters" / "duel.toml"


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list:
    """The editor sessions the app would have been started on (the app itself is not run)."""
    started: list = []

    class App:
        crash_message = None
        return_code = 0

        def __init__(self, editing, **options) -> None:
            started.append(editing)

        def run(self) -> None:
            pass

    monkeypatch.setattr("apcombat.tui.app.create_app", lambda **options: App(**options))
    return started


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_no_such_file_is_one_sentence(apcombat, tmp_path: Path, opened: list) -> None:
    run = apcombat("edit", tmp_path / "nothing.toml")
    assert run.code == 2 and not opened
    assert (
        one_line(run.err)
        == f"apcombat: {tmp_path / 'nothing.toml'}: no such file (apcombat edit without a file makes a new fight)"
    )


def test_a_folder_is_not_a_file(apcombat, tmp_path: Path, opened: list) -> None:
    run = apcombat("edit", tmp_path)
    assert run.code == 2 and not opened
    assert one_line(run.err) == f"apcombat: {tmp_path} is a folder: give an encounter's .toml file in it"


def test_broken_toml_names_the_file_and_the_problem(apcombat, tmp_path: Path, opened: list) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('name = "Broken\n[map]\nrows = [\n', encoding="utf-8")
    run = apcombat("edit", broken)
    assert run.code == 2 and not opened
    line = one_line(run.err)
    assert line.startswith("apcombat: ") and "broken.toml: line " in line and "TOML syntax error" in line
    assert line.endswith("(fix it in the file by hand, then open it again)")


def test_a_file_with_problems_still_opens(apcombat, tmp_path: Path, opened: list) -> None:
    """A draft-like file (a side with no units) is the editor's to fix: it opens."""
    text = DUEL.read_text(encoding="utf-8").replace('side = "raiders"', 'side = "vault"')
    fight = tmp_path / "lopsided.toml"
    fight.write_text(text, encoding="utf-8")
    run = apcombat("edit", fight)
    assert run.code == 0, run.err
    (session,) = opened
    assert session.path == fight and session.problems()


def test_a_shipped_encounter_opens_as_a_copy(apcombat, opened: list) -> None:
    before = DUEL.read_bytes()
    assert apcombat("edit", DUEL).code == 0
    (session,) = opened
    assert session.path != DUEL and session.path.name == "duel.toml" and "copy" in session.note
    session.save()
    assert DUEL.read_bytes() == before and session.path.is_file()


def test_without_a_file_a_new_fight(apcombat, opened: list) -> None:
    assert apcombat("edit").code == 0
    (session,) = opened
    assert session.encounter.name == "New fight" and session.encounter.map is not None


def test_another_content_folder_that_is_not_there(apcombat, tmp_path: Path, opened: list) -> None:
    run = apcombat("edit", "--content", tmp_path / "nowhere")
    assert run.code == 2 and not opened and "Traceback" not in run.err
    assert "nowhere" in run.err


def test_help_names_the_editor_keys(apcombat, capsys) -> None:
    with pytest.raises(SystemExit):
        apcombat("edit", "--help")
    out = capsys.readouterr().out
    assert "f10 plays the fight" in out and "shipped" in out


def test_a_draft_left_unsaved_is_what_opens(apcombat, tmp_path: Path, opened: list) -> None:
    from apcombat.content import load_library
    from apcombat.editor import open_fight
    from apcombat.editor.map_edits import paint
    from apcombat.model import Terrain

    fight = tmp_path / "mine.toml"
    fight.write_bytes(DUEL.read_bytes())
    first = open_fight(fight, load_library(content_root()))
    first.edit("a wall", lambda encounter: paint(encounter, {(1, 1)}, Terrain.WALL))
    first.autosave()  # the session ended there, unsaved
    assert apcombat("edit", fight).code == 0
    (session,) = opened
    assert session.encounter.map.at((1, 1)) is Terrain.WALL and "unsaved changes" in session.note
    assert session.undo() == "your unsaved changes" and session.saved  # undo: the file as saved


def test_a_file_not_in_utf8_is_one_sentence(apcombat, tmp_path: Path, opened: list) -> None:
    latin = tmp_path / "latin.toml"
    latin.write_bytes('name = "Café"\n'.encode("latin-1"))
    run = apcombat("edit", latin)
    assert run.code == 2 and not opened
    assert "latin.toml: line 1, column 12: not UTF-8 text: save it as UTF-8" in one_line(run.err)


@pytest.mark.parametrize("other", ["characters/ana.toml", "scenarios/aimed_head.toml"])
def test_a_character_or_scenario_file_is_not_opened_as_an_encounter(apcombat, other: str, opened: list) -> None:
    run = apcombat("edit", content_root() / other)
    assert run.code == 2 and not opened  # its first save would have made it half an encounter
    assert "is not an encounter" in one_line(run.err)
