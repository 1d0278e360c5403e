"""Two programs saving to one file (two `apcombat run --save same.toml`): each writer's temporary file is its own,
so neither takes the other's for a leftover of a killed save; the last whole save wins, and a program whose
save was replaced, or that replaced another's, says so in one sentence."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from save_helpers import duel_game

from apcombat.saves import load_game, save_game, saved_by_another

WATCHDOG = 120.0
"""Seconds before a test that waits for the other program gives up (it only catches a hang)."""

# The other program: saves the duel (seed 8) to same.toml, stopping just before its temporary file replaces the
# save until the test says go; then prints what became of its save.
OTHER_WRITER = """
import os, pathlib, sys, time
sys.path.insert(0, {tests!r})
from save_helpers import duel_game
from apcombat.saves import SaveError, save_game

replace = os.replace
def held_back(staged, target):
    if str(target).endswith("same.toml"):
        pathlib.Path("staged").write_text(str(staged))
        while not pathlib.Path("go").exists():
            time.sleep(0.01)
    replace(staged, target)
os.replace = held_back
try:
    save_game(duel_game(seed=8), "same.toml")
except SaveError as error:
    print(f"lost: {{error}}")
else:
    print("saved")
"""


def _wait_for(path: Path, other: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + WATCHDOG
    while not path.exists():
        assert other.poll() is None, other.communicate()
        assert time.monotonic() < deadline, "the other program never staged its save"
        time.sleep(0.01)


def test_a_save_made_while_another_program_saves_the_same_file_loses_neither(in_tmp):
    tests = str(Path(__file__).parent)
    environment = os.environ | {"PYTHONPATH": os.pathsep.join([str(Path.cwd()), *sys.path])}
    other = subprocess.Popen(
        [sys.executable, "-c", OTHER_WRITER.format(tests=tests)], stdout=subprocess.PIPE, text=True, env=environment
    )
    try:
        _wait_for(Path("staged"), other)  # the other program's whole save is in its temporary file
        ours = save_game(duel_game(seed=7), "same.toml")  # this program's save, meanwhile
        assert Path(Path("staged").read_text()).exists()  # not taken for a killed save's leftover
        Path("go").touch()
        out, _ = other.communicate(timeout=WATCHDOG)
    finally:
        other.kill()
    assert out == "saved\n"
    assert load_game(ours).seed == 8  # the last whole save wins: the other program's
    assert saved_by_another(ours) == (
        "same.toml: another program saved to this file after this one did, so it holds that program's save"
    )
    save_game(duel_game(seed=7), "same.toml")  # saved again: this program's is the last
    assert load_game(ours).seed == 7
    assert saved_by_another(ours) == (
        "same.toml: another program saved to this file while this one did; it holds the last whole save, "
        "this program's, unless the other saves again"
    )
    assert sorted(os.listdir()) == ["go", "same.toml", "same.toml.bak", "staged"]  # no temporary file left


def test_a_program_saving_alone_says_nothing(in_tmp):
    path = save_game(duel_game(seed=7), "alone.toml")
    save_game(duel_game(seed=7), "alone.toml")
    assert saved_by_another(path) is None
