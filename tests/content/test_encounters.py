"""Encounter files: the shipped ones load, the documented format and its defaults read as documented."""

from __future__ import annotations

from pathlib import Path

import pytest
from content_helpers import CONTENT, write_text
from encounter_helpers import ANA_AND_RAIDER, encounter_file, unit_of

from apcombat.content import MODULES, Library, load_encounter
from apcombat.model import (
    DEFAULT_AI,
    NO_ARMOR,
    AiRole,
    Control,
    CoverExempts,
    Facing,
    HouseRules,
    OptionalRules,
    Pose,
    Terrain,
    UnitStatus,
)

SHIPPED = sorted((CONTENT / "encounters").glob("*.toml"))


@pytest.mark.parametrize("path", SHIPPED, ids=[path.stem for path in SHIPPED])
def test_each_shipped_encounter_loads(path: Path, library: Library) -> None:
    encounter = load_encounter(path, library)
    assert encounter.name and encounter.description
    assert "\n" not in encounter.description
    assert len(encounter.sides) >= 2
    assert {unit.side for unit in encounter.units} == {side.id for side in encounter.sides}
    if encounter.map is not None:
        cells = [unit.at for unit in encounter.units]
        assert len(set(cells)) == len(cells)
        assert all(not encounter.map.at(cell).blocks_movement for cell in cells if cell is not None)


def test_the_encounters_the_game_ships(library: Library) -> None:
    assert {"duel", "street_fight", "heavy_weapons", "rooftops"} <= {path.stem for path in SHIPPED}
    duel = load_encounter(CONTENT / "encounters" / "duel.toml", library)
    assert [len([u for u in duel.units if u.side == side.id]) for side in duel.sides] == [1, 1]
    assert {side.control for side in duel.sides} == {Control.HUMAN, Control.AI}
    street = load_encounter(CONTENT / "encounters" / "street_fight.toml", library)
    assert [len([u for u in street.units if u.side == side.id]) for side in street.sides] == [4, 4]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.stem)
def test_units_sharing_a_name_are_numbered_to_tell_them_apart(path: Path, library: Library) -> None:
    # Two raiders from one sheet were both "Raider" in the turn order, the panels and the log.
    names = [unit.name for unit in load_encounter(path, library).units]
    assert len(set(names)) == len(names)
    if path.stem == "street_fight":
        assert [name for name in names if name.startswith("Raider")] == ["Raider 1", "Raider 2"]


def test_one_shipped_map_is_at_least_100_by_100(library: Library) -> None:
    maps = [load_encounter(path, library).map for path in SHIPPED]
    assert max((m.width, m.height) for m in maps if m is not None) >= (100, 100)
    assert any(m is not None and m.width >= 100 and m.height >= 100 for m in maps)


def test_heavy_weapons_and_rooftops_have_what_their_names_promise(library: Library) -> None:
    heavy = load_encounter(CONTENT / "encounters" / "heavy_weapons.toml", library)
    families = {carried.weapon.family.value for unit in heavy.units for carried in unit.weapons}
    assert {"flamer", "machine_gun", "gatling"} <= families
    roofs = load_encounter(CONTENT / "encounters" / "rooftops.toml", library)
    terrains = {terrain for row in roofs.map.terrain for terrain in row}
    assert {Terrain.STAIRS, Terrain.GAP, Terrain.RUBBLE} <= terrains


def test_table_mode_has_no_map_and_no_cells(in_tmp: Path, library: Library) -> None:
    path = encounter_file(battle_map=None, units=[unit_of("ana", "a", at=None), unit_of("raider", "b", at=None)])
    encounter = load_encounter(path, library)
    assert encounter.map is None
    assert [unit.at for unit in encounter.units] == [None, None]
    brawl = load_encounter(CONTENT / "encounters" / "table_brawl.toml", library)
    assert brawl.map is None and all(unit.at is None for unit in brawl.units)


def test_the_state_built_and_its_defaults(in_tmp: Path, library: Library) -> None:
    encounter = load_encounter(encounter_file(), library)
    assert (encounter.name, encounter.description, encounter.round) == ("Test", "", 0)
    assert [(side.id, side.control) for side in encounter.sides] == [("a", Control.HUMAN), ("b", Control.AI)]
    assert all(side.ai == DEFAULT_AI for side in encounter.sides)  # the default level, effort and knobs
    assert (encounter.map.width, encounter.map.height) == (7, 4)
    assert encounter.map.at((3, 1)) is Terrain.LOW
    ana, raider = encounter.units
    assert (ana.id, ana.side, ana.name, ana.at) == ("ana", "a", "Ana", (1, 1))
    assert (ana.facing, ana.pose, ana.ap, ana.in_hand) == (Facing.N, Pose.UPRIGHT, 0, 0)
    assert encounter.status(ana) is UnitStatus.READY
    assert ana.hp == ana.character.hit_points
    assert ana.armor == library.armor("leather_jacket")
    assert [(carried.weapon.id, carried.loaded) for carried in ana.weapons] == [("colt_1911", 7), ("colt_1911", 7)]
    assert ana.offhand == 1  # two one-handed guns (R11)
    assert ana.ammo == {"45acp": 2 * 7 + 2 * 7}  # two magazines a gun, summed per ammunition
    assert raider.offhand is None  # grease gun and knife: not two guns
    assert raider.ammo == {"45acp": 60}  # the knife needs none
    assert raider.armor == library.armor("leather_armor")
    assert ana.ai_role is None and raider.ai_role is None
    assert (encounter.house_rules, encounter.optional_rules, encounter.modules) == (HouseRules(), OptionalRules(), {})
    assert encounter.criticals == library.criticals


def test_a_flamer_carries_fuel_in_seconds(in_tmp: Path, library: Library) -> None:
    path = encounter_file(units=[unit_of("cole", "a", at=[1, 1]), unit_of("raider", "b", at=[5, 2])])
    cole = load_encounter(path, library).unit("cole")
    assert cole.weapons[0].loaded == 8  # R6.1: an M12 tank holds 8 seconds
    assert cole.ammo == {"napalm": 16, "10mm": 24}
    assert cole.offhand is None  # the flamer is two-handed


def test_everything_a_unit_can_change(in_tmp: Path, library: Library) -> None:
    changed = unit_of(
        "ana",
        "a",
        at=[2, 2],
        facing="SW",
        pose="prone",
        weapons=["pistol_10mm", "knife", "colt_1911"],
        offhand=2,
        armor="none",
        ammo={"10mm": 5},
        hp=3,
        ai_role="guard",
    )
    ana = load_encounter(encounter_file(units=[changed, ANA_AND_RAIDER[1]]), library).unit("ana")
    assert (ana.at, ana.facing, ana.pose, ana.hp, ana.ammo) == ((2, 2), Facing.SW, Pose.PRONE, 3, {"10mm": 5})
    assert ana.ai_role is AiRole.GUARD
    assert [carried.weapon.id for carried in ana.weapons] == ["pistol_10mm", "knife", "colt_1911"]
    assert ana.offhand == 2
    assert ana.armor is NO_ARMOR


def test_an_inline_character(in_tmp: Path, library: Library) -> None:
    sam = unit_of(
        "sam",
        "a",
        at=[1, 1],
        character={"name": "Sam", "special": {"AG": 8}, "armor": "metal_armor", "weapons": ["p90"]},
    )
    unit = load_encounter(encounter_file(units=[sam, ANA_AND_RAIDER[1]]), library).unit("sam")
    assert (unit.name, unit.character.special.AG, unit.armor.id) == ("Sam", 8, "metal_armor")
    assert [carried.weapon.id for carried in unit.weapons] == ["p90"]
    assert unit.hp == unit.character.hit_points


@pytest.mark.parametrize(
    "reference",
    ["ana", "content/characters/ana.toml", "characters/ana.toml", "../content/characters/ana.toml"],
)
def test_a_character_by_id_content_path_or_relative_path(reference: str, in_tmp: Path, library: Library) -> None:
    write_text(in_tmp / "content" / "characters" / "ana.toml", (CONTENT / "characters" / "ana.toml").read_text())
    path = encounter_file(
        units=[unit_of("ana", "a", at=[1, 1], character=reference), ANA_AND_RAIDER[1]],
        path=Path("encounters/test.toml"),
    )
    assert load_encounter(path, library).unit("ana").name == "Ana"


def test_rules_switches_and_modules(in_tmp: Path, library: Library) -> None:
    path = encounter_file(
        house_rules={"cover_exempts": "reacting_shooter", "aim_max_extra_ap": 3},
        optional_rules={"jumping": False, "two_guns": False},
        modules={"morale": True, "casualties": False},
        description="A test.",
    )
    encounter = load_encounter(path, library)
    assert encounter.description == "A test."
    assert encounter.house_rules.cover_exempts is CoverExempts.REACTING_SHOOTER
    assert encounter.house_rules.aim_max_extra_ap == 3
    assert (encounter.optional_rules.jumping, encounter.optional_rules.two_guns) == (False, False)
    assert encounter.optional_rules.initiative
    assert encounter.modules == {"morale": True, "casualties": False}
    assert set(encounter.modules) <= set(MODULES)


def test_a_legend_adds_and_replaces_characters(in_tmp: Path, library: Library) -> None:
    path = encounter_file(
        battle_map={"rows": ["~~~~~~~", "~.=..~~", "~.....~", "~~~~~~~"], "legend": {"~": "gap", "=": "rubble"}},
    )
    battle_map = load_encounter(path, library).map
    assert battle_map.at((0, 0)) is Terrain.GAP
    assert battle_map.at((2, 1)) is Terrain.RUBBLE
    assert battle_map.at((1, 1)) is Terrain.FLOOR
