"""`apcombat check` through the real entry point: clean content, bad files, missing paths."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"


@pytest.fixture
def broken_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the content at ./content with one bad weapon and one bad character."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(CONTENT, tmp_path / "content")
    weapons = tmp_path / "content" / "weapons.toml"
    weapons.write_text(weapons.read_text().replace('family = "smg"', 'family = "smgg"', 1))
    ana = tmp_path / "content" / "characters" / "ana.toml"
    ana.write_text(ana.read_text().replace('"colt_1911"]', '"colt1911"]'))
    return Path("content")


def test_the_shipped_content_checks_clean(apcombat) -> None:
    result = apcombat("check")
    assert result.code == 0
    assert result.out.startswith("content OK: ")
    assert "Traceback" not in result.out + result.err


def test_one_file_or_several(apcombat) -> None:
    result = apcombat("check", CONTENT / "weapons.toml", CONTENT / "scenarios" / "burst.toml")
    assert result.code == 0
    assert result.out.strip().endswith("1 scenario")


def test_problems_one_line_each_then_a_summary(apcombat, broken_content: Path) -> None:
    result = apcombat("--content", broken_content, "check")
    assert result.code == 1
    lines = result.out.splitlines()
    assert lines[0].startswith("content/weapons.toml: weapon 'american_180': family: 'smgg' is not one of ")
    assert lines[1] == "content/characters/ana.toml: weapons[1]: unknown weapon 'colt1911' (did you mean 'colt_1911'?)"
    assert lines[2:] == ["2 problems in 2 files"]
    assert result.err == ""


def test_checking_one_bad_file(apcombat, broken_content: Path) -> None:
    result = apcombat("check", broken_content / "characters" / "ana.toml")
    assert result.code == 1
    assert result.out.splitlines()[-1] == "1 problem in 1 file"


def test_a_toml_syntax_error_is_one_line(apcombat, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "attack.toml").write_text('[attacker]\nname = "Ana\n')
    result = apcombat("check", "attack.toml")
    assert result.code == 1
    assert result.out.startswith("attack.toml: line 2: TOML syntax error: ")


def test_a_missing_path_exits_2(apcombat, tmp_path: Path) -> None:
    result = apcombat("check", tmp_path / "nothing.toml")
    assert result.code == 2
    assert "no such file or folder" in result.err
    assert apcombat("--content", tmp_path / "nowhere", "check").code == 2


def _run_check(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "apcombat", *args, "check"],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


def test_as_a_program_clean_content_exits_0() -> None:
    result = _run_check(cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_as_a_program_a_bad_file_exits_1_without_traceback(broken_content: Path) -> None:
    result = _run_check("--content", str(broken_content), cwd=Path.cwd())
    assert result.returncode == 1
    assert "unknown weapon 'colt1911'" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_the_shipped_encounters_are_checked_and_counted(apcombat) -> None:
    result = apcombat("check")
    encounters = len(list((CONTENT / "encounters").glob("*.toml")))
    assert result.out.strip().endswith(f", {encounters} encounters")
    assert "note:" not in result.out


def test_one_encounter_file(apcombat) -> None:
    result = apcombat("check", CONTENT / "encounters" / "duel.toml")
    assert (result.code, result.out) == (0, "content OK: 1 encounter\n")


def test_a_bad_encounter_outside_the_encounters_folder(
    apcombat, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    duel = (CONTENT / "encounters" / "duel.toml").read_text().replace("at = [13, 5]", "at = [0, 3]")
    (tmp_path / "my_duel.toml").write_text(duel.replace("../characters/ana.toml", "ana"))
    result = apcombat("check", "my_duel.toml")
    assert result.code == 1
    assert result.out.splitlines() == [
        "my_duel.toml: unit 'raider': at: [0, 3] is a wall, where no unit can stand",
        "1 problem in 1 file",
    ]


def test_a_bad_encounter_in_the_content_folder(apcombat, broken_content: Path) -> None:
    duel = broken_content / "encounters" / "duel.toml"
    duel.write_text(duel.read_text().replace('control = "ai"', 'control = "computer"'))
    result = apcombat("--content", broken_content, "check")
    assert result.code == 1
    assert (
        "content/encounters/duel.toml: side 'raiders': control: 'computer' is not one of human, ai, gm"
        in result.out.splitlines()
    )


def test_content_after_the_subcommand_as_the_readme_shows(apcombat, broken_content: Path) -> None:
    after = apcombat("check", "--content", broken_content)
    before = apcombat("--content", broken_content, "check")
    assert (after.code, after.out, after.err) == (before.code, before.out, before.err)
    assert after.out.splitlines()[-1] == "2 problems in 2 files"


def test_content_after_the_subcommand_wins_over_one_before_it(apcombat, broken_content: Path) -> None:
    assert apcombat("--content", broken_content, "check", "--content", CONTENT).code == 0


def test_content_after_other_subcommands(apcombat, tmp_path: Path) -> None:
    result = apcombat("attack", CONTENT / "scenarios" / "burst.toml", "--content", tmp_path)
    assert result.code == 2
    assert "missing: a content folder needs weapons.toml" in result.err


@pytest.mark.parametrize("left_out", ["weapons.toml", "armor.toml"])
def test_a_content_folder_without_a_required_file_is_a_problem(apcombat, broken_content: Path, left_out: str) -> None:
    shutil.copy(CONTENT / "weapons.toml", broken_content / "weapons.toml")
    shutil.copy(CONTENT / "characters" / "ana.toml", broken_content / "characters" / "ana.toml")
    (broken_content / left_out).unlink()
    for result in (apcombat("check", "--content", broken_content), apcombat("check", broken_content)):
        assert result.code == 1
        assert result.out.splitlines()[0] == (
            f"content/{left_out}: missing: a content folder needs {left_out} "
            + ("(every weapon characters carry)" if left_out == "weapons.toml" else "(every armour characters wear)")
        )
        assert "content OK" not in result.out


def test_an_empty_content_folder_is_a_problem(apcombat, tmp_path: Path) -> None:
    for result in (apcombat("check", "--content", tmp_path), apcombat("check", tmp_path)):
        assert result.code == 1
        assert "content OK" not in result.out


def test_the_users_own_files_are_checked_with_the_content(apcombat, user_folders: Path) -> None:
    # Issue 13, item 5: fights and characters from the roster, scenarios from the resolver live in the user's
    # data folder; `apcombat check` finds them, and a fight of the user's names a character of the user's by id.
    mine = user_folders / "data" / "apcombat"
    (mine / "characters").mkdir(parents=True)
    drifter = (CONTENT / "characters" / "ana.toml").read_text(encoding="utf-8").replace('"Ana"', '"Drifter"', 1)
    (mine / "characters" / "drifter.toml").write_text(drifter, encoding="utf-8")
    (mine / "encounters").mkdir()
    fight = (CONTENT / "encounters" / "table_brawl.toml").read_text(encoding="utf-8")
    first_character = fight.index("character = ")
    line_end = fight.index("\n", first_character)
    fight = fight[:first_character] + 'character = "drifter"' + fight[line_end:]
    (mine / "encounters" / "rematch.toml").write_text(fight, encoding="utf-8")
    result = apcombat("check")
    assert result.code == 0, result.out
    shipped = len(list((CONTENT / "encounters").glob("*.toml")))  # the user's fight is one more
    characters = len(list((CONTENT / "characters").glob("*.toml")))  # and the user's Drifter
    assert f"{characters + 1} characters" in result.out and f"{shipped + 1} encounters" in result.out
    assert f"note: your own files in {mine} were checked too" in result.out
    (mine / "encounters" / "rematch.toml").write_text(fight.replace('"drifter"', '"drifer"'), encoding="utf-8")
    result = apcombat("check")
    assert result.code == 1 and "drifer" in result.out
