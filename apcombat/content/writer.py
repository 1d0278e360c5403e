"""Writing characters and encounters as the content files the loaders read (`characters/*.toml`,
`encounters/*.toml`), so that loading what was written gives back the same Character or Encounter.

An encounter is written as it starts: sides, units (what they carry, their HP if not full, their cell on
a map), the map, and the rules switched away from their defaults. What changes during a fight (AP left,
wounds, rounds fired, the round and the turn) is not content: saves keep that.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

import attrs
import tomli_w

from apcombat.content.converter import CONVERTER
from apcombat.content.encounter_units import default_ammo, default_facing, default_offhand
from apcombat.content.library import Library
from apcombat.model.armor import NO_ARMOR
from apcombat.model.battlemap import DEFAULT_LEGEND, BattleMap
from apcombat.model.character import ATTRIBUTES, Character
from apcombat.model.encounter import Encounter, HpShown, Side, Unit
from apcombat.model.enums import Facing, Pose
from apcombat.model.fates import Fate, MoraleState


def character_to_toml(character: Character) -> str:
    """A character file (`characters/<id>.toml`) describing `character`."""
    return tomli_w.dumps(character_table(character))


def write_text_file(path: str | Path, text: str) -> Path:
    """Write `text` to `path` whole or not at all: into a temporary file beside it, then renamed over it
    (so a crash never leaves half a file). The folder is made if needed."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
    try:
        # mkstemp makes the file for its owner only; the file written keeps the mode it had (a new one: the
        # mode the user's umask gives a new file), so a save does not hide a fight from the user's group
        os.chmod(temporary, _mode_for(path))
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return path


def _read_umask() -> int:
    umask = os.umask(0o022)  # a umask is read by setting one: done once, as the module loads (one thread)
    os.umask(umask)
    return umask


_NEW_FILE_MODE = 0o666 & ~_read_umask()


def _mode_for(path: Path) -> int:
    """The mode the file written gets: the one it has, or a new file's."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return _NEW_FILE_MODE


def character_table(character: Character) -> dict[str, Any]:
    """A character as the TOML table of a character file: all seven attributes, perks sorted, and the
    optional fields only when given."""
    table: dict[str, Any] = CONVERTER.unstructure(character)
    table["special"] = {attribute: character.special.get(attribute) for attribute in ATTRIBUTES}
    if character.perks:
        table["perks"] = sorted(character.perks)
    return table


def encounter_table(encounter: Encounter, library: Library) -> dict[str, Any]:
    """An encounter as the TOML table of an encounter file (see `encounter_to_toml`)."""
    table: dict[str, Any] = {"name": encounter.name}
    if encounter.description:
        table["description"] = encounter.description
    if encounter.map is not None:
        table["map"] = _map_table(encounter.map)
    table["side"] = [side_table(side) for side in encounter.sides]
    table["unit"] = [unit_table(unit, library, default_facing(encounter.map)) for unit in encounter.units]
    for key, rules in (("house_rules", encounter.house_rules), ("optional_rules", encounter.optional_rules)):
        changed = CONVERTER.unstructure(rules)  # only what differs from the defaults
        if changed:
            table[key] = changed
    if encounter.modules:
        table["modules"] = dict(encounter.modules)
    return table


def side_table(side: Side) -> dict[str, Any]:
    table: dict[str, Any] = {"id": side.id, "name": side.name, "control": side.control.value}
    ai = CONVERTER.unstructure(side.ai)  # only what differs from the defaults
    if ai:
        table["ai"] = ai
    if side.hp_shown is not HpShown.EXACT:
        table["hp_shown"] = side.hp_shown.value
    if side.edge is not None:  # R18.1.3
        table["edge"] = side.edge.value
    if side.reroll_points:
        table["reroll_points"] = side.reroll_points  # R18.6.1
    if side.colour is not None:
        table["colour"] = side.colour
    return table


def library_id(character: Character, library: Library) -> str | None:
    """The id of the library character equal to `character`, if there is one."""
    return next((character_id for character_id, known in library.characters.items() if known == character), None)


def named_library_id(character: Character, library: Library) -> tuple[str | None, str | None]:
    """The library character `character` is, and the unit's own name when it is that character under another
    name (`character = "raider"`, `name = "Raider boss"`); (None, None) when it is none of them."""
    known = library_id(character, library)
    if known is not None:
        return known, None
    for character_id, sheet in library.characters.items():
        if sheet.name != character.name and attrs.evolve(sheet, name=character.name) == character:
            return character_id, character.name
    return None, None


def _map_table(battle_map: BattleMap) -> dict[str, Any]:
    """[map]: the rows, the legend entries that differ from the default legend, the grid if not square, the
    cells burning and burnt (R18.3)."""
    table: dict[str, Any] = {"rows": list(battle_map.rows)}
    legend = {key: terrain.value for key, terrain in battle_map.legend.items() if DEFAULT_LEGEND.get(key) != terrain}
    if legend:
        table["legend"] = legend
    if battle_map.kind != "square":
        table["kind"] = battle_map.kind
    for field, cells in (("fires", battle_map.fires), ("burnt", battle_map.burnt)):  # R18.3, in reading order
        if cells:
            table[field] = [[x, y] for y, x in sorted((y, x) for x, y in cells)]
    return table


def unit_table(unit: Unit, library: Library, facing: Facing = Facing.N) -> dict[str, Any]:
    """A [[unit]] table: what differs from the unit's defaults (see `encounter_units`) and nothing else."""
    character = unit.character
    known, own_name = named_library_id(character, library)
    table: dict[str, Any] = {"id": unit.id, "side": unit.side, "character": known or character_table(character)}
    if own_name is not None:
        table["name"] = own_name
    if unit.at is not None:
        table["at"] = list(unit.at)
    if unit.facing is not facing:
        table["facing"] = unit.facing.value
    if unit.pose is not Pose.UPRIGHT:
        table["pose"] = unit.pose.value
    weapons = tuple(carried.weapon for carried in unit.weapons)
    if tuple(weapon.id for weapon in weapons) != character.weapons:
        table["weapons"] = [weapon.id for weapon in weapons]
    if unit.offhand is not None and unit.offhand != default_offhand(weapons):
        table["offhand"] = unit.offhand
    if unit.armor.id != (character.armor or NO_ARMOR.id):
        table["armor"] = unit.armor.id
    if unit.ammo != default_ammo(weapons):
        table["ammo"] = dict(unit.ammo)
    belt = tuple((stock.weapon.id, stock.count) for stock in unit.thrown)
    if belt != tuple(character.thrown.items()):
        table["thrown"] = dict(belt)  # R22.1.2: the unit's table replaces the character's
    if unit.hp != character.hit_points:
        table["hp"] = unit.hp
    if unit.ai_role is not None:
        table["ai_role"] = unit.ai_role.value
    if unit.morale is not MoraleState.STEADY:  # R18.1.3
        table["morale_state"] = unit.morale.value
    if unit.fate is not Fate.NONE:  # R18.1, R18.2
        table["fate"] = unit.fate.value
    if unit.stunned:  # R18.2.1
        table["stunned"] = True
    if unit.markers:
        table["markers"] = unit.markers  # R18.4: a fight started mid-battle
    if unit.hidden:
        table["hidden"] = True  # R21.3.2
    elif unit.in_cover:
        table["cover"] = True  # R9.1 (a hidden unit is in cover without saying it)
    return table
