"""`apcombat attack` resolving a throw at the table (R22.9): a distance, the dice, each named character's band."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "content" / "scenarios" / "throw_at_the_table.toml"
E22_7 = "77,5,3,4,6,2,3"  # d100, d8, 2d6, then the damage's 3d6 (R22.8.1)

THROW = """
[attacker]
name = "Ana"
special = {{ ST = 5, PE = 5, EN = 5, CH = 5, IN = 5, AG = 6, LU = 1 }}
skills = {{ throwing = 60 }}
weapon = "{weapon}"
{attacker}

[throw]
{throw}

[[under]]
name = "Jed"
hp = 28
armor = "leather_jacket"
band = "{band}"
{under}
"""


def throw_file(tmp_path: Path, weapon="frag_grenade", attacker="", throw="distance_cm = 12", band="inner", under=""):
    path = tmp_path / "throw.toml"
    path.write_text(THROW.format(weapon=weapon, attacker=attacker, throw=throw, band=band, under=under))
    return path


def test_e22_7_in_the_resolver(apcombat):  # R22.9, E22.7
    out = apcombat("attack", SHIPPED, "--dice", E22_7)
    assert out.code == 0, out.err
    assert "60 % to hit" in out.out and "Template: 2, 4 and 6 cm" in out.out
    assert "scatters 2 cells (6 cm) to the table's south" in out.out
    assert "Jed (middle): 18 damage (28 -> 10 HP)" in out.out
    assert "Rat: shifted out of the blast, untouched (R22.5.3)" in out.out
    report = apcombat("attack", SHIPPED, "--dice", E22_7, "--json").json
    assert (report["chance"], report["roll"], report["direction"], report["cells"], report["damage"]) == (
        60,
        77,
        "S",
        2,
        28,
    )
    assert [(c["name"], c["band"], c["hp_after"]) for c in report["caught"]] == [
        ("Jed", "middle", 10),
        ("Rat", None, 25),
    ]


def test_a_hit_rolls_no_scatter_dice(apcombat, tmp_path):  # R22.3.2, R22.8.1
    out = apcombat("attack", throw_file(tmp_path), "--dice", "41,4,2,5", "--json")
    assert out.code == 0, out.err
    report = out.json
    assert report["hit"] and report["damage"] == 28 and report["caught"][0]["hp_after"] == 0
    assert report["caught"][0]["down"]


def test_prone_shifts_a_band_and_cover_only_when_in_cover(apcombat, tmp_path):  # R22.5.3
    prone = apcombat("attack", throw_file(tmp_path, under='pose = "prone"'), "--json").json
    assert prone["under"][0]["final_band"] == "middle"
    covered_in_the_open = apcombat("attack", throw_file(tmp_path, under="covered = true"), "--json").json
    assert covered_in_the_open["under"][0]["final_band"] == "inner"
    covered = apcombat("attack", throw_file(tmp_path, under="covered = true\nin_cover = true"), "--json").json
    assert covered["under"][0]["final_band"] == "middle"


def test_the_distance_in_metres_and_the_reach(apcombat, tmp_path):  # R22.2.3, R22.9.1
    assert apcombat("attack", throw_file(tmp_path, throw="distance_m = 4"), "--json").json["distance_cm"] == 12
    out = apcombat("attack", throw_file(tmp_path, throw="distance_cm = 46"))
    assert out.code == 2
    assert "impossible throw: Ana throws the frag grenade at most 15 m (45 cm) (3 × ST 5, R22.2.3)" in out.err


def test_leaning_out(apcombat, tmp_path):  # R22.2.2, R22.2.5
    out = apcombat("attack", throw_file(tmp_path, attacker="in_cover = true", throw="distance_cm = 12\nlean = true"))
    assert out.code == 0, out.err
    assert "AP: 5 (leaning out +1)" in out.out
    refused = apcombat("attack", throw_file(tmp_path, attacker="in_cover = true"))
    assert refused.code == 2 and "lean out (+1 AP) to throw (R22.2.5)" in refused.err


def test_a_throw_scenarios_problems(apcombat, tmp_path):  # the file's refusals, each one sentence
    gun = apcombat("attack", throw_file(tmp_path, weapon="colt_1911"))
    assert gun.code == 2 and "colt_1911 is not a thrown weapon" in gun.err
    band = apcombat("attack", throw_file(tmp_path, band="far"))
    assert band.code == 2 and "under" in band.err
    twice = apcombat("attack", throw_file(tmp_path, throw="distance_cm = 12\ndistance_m = 4"))
    assert twice.code == 2 and "give the distance once" in twice.err


def test_apcombat_check_reads_a_throw_scenario(apcombat):
    out = apcombat("check", SHIPPED)
    assert out.code == 0, out.err


def test_a_throw_at_the_throwers_feet(apcombat, tmp_path):  # R22.2.3: the thrower's own cell, 0 m, is allowed
    zero = apcombat("attack", throw_file(tmp_path, throw="distance_cm = 0"), "--dice", "10,1,1,1")
    assert zero.code == 0, zero.err
    assert "at a point 0 m (0 cm): 70 % to hit" in zero.out  # the cqc band, +10
    below = apcombat("attack", throw_file(tmp_path, throw="distance_m = -1"))
    assert below.code == 2 and "throw: the distance must be 0 or more" in below.err
