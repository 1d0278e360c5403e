"""Encounter files with mistakes: each is one clear line naming the file, the entry and the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from content_helpers import CONTENT, problems_of, write_text
from encounter_helpers import ANA_AND_RAIDER, MAP, SIDES, encounter_file, unit_of

from apcombat.content import Library, load_encounter

RAIDER = ANA_AND_RAIDER[1]
LEGEND = ". floor, # wall, = low, H stairs, _ gap, : rubble"


def ana(**fields: Any) -> list[dict[str, Any]]:
    """Ana with some fields changed (or left out, given None), against the usual raider."""
    table = {**unit_of("ana", "a", at=[1, 1]), **fields}
    return [{key: value for key, value in table.items() if value is not None}, RAIDER]


def rows(*changed: str) -> dict[str, Any]:
    return {"rows": ["#######", *changed, "#######"]}


CASES: dict[str, tuple[dict[str, Any], list[str]]] = {
    # ids and sides
    "unit id twice": (
        {"units": [ANA_AND_RAIDER[0], unit_of("ana", "b", at=[5, 2], character="raider")]},
        ["test.toml: unit 'ana': id: 'ana' is already used by entry 1"],
    ),
    "side id twice": (
        {"sides": [*SIDES, {"id": "b", "name": "Again"}]},
        ["test.toml: side 'b': id: 'b' is already used by entry 2"],
    ),
    "an AI level that does not exist": (
        {"sides": [SIDES[0], {**SIDES[1], "ai": {"level": "tactcal"}}]},
        [
            "test.toml: side 'b': ai.level: 'tactcal' is not an AI level (did you mean 'tactical'?); "
            "the levels are baseline, random, tactical"
        ],
    ),
    "an AI effort that is not one": (
        {"sides": [SIDES[0], {**SIDES[1], "ai": {"effort": "max"}}]},
        ["test.toml: side 'b': ai.effort: 'max' is not one of low, normal, high"],
    ),
    "AI knobs out of range": (
        {"sides": [SIDES[0], {**SIDES[1], "ai": {"aggression": 1.5, "caution": -1}}]},
        [
            "test.toml: side 'b': ai.aggression: expected a number from 0 to 1, got 1.5",
            "test.toml: side 'b': ai.caution: expected a number from 0 to 1, got -1",
        ],
    ),
    "an AI knob that is not a number": (
        {"sides": [SIDES[0], {**SIDES[1], "ai": {"caution": "high"}}]},
        ["test.toml: side 'b': ai.caution: expected a number, got \"high\""],
    ),
    "an AI setting that is not one": (
        {"sides": [SIDES[0], {**SIDES[1], "ai": {"level": "baseline", "agression": 0.8}}]},
        ["test.toml: side 'b': ai: unknown key 'agression' (did you mean 'aggression'?)"],
    ),
    "AI settings that are not a table": (
        {"sides": [SIDES[0], {**SIDES[1], "ai": "tactical"}]},
        ["test.toml: side 'b': ai: expected a table, got \"tactical\""],
    ),
    "the old ai_level key": (
        {"sides": [SIDES[0], {**SIDES[1], "ai_level": "baseline"}]},
        ["test.toml: side 'b': unknown key 'ai_level'"],
    ),
    "a role that is not one": (
        {"units": ana(ai_role="sniperr")},
        [
            "test.toml: unit 'ana': ai_role: 'sniperr' is not one of assault, hold, guard, sniper "
            "(did you mean 'sniper'?)"
        ],
    ),
    "unit id not typeable": (
        {"units": ana(id="Ana")},
        ["test.toml: unit 'Ana': id: expected an id of lowercase letters, digits, _ and -, got \"Ana\""],
    ),
    "unknown side": (
        {"units": ana(side="aa")},
        [
            "test.toml: unit 'ana': side: unknown side 'aa' (did you mean 'a'?)",
            "test.toml: side 'a': has no units: give it a [[unit]] with side = \"a\"",
        ],
    ),
    "side without units": (
        {"sides": [*SIDES, {"id": "c", "name": "Nobody"}]},
        ["test.toml: side 'c': has no units: give it a [[unit]] with side = \"c\""],
    ),
    "one side": (
        {"sides": SIDES[:1], "units": [ANA_AND_RAIDER[0], {**RAIDER, "side": "a"}]},
        ["test.toml: expected at least two [[side]] tables, got 1"],
    ),
    "no units": (
        {"units": "none"},
        ['test.toml: expected [[unit]] tables, got "none"'],
    ),
    # the map
    "rows of different lengths": (
        {"battle_map": rows("#..=..#", "#.._.#")},
        ["test.toml: map: rows[2]: is 6 characters long, but the other rows are 7"],
    ),
    "character missing from the legend": (
        {"battle_map": rows("#..=..#", "#..~..#")},
        [
            "test.toml: map: rows[2]: unknown map character '~' at column 3 (cell [3, 2]): "
            f"give it a terrain in [map] legend, or use one of {LEGEND}"
        ],
    ),
    "legend value not a terrain": (
        {"battle_map": {**MAP, "legend": {"~": "water"}}},
        [
            "test.toml: map: legend.~: 'water' is not one of floor, wall, low, stairs, gap, rubble, brush, crates, "
            "hut, burnt"
        ],
    ),
    # R18.3: fires and burnt ground
    "a fire drawn in the legend": (
        {"battle_map": {**MAP, "legend": {"~": "fire"}}},
        [
            "test.toml: map: legend.~: 'fire' is lit on a cell with [map] fires = [[x, y]], not drawn in the "
            "legend (R18.3.4)"
        ],
    ),
    "fires without the module": (
        {"battle_map": {**MAP, "fires": [[2, 2]]}},
        ["test.toml: map: fires: fires burn only with spreading fires on: add fire_spread = true to [modules] (R18.3)"],
    ),
    "a fire off the map, on a wall, burnt and burning": (
        {"battle_map": {**MAP, "fires": [[9, 1], [0, 0], [2, 1]], "burnt": [[2, 1]]}, "modules": {"fire_spread": True}},
        [
            "test.toml: map: fires: [9, 1] is outside the map, which is 7 x 4 cells",
            "test.toml: map: fires: [0, 0] is a wall, which does not burn: fires are lit on flammable terrain "
            "(brush, crates, hut) or open ground",
            "test.toml: map: burnt: [2, 1] is also in fires: a cell is burning or burnt, not both",
        ],
    ),
    "fires not a list of cells": (
        {"battle_map": {**MAP, "fires": [2, 2]}, "modules": {"fire_spread": True}},
        ["test.toml: map: fires: cell 1: expected a cell [x, y] of two whole numbers, got 2"],
    ),
    "legend key longer than one character": (
        {"battle_map": {**MAP, "legend": {"~~": "gap"}}},
        ["test.toml: map: legend: expected one map character per key, got '~~'"],
    ),
    "unknown map kind": (
        {"battle_map": {**MAP, "kind": "hexagon"}},
        ["test.toml: map: kind: expected square or hex, got \"hexagon\" (did you mean 'hex'?)"],
    ),
    "N is no facing on a hex map": (  # R20.2
        {"battle_map": {**MAP, "kind": "hex"}, "units": ana(facing="N")},
        ["test.toml: unit 'ana': facing: N is not a facing on a hex map; they are E NE NW W SW SE"],
    ),
    # where units stand
    "no cell on a map": (
        {"units": ana(at=None)},
        ["test.toml: unit 'ana': missing required key 'at' (the encounter has a [map]): the unit's cell [x, y]"],
    ),
    "a cell in table mode": (
        {"battle_map": None, "units": [ANA_AND_RAIDER[0], {key: RAIDER[key] for key in RAIDER if key != "at"}]},
        ["test.toml: unit 'ana': at: the encounter has no [map] (table mode), so units take no cell: remove 'at'"],
    ),
    "outside the map": (
        {"units": ana(at=[7, 1])},
        ["test.toml: unit 'ana': at: [7, 1] is outside the map, which is 7 x 4 cells (x 0 to 6, y 0 to 3)"],
    ),
    "on a wall": (
        {"units": ana(at=[0, 0])},
        ["test.toml: unit 'ana': at: [0, 0] is a wall, where no unit can stand"],
    ),
    "on a low obstacle": (
        {"units": ana(at=[3, 1])},
        ["test.toml: unit 'ana': at: [3, 1] is a low obstacle, where no unit can stand"],
    ),
    "in a gap": (
        {"units": ana(at=[3, 2])},
        ["test.toml: unit 'ana': at: [3, 2] is a gap, where no unit can stand"],
    ),
    "two units on one cell": (
        {"units": [ANA_AND_RAIDER[0], {**RAIDER, "at": [1, 1]}]},
        ["test.toml: unit 'raider': at: [1, 1] is already taken by unit 'ana'"],
    ),
    "not a cell": (
        {"units": ana(at=[1])},
        ["test.toml: unit 'ana': at: expected a cell [x, y] of two whole numbers, got [1]"],
    ),
    "not a facing": (
        {"units": ana(facing="north")},
        ["test.toml: unit 'ana': facing: 'north' is not one of N, NE, E, SE, S, SW, W, NW"],
    ),
    # equipment
    "offhand beyond the weapons": (
        {"units": ana(offhand=2)},
        ["test.toml: unit 'ana': offhand: expected the index of one of the unit's weapons (0 to 1), got 2"],
    ),
    "offhand is the weapon in hand": (
        {"units": ana(offhand=0)},
        [
            "test.toml: unit 'ana': offhand: 0 is the weapon in hand; "
            "the second gun must be another of the unit's weapons"
        ],
    ),
    "offhand not a gun": (
        {"units": [ANA_AND_RAIDER[0], {**RAIDER, "offhand": 1}]},
        ["test.toml: unit 'raider': offhand: the unit's weapons[1] 'combat_knife' is not a gun"],
    ),
    "offhand without a gun in hand": (
        {"units": ana(weapons=["knife", "colt_1911"], offhand=1)},
        ["test.toml: unit 'ana': offhand: two-gun fire needs a gun in hand too, and weapons[0] 'knife' is not one"],
    ),
    "unknown weapon": (
        {"units": ana(weapons=["colt_1911", "colt1911"])},
        ["test.toml: unit 'ana': weapons[1]: unknown weapon 'colt1911' (did you mean 'colt_1911'?)"],
    ),
    "unknown armour": (
        {"units": ana(armor="leather")},
        ["test.toml: unit 'ana': armor: unknown armour 'leather' (did you mean 'leather_armor'?)"],
    ),
    "unknown ammunition": (
        {"units": ana(ammo={"45ac": 3})},
        ["test.toml: unit 'ana': ammo: unknown ammunition '45ac' (did you mean '45acp'?)"],
    ),
    "negative ammunition": (
        {"units": ana(ammo={"45acp": -1})},
        ["test.toml: unit 'ana': ammo.45acp: expected a whole number from 0 to 100000, got -1"],
    ),
    "more HP than the character has": (
        {"units": ana(hp=40)},
        ["test.toml: unit 'ana': hp: expected at most the character's max HP (31), got 40"],
    ),
    "no HP": (
        {"units": ana(hp=0)},
        ["test.toml: unit 'ana': hp: expected a whole number from 1 to 999, got 0"],
    ),
    # characters
    "unknown character": (
        {"units": ana(character="anna")},
        [f"test.toml: unit 'ana': character: no character file {CONTENT}/characters/anna.toml (did you mean 'ana'?)"],
    ),
    "character neither a reference nor a table": (
        {"units": ana(character=5)},
        [
            "test.toml: unit 'ana': character: expected a character file or id in quotes, "
            "or a [unit.character] table, got 5"
        ],
    ),
    "inline character with a wrong attribute": (
        {"units": ana(character={"name": "Ana", "special": {"ST": 11}})},
        ["test.toml: unit 'ana': character.special.ST: expected a whole number from 1 to 10, got 11"],
    ),
    "inline character with an unknown weapon": (
        {"units": ana(character={"name": "Ana", "weapons": ["p91"]})},
        ["test.toml: unit 'ana': character.weapons[0]: unknown weapon 'p91' (did you mean 'p90'?)"],
    ),
    # the rest of the file
    "unknown top-level key": (
        {"maps": {}},
        ["test.toml: unknown top-level key 'maps' (did you mean 'map'?)"],
    ),
    "unknown module": (
        {"modules": {"morals": True}},
        [
            "test.toml: modules: unknown module 'morals' (did you mean 'morale'?); "
            "the modules are morale, casualties, fire_spread, suppression, activation_deck, rerolls, fog_of_war"
        ],
    ),
    "module neither on nor off": (
        {"modules": {"morale": "yes"}},
        ['test.toml: modules: morale: expected true or false, got "yes"'],
    ),
    "house rule of the wrong type": (
        {"house_rules": {"prone_shows_head": "yes"}},
        ['test.toml: house_rules: prone_shows_head: expected true or false, got "yes"'],
    ),
    "unknown optional rule": (
        {"optional_rules": {"jumpin": False}},
        ["test.toml: optional_rules: unknown key 'jumpin' (did you mean 'jumping'?)"],
    ),
}


@pytest.mark.parametrize("changes, expected", CASES.values(), ids=CASES.keys())
def test_each_mistake_is_one_clear_line(
    changes: dict[str, Any], expected: list[str], in_tmp: Path, library: Library
) -> None:
    assert problems_of(load_encounter, encounter_file(**changes), library) == expected


def test_every_problem_of_a_file_at_once(in_tmp: Path, library: Library) -> None:
    path = encounter_file(
        units=[{**unit_of("ana", "a", at=[0, 0]), "armor": "leathr", "hp": 99}, {**RAIDER, "facing": "up"}],
        modules={"morals": True},
    )
    problems = problems_of(load_encounter, path, library)
    assert len(problems) == 5
    assert all(problem.startswith("test.toml: ") and "\n" not in problem for problem in problems)


def test_a_broken_character_file_is_named_by_its_own_file(in_tmp: Path, library: Library) -> None:
    sheet = (CONTENT / "characters" / "ana.toml").read_text().replace("LU = 6", "LU = 60")
    write_text(in_tmp / "characters" / "ana2.toml", sheet)
    path = encounter_file(units=ana(character="characters/ana2.toml"))
    assert problems_of(load_encounter, path, library) == [
        "characters/ana2.toml: special.LU: expected a whole number from 1 to 10, got 60"
    ]


def test_missing_name_and_tables(in_tmp: Path, library: Library) -> None:
    write_text(Path("empty.toml"), 'description = "Nothing here."\n')
    assert problems_of(load_encounter, Path("empty.toml"), library) == [
        "empty.toml: missing required key 'name'",
        "empty.toml: expected [[side]] tables, got nothing",
        "empty.toml: expected [[unit]] tables, got nothing",
    ]


def test_a_toml_syntax_error_is_one_line(in_tmp: Path, library: Library) -> None:
    write_text(Path("broken.toml"), 'name = "Duel\n')
    [problem] = problems_of(load_encounter, Path("broken.toml"), library)
    assert problem.startswith("broken.toml: line 1: TOML syntax error: ")
