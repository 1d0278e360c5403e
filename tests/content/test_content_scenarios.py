"""Attack scenario files: the shipped ones load, the documented format reads, mistakes are named."""

from __future__ import annotations

from pathlib import Path

import pytest
from content_helpers import CONTENT, problems_of, write_text

from apcombat.content import Library, load_attack_scenario, load_library, read_throw_scenario
from apcombat.model import BodyLocation, FromCover, Pose, ShotMode, Skill
from apcombat.model.armor import NO_ARMOR
from apcombat.model.house_rules import CoverExempts

SHIPPED = sorted(path for path in (CONTENT / "scenarios").glob("*.toml") if "\n[throw]" not in path.read_text())
"""The shipped attacks; a throw scenario (R22.9) is read by `read_throw_scenario`."""
THROWS = sorted(path for path in (CONTENT / "scenarios").glob("*.toml") if path not in SHIPPED)

FULL = """
[attacker]
name = "Ana"
special = { ST = 6, PE = 6, EN = 5, CH = 5, IN = 5, AG = 6, LU = 5 }
skills = { small_guns = 80, big_guns = 40, energy_weapons = 30 }
perks = ["ambidextrous"]
weapon = "colt_1911"
offhand = "colt_1911"
pose = "crouched"
in_cover = true
exhaustion = 10
wounds = ["arm"]
ammo = 5
offhand_ammo = 6
crit_chance = 7

[target]
name = "Raider"
pose = "prone"
in_cover = true
reacting = true
armor = "leather_jacket"
hp = 30
skills = { melee = 60, unarmed = 55 }
exhaustion = 20
wounds = ["legs"]

[shot]
mode = "aimed"
location = "head"
extra_ap = 2
distance_m = 8.5
from_cover = "lean_out"
reaction = true
gm_modifier = -10

[house_rules]
aim_max_extra_ap = 3
prone_shows_head = false
cover_exempts = "reacting_shooter"
"""

MINIMAL = """
[attacker]
{attacker}

[target]
{target}

[shot]
{shot}
"""


def scenario(attacker: str = 'character = "ana"', target: str = 'name = "Raider"\nhp = 30', shot: str = "") -> Path:
    return write_text(Path("attack.toml"), MINIMAL.format(attacker=attacker, target=target, shot=shot))


@pytest.mark.parametrize("path", THROWS, ids=[path.stem for path in THROWS])
def test_each_shipped_throw_scenario_loads(path: Path, library: Library) -> None:  # R22.9
    situation = read_throw_scenario(path, library).unwrap()
    assert situation is not None and situation.weapon.is_thrown and situation.under


@pytest.mark.parametrize("path", SHIPPED, ids=[path.stem for path in SHIPPED])
def test_each_shipped_scenario_loads(path: Path, library: Library) -> None:
    situation = load_attack_scenario(path, library)
    assert situation.shooter.weapon.id in library.weapons
    assert situation.criticals == library.criticals


def test_there_are_shipped_scenarios() -> None:
    assert SHIPPED


def test_the_documented_format_reads_every_key(in_tmp: Path, library: Library) -> None:
    situation = load_attack_scenario(write_text(Path("full.toml"), FULL), library)
    shooter, target, shot, house = situation.shooter, situation.target, situation.shot, situation.house_rules
    assert shooter.name == "Ana"
    assert shooter.special.AG == 6
    assert shooter.skill(Skill.BIG_GUNS) == 40
    assert shooter.perks == frozenset({"ambidextrous"})
    assert shooter.weapon.id == shooter.offhand.id == "colt_1911"
    assert (shooter.pose, shooter.in_cover, shooter.exhaustion) == (Pose.CROUCHED, True, 10)
    assert shooter.wounds == frozenset({BodyLocation.ARM})
    assert (shooter.ammo, shooter.offhand_ammo, shooter.base_crit_chance) == (5, 6, 7)
    assert (target.name, target.hp, target.pose, target.in_cover, target.reacting) == (
        "Raider",
        30,
        Pose.PRONE,
        True,
        True,
    )
    assert target.armor == library.armor("leather_jacket")
    assert target.skill(Skill.MELEE) == 60
    assert (target.exhaustion, target.wounds) == (20, frozenset({BodyLocation.LEGS}))
    assert (shot.mode, shot.location, shot.extra_ap, shot.distance_m) == (
        ShotMode.AIMED,
        BodyLocation.HEAD,
        2,
        8.5,
    )
    assert (shot.from_cover, shot.reaction, shot.gm_modifier) == (FromCover.LEAN_OUT, True, -10)
    assert (house.aim_max_extra_ap, house.prone_shows_head) == (3, False)
    assert house.cover_exempts is CoverExempts.REACTING_SHOOTER


def test_a_character_gives_what_the_section_leaves_out(in_tmp: Path, library: Library) -> None:
    ana = library.characters["ana"]
    situation = load_attack_scenario(scenario(target='character = "raider"'), library)
    assert situation.shooter.name == ana.name
    assert situation.shooter.special == ana.special
    assert situation.shooter.weapon.id == ana.weapons[0]
    assert situation.shooter.offhand is None  # a second gun only for two-gun fire
    raider = library.characters["raider"]
    assert situation.target.hp == raider.hit_points
    assert situation.target.armor == library.armor(raider.armor)


def test_keys_beside_a_character_override_it(in_tmp: Path, library: Library) -> None:
    attacker = 'character = "ana"\nname = "Ana the Quick"\nweapon = "p90"\npose = "prone"'
    situation = load_attack_scenario(scenario(attacker=attacker), library)
    assert (situation.shooter.name, situation.shooter.weapon.id) == ("Ana the Quick", "p90")
    assert situation.shooter.pose is Pose.PRONE


def test_two_gun_fire_takes_the_characters_second_weapon(in_tmp: Path, library: Library) -> None:
    situation = load_attack_scenario(scenario(shot='mode = "dual"'), library)
    assert situation.shooter.offhand is not None
    assert situation.shooter.offhand.id == library.characters["ana"].weapons[1]


@pytest.mark.parametrize(
    "reference",
    ["ana", "content/characters/ana.toml", "characters/ana.toml", "{content}/characters/ana.toml"],
)
def test_a_character_can_be_named_many_ways(in_tmp: Path, library: Library, reference: str) -> None:
    attacker = f'character = "{reference.format(content=CONTENT.as_posix())}"'
    assert load_attack_scenario(scenario(attacker=attacker), library).shooter.name == "Ana"


def test_a_character_path_is_first_relative_to_the_scenario(in_tmp: Path, library: Library) -> None:
    write_text(Path("mine/characters/ana.toml"), 'name = "Other Ana"\nweapons = ["knife"]\n')
    path = write_text(
        Path("mine/scenarios/attack.toml"),
        MINIMAL.format(attacker='character = "../characters/ana.toml"', target='name = "R"\nhp = 3', shot=""),
    )
    assert load_attack_scenario(path, library).shooter.name == "Other Ana"


def test_no_armour_named_means_none(in_tmp: Path, library: Library) -> None:
    assert load_attack_scenario(scenario(), library).target.armor == NO_ARMOR
    assert load_attack_scenario(scenario(target='name = "R"\nhp = 3\narmor = "none"'), library).target.armor == NO_ARMOR


@pytest.mark.parametrize(
    ("attacker", "target", "shot", "expected"),
    [
        (
            'character = "ana"\nweapon = "colt1911"',
            'name = "R"\nhp = 3',
            "",
            "attack.toml: attacker.weapon: unknown weapon 'colt1911' (did you mean 'colt_1911'?)",
        ),
        (
            'character = "ana"',
            'name = "R"\nhp = 3\narmor = "leather_jackt"',
            "",
            "attack.toml: target.armor: unknown armour 'leather_jackt' (did you mean 'leather_jacket'?)",
        ),
        (
            'character = "ana"\nexhaustion = 15',
            'name = "R"\nhp = 3',
            "",
            "attack.toml: attacker.exhaustion: expected 0, 10, 20 or 40, got 15",
        ),
        (
            'character = "ana"\nwepon = "p90"',
            'name = "R"\nhp = 3',
            "",
            "attack.toml: attacker: unknown key 'wepon' (did you mean 'weapon'?)",
        ),
        (
            'character = "ana"',
            'name = "R"',
            "",
            "attack.toml: target: missing required key 'hp' (or a character to take it from)",
        ),
        (
            'name = "Ana"',
            'name = "R"\nhp = 3',
            "",
            "attack.toml: attacker: missing required key 'weapon' (or a character to take it from)",
        ),
        (
            'character = "anna"',
            'name = "R"\nhp = 3',
            "",
            "attack.toml: attacker.character: no character file content/characters/anna.toml (did you mean 'ana'?)",
        ),
        (
            'character = "ana"',
            'name = "R"\nhp = 3',
            'mode = "aimd"',
            "attack.toml: shot.mode: 'aimd' is not one of single, aimed, burst, dual, dual_burst, flame, "
            "melee "
            "(did you mean 'aimed'?)",
        ),
        (
            'character = "ana"',
            'name = "R"\nhp = 3',
            "distance_m = -1",
            "attack.toml: shot.distance_m: expected a number from 0 to 10000, got -1",
        ),
        (
            'character = "ana"\nammo = 8',
            'name = "R"\nhp = 3',
            "",
            "attack.toml: attacker.ammo: expected at most a full magazine (7), got 8",
        ),
        (
            'character = "ana"\nwounds = ["arms"]',
            'name = "R"\nhp = 3',
            "",
            "attack.toml: attacker.wounds[0]: 'arms' is not one of head, torso, arm, legs, weapon "
            "(did you mean 'arm'?)",
        ),
    ],
)
def test_scenario_mistakes(content_copy: Path, attacker: str, target: str, shot: str, expected: str) -> None:
    library = load_library(content_copy)
    assert problems_of(load_attack_scenario, scenario(attacker, target, shot), library) == [expected]


def test_missing_sections_and_unknown_ones(in_tmp: Path, library: Library) -> None:
    path = write_text(Path("attack.toml"), '[attacker]\ncharacter = "ana"\n[shots]\nmode = "single"\n')
    assert problems_of(load_attack_scenario, path, library) == [
        "attack.toml: missing required key 'target'",
        "attack.toml: missing required key 'shot'",
        "attack.toml: unknown key 'shots' (did you mean 'shot'?)",
    ]


def test_a_broken_character_reports_its_own_file(in_tmp: Path, library: Library) -> None:
    write_text(Path("characters/bad.toml"), 'name = "Bad"\nspecial = { LU = 0 }\nweapons = ["knife"]\n')
    lines = problems_of(load_attack_scenario, scenario(attacker='character = "characters/bad.toml"'), library)
    assert lines == ["characters/bad.toml: special.LU: expected a whole number from 1 to 10, got 0"]


def test_references_are_reported_beside_shape_mistakes(in_tmp: Path, library: Library) -> None:
    path = scenario(attacker='character = "ana"\nweapon = "colt1911"\nposture = "prone"')
    assert problems_of(load_attack_scenario, path, library) == [
        "attack.toml: attacker: unknown key 'posture' (did you mean 'pose'?)",
        "attack.toml: attacker.weapon: unknown weapon 'colt1911' (did you mean 'colt_1911'?)",
    ]
