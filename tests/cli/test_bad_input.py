"""Bad input never gives a traceback or a hang (issue 9, item 5 and the input parts of item 7): each mistake
is one sentence naming the file, line or field and what to do, exit 1 or 2, and nothing is written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bad_input import DUEL, FILE_KINDS, Outcome, Workshop, file_of, make_workshop, read_through_entry_points

NESTING = 500
DIGITS = 5000


@pytest.fixture
def shop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Workshop:
    monkeypatch.chdir(tmp_path)
    return make_workshop(tmp_path)


def files_in(folder: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def refused(outcome: Outcome, *words: str) -> str:
    """The one line saying why; the exit status 1 or 2; no traceback."""
    assert outcome.code in (1, 2), outcome.text
    assert "Traceback" not in outcome.text
    problem = outcome.problem
    for word in words:
        assert word in problem, problem
    return problem


def append_line(path: Path, line: str) -> int:
    """Add `line` at the end of the file (in a table of its own); the number of the line it is on."""
    text = path.read_text(encoding="utf-8").rstrip("\n") + "\n\n[zz_damage]\n"
    path.write_text(text + line + "\n", encoding="utf-8")
    return text.count("\n") + 1


@pytest.mark.parametrize("kind", FILE_KINDS)
@pytest.mark.parametrize(
    ("damage", "says"),
    [
        ("x = " + "[" * NESTING + "]" * NESTING, "nested more than 24 deep"),
        ("x = " + "{ a = " * NESTING + "1" + " }" * NESTING, "nested more than 24 deep"),
        ("x = " + "9" * DIGITS, "a number of thousands of digits"),
        ("x = -" + "1" * 30, "a number of 30 digits, more than TOML's 64-bit numbers hold"),
    ],
    ids=["deep lists", "deep tables", "thousands of digits", "beyond 64 bits"],
)
def test_any_toml_file_nested_deep_or_with_a_huge_number_is_one_line(shop, kind, damage, says):
    # Issue 9 item 5: RecursionError and "Exceeds the limit (4300 digits)" become one sentence.
    path = file_of(shop, kind)
    line = append_line(path, damage)
    before = files_in(shop.folder)
    for outcome in read_through_entry_points(shop, kind):
        problem = refused(outcome, path.name, says)
        assert f"line {line}" in problem or "zz_damage.x" in problem
    assert files_in(shop.folder) == before


def test_a_script_that_is_not_utf8_names_its_line(shop):
    script = shop.folder / "latin1.txt"
    script.write_bytes("start\n# Ana zielt auf den Räuber\nend\n".encode("latin-1"))
    save = shop.folder / "never.toml"
    outcome = shop.apcombat("run", DUEL, "--script", "latin1.txt", "--save", save)
    assert refused(outcome) == "apcombat: latin1.txt: line 2, column 22: not UTF-8 text: save it as UTF-8"
    assert not save.exists()


@pytest.mark.parametrize("kind", ["encounter", "character", "save"])
def test_any_file_not_in_utf8_names_its_line_and_column_as_a_script_does(shop, kind):
    # issue 29: check and run said "bad byte at offset 11", edit "byte 12": one wording, as the script's
    path = file_of(shop, kind)
    path.write_bytes(path.read_bytes() + "# Räuber\n".encode("latin-1"))
    line = path.read_bytes().count(b"\n")
    for outcome in read_through_entry_points(shop, kind):
        assert refused(outcome).endswith(f"{path.name}: line {line}, column 4: not UTF-8 text: save it as UTF-8")


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("turn ana " + "9" * 400, "a turn in degrees must be a whole number from -360 to 360, not '9999"),
        ("gm mod " + "9" * DIGITS, "the modifier must be a whole number from -100 to 100, not '9999"),
        ("gm mod 101", "the modifier must be a whole number from -100 to 100, not '101'"),
        ("gm dice " + "9" * DIGITS, "a die must be a whole number from 0 to 1000"),
        ("gm bonus ana " + "9" * 40, "the bonus must be a whole number from -100 to 100"),
        ("move ana " + "9" * DIGITS + ",1", "is on no map: maps are at most 1000 x 1000 cells"),
        (
            "shoot ana raider aimed head +" + "9" * DIGITS,
            "the extra AP spent aiming must be a whole number from 0 to 20",
        ),
    ],
    ids=["turn overflow", "gm mod digits", "gm mod range", "gm dice", "gm bonus", "cell", "extra aim AP"],
)
def test_a_number_in_a_command_out_of_its_range_is_refused(shop, command, says):
    script = shop.folder / "script.txt"
    script.write_text(f"gm dice 6 1\nstart\n{command}\n", encoding="utf-8")
    outcome = shop.apcombat("run", DUEL, "--script", script)
    problem = refused(outcome, says)
    assert problem.startswith("apcombat: line 3 (") and len(problem) < 400


@pytest.mark.parametrize("distance", ["9" * DIGITS + "cm", "30001cm"], ids=["thousands of digits", "too far"])
def test_a_table_distance_out_of_range_is_refused(shop, distance):
    script = shop.folder / "script.txt"
    script.write_text(f"start\nmove rocco {distance}\n", encoding="utf-8")
    outcome = shop.apcombat("run", shop.content / "encounters" / "table_brawl.toml", "--script", script)
    refused(outcome, "is too far: a distance is a number from 0 to 30000 centimetres")


def test_a_burst_of_a_billion_rounds_is_refused_when_the_weapon_is_read(shop):
    # The Grease Gun of the raider in burst.toml; with a magazine as large, the resolver rolled a billion rounds.
    weapons = shop.content / "weapons.toml"
    text = weapons.read_text(encoding="utf-8")
    start = text.index('id = "grease_gun"')
    end = text.index("[[weapon]]", start)
    entry = re.sub(r"\n(burst|magazine) = \d+", r"\n\1 = 1000000000", text[start:end])
    weapons.write_text(text[:start] + entry + text[end:], encoding="utf-8")
    outcome = shop.apcombat("--content", shop.content, "attack", "--seed", "1", file_of(shop, "scenario"))
    assert refused(outcome) == (
        "apcombat: content/weapons.toml: weapon 'grease_gun': burst: "
        "expected a whole number from 0 to 100, got 1000000000"
    )


def test_a_map_larger_than_the_largest_allowed_is_refused_when_read(shop):
    encounter = file_of(shop, "encounter")
    text = encounter.read_text(encoding="utf-8")
    start, end = text.index("rows = ["), text.index("]", text.index("rows = ["))
    rows = ",\n".join(['  "' + "." * 10_000 + '"'] * 1_000)
    encounter.write_text(text[:start] + f"rows = [\n{rows}\n" + text[end:], encoding="utf-8")
    for outcome in read_through_entry_points(shop, "encounter"):
        refused(outcome, "duel.toml: map: rows: the map is 10,000 x 1,000 cells; a map has at most 1,000 x 1,000")


SCENARIO = """[attacker]
character = "../characters/raider.toml"
[target]
character = "../characters/ana.toml"
[shot]
mode = "burst"
distance_m = {distance}
"""


@pytest.mark.parametrize("distance", ["inf", "nan", "+inf", "-inf", "1e400", "10000.5"])
def test_a_distance_that_is_not_a_sane_number_is_a_bad_value(shop, distance):
    # Issue 9 item 7: refused as a bad value, not as "beyond extreme range".
    scenario = file_of(shop, "scenario")
    scenario.write_text(SCENARIO.format(distance=distance), encoding="utf-8")
    for outcome in read_through_entry_points(shop, "scenario"):
        problem = refused(outcome, "burst.toml: shot.distance_m: expected a number from 0 to 10000, got ")
        assert "range" not in problem


@pytest.mark.parametrize(
    ("assignment", "says"),
    [
        ("hp=abc", "hp must be a whole number from 0 to 999, not 'abc'"),
        ("hp=1000", "hp must be a whole number from 0 to 999, not '1000'"),
        ("hp=" + "9" * DIGITS, "hp must be a whole number from 0 to 999, not '9999"),
        ("ap=3.5", "ap must be a whole number from 0 to 50, not '3.5'"),
        ("pose=sitting", "pose must be upright, crouched or prone, not 'sitting'"),
        ("facing=up", "facing must be N, NE, E, SE, S, SW, W or NW, not 'up'"),
        ("at=a,b", "at: 'a,b' is not a cell: write X,Y like 3,4"),
        ("in_cover=maybe", "in_cover must be true or false, not 'maybe'"),
        ("wounds=elbow", "wounds must be head, torso, arm, legs or weapon, not 'elbow' (or none; several: arm,legs)"),
        ("ammo=99", "ammo must be a whole number from 0 to 7, not '99'"),
        ("broken=often", "broken must be true or false, not 'often'"),
        ("unconscious=-1", "unconscious must be a whole number from 0 to 99, not '-1'"),
        ("burning=99", "burning (or off) must be a whole number from 1 to"),
        ("exhaustion=15", "exhaustion must be 0, 10, 20 or 40 (then :TURNS, like 20:2), not '15'"),
        ("exhaustion=20:" + "9" * DIGITS, "exhaustion's turns must be a whole number from 0 to 99"),
    ],
)
def test_gm_set_says_what_each_field_takes_in_the_games_words(shop, assignment, says):
    # Issue 9 item 7: the game master's "edit a unit" gives field-level errors, never a Python message.
    script = shop.folder / "script.txt"
    script.write_text(f"gm set ana {assignment}\n", encoding="utf-8")
    outcome = shop.apcombat("run", DUEL, "--script", script)
    problem = refused(outcome, says)
    for python in ("invalid literal", "int()", "ValueError", "KeyError", "is not a valid"):
        assert python not in problem


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ["attack", "SCENARIO", "--dice", "9" * DIGITS],
            "--dice: die 1 of the list, '9999…', is not a whole number",
        ),
        (
            ["attack", "SCENARIO", "--dice", "37,1e5"],
            "--dice: die 2 of the list, '1e5', is not a whole number",
        ),
        (["attack", "SCENARIO", "--dice", "37,³"], "--dice: die 2 of the list, '³', is not a whole number"),
        (["oracle", "--odds", "likely", "--roll", "9" * DIGITS], "--roll 99999999…: a d100 shows 1 to 100"),
        (["oracle", "--odds", "likely", "--roll", "①"], "--roll ①: a d100 shows 1 to 100"),
    ],
    ids=["dice digits", "dice float", "dice superscript", "oracle roll", "oracle circled digit"],
)
def test_a_number_given_on_the_command_line_out_of_range_is_one_line(shop, args, says):
    outcome = shop.apcombat(*[file_of(shop, "scenario") if arg == "SCENARIO" else arg for arg in args])
    assert refused(outcome, says).startswith("apcombat: ")
    assert len(outcome.err.splitlines()) == 1


LONG_NAME = "p" * 5000 + ".toml"


@pytest.mark.parametrize(
    "args",
    [
        ["check", LONG_NAME],
        ["play", LONG_NAME],
        ["edit", LONG_NAME],
        ["--content", LONG_NAME, "check", "DUEL"],
        ["run", "DUEL", "--script", LONG_NAME],
        ["serve", "--watch", LONG_NAME, "--port", "0"],
    ],
    ids=["check", "play", "edit", "content", "script", "players' view"],
)
def test_a_file_name_longer_than_any_file_system_takes_is_one_line(shop, args):
    # Found by fuzzing: asking whether it exists raised "File name too long" out of check, play, edit and
    # --content; the script's refusal wrote its 5,000 letters back; the players' view served a page whose every
    # request raised it.
    outcome = shop.apcombat(*[shop.content / "encounters" / "duel.toml" if arg == "DUEL" else arg for arg in args])
    problem = refused(outcome, "pppppppppppppppppppppppp… (5,005 characters)")
    assert len(outcome.err.splitlines()) == 1 and len(problem) < 200
