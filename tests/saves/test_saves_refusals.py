"""Loading refuses a save that cannot be trusted, with one line naming the file and the field, and changes
nothing: no traceback, no half-loaded game, no file written."""

from __future__ import annotations

from pathlib import Path

import pytest
from save_helpers import edit, set_field

from apcombat import __version__
from apcombat.saves import FORMAT_VERSION, SaveError, list_saves, load_game, replay_save


def _drop(key: str):
    return lambda document: document.pop(key)


EDITS = {
    "hp in words": (set_field("state.units.1.hp", "ten"), 'state.units[1].hp: expected a whole number, got "ten"'),
    "unknown active unit": (set_field("state.active", "zed"), "state.active: unknown unit 'zed'"),
    "mistyped active unit": (
        set_field("state.active", "raidr"),
        "state.active: unknown unit 'raidr' (did you mean 'raider'?)",
    ),
    "unknown unit in the order": (set_field("state.order", ["ana", "bob"]), "state.order: unknown unit 'bob'"),
    "dice state of one number": (
        set_field("dice.seeded", [12]),
        "dice.seeded: expected the dice generator's [state, increment], two whole numbers, got [12]",
    ),
    "dice state in words": (
        set_field("dice.seeded", [12, "x"]),
        'dice.seeded: expected the dice generator\'s [state, increment], two whole numbers, got [12, "x"]',
    ),
    "dice state even increment": (
        set_field("dice.seeded", [12, 4]),
        "dice.seeded: expected an odd increment (the second number), got 4",
    ),
    "dice state too big": (
        set_field("dice.seeded", [2**64, 3]),
        "dice.seeded[0]: a number of 20 digits, more than TOML's 64-bit numbers hold",
    ),
    "queued die negative": (
        set_field("dice.queued", [3, -2]),
        "dice.queued[1]: expected a die's face, 0 or more, got -2",
    ),
    "unit ids repeated": (set_field("state.units.1.id", "ana"), "state.units[1].id: unit id 'ana' is already used by"),
    "unit off the map": (
        set_field("state.units.0.at", [99, 3]),
        "state.units[0].at: [99, 3] is outside the map, which is 16 x 10 cells",
    ),
    "unit in a wall": (
        set_field("state.units.0.at", [0, 0]),
        "state.units[0].at: [0, 0] is a wall, where no unit can stand",
    ),
    "cell of three numbers": (
        set_field("start.units.0.at", [1, 2, 3]),
        "start.units[0].at: expected a cell [x, y] of two whole numbers, got [1, 2, 3]",
    ),
    "unit of an unknown side": (
        set_field("state.units.1.side", "nobody"),
        "state.units[1].side: unknown side 'nobody'",
    ),
    "weapon in hand that is not carried": (
        set_field("state.units.1.in_hand", 5),
        "state.units[1].in_hand: expected the index of one of the unit's 2 weapons, got 5",
    ),
    "attribute out of range": (
        set_field("start.units.0.character.special.ST", 11),
        "start.units[0].character.special.ST: expected a whole number from 1 to 10, got 11",
    ),
    "unknown key": (set_field("state.units.0.colour", "red"), "state.units[0]: unknown key 'colour'"),
    "map row too short": (set_field("state.map.rows.2", "#.."), "state.map: rows[2]: is 3 characters long"),
    "history line not a command": (set_field("history.0.line", "fly away"), "history[0].line: unknown command 'fly'"),
    "undo in the history": (set_field("history.1.line", "undo"), "history[1].line: the history holds the commands"),
    "state missing": (_drop("state"), "missing required key 'state'"),
    "format version missing": (
        _drop("format_version"),
        "format_version: missing, so this is not an apcombat save (or its start was lost)",
    ),
    "format version in words": (
        set_field("format_version", "one"),
        'format_version: expected a whole number, 0 or more, got "one"',
    ),
    "newer format": (
        set_field("format_version", FORMAT_VERSION + 1),
        f"saved by a newer apcombat (format {FORMAT_VERSION + 1}); this apcombat ({__version__}) reads up to "
        f"{FORMAT_VERSION}: update apcombat to open it",
    ),
    "older format without a migration": (
        set_field("format_version", 0),
        "format_version: format 0 is too old: this apcombat reads 1 or newer",
    ),
    "rules version in words": (
        set_field("rules_version", "two"),
        'rules_version: expected a whole number, got "two"',
    ),
    "rules version 0": (
        set_field("rules_version", 0),
        "rules_version: expected a whole number, 1 or more, got 0",
    ),
}


@pytest.mark.parametrize("change, message", EDITS.values(), ids=EDITS.keys())
def test_a_wrongly_edited_save_is_refused_naming_the_field(saved, change, message):
    edit(saved, change)
    before = saved.read_bytes()
    with pytest.raises(SaveError) as refused:
        load_game(saved)
    assert str(refused.value).startswith(f"saves/x.toml: {message}")
    assert "\n" not in str(refused.value)
    assert saved.read_bytes() == before
    assert sorted(path.name for path in saved.parent.iterdir()) == ["x.toml"]


def test_the_same_refusal_for_a_replay_and_in_the_list(saved):
    edit(saved, set_field("state.units.1.hp", "ten"))
    with pytest.raises(SaveError, match=r"^saves/x\.toml: state\.units\[1\]\.hp: expected a whole number"):
        replay_save(saved)
    (listed,) = list_saves("saves")
    assert listed.problem == 'saves/x.toml: state.units[1].hp: expected a whole number, got "ten"'


def test_several_problems_are_counted_after_the_first(saved):
    edit(
        saved, lambda document: (set_field("state.units.1.hp", "ten")(document), set_field("state.round", -1)(document))
    )
    with pytest.raises(SaveError) as refused:
        load_game(saved)
    assert str(refused.value).endswith("(and 1 more problem)")
    assert len(refused.value.problems) == 2


def test_text_that_is_not_toml_is_refused_naming_the_line(saved):
    saved.write_text("format_version = 1\nseed = = 7\n", encoding="utf-8")
    with pytest.raises(SaveError, match=r"^saves/x\.toml: line 2: TOML syntax error: "):
        load_game(saved)


def test_a_save_cut_off_in_the_middle_of_a_line_is_refused_naming_the_line(saved):
    text = saved.read_text(encoding="utf-8")
    cut = text.index('name = "Duel at the well"') + 12
    saved.write_text(text[:cut], encoding="utf-8")
    line = text[:cut].count("\n") + 1
    with pytest.raises(SaveError) as refused:
        load_game(saved)
    assert str(refused.value) == (
        f"saves/x.toml: line {line} (the end of the file): TOML syntax error: Unterminated string; "
        "the save looks cut off"
    )


def test_a_save_cut_off_between_lines_is_refused_for_what_is_missing(saved):
    text = saved.read_text(encoding="utf-8")
    saved.write_text(text[: text.index("\n[state]\n")], encoding="utf-8")
    with pytest.raises(SaveError, match=r"^saves/x\.toml: missing required key 'state'$"):
        load_game(saved)


def test_a_file_that_is_not_text_is_refused(saved):
    saved.write_bytes(b"format_version = 1\n\xff\xfe")
    with pytest.raises(SaveError, match=r"^saves/x\.toml: line 2, column 1: not UTF-8 text: save it as UTF-8$"):
        load_game(saved)


def test_a_missing_file_is_refused(in_tmp):
    with pytest.raises(SaveError, match=r"^saves/nothing\.toml: cannot read the file: "):
        load_game(Path("saves/nothing.toml"))


def test_a_history_that_no_longer_plays_is_refused(saved):
    # Issue 9, item 5: a save whose history holds an illegal command does not load.
    edit(saved, set_field("history.3.line", "gm set nobody hp=3"))
    refusal = r"^saves/x\.toml: history\[3\]: 'gm set nobody hp=3' cannot be played again: "
    with pytest.raises(SaveError, match=refusal):
        load_game(saved)
    with pytest.raises(SaveError, match=refusal):
        replay_save(saved)
