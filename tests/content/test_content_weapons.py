"""content/weapons.toml: loading, and one clear line for every kind of mistake."""

from __future__ import annotations

from pathlib import Path

import pytest
from content_helpers import COLT, CONTENT, DELETE, P90, entry, problems_of, write_text, write_toml

from apcombat.content import load_weapons, read_weapons
from apcombat.model import Family, Skill

WEAPONS = Path("content/weapons.toml")


def weapons_file(*entries: dict) -> Path:
    return write_toml(WEAPONS, {"weapon": list(entries)})


def test_the_shipped_weapons_load() -> None:
    weapons = load_weapons(CONTENT / "weapons.toml")
    assert len(weapons) >= 58
    colt = weapons["colt_1911"]
    assert colt.family is Family.PISTOL
    assert colt.skill is Skill.SMALL_GUNS
    assert colt.ranges.close.max == 10


def test_optional_keys_take_their_defaults(in_tmp: Path) -> None:
    weapon = load_weapons(weapons_file(COLT))["colt_1911"]
    assert (weapon.burst_tuning, weapon.ap_reload) == (0, 2)


def test_a_number_written_as_text_names_the_field(in_tmp: Path) -> None:
    p90 = entry(P90)
    p90["ranges"]["close"]["max"] = "ten"
    assert problems_of(load_weapons, weapons_file(p90)) == [
        "content/weapons.toml: weapon 'p90': ranges.close.max: expected a number, got \"ten\""
    ]


def test_a_missing_key_is_named(in_tmp: Path) -> None:
    assert problems_of(load_weapons, weapons_file(entry(P90, damage=DELETE))) == [
        "content/weapons.toml: weapon 'p90': missing required key 'damage'"
    ]


def test_a_mistyped_family_lists_the_families_and_suggests_one(in_tmp: Path) -> None:
    [line] = problems_of(load_weapons, weapons_file(entry(P90, family="smgg")))
    assert line.startswith("content/weapons.toml: weapon 'p90': family: 'smgg' is not one of revolver, pistol, ")
    assert line.endswith("(did you mean 'smg'?)")


def test_an_unknown_key_is_reported_with_a_suggestion(in_tmp: Path) -> None:
    assert problems_of(load_weapons, weapons_file(entry(P90, magazin=50))) == [
        "content/weapons.toml: weapon 'p90': unknown key 'magazin' (did you mean 'magazine'?)"
    ]


def test_a_toml_syntax_error_names_its_line(in_tmp: Path) -> None:
    write_text(WEAPONS, '[[weapon]]\nid = "p90"\nname = P90\n')
    [line] = problems_of(load_weapons, WEAPONS)
    assert line.startswith("content/weapons.toml: line 3: TOML syntax error: ")
    assert "column" in line


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"magazine": 7.5}, "magazine: expected a whole number, got 7.5"),
        ({"magazine": -1}, "magazine: expected a whole number from 0 to 1000, got -1"),
        ({"ap_single": "5"}, 'ap_single: expected a whole number, got "5"'),
        ({"bipod": "no"}, 'bipod: expected true or false, got "no"'),
        ({"hands": 3}, "hands: expected 1 or 2, got 3"),
        ({"min_st": 11}, "min_st: expected a whole number from 0 to 10, got 11"),
        ({"name": 1911}, "name: expected a string in quotes, got 1911"),
        ({"damage": "ten"}, "damage: 'ten' is not dice notation: write NdS+K, like 2d10+5"),
        (
            {"skill": "guns"},
            "skill: 'guns' is not one of small_guns, big_guns, energy_weapons, melee, unarmed, "
            "throwing, acrobatics, body_control, first_aid (did you mean 'big_guns'?)",
        ),
        ({"ranges": "far"}, 'ranges: expected a table, got "far"'),
        ({"burst": 3}, "burst: is 3 but ap_burst is 0: an automatic weapon needs both"),
    ],
)
def test_each_field_says_what_it_expected(in_tmp: Path, changes: dict, expected: str) -> None:
    assert problems_of(load_weapons, weapons_file(entry(COLT, **changes))) == [
        f"content/weapons.toml: weapon 'colt_1911': {expected}"
    ]


def test_a_missing_range_key_is_named_with_its_band(in_tmp: Path) -> None:
    colt = entry(COLT)
    del colt["ranges"]["long"]["mod"]
    assert problems_of(load_weapons, weapons_file(colt)) == [
        "content/weapons.toml: weapon 'colt_1911': ranges.long: missing required key 'mod'"
    ]


def test_firearm_ranges_must_grow(in_tmp: Path) -> None:
    colt = entry(COLT)
    colt["ranges"]["medium"]["max"] = 10
    assert problems_of(load_weapons, weapons_file(colt)) == [
        "content/weapons.toml: weapon 'colt_1911': ranges.medium.max: expected more than ranges.close.max (10), got 10"
    ]


def test_close_combat_ranges_may_repeat_but_not_shrink(in_tmp: Path) -> None:
    reach = {"max": 1.5, "mod": 0}
    knife = entry(
        COLT,
        id="knife",
        family="melee",
        skill="melee",
        ranges=dict.fromkeys(("cqc", "close", "medium", "long", "extreme"), reach),
    )
    assert load_weapons(weapons_file(knife))["knife"].ranges.extreme.max == 1.5
    knife["ranges"] = {**knife["ranges"], "extreme": {"max": 1, "mod": 0}}
    assert problems_of(load_weapons, weapons_file(knife)) == [
        "content/weapons.toml: weapon 'knife': ranges.extreme.max: expected at least ranges.long.max (1.5), got 1"
    ]


def test_every_problem_of_every_entry_is_reported(in_tmp: Path) -> None:
    bad_colt = entry(COLT, family="pistl", magazine="seven", hands=0, ammo=DELETE)
    bad_p90 = entry(P90, magazin=50, damage="lots")
    lines = problems_of(load_weapons, weapons_file(bad_colt, entry(P90, id="fine"), bad_p90))
    assert len(lines) == 6
    assert sum(line.startswith("content/weapons.toml: weapon 'colt_1911': ") for line in lines) == 4
    assert sum(line.startswith("content/weapons.toml: weapon 'p90': ") for line in lines) == 2


def test_good_entries_are_kept_beside_bad_ones(in_tmp: Path) -> None:
    loaded = read_weapons(weapons_file(entry(COLT, hands="one"), P90))
    assert list(loaded.value) == ["p90"]
    assert len(loaded.problems) == 1


def test_ids_must_be_unique(in_tmp: Path) -> None:
    assert problems_of(load_weapons, weapons_file(COLT, entry(P90, id="colt_1911"))) == [
        "content/weapons.toml: weapon 'colt_1911': id: 'colt_1911' is already used by entry 1"
    ]


def test_an_entry_without_id_is_named_by_its_number(in_tmp: Path) -> None:
    assert problems_of(load_weapons, weapons_file(COLT, entry(P90, id=DELETE))) == [
        "content/weapons.toml: weapon 2: missing required key 'id'"
    ]


def test_the_file_must_hold_weapon_tables(in_tmp: Path) -> None:
    write_toml(WEAPONS, {"weapons": [COLT]})
    assert problems_of(load_weapons, WEAPONS) == [
        "content/weapons.toml: unknown top-level key 'weapons' (did you mean 'weapon'?)",
        "content/weapons.toml: expected [[weapon]] tables, got nothing",
    ]


def test_a_missing_file_is_one_problem(in_tmp: Path) -> None:
    [line] = problems_of(load_weapons, Path("content/nothing.toml"))
    assert line.startswith("content/nothing.toml: cannot read the file: ")
