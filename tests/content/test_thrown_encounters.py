"""The shipped encounters with thrown weapons (issue 26, item 1; R22): at least four, one on hexes, one with
fires on and a burning weapon carried, one with fog of war on; each description says what is new; and the low
wall's grenade does what its comments promise."""

from __future__ import annotations

import json

from content_helpers import CONTENT

from apcombat.content import Library, load_encounter
from apcombat.model import Encounter

THROWN_FIGHTS = ("low_wall", "hex_quarry", "molotov_camp", "ruin_grenades")


def _fight(name: str, library: Library) -> Encounter:
    return load_encounter(CONTENT / "encounters" / f"{name}.toml", library)


def _carried(encounter: Encounter) -> dict[str, int]:
    """Every thrown weapon the encounter's units carry (R22.1.2), with how many in all."""
    counts: dict[str, int] = {}
    for unit in encounter.units:
        for stock in unit.thrown:
            counts[stock.weapon.id] = counts.get(stock.weapon.id, 0) + stock.count
    return counts


def test_four_shipped_encounters_carry_thrown_weapons_on_hexes_with_fires_and_with_fog(library: Library) -> None:
    fights = {name: _fight(name, library) for name in THROWN_FIGHTS}
    assert all(_carried(fight) for fight in fights.values())
    hexes = [name for name, fight in fights.items() if fight.map is not None and fight.map.kind == "hex"]
    fires = [name for name, fight in fights.items() if fight.modules.get("fire_spread")]
    fog = [name for name, fight in fights.items() if fight.modules.get("fog_of_war")]
    assert (hexes, fires, fog) == (["hex_quarry"], ["molotov_camp"], ["ruin_grenades"])
    assert "molotov" in _carried(fights["molotov_camp"])  # R22.6.2: a burning weapon with fires on
    assert "dynamite" in _carried(fights["hex_quarry"])
    assert any(unit.hidden for unit in fights["ruin_grenades"].units)  # R22.8.4: a blast reveals whom it catches
    assert all(fight.description.startswith("New: ") for fight in fights.values())


def test_both_sides_of_each_carry_something_to_throw(library: Library) -> None:
    for name in THROWN_FIGHTS:
        fight = _fight(name, library)
        for side in fight.sides:
            assert any(unit.thrown for unit in fight.units if unit.side == side.id), (name, side.id)


def test_the_ready_grenadier_and_firebug_carry_thrown_weapons(library: Library) -> None:
    # R22.1.2: a character file's `thrown` table.
    assert library.character("grenadier").thrown == {"frag_grenade": 3}
    assert library.character("firebug").thrown == {"molotov": 4}


def test_a_grenade_between_the_two_raiders_behind_the_low_wall_catches_both(apcombat) -> None:
    # The low wall's comments: one step out of the vault's wall gives Vera the line; a grenade landing at 12,5,
    # between the raiders crouched in cover at 12,4 and 12,6, catches both in the middle band (1 m, R22.5.1),
    # and next to the landing cell cover protects nobody (R22.5.3). Seed 2: Vera acts first.
    script = CONTENT.parent / "tests" / "content" / "low_wall_grenade.txt"
    result = apcombat("run", CONTENT / "encounters" / "low_wall.toml", "--script", script, "--seed", "2", "--json")
    assert result.code == 0, result.err
    hp = {unit["id"]: unit["hp"] for unit in json.loads(result.out)["units"]}
    # d100 1 hits; 3d6 3+3+3 = 9 + 17 = 26; middle band 2/3: 17; leather armour stops no explosive (R22.5.4).
    assert (hp["raider_1"], hp["raider_2"], hp["grenadier"], hp["vera"]) == (33 - 17, 33 - 17, 33, 28)
