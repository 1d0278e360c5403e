"""Character files, armour and wound effects: loading, references and the mistakes they report."""

from __future__ import annotations

from pathlib import Path

import pytest
from content_helpers import CONTENT, problems_of, write_text, write_toml

from apcombat.content import Library, load_armor, load_character, load_criticals, load_library
from apcombat.model import BodyLocation, DamageType, Skill
from apcombat.model.criticals import DEFAULT_CRITICALS

ANA = {
    "name": "Ana",
    "special": {"ST": 6, "PE": 6, "EN": 5, "CH": 5, "IN": 5, "AG": 7, "LU": 6},
    "skills": {"small_guns": 95},
    "perks": ["ambidextrous"],
    "armor": "leather_jacket",
    "weapons": ["colt_1911", "colt_1911"],
}


def test_the_shipped_characters_load_with_ids_from_their_file_names(library: Library) -> None:
    assert set(library.characters) == {path.stem for path in (CONTENT / "characters").glob("*.toml")}
    ana = library.characters["ana"]
    assert ana.skill(Skill.SMALL_GUNS) == 95
    assert "ambidextrous" in ana.perks
    assert all(weapon in library.weapons for weapon in ana.weapons)


def test_a_character_with_optional_overrides(in_tmp: Path) -> None:
    path = write_toml(Path("content/characters/tank.toml"), {**ANA, "max_hp": 60, "ap": 9, "crit_chance": 12})
    tank = load_character(path)
    assert (tank.hit_points, tank.ap_per_round, tank.base_crit_chance) == (60, 9, 12)


def test_an_unknown_weapon_of_a_character_is_named_with_a_suggestion(content_copy: Path) -> None:
    write_toml(content_copy / "characters/ana.toml", {**ANA, "weapons": ["colt_1911", "colt1911"]})
    assert problems_of(load_library, content_copy) == [
        "content/characters/ana.toml: weapons[1]: unknown weapon 'colt1911' (did you mean 'colt_1911'?)"
    ]


def test_load_character_checks_references_against_a_library(in_tmp: Path, library: Library) -> None:
    path = write_toml(Path("ana.toml"), {**ANA, "armor": "leather_jackt"})
    assert load_character(path).armor == "leather_jackt"  # no library: nothing to look ids up in
    assert problems_of(load_character, path, library) == [
        "ana.toml: armor: unknown armour 'leather_jackt' (did you mean 'leather_jacket'?)"
    ]


def test_every_problem_of_a_character_is_reported(in_tmp: Path, library: Library) -> None:
    ana = {
        **ANA,
        "special": {**ANA["special"], "LU": 11, "ST": "six", "XP": 3},
        "skills": {"smal_guns": 80, "melee": -5},
        "perks": "ambidextrous",
        "weapons": ["colt1911"],
        "max_hp": 0,
    }
    path = write_toml(Path("ana.toml"), ana)
    assert sorted(problems_of(load_character, path, library)) == sorted(
        [
            'ana.toml: special.ST: expected a whole number, got "six"',
            "ana.toml: special.LU: expected a whole number from 1 to 10, got 11",
            "ana.toml: special: unknown key 'XP'",
            "ana.toml: skills: 'smal_guns' is not one of small_guns, big_guns, energy_weapons, melee, "
            "unarmed, "
            "throwing, acrobatics, body_control, first_aid (did you mean 'small_guns'?)",
            "ana.toml: skills.melee: expected a whole number from 0 to 300, got -5",
            'ana.toml: perks: expected a list, got "ambidextrous"',
            "ana.toml: max_hp: expected a whole number from 1 to 999, got 0",
            "ana.toml: weapons[0]: unknown weapon 'colt1911' (did you mean 'colt_1911'?)",
        ]
    )


def test_a_character_without_name_is_told_so(in_tmp: Path) -> None:
    path = write_toml(Path("nobody.toml"), {key: value for key, value in ANA.items() if key != "name"})
    assert problems_of(load_character, path) == ["nobody.toml: missing required key 'name'"]


def test_a_broken_weapons_file_does_not_make_every_reference_unknown(content_copy: Path) -> None:
    write_text(content_copy / "weapons.toml", "[[weapon]\n")
    lines = problems_of(load_library, content_copy)
    assert len(lines) == 1
    assert lines[0].startswith("content/weapons.toml: line 1: TOML syntax error: ")


def test_the_shipped_armour_and_wounds_load(library: Library) -> None:
    assert library.armor("leather_armor").stops(DamageType.NORMAL) >= 0
    assert library.criticals == load_criticals(CONTENT / "criticals.toml")
    assert library.criticals.effects == DEFAULT_CRITICALS.effects  # the file states the defaults of R12.1


def test_armour_mistakes(in_tmp: Path) -> None:
    path = write_toml(
        Path("armor.toml"),
        {"armor": [{"id": "rags", "name": "Rags", "values": {"normal": -1, "lazer": 2}}]},
    )
    assert problems_of(load_armor, path) == [
        "armor.toml: armor 'rags': values.normal: expected a whole number from 0 to 100, got -1",
        "armor.toml: armor 'rags': values: 'lazer' is not one of normal, laser, plasma, fire, explosive "
        "(did you mean 'laser'?)",
    ]


def test_wound_mistakes(in_tmp: Path) -> None:
    criticals = [
        {"location": "head", "knockout_attribute": "en", "knockout_rounds": "1d"},
        {"location": "head"},
        {"location": "leg", "movement_factor": 2},
    ]
    path = write_toml(Path("criticals.toml"), {"critical": criticals})
    assert problems_of(load_criticals, path) == [
        "criticals.toml: critical 'head': knockout_attribute: expected ST, PE, EN, CH, IN, AG or LU, "
        "got \"en\" (did you mean 'EN'?)",
        "criticals.toml: critical 'head': knockout_rounds: '1d' is not dice notation: write NdS+K, like 2d10+5",
        "criticals.toml: critical 'head': location: 'head' is already used by entry 1",
        "criticals.toml: critical 'leg': location: 'leg' is not one of head, torso, arm, legs, weapon "
        "(did you mean 'legs'?)",
        "criticals.toml: critical 'leg': movement_factor: expected a number from 0 to 1, got 2",
    ]


@pytest.mark.parametrize("missing", ["criticals.toml"])
def test_a_content_folder_without_criticals_uses_the_default_wounds(content_copy: Path, missing: str) -> None:
    (content_copy / missing).unlink()
    assert load_library(content_copy).criticals == DEFAULT_CRITICALS
    assert load_library(content_copy).criticals.effect(BodyLocation.LEGS).forbids_running
