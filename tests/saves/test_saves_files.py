"""Save files on disk: atomic writing with a backup, the saves folder, autosaves and the list of saves."""

from __future__ import annotations

import datetime
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import tomli_w
from save_helpers import DUEL, duel

from apcombat.engine import Game
from apcombat.saves import (
    FORMAT_VERSION,
    SaveError,
    autosave,
    is_save,
    list_saves,
    load_game,
    save_game,
    saves_folder,
)


def files_in(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_saving_makes_the_folder_and_keeps_the_previous_save_as_bak(in_tmp, game):
    first = save_game(game, "saves/x.toml").read_bytes()
    game.play("end")
    second = save_game(game, "saves/x.toml").read_bytes()
    assert first != second
    assert files_in(in_tmp / "saves") == ["x.toml", "x.toml.bak"]
    assert (in_tmp / "saves/x.toml.bak").read_bytes() == first
    assert (in_tmp / "saves/x.toml").read_bytes() == second


FAILURES = {
    "writing the temporary file": ("os.fsync", OSError(28, "No space left on device")),
    "renaming it over the save": ("os.replace", OSError(28, "No space left on device")),
    "keeping the backup": ("os.link", OSError(28, "No space left on device")),
    "a bug while writing TOML": ("tomli_w.dumps", TypeError("cannot write a set")),
}


@pytest.mark.parametrize("failing, error", FAILURES.values(), ids=FAILURES.keys())
def test_a_failed_write_leaves_the_old_save_and_its_backup_intact(saved, game, monkeypatch, failing, error):
    game.play("end")
    save_game(game, saved)  # now x.toml and x.toml.bak both exist
    before = {name: (saved.parent / name).read_bytes() for name in files_in(saved.parent)}
    game.play("gm mod 5")

    def fail(*args, **kwargs):
        raise error

    module, name = failing.split(".")
    with monkeypatch.context() as patch:
        patch.setattr({"os": os, "tomli_w": tomli_w}[module], name, fail)
        if failing == "os.link":  # no hard links here: the backup is copied, and the copy fails too
            patch.setattr("shutil.copyfile", fail)
        if isinstance(error, OSError):
            expected = pytest.raises(
                SaveError, match=r"^saves/x\.toml: cannot write the save: No space left on device$"
            )
        else:
            expected = pytest.raises(TypeError)
        with expected:
            save_game(game, saved)
    assert {name: (saved.parent / name).read_bytes() for name in files_in(saved.parent)} == before
    assert load_game(saved).state.gm_modifier != game.state.gm_modifier


def test_without_hard_links_the_backup_is_a_copy(saved, game, monkeypatch):
    first = saved.read_bytes()
    monkeypatch.setattr(os, "link", lambda *args: (_ for _ in ()).throw(OSError(1, "Operation not permitted")))
    game.play("end")
    save_game(game, saved)
    assert files_in(saved.parent) == ["x.toml", "x.toml.bak"]
    assert (saved.parent / "x.toml.bak").read_bytes() == first


def test_a_folder_that_cannot_be_made_is_one_clear_error(in_tmp, game):
    (in_tmp / "saves").write_text("a file, not a folder", encoding="utf-8")
    with pytest.raises(SaveError, match=r"^saves/x\.toml: cannot write the save: "):
        save_game(game, "saves/x.toml")


def test_the_saves_folder_is_saves_here_if_it_exists_else_the_user_data_folder(in_tmp, monkeypatch, user_folders):
    # Issue 13, item 5: a checkout (./saves exists) keeps its saves; elsewhere they go to the user data folder.
    assert saves_folder() == user_folders / "data" / "apcombat" / "saves"
    assert not saves_folder().exists()  # made when first saving
    (in_tmp / "saves").mkdir()
    assert saves_folder() == in_tmp / "saves"
    monkeypatch.setenv("APCOMBAT_SAVES", str(in_tmp / "elsewhere"))
    assert saves_folder() == in_tmp / "elsewhere"


def test_autosave_at_every_turn(in_tmp, monkeypatch):
    monkeypatch.setenv("APCOMBAT_SAVES", "autosaves")
    game = Game(duel(), seed=7)
    game.turn_listeners.append(lambda g: autosave(g, saves_folder()))
    game.play("gm mod 5")  # no turn changes hands
    assert not Path("autosaves").exists()
    game.play("end")  # round 1 begins
    assert files_in(Path("autosaves")) == ["autosave.toml"]
    assert load_game("autosaves/autosave.toml").state == game.state
    game.play("gm set raider hp=0")  # the fight is over
    assert game.state.finished
    assert files_in(Path("autosaves")) == ["autosave.toml", "autosave.toml.bak"]
    assert load_game("autosaves/autosave.toml").history == game.history


def test_the_list_of_saves_shows_damaged_ones_with_their_problem(saved, game):
    saved_round = game.state.round
    game.play_all(["end", "end", "end"])
    save_game(game, "saves/later")
    Path("saves/broken.toml").write_text("format_version = \n", encoding="utf-8")
    Path("saves/notes.txt").write_text("not a save", encoding="utf-8")
    for name, year in (("x", 2001), ("later", 2002), ("broken", 2003)):
        when = datetime.datetime(year, 1, 1).timestamp()
        os.utime(f"saves/{name}.toml", (when, when))
    broken, later, x = list_saves("saves")  # newest first; backups and other files left out
    assert (broken.name, later.name, x.name) == ("broken", "later", "x")
    assert (x.encounter, x.round, x.problem) == ("Duel at the well", saved_round, None)
    assert later.round == game.state.round
    assert x.path == Path("saves/x.toml")
    assert x.modified == datetime.datetime(2001, 1, 1)
    assert broken.problem.startswith("saves/broken.toml: line 1: TOML syntax error: ")
    assert (broken.encounter, broken.round) == (None, None)


def test_an_absent_folder_lists_no_saves(in_tmp):
    assert list_saves("saves") == []


def test_a_save_is_told_from_an_encounter_file_by_its_text(saved):
    assert is_save(saved)
    assert not is_save(DUEL)
    assert not is_save("saves/nothing.toml")
    text = saved.read_text(encoding="utf-8")
    assert f"format_version = {FORMAT_VERSION}\n" in text
    saved.write_text(text.replace(f"format_version = {FORMAT_VERSION}\n", ""), encoding="utf-8")
    assert is_save(saved)  # damaged, but meant as a save: loading it says what is wrong


KILLED_SAVE = """
import os, signal, sys
from apcombat.engine import Game
from apcombat.saves import save_game
from save_helpers import duel

real = getattr(os, sys.argv[1])

def killed(*args):
    if sys.argv[1] == "link":
        real(*args)  # the backup's temporary link is made, then the process dies
    os.kill(os.getpid(), signal.SIGKILL)

setattr(os, sys.argv[1], killed)
save_game(Game(duel(), seed=1), "saves/x.toml")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
@pytest.mark.parametrize("dies_at", ["replace", "link"])
def test_temporary_files_left_by_a_killed_save_are_removed_by_the_next_save(saved, game, dies_at):
    # Issue 9, item 7: a save killed before its rename leaves its temporary file; the next save removes it.
    helpers = os.pathsep.join(filter(None, [str(Path(__file__).parent), os.environ.get("PYTHONPATH")]))
    child = subprocess.run(
        [sys.executable, "-c", KILLED_SAVE, dies_at], env=os.environ | {"PYTHONPATH": helpers}, check=False
    )
    assert child.returncode == -signal.SIGKILL
    left = [name for name in files_in(Path("saves")) if name.endswith(".tmp")]
    assert left  # what the killed save left
    others = ["x.toml.y.toml", ".x.toml.y.toml.abcdefgh.tmp", ".x.toml.notes"]
    for name in others:
        Path("saves", name).write_text("another file", encoding="utf-8")
    save_game(game, saved)
    assert files_in(Path("saves")) == sorted(["x.toml", "x.toml.bak", *others])
    assert load_game(saved).state == game.state


def test_an_empty_saves_variable_means_the_saves_folder_here(in_tmp, monkeypatch):
    # Issue 9, item 7: APCOMBAT_SAVES="" behaves as if it were not set, in the saves and in the app.
    from apcombat.tui.app import create_app

    monkeypatch.setenv("APCOMBAT_SAVES", "")
    (in_tmp / "saves").mkdir()
    assert saves_folder() == in_tmp / "saves"
    assert create_app().saves.resolve() == in_tmp / "saves"
