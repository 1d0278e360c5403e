"""`apcombat run` through the real entry point: what it says when the file it is given is not a save."""

from __future__ import annotations

import errno
import io
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_replaying_a_save_that_does_not_exist_says_so(apcombat, tmp_path: Path) -> None:
    result = apcombat("run", tmp_path / "duel.toml", "--replay")
    assert result.code == 2
    assert result.err == f"apcombat: {tmp_path / 'duel.toml'}: --replay needs a save, and there is no such file\n"


def test_replaying_an_encounter_says_it_is_no_save(apcombat) -> None:
    result = apcombat("run", ROOT / "content" / "encounters" / "duel.toml", "--replay")
    assert result.code == 2
    assert result.err.endswith("duel.toml: --replay needs a save, and this is an encounter\n")


def test_a_script_named_dash_is_read_from_standard_input(apcombat, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"start\nturn ana N\n")))
    result = apcombat("run", ROOT / "content" / "encounters" / "duel.toml", "--script", "-", "--seed", "1")
    assert result.code == 0, result.err
    assert result.out.splitlines()[-1] == "Ana turns to face N: 1 AP (8 -> 7)"


def _fight(*more: str) -> tuple[str, ...]:
    return ("run", ROOT / "content" / "encounters" / "duel.toml", "--script", ROOT / "examples" / "fight.txt", *more)


def test_a_save_after_a_turn_that_cannot_be_written_is_one_sentence(apcombat, tmp_path: Path) -> None:
    (tmp_path / "blocker").write_text("a file where the save's folder would be", encoding="utf-8")
    save = tmp_path / "blocker" / "fight.toml"
    result = apcombat(*_fight("--save", save))
    assert result.code != 0 and "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"apcombat: {save}: cannot write the save"), lines


def test_the_disk_filling_between_the_saves_after_each_turn_is_one_sentence(apcombat, tmp_path, monkeypatch):
    save = tmp_path / "fight.toml"
    real_fsync = os.fsync

    def full_once_the_first_save_is_written(handle: int) -> None:
        if save.exists():
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(handle)

    monkeypatch.setattr(os, "fsync", full_once_the_first_save_is_written)
    result = apcombat(*_fight("--save", save))
    assert result.code != 0 and "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    # line 5, `start`, began Ana's turn and was saved; line 8, `end`, began the raider's: its save failed
    says = "cannot write the save: No space left on device; the script stopped at line 8"
    assert lines == [f"apcombat: {save}: {says}"]


def test_a_seed_out_of_range_is_one_sentence(apcombat) -> None:
    result = apcombat(*_fight("--seed", "-1"))
    assert result.code == 2
    assert result.err == "apcombat: --seed -1: give a whole number from 0 to 9,223,372,036,854,775,807\n"


def test_a_replayed_save_brings_a_unit_in_from_the_characters_folders(apcombat, tmp_path: Path) -> None:
    script = tmp_path / "add.txt"
    script.write_text("gm add zed raider raiders\n", encoding="utf-8")
    save = ROOT / "tests" / "saves" / "format_11" / "table_brawl.toml"
    result = apcombat("run", save, "--replay", "--script", script, "--json")  # issue 28: gm add after --replay
    assert result.code == 0, result.err
    assert "zed" in {unit["id"] for unit in result.json["units"]}
