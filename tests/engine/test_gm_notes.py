"""The game master's notes (issue 28, item 4): `gm note WHO TEXT` sets a note beside a unit's name, `gm note WHO`
clears it; logged, undone, redone and saved; the game master's alone (R21.7.4): no side's view, no side's log,
no players' page and no `apcombat run --side` ever holds a note's text, fog of war or not."""

from __future__ import annotations

import json

import pytest

from apcombat.engine import CommandError, Game, format_command, log_markdown, parse_command, side_log, view
from apcombat.engine.commands import GmNote
from apcombat.players_view import FollowedSave
from apcombat.saves import load_game, save_game
from tests.engine.modules.fog_fights import ana, fog_file, fog_game, jed, rat

NOTE = "has the KEY, will flee at 10 HP"
FOG = ("fog_of_war",)


def _game(tmp_path, fog: bool) -> Game:
    folder = tmp_path / ("fog" if fog else "open")
    folder.mkdir()
    return fog_game(folder, ana((0, 6)), jed((6, 6)), rat((9, 0)), modules=FOG if fog else ())


def test_a_note_is_kept_as_typed_and_its_line_reads_back():
    command = parse_command("gm note Jed has the KEY,   will flee at 10 HP  # a comment")
    assert command == GmNote("jed", NOTE)
    assert format_command(command) == f"gm note jed {NOTE}"
    assert parse_command("gm note jed") == GmNote("jed", "")


def test_a_note_is_logged_undone_redone_and_saved(tmp_path):
    game = _game(tmp_path, fog=False)
    game.play(f"gm note jed {NOTE}")
    assert game.state.unit("jed").note == NOTE
    assert game.log[-1].text == f"game master: note on Jed: {NOTE}"
    noted = game.state
    game.undo()
    assert game.state.unit("jed").note == "" and game.log[-1].text == f"undone: gm note jed {NOTE}"
    game.redo()
    assert game.state == noted
    loaded = load_game(save_game(game, tmp_path / "fight"))
    assert loaded.state.unit("jed").note == NOTE
    loaded.play("gm note jed")
    assert loaded.state.unit("jed").note == "" and loaded.log[-1].text == "game master: note on Jed cleared"


@pytest.mark.parametrize(
    ("line", "refusal"),
    [
        ("gm note jed " + "x" * 121, "the note has 121 characters: shorten it to 120 at most"),
        ("gm note bob has the key", "no unit 'bob': the units are ana, jed, rat"),
        ("gm note jed", "Jed has no note to clear"),
    ],
)
def test_a_note_refused_says_what_to_do(tmp_path, line, refusal):
    game = _game(tmp_path, fog=False)
    with pytest.raises(CommandError, match=refusal.replace("'", ".")):
        game.play(line)


def test_a_note_cannot_hold_a_hash_which_would_start_a_comment(tmp_path):
    game = _game(tmp_path, fog=False)
    with pytest.raises(CommandError, match="a note cannot hold #"):
        game.play(GmNote("jed", "door #3"))
    assert game.history == [] or game.history[-1].line != "gm note jed door #3"


@pytest.mark.parametrize("fog", [False, True], ids=["fog off", "fog on"])
def test_no_side_is_shown_a_note_nor_its_lines(tmp_path, fog):  # R21.7.4
    game = _game(tmp_path, fog)
    game.play_all([f"gm note jed {NOTE}", "gm note ana ally of Jed", "undo", "redo"])
    assert game.state.unit("jed").note == NOTE  # the game master's state
    assert any(NOTE in event.text for event in side_log(game.log, None))
    for side in ("vault", "raiders"):
        shown = view(game.state, side)
        assert all(unit.note == "" for unit in shown.units), side
        assert not [e.text for e in side_log(game.log, side) if "note" in e.text or NOTE in str(e.data)], side


def test_the_players_page_never_shows_a_note(tmp_path):  # R21.7.4
    (tmp_path / "open").mkdir()
    game = fog_game(tmp_path / "open", ana((0, 6)), jed((6, 6)), rat((9, 0)), modules=())
    game.play_all([f"gm note jed {NOTE}", "gm note rat ally of Jed", "undo", "redo"])
    page = FollowedSave(save_game(game, tmp_path / "autosave.toml")).view().html
    assert "Jed" in page and "flee" not in page and "ally of" not in page


def test_run_json_gives_the_note_and_run_side_json_never(apcombat, tmp_path):  # R21.8.7
    for fog in (False, True):
        folder = tmp_path / str(fog)
        folder.mkdir()
        encounter = fog_file(folder, ana((0, 6)), jed((6, 6)), rat((9, 0)), modules=FOG if fog else ())
        script = folder / "script.txt"
        script.write_text(f"start\ngm note jed {NOTE}\ngm note ana ally\nundo\nredo\n", encoding="utf-8")
        everything = apcombat("run", encounter, "--script", script, "--json")
        assert everything.code == 0, everything.err
        assert [unit.get("note") for unit in json.loads(everything.out)["units"]] == ["ally", NOTE, None]
        for side in ("vault", "raiders"):
            shown = apcombat("run", encounter, "--script", script, "--side", side, "--json")
            assert shown.code == 0 and "flee" not in shown.out and "ally" not in shown.out, (fog, side)
            text = apcombat("run", encounter, "--script", script, "--side", side)
            assert "note" not in text.out and "flee" not in text.out, (fog, side)


def test_the_export_lists_the_notes_for_the_diary(tmp_path):
    game = _game(tmp_path, fog=False)
    assert "## Notes" not in log_markdown(game.state, game.log)
    game.play_all([f"gm note jed {NOTE}", "gm note rat a | pipe"])
    exported = log_markdown(game.state, game.log)
    assert exported.endswith(f"## Notes\n\n| who | note |\n|---|---|\n| Jed | {NOTE} |\n| Rat | a \\| pipe |\n")
