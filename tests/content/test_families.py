"""Every weapon of the source's tables sits in the family RULES.md R11.4 gives it."""

from __future__ import annotations

from apcombat.content import Library
from apcombat.model import Family

# R11.4: the families, each a column of the source's tables (58 weapons).
R11_4_FAMILIES: dict[Family, tuple[str, ...]] = {
    Family.REVOLVER: (
        "Peacemaker",
        "Ruger Redhawk .454",
        ".44 Magnum Revolver",
        "Leftover recycler",
        ".45 ACP Revolver",
    ),
    Family.PISTOL: (
        "10 mm Pistol",
        "Colt 1911",
        "Five-SeveN",
        "Browning pocket pistol",
        "Desert Eagle",
        "Browning High-Power",
        "Mauser C96",
    ),
    Family.ENERGY_PISTOL: (
        "Plasma pistol",
        "Laser Pistol (civilian)",
        "Laser Pistol (military)",
        "Pulse Pistol",
    ),
    Family.MACHINE_PISTOL: ("MAC-10", "Micro-Uzi"),
    Family.OVERSIZED: (".223 Pistol", "Sawn Off", "Brahmin-Thumper", "Winchester Pistol"),
    Family.SMG: (
        "American 180",
        "Mx4 Storm",
        "Bizon",
        "P90",
        "MP-5",
        "UMP",
        "STEN",
        "Grease Gun",
        "Tommy Gun",
    ),
    Family.RIFLE: (
        "Hunting rifle",
        "Garand",
        "Gauss rifle",
        "K98k",
        "Revolver rifle",
        "Winchester 73",
        "Winchester 95",
        "M 14",
        "Ruger Mini 14",
    ),
    Family.SHOTGUN: ("Auto 5", "Jackhammer", "Hunting shotgun", "Widowmaker"),
    Family.ASSAULT_RIFLE: ("AK-112", "AR 15", "ARG-AR", "Lead storm", "L85", "FAMAS", "G3", "SG 552"),
    Family.ENERGY_RIFLE: ("Laser Rifle", "Pulse rifle"),
    Family.SNIPER_RIFLE: ("Sniper rifle", "Dragunov", "Lahti", "Springfield '03"),
}
# R11.4: "and for weapons outside the tables: machine_gun, gatling, flamer, melee, unarmed."
OUTSIDE_THE_TABLES = {
    Family.MACHINE_GUN,
    Family.GATLING,
    Family.FLAMER,
    Family.MELEE,
    Family.UNARMED,
    Family.THROWN,  # R22.1.1
}


def _normal(name: str) -> str:
    return name.casefold()


def test_r11_4_lists_58_weapons() -> None:
    names = [name for names in R11_4_FAMILIES.values() for name in names]
    assert len(names) == len(set(names)) == 58


def test_every_weapon_of_the_tables_is_shipped_in_its_family(library: Library) -> None:
    shipped = {_normal(weapon.name): weapon.family for weapon in library.weapons.values()}
    wrong = {
        name: shipped.get(_normal(name))
        for family, names in R11_4_FAMILIES.items()
        for name in names
        if shipped.get(_normal(name)) is not family
    }
    assert wrong == {}


def test_every_other_weapon_is_outside_the_tables(library: Library) -> None:
    in_tables = {_normal(name) for names in R11_4_FAMILIES.values() for name in names}
    others = {
        weapon.name: weapon.family for weapon in library.weapons.values() if _normal(weapon.name) not in in_tables
    }
    assert all(family in OUTSIDE_THE_TABLES for family in others.values()), others
