"""`check_content`: what kind of file each path is, and the report `apcombat check` prints."""

from __future__ import annotations

import shutil
from pathlib import Path

from content_helpers import CONTENT, write_text

from apcombat.content import FileKind, check_content


def test_the_shipped_content_is_clean() -> None:
    report = check_content([CONTENT])
    assert report.problems == []
    assert report.ok
    assert report.counts[FileKind.WEAPONS] >= 58
    assert report.counts[FileKind.SCENARIO] == len(list((CONTENT / "scenarios").glob("*.toml")))
    assert report.counts[FileKind.ENCOUNTER] == len(list((CONTENT / "encounters").glob("*.toml")))
    assert report.notes == []
    assert report.summary().startswith("content OK: ")
    assert "armours" in report.summary()


def test_files_are_known_by_name_folder_or_keys(in_tmp: Path) -> None:
    shutil.copy(CONTENT / "characters" / "ana.toml", in_tmp / "heroine.toml")
    shutil.copy(CONTENT / "scenarios" / "burst.toml", in_tmp / "attack.toml")
    write_text(
        in_tmp / "attack.toml",
        (in_tmp / "attack.toml").read_text().replace("../characters/", "content/characters/"),
    )
    report = check_content(
        [
            CONTENT / "weapons.toml",
            CONTENT / "characters" / "bo.toml",
            in_tmp / "heroine.toml",
            in_tmp / "attack.toml",
        ],
        root=CONTENT,
    )
    assert report.problems == []
    assert report.counts[FileKind.CHARACTER] == 2
    assert report.counts[FileKind.SCENARIO] == 1
    assert report.summary() == f"content OK: {report.counts[FileKind.WEAPONS]} weapons, 2 characters, 1 scenario"


def test_a_file_of_unknown_kind_is_a_problem(in_tmp: Path) -> None:
    write_text(in_tmp / "notes.toml", 'title = "shopping"\n')
    report = check_content([Path("notes.toml")])
    assert [str(problem) for problem in report.problems] == [
        "notes.toml: cannot tell what this file holds: "
        "expected [[weapon]], [[armor]] or [[critical]] tables, "
        "an [attacker] section (an attack scenario), [[side]] and [[unit]] tables (an encounter) "
        "or a character's name and special"
    ]


def test_problems_are_counted_by_file_and_reported_once(content_copy: Path) -> None:
    ana = content_copy / "characters" / "ana.toml"
    write_text(ana, ana.read_text().replace("LU = 6", "LU = 60").replace('"colt_1911"]', '"colt1911"]'))
    report = check_content([content_copy])
    lines = [str(problem) for problem in report.problems]
    # Ana is also read by the scenarios that use her: still one line per problem.
    assert lines == [
        "content/characters/ana.toml: special.LU: expected a whole number from 1 to 10, got 60",
        "content/characters/ana.toml: weapons[1]: unknown weapon 'colt1911' (did you mean 'colt_1911'?)",
    ]
    assert report.summary() == "2 problems in 1 file"


def test_encounters_are_checked_with_the_folder(content_copy: Path) -> None:
    write_text(content_copy / "encounters" / "ambush.toml", 'name = "Ambush"\n')
    report = check_content([content_copy])
    assert [str(problem) for problem in report.problems] == [
        "content/encounters/ambush.toml: expected [[side]] tables, got nothing",
        "content/encounters/ambush.toml: expected [[unit]] tables, got nothing",
    ]
    assert report.notes == []


def test_an_encounter_is_known_by_its_folder_or_its_tables(in_tmp: Path) -> None:
    duel = (CONTENT / "encounters" / "duel.toml").read_text().replace("../characters/", "content/characters/")
    write_text(in_tmp / "encounters" / "duel.toml", duel)
    write_text(in_tmp / "my_duel.toml", duel.replace('character = "raider"', 'character = "raidr"'))
    report = check_content([Path("encounters/duel.toml"), Path("my_duel.toml")], root=CONTENT)
    assert report.counts[FileKind.ENCOUNTER] == 2
    assert [str(problem) for problem in report.problems] == [
        "my_duel.toml: unit 'raider': character: no character file "
        f"{CONTENT / 'characters' / 'raidr.toml'} (did you mean 'raider'?)"
    ]


def test_scenarios_wait_for_readable_weapons_and_armour(content_copy: Path) -> None:
    write_text(content_copy / "armor.toml", "[[armor]\n")
    report = check_content([content_copy])
    assert len(report.problems) == 1
    assert report.notes == [
        "scenarios not checked: fix content/weapons.toml and content/armor.toml first",
        "encounters not checked: fix content/weapons.toml and content/armor.toml first",
    ]
