"""`apcombat attack` through the real entry point: text, JSON, rolls and refusals."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "content" / "scenarios"

SHIPPED = sorted(path for path in SCENARIOS.glob("*.toml") if "\n[throw]" not in path.read_text())
"""The shipped attacks (the throws are tests/cli/test_attack_throw.py's)."""

SINGLE = """
[attacker]
name = "Ana"
special = {{ ST = 6, PE = 6, EN = 5, CH = 5, IN = 5, AG = 6, LU = 5 }}
skills = {{ small_guns = 80, big_guns = 40, energy_weapons = 30 }}
weapon = "{weapon}"

[target]
name = "Raider"
pose = "{pose}"
armor = "leather_jacket"
hp = 30

[shot]
mode = "{mode}"
distance_m = {distance}
{extra}
"""


def scenario(
    tmp_path: Path,
    mode: str = "single",
    distance: float = 8.5,
    pose: str = "upright",
    extra: str = "",
    weapon: str = "colt_1911",
) -> Path:
    path = tmp_path / "attack.toml"
    path.write_text(SINGLE.format(mode=mode, distance=distance, pose=pose, extra=extra, weapon=weapon))
    return path


def test_shipped_scenarios_cover_every_mode_and_cover_case():
    import tomllib

    modes, cover = set(), set()
    for path in SHIPPED:
        data = tomllib.loads(path.read_text())
        modes.add(data["shot"]["mode"])
        cover.add(data["shot"].get("from_cover", "none"))
        if data["target"].get("in_cover"):
            cover.add("target_in_cover")
    assert len(SHIPPED) >= 8
    assert modes == {"single", "aimed", "burst", "dual", "dual_burst", "flame", "melee"}
    assert cover >= {"none", "blind", "lean_out", "target_in_cover"}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_scenarios_run_clean_in_text_and_json(apcombat, path):
    text = apcombat("attack", path, "--seed", "3")
    assert text.code == 0, text.err
    assert "AP cost" in text.out and "hit on" in text.out
    as_json = apcombat("attack", path, "--json", "--seed", "3")
    assert as_json.code == 0, as_json.err
    report = as_json.json
    assert {"ap_cost", "band", "guns", "rounds_fired", "target_hp_after"} <= set(report)
    assert len(report["rounds_fired"]) == sum(gun["rounds"] for gun in report["guns"])


def test_single_shot_breakdown(apcombat, tmp_path):
    # R1.2, R1.3, R2.1: skill 80, close band +5 at 8.5 m, upright target.
    report = apcombat("attack", scenario(tmp_path), "--json").json
    assert report["ap_cost"] == 5
    assert report["band"] == "close"
    (gun,) = report["guns"]
    assert gun["weapon"] == "colt_1911"
    assert gun["modifiers"] == [{"name": "skill", "value": 80}, {"name": "range_band", "value": 5}]
    assert gun["hit_chance"] == 85
    assert gun["crit_chance"] == 5  # R1.4: LU
    assert gun["pose_factor"] == "1"
    assert "rounds_fired" not in report


@pytest.mark.parametrize(("pose", "factor", "chance"), [("crouched", "2/3", 57), ("prone", "1/2", 43)])
def test_pose_factor_in_json(apcombat, tmp_path, pose, factor, chance):
    # R8.4, R1.1: 85 -> floor((4*85+3)/6) = 57 crouched, floor(86/2) = 43 prone.
    (gun,) = apcombat("attack", scenario(tmp_path, pose=pose), "--json").json["guns"]
    assert (gun["pose_factor"], gun["hit_chance"]) == (factor, chance)


def test_physical_dice_critical_head_wound(apcombat, tmp_path):
    # R1.4, R2.2, R12.1: roll 3 hits and is critical (LU 5); d6 5 = head; 1d10+4 with a 6 = 10, doubled,
    # armour ignored; the head wound's EN test rolls 4 against EN 5 and holds.
    report = apcombat("attack", scenario(tmp_path), "--json", "--dice", "3,5,6,4").json
    (shot,) = report["rounds_fired"]
    assert shot == {
        "gun": 0,
        "roll": 3,
        "hit": True,
        "critical": True,
        "location": "head",
        "damage": 20,
        "armor": 0,
        "wound": "head",
        "damage_roll": [6],
        "defence_roll": None,
        "unconscious_rounds": None,
    }
    assert report["target_hp_after"] == 10


def test_hundred_typed_as_00_misses(apcombat, tmp_path):
    # R0.2, R0.3: 00 on a d100 is 100, which always fails.
    report = apcombat("attack", scenario(tmp_path), "--json", "--dice", "00").json
    assert report["rounds_fired"][0]["roll"] == 100
    assert report["rounds_fired"][0]["hit"] is False
    assert report["target_hp_after"] == 30


def test_dice_running_out_says_which_roll(apcombat, tmp_path):
    # R0.2: a scripted source that runs out names the roll it wanted.
    run = apcombat("attack", scenario(tmp_path), "--dice", "3")
    assert run.code == 2
    assert "ran out" in run.err and "d6 for critical location of Ana's shot at Raider" in run.err


def test_text_is_a_readable_breakdown(apcombat, tmp_path):
    run = apcombat("attack", scenario(tmp_path), "--dice", "40,7")
    assert run.code == 0
    assert "Ana attacks Raider: a single shot with the Colt 1911 (8.5 m, close range)" in run.out
    assert "skill" in run.out and "+80" in run.out and "range band" in run.out
    assert "hit on 85 or less" in run.out
    assert "d100 = 40 vs 85 — HIT" in run.out
    assert "Raider: 30 -> 19 HP" in run.out


@pytest.mark.parametrize(
    ("mode", "weapon", "distance", "extra", "reason"),
    [
        ("burst", "mp_5", 8.5, 'location = "head"', "a burst cannot be aimed (R3.4)"),
        ("burst", "colt_1911", 8.5, "", "not an automatic weapon"),
        ("single", "colt_1911", 60, "", "beyond the extreme range"),
        ("single", "colt_1911", 15, 'from_cover = "blind"', "needs Ana in cover"),
        ("dual", "colt_1911", 8.5, "", "no off-hand weapon"),
        ("aimed", "colt_1911", 8.5, "", "names its location"),
        ("melee", "colt_1911", 1, "", "close combat needs a melee or unarmed weapon"),
        ("single", "minigun", 8.5, "", "fires bursts only"),
    ],
)
def test_impossible_attacks_exit_2_with_the_reason(apcombat, tmp_path, mode, weapon, distance, extra, reason):
    path = scenario(tmp_path, mode=mode, distance=distance, extra=extra, weapon=weapon)
    text = apcombat("attack", path)
    assert text.code == 2
    assert reason in text.err
    as_json = apcombat("attack", path, "--json")
    assert as_json.code == 2
    assert reason in as_json.json["error"]


def test_unreadable_scenario_exits_2_with_json_error(apcombat, tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("[attacker\nname = 'x'\n")
    run = apcombat("attack", path, "--json")
    assert run.code == 2
    assert "broken.toml" in run.json["error"]
    missing = apcombat("attack", tmp_path / "nope.toml")
    assert missing.code == 2 and "nope.toml" in missing.err


def test_real_entry_point_never_prints_a_traceback(tmp_path):
    path = scenario(tmp_path, mode="burst")
    for args in (
        ["attack", str(path)],
        ["attack", str(path), "--json"],
        ["attack", str(tmp_path / "x.toml")],
    ):
        result = subprocess.run([sys.executable, "-m", "apcombat", *args], capture_output=True, text=True, cwd=ROOT)
        assert result.returncode == 2
        assert "Traceback" not in result.stdout + result.stderr


def test_dice_left_over_are_named_and_the_result_stands(apcombat, tmp_path):
    # R0.2: one die a number. This single shot hits on 40 and rolls its damage die (7): the 5 is left over, a
    # sign the game master read the order otherwise; the program says so and the attack stands.
    run = apcombat("attack", scenario(tmp_path), "--dice", "40,7,5")
    assert run.code == 0
    assert "Raider: 30 -> 19 HP" in run.out
    assert run.err == (
        "apcombat: warning: the attack used 2 of the 3 --dice numbers, not 5 "
        "(is the order right? each round complete before the next)\n"
    )
    assert apcombat("attack", scenario(tmp_path), "--dice", "40,7").err == ""
