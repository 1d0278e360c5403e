"""Saves through `apcombat run`: what `--save` writes, `apcombat run SAVE` goes on from (issue 9, item 1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from save_helpers import ENCOUNTERS

from apcombat.cli import main

TABLE_BRAWL = next(path for path in ENCOUNTERS if path.stem == "table_brawl")


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_table_mode_save_after_a_move_goes_on(in_tmp, capsys):
    # The steps: `start`, `move drifter 9cm`, `end` on the saloon brawl with --save, then run the save.
    Path("fight.txt").write_text("start\nmove drifter 9cm\nend\n", encoding="utf-8")
    code, out, err = run(capsys, "run", TABLE_BRAWL, "--script", "fight.txt", "--save", "saves/brawl.toml")
    assert (code, err) == (0, "")
    assert "Drifter walks 9 cm" in out
    Path("more.txt").write_text("move rocco 6cm\nend\n", encoding="utf-8")
    code, out, err = run(capsys, "run", "saves/brawl.toml", "--script", "more.txt")
    assert (code, err) == (0, "")
    assert "Rocco walks 6 cm" in out
    Path("nothing.txt").write_text("", encoding="utf-8")
    code, out, err = run(capsys, "run", "saves/brawl.toml", "--replay", "--script", "nothing.txt")
    assert (code, err) == (0, "")
    assert "Drifter walks 9 cm" in out
