"""`apcombat check`'s refusals for thrown weapons (R22.1.3), through the real entry point: each line names the
file, the entry and the field, in weapons.toml, a character file and an encounter's [[unit]]."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"


@pytest.fixture
def content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped content at ./content, to break on purpose."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(CONTENT, tmp_path / "content")
    return Path("content")


def _entry(text: str, weapon_id: str) -> str:
    """The [[weapon]] entry of weapons.toml with that id, without its [[weapon]] line."""
    start = text.index(f'id = "{weapon_id}"')
    end = text.find("[[weapon]]", start)
    return text[start : end if end >= 0 else len(text)]


def _problems(apcombat, content: Path) -> list[str]:
    result = apcombat("--content", content, "check")
    assert result.code == 1
    assert "Traceback" not in result.out + result.err
    return result.out.splitlines()


def test_a_thrown_weapon_breaking_its_fields_and_blast_or_burns_on_a_held_one(apcombat, content: Path) -> None:
    # R22.1.3 with R22.1.1's table: burst not 0, blast decreasing, burns with explosive, ammo given, blast missing;
    # blast and burns on a held weapon.
    weapons = content / "weapons.toml"
    text = weapons.read_text(encoding="utf-8")
    frag = _entry(text, "frag_grenade")
    broken = re.sub(r"(?m)^burst = 0", "burst = 3", frag.replace('id = "frag_grenade"', 'id = "bad_grenade"'))
    broken = broken.replace("blast = [0.67, 1.33, 2.0]", "blast = [1.33, 0.67, 2.0]")
    broken = broken.replace('damage_type = "explosive"', 'damage_type = "explosive"\nburns = true\nammo = "45acp"')
    no_blast = re.sub(r"(?m)^blast = .*\n", "", frag.replace('id = "frag_grenade"', 'id = "no_blast"'))
    colt = _entry(text, "colt_1911").replace('id = "colt_1911"', 'id = "blasting_colt"')
    colt = colt.replace("ap_single", "blast = [1, 2, 3]\nburns = true\nap_single", 1)
    extra = "".join(f"\n[[weapon]]\n{entry}" for entry in (broken, no_blast, colt))
    weapons.write_text(text + extra, encoding="utf-8")
    where = "content/weapons.toml: weapon"
    assert _problems(apcombat, content) == [
        f"{where} 'bad_grenade': burst: expected 0 for a thrown weapon (R22.1.1), got 3",
        f"{where} 'bad_grenade': ammo: a thrown weapon has no ammunition: leave ammo out (R22.1.1), got '45acp'",
        f"{where} 'bad_grenade': blast: expected each distance at least the one before (R22.1.1), got [1.33, 0.67, 2]",
        f"{where} 'bad_grenade': burns: is true only with damage_type = \"fire\" (R22.1.1), got 'explosive'",
        f"{where} 'no_blast': blast: missing: three distances [inner, middle, outer] in metres "
        "for a thrown weapon (R22.1.1)",
        f"{where} 'blasting_colt': blast: is for thrown weapons only (kind = \"thrown\", R22.1.1)",
        f"{where} 'blasting_colt': burns: is for thrown weapons only (kind = \"thrown\", R22.1.1)",
        "7 problems in 1 file",
    ]


def test_a_character_file_carrying_thrown_weapons_wrongly(apcombat, content: Path) -> None:
    # R22.1.3: a thrown weapon in `weapons`, a `thrown` entry that is no thrown weapon or no weapon at all,
    # a count outside 0-99.
    raider = content / "characters" / "raider.toml"
    text = raider.read_text(encoding="utf-8")
    wrong = 'weapons = ["grease_gun", "frag_grenade"]\nthrown = { colt_1911 = 1, frag_grenad = 2, molotov = 100 }'
    raider.write_text(text.replace('weapons = ["grease_gun", "combat_knife"]', wrong), encoding="utf-8")
    where = "content/characters/raider.toml:"
    assert _problems(apcombat, content) == [
        f"{where} thrown.molotov: expected a whole number from 0 to 99, got 100",
        f"{where} weapons[1]: 'frag_grenade' is a thrown weapon: carry it in thrown = {{ frag_grenade = N }} (R22.1.2)",
        f"{where} thrown.colt_1911: 'colt_1911' is no thrown weapon (its kind is not \"thrown\", R22.1.2)",
        f"{where} thrown.frag_grenad: unknown thrown weapon 'frag_grenad' (did you mean 'frag_grenade'?)",
        "4 problems in 1 file",
    ]


def test_an_encounters_unit_carrying_thrown_weapons_wrongly(apcombat, content: Path) -> None:
    # R22.1.3 in a [[unit]] table, whose `thrown` replaces its character's (R22.1.2).
    fight = content / "encounters" / "low_wall.toml"
    text = fight.read_text(encoding="utf-8")
    wrong = 'thrown = { frag_grenade = -1, grease_gun = 1 }\nweapons = ["colt_1911", "molotov"]\n'
    fight.write_text(re.sub(r"thrown = \{ frag_grenade = 2 \}.*R22\.1\.2.*\n", wrong, text), encoding="utf-8")
    where = "content/encounters/low_wall.toml: unit 'ana':"
    assert _problems(apcombat, content) == [
        f"{where} thrown.frag_grenade: expected a whole number from 0 to 99, got -1",
        f"{where} weapons[1]: 'molotov' is a thrown weapon: carry it in thrown = {{ molotov = N }} (R22.1.2)",
        f"{where} thrown.grease_gun: 'grease_gun' is no thrown weapon (its kind is not \"thrown\", R22.1.2)",
        "3 problems in 1 file",
    ]
