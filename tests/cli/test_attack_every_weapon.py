"""`apcombat attack` answers every mode for every weapon of the content: a plan, or a reason."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEAPONS = tomllib.loads((ROOT / "content" / "weapons.toml").read_text())["weapon"]
MODES = ("single", "aimed", "burst", "dual", "dual_burst", "flame", "melee")

TEMPLATE = """
[attacker]
name = "Tester"
special = {{ ST = 10, PE = 6, EN = 6, CH = 5, IN = 5, AG = 6, LU = 5 }}
skills = {{ small_guns = 70, big_guns = 70, energy_weapons = 70, melee = 70, unarmed = 70 }}
weapon = "{id}"
offhand = "{id}"

[target]
name = "Dummy"
hp = 500

[shot]
mode = "{mode}"
distance_m = {distance}
{location}
"""


def expected_possible(weapon: dict, mode: str) -> bool:
    """What the rules allow, read straight off the weapon list (R2, R3, R4.1, R6.1, R10.1, R11.1)."""
    if weapon.get("kind") == "thrown":
        return False  # R22.2: thrown at a cell, never fired in any of these modes
    close_combat = weapon["skill"] in ("melee", "unarmed")
    flamer = weapon["family"] == "flamer"
    gun = not close_combat and not flamer
    single = gun and weapon["ap_single"] > 0
    automatic = gun and weapon["burst"] > 0
    return {
        "single": single,
        "aimed": single,
        "dual": single,
        "burst": automatic,
        "dual_burst": automatic,
        "flame": flamer,
        "melee": close_combat,
    }[mode]


@pytest.mark.parametrize("weapon", WEAPONS, ids=lambda w: w["id"])
def test_every_mode_of_every_weapon(apcombat, tmp_path, weapon):
    possible_modes = 0
    for mode in MODES:
        distance = 1 if mode == "melee" else weapon["ranges"]["cqc"]["max"]
        location = 'location = "torso"' if mode == "aimed" else ""
        path = tmp_path / f"{mode}.toml"
        path.write_text(TEMPLATE.format(id=weapon["id"], mode=mode, distance=distance, location=location))
        possible = expected_possible(weapon, mode)
        text = apcombat("attack", path, "--seed", "1")
        as_json = apcombat("attack", path, "--json", "--seed", "1")
        if possible:
            possible_modes += 1
            assert text.code == 0, text.err
            assert as_json.code == 0, as_json.out
            report = as_json.json
            assert report["ap_cost"] > 0
            assert all(0 <= gun["hit_chance"] <= 95 for gun in report["guns"])
            assert report["target_hp_after"] <= 500
        else:
            assert text.code == 2 and text.err.startswith("apcombat: impossible attack: "), (mode, text.err)
            assert as_json.code == 2 and as_json.json["error"]
    assert possible_modes >= 1 or weapon.get("kind") == "thrown"
