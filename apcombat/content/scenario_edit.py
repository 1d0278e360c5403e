"""Changing an attack scenario's TOML tables one value at a time, as the attack resolver's form does, and
writing them back as a scenario file: the form never builds a ShotSituation itself, it edits the tables and
reads them through `scenario_from` like any file."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import tomli_w

from apcombat.content.library import Library
from apcombat.content.paths import SCENARIOS_FOLDER, resolve_reference

AS_WRITTEN = ""
"""The attacker or target as the scenario writes it out (no character chosen in the form)."""
KEPT_BY_ATTACKER = ("pose", "in_cover", "exhaustion", "wounds", "suppression")
"""What an attacker keeps when another character takes its place: how it stands, not who it is."""
KEPT_BY_TARGET = ("pose", "in_cover", "reacting", "exhaustion", "wounds", "suppression")


def scenario_tables(data: dict[str, Any], path: str | Path, library: Library) -> dict[str, Any]:
    """A copy of a scenario's tables with every character it names by a path (`../characters/vera.toml`)
    named by id instead (`vera`) when the library knows that character, so the tables mean the same wherever
    they are saved."""
    tables = copy.deepcopy(data)
    for section in ("attacker", "target"):
        table = tables.get(section)
        ref = table.get("character") if isinstance(table, dict) else None
        if isinstance(ref, str) and isinstance(table, dict):
            found = resolve_reference(ref, path, library.root)
            if found.stem in library.characters and found.is_file():
                table["character"] = found.stem
    return tables


def character_of(tables: dict[str, Any], section: str) -> str:
    """The character id the section names, or AS_WRITTEN."""
    table = tables.get(section)
    ref = table.get("character") if isinstance(table, dict) else None
    return ref if isinstance(ref, str) else AS_WRITTEN


def with_character(tables: dict[str, Any], original: dict[str, Any], section: str, character_id: str) -> dict[str, Any]:
    """The tables with `section` ("attacker" or "target") played by the character `character_id`, taking its
    name, numbers, weapons and armour but keeping how it stands; AS_WRITTEN puts back the section as the
    scenario first wrote it."""
    tables = copy.deepcopy(tables)
    if character_id == AS_WRITTEN:
        tables[section] = copy.deepcopy(original.get(section, {}))
        return tables
    kept = KEPT_BY_ATTACKER if section == "attacker" else KEPT_BY_TARGET
    table = tables.get(section)
    old = table if isinstance(table, dict) else {}
    tables[section] = {"character": character_id, **{key: old[key] for key in kept if key in old}}
    return tables


def weapon_of(tables: dict[str, Any]) -> str:
    """The attacker's weapon id as written, or AS_WRITTEN (its character's first weapon)."""
    weapon = _table(tables, "attacker").get("weapon")
    return weapon if isinstance(weapon, str) else AS_WRITTEN


def with_weapon(tables: dict[str, Any], weapon_id: str) -> dict[str, Any]:
    """The tables with the attacker holding `weapon_id` (AS_WRITTEN: its character's), a full magazine."""
    tables = copy.deepcopy(tables)
    attacker = _table(tables, "attacker")
    for key in ("weapon", "ammo", "offhand", "offhand_ammo"):
        attacker.pop(key, None)
    if weapon_id != AS_WRITTEN:
        attacker["weapon"] = weapon_id
    tables["attacker"] = attacker
    return tables


def with_value(tables: dict[str, Any], section: str, key: str, value: Any) -> dict[str, Any]:
    """The tables with `[section] key = value`; None removes the key (the default applies)."""
    tables = copy.deepcopy(tables)
    table = _table(tables, section)
    if value is None:
        table.pop(key, None)
    else:
        table[key] = value
    tables[section] = table
    return tables


AIMING_MODES = ("aimed", "melee")
"""The modes that take a body location (R3.1): the others hit where they hit."""


def with_mode(tables: dict[str, Any], mode: str) -> dict[str, Any]:
    """The tables with the shot made in `mode`; a mode that takes no location drops the location and the
    extra aiming AP (an unaimed shot has neither)."""
    tables = with_value(tables, "shot", "mode", mode)
    if mode not in AIMING_MODES:
        tables = with_value(with_value(tables, "shot", "location", None), "shot", "extra_ap", None)
    return tables


def with_location(tables: dict[str, Any], location: str | None) -> dict[str, Any]:
    """The tables with the shot aimed at `location` (None: not aimed). Aiming makes an unaimed shot an aimed
    one; no location makes an aimed shot a single one."""
    mode = _table(tables, "shot").get("mode", "single")
    if location is not None and mode not in AIMING_MODES:
        tables = with_value(tables, "shot", "mode", "aimed")
    if location is None and mode == "aimed":
        tables = with_mode(tables, "single")
    return with_value(tables, "shot", "location", location)


def scenario_path(folder: Path, name: str) -> Path:
    """Where a scenario named `name` is saved in the user's content folder `folder`: scenarios/<name>.toml,
    the name lower-cased with anything but letters and digits made an underscore."""
    stem = re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_") or "scenario"
    return folder / SCENARIOS_FOLDER / f"{stem}.toml"


def scenario_text(tables: dict[str, Any], name: str) -> str:
    """A scenario file's text: a comment naming it, then its tables."""
    return f"# {name.strip()}: saved from the attack resolver.\n" + tomli_w.dumps(tables)


def _table(tables: dict[str, Any], section: str) -> dict[str, Any]:
    table = tables.get(section)
    return dict(table) if isinstance(table, dict) else {}
