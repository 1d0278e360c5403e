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


def test_a_save_from_before_the_rules_changed_goes_on_with_a_one_line_warning(in_tmp, capsys):
    # Issue 9, item 5: written by apcombat before issue 9 (format 1, rules version 1).
    Path("more.txt").write_text("end\n", encoding="utf-8")
    old = Path(__file__).parent / "format_1" / "duel.toml"
    code, out, err = run(capsys, "run", old, "--script", "more.txt")
    assert code == 0
    assert "Raider ends the turn" in out
    assert err.count("\n") == 1
    assert err.startswith("apcombat: warning: ") and "written under rules version 1" in err


def test_a_save_changed_by_hand_is_refused_in_one_line(in_tmp, capsys):
    Path("fight.txt").write_text("end\nend\nmove ana 3,5\nend\n", encoding="utf-8")
    duel = TABLE_BRAWL.with_name("duel.toml")
    assert run(capsys, "run", duel, "--script", "fight.txt", "--save", "saves/duel.toml", "--seed", "7")[0] == 0
    text = Path("saves/duel.toml").read_text(encoding="utf-8")
    before, _, after = text.rpartition("hp = 33")  # the raider's in the current state (start comes first)
    Path("saves/duel.toml").write_text(f"{before}hp = 20{after}", encoding="utf-8")
    code, out, err = run(capsys, "run", "saves/duel.toml", "--script", "fight.txt")
    assert (code, out) == (2, "")
    assert err == (
        "apcombat: saves/duel.toml: state.units[1].hp: the history gives 33 but the save says 20; the save was "
        "changed after it was written: to go on from what its history gives, replay it "
        "(apcombat run saves/duel.toml --replay)\n"
    )
