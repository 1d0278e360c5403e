"""`apcombat run` through the real entry point: what it says when the file it is given is not a save."""

from __future__ import annotations

import io
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
