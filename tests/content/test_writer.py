"""Writing content files: what `character_to_toml` and `encounter_to_toml` write loads back equal, for every
shipped file and for an encounter that changes every default; files are replaced whole."""

from __future__ import annotations

import tomllib
from pathlib import Path

import attrs
import pytest
from content_helpers import CONTENT
from encounter_helpers import MAP, SIDES, encounter_file, unit_of

from apcombat.content import Library, load_character, load_encounter
from apcombat.content.encounter_document import encounter_to_toml
from apcombat.content.writer import character_to_toml, write_text_file
from apcombat.model import Encounter, Facing

ENCOUNTERS = sorted((CONTENT / "encounters").glob("*.toml"))
CHARACTERS = sorted((CONTENT / "characters").glob("*.toml"))


def written_and_loaded(encounter: Encounter, library: Library, folder: Path) -> Encounter:
    """The encounter written as an encounter file in `folder` and loaded back."""
    path = write_text_file(folder / "written.toml", encounter_to_toml(encounter, library))
    return load_encounter(path, library)


@pytest.mark.parametrize("path", ENCOUNTERS, ids=[path.stem for path in ENCOUNTERS])
def test_each_shipped_encounter_loads_back_equal(path: Path, library: Library, tmp_path: Path) -> None:
    encounter = load_encounter(path, library)
    assert written_and_loaded(encounter, library, tmp_path) == encounter


@pytest.mark.parametrize("path", CHARACTERS, ids=[path.stem for path in CHARACTERS])
def test_each_shipped_character_loads_back_equal(path: Path, library: Library, tmp_path: Path) -> None:
    character = load_character(path, library)
    written = write_text_file(tmp_path / path.name, character_to_toml(character))
    assert load_character(written, library) == character


def test_a_character_file_has_all_seven_attributes_and_sorted_perks(library: Library) -> None:
    character = attrs.evolve(library.character("raider"), perks={"more_criticals", "ambidextrous"}, max_hp=40)
    table = tomllib.loads(character_to_toml(character))
    assert table["special"] == {"ST": 6, "PE": 5, "EN": 6, "CH": 3, "IN": 4, "AG": 6, "LU": 4}
    assert table["perks"] == ["ambidextrous", "more_criticals"]
    assert table["max_hp"] == 40
    assert "ap" not in table and "crit_chance" not in table


def test_an_encounter_changing_every_default_loads_back_equal(library: Library, tmp_path: Path) -> None:
    inline = {
        "name": "Sue",
        "special": {"ST": 6, "AG": 7},
        "skills": {"unarmed": 85},
        "weapons": ["colt_1911", "colt_1911"],
        "max_hp": 20,
        "ap": 9,
        "crit_chance": 12,
    }
    units = [
        unit_of("ana", "a", at=[1, 1], facing="E", pose="crouched", hp=10, armor="none", offhand=1),
        unit_of("sue", "a", at=[2, 1], character=inline, ammo={"45acp": 3}, weapons=["colt_1911", "knife"]),
        unit_of("raider", "b", at=[5, 2], armor="metal_armor", weapons=["combat_knife"], ai_role="sniper"),
    ]
    ai = {"level": "random", "effort": "high", "aggression": 0.8, "caution": 0}
    path = encounter_file(
        battle_map={**MAP, "rows": [row.replace("_", "~") for row in MAP["rows"]], "legend": {"~": "gap"}},
        sides=[SIDES[0], {**SIDES[1], "ai": ai}],
        units=units,
        path=tmp_path / "everything.toml",
        description="Every default changed.",
        house_rules={"aim_max_extra_ap": 2, "prone_shows_head": False, "cover_exempts": "reacting_shooter"},
        optional_rules={"reaction": False, "two_guns": False},
        modules={"morale": True, "casualties": False},
    )
    encounter = load_encounter(path, library)
    assert written_and_loaded(encounter, library, tmp_path / "out") == encounter


def test_an_ai_side_and_a_role_are_written_only_as_far_as_they_differ_from_the_defaults(
    library: Library, tmp_path: Path
) -> None:
    sides = [SIDES[0], {**SIDES[1], "ai": {"effort": "low", "caution": 0.5}}]
    units = [unit_of("ana", "a", at=[1, 1]), unit_of("raider", "b", at=[5, 2], ai_role="hold")]
    encounter = load_encounter(encounter_file(sides=sides, units=units, path=tmp_path / "ai.toml"), library)
    table = tomllib.loads(encounter_to_toml(encounter, library))
    assert [side.get("ai") for side in table["side"]] == [None, {"effort": "low"}]  # caution 0.5 is the default
    assert [unit.get("ai_role") for unit in table["unit"]] == [None, "hold"]


def test_a_unit_names_its_character_by_id_when_it_is_a_ready_one(library: Library) -> None:
    encounter = load_encounter(CONTENT / "encounters" / "duel.toml", library)  # ana is "../characters/ana.toml"
    units = tomllib.loads(encounter_to_toml(encounter, library))["unit"]
    assert [unit["character"] for unit in units] == ["ana", "raider"]
    assert "weapons" not in units[0] and "armor" not in units[0] and "hp" not in units[0]


def test_a_table_mode_encounter_has_no_map_and_no_cells(library: Library) -> None:
    encounter = load_encounter(CONTENT / "encounters" / "table_brawl.toml", library)
    table = tomllib.loads(encounter_to_toml(encounter, library))
    assert "map" not in table
    assert all("at" not in unit for unit in table["unit"])
    assert table["unit"][1]["character"]["name"] == "Barkeep"  # inline: no character file has it


def test_writing_a_file_replaces_it_whole_and_leaves_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "new" / "fight.toml"
    write_text_file(path, "name = 'first'\n")
    write_text_file(path, "name = 'second'\n")
    assert path.read_text(encoding="utf-8") == "name = 'second'\n"
    assert [file.name for file in path.parent.iterdir()] == ["fight.toml"]


def test_a_hex_encounter_loads_back_equal_with_its_facings(library: Library, tmp_path: Path) -> None:
    # R20.1, R20.2: the map's kind and each unit's hex facing are written; NE, a hex map's default, is left out.
    duel = load_encounter(CONTENT / "encounters" / "duel.toml", library)
    assert duel.map is not None
    hexes = attrs.evolve(duel, map=attrs.evolve(duel.map, kind="hex"))
    hexes = hexes.with_unit(attrs.evolve(hexes.unit("raider"), facing=Facing.NE))
    text = encounter_to_toml(hexes, library)
    assert 'kind = "hex"' in text and 'facing = "NE"' not in text and 'facing = "E"' in text
    assert written_and_loaded(hexes, library, tmp_path) == hexes


def test_a_units_thrown_weapons_are_written_only_where_they_differ_from_its_characters(
    library: Library, tmp_path: Path
) -> None:
    # R22.1.2: a [[unit]]'s `thrown` replaces its character's; the writer gives it only when they differ, and an
    # empty belt over a character's grenades is written as an empty table (it, too, replaces the character's).
    units = [
        unit_of("ana", "a", at=[1, 1], thrown={"molotov": 1, "frag_grenade": 2}),
        unit_of("grenadier", "b", at=[5, 2]),  # the character file's thrown = { frag_grenade = 3 }
        unit_of("raider", "b", at=[4, 1], character="grenadier", thrown={}),
    ]
    encounter = load_encounter(encounter_file(units=units, path=tmp_path / "belts.toml"), library)
    table = tomllib.loads(encounter_to_toml(encounter, library))
    assert [unit.get("thrown") for unit in table["unit"]] == [{"molotov": 1, "frag_grenade": 2}, None, {}]
    loaded = written_and_loaded(encounter, library, tmp_path / "out")
    assert loaded == encounter
    assert [(stock.weapon.id, stock.count) for stock in loaded.unit("ana").thrown] == [
        ("molotov", 1),
        ("frag_grenade", 2),
    ]
    assert loaded.unit("raider").thrown == ()
