"""The `[[unit]]` tables of an encounter file: who fights, with what, and where they start.

A unit names a character (a file, a content-root path or a bare id, or an inline `[unit.character]`
table) and may change what that character carries. Its defaults: the character's weapons (the first in
hand), armour and max HP; facing N (NE on a hex map: its first facing clockwise from north), upright; two
full magazines of spare ammunition for every firearm it carries; a second gun for two-gun fire (R11) when
its first two weapons are one-handed firearms.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs

from apcombat.board.kinds import GRIDS
from apcombat.content import checks
from apcombat.content.converter import CONVERTER
from apcombat.content.diagnose import Finding
from apcombat.content.encounter_map import standing_problem
from apcombat.content.errors import Loaded, Problem
from apcombat.content.field_paths import join_path
from apcombat.content.field_rules import NOT_NEGATIVE, register_field_rules, thrown_counts, unit_id, within
from apcombat.content.library import Library
from apcombat.content.loader import read_character_reference
from apcombat.content.suggest import unknown_id
from apcombat.content.values import WrongValue, is_whole_number, one_line, show_value, wrong_value
from apcombat.model import limits
from apcombat.model.ai_settings import AiRole
from apcombat.model.armor import NO_ARMOR, Armor
from apcombat.model.battlemap import BattleMap, Cell
from apcombat.model.character import Character
from apcombat.model.encounter import CarriedWeapon, ThrownStock, Unit
from apcombat.model.enums import Facing, Pose
from apcombat.model.fates import Fate, MoraleState
from apcombat.model.fog_state import FogOfUnit
from apcombat.model.module_state import CasualtiesOfUnit, MoraleOfUnit, SuppressionOfUnit, UnitSlots
from apcombat.model.weapon import Weapon

SPARE_MAGAZINES = 2
"""Spare ammunition a unit carries by default: this many full magazines for each firearm."""


@attrs.frozen
class UnitSection:
    """A [[unit]] table as written; None means "take it from the character"."""

    id: str
    side: str
    character: str | Character
    at: Cell | None = None
    facing: Facing | None = None  # None: the map's default facing (`default_facing`)
    pose: Pose = Pose.UPRIGHT
    weapons: tuple[str, ...] | None = None
    thrown: dict[str, int] | None = None  # R22.1.2: replaces the character's
    offhand: int | None = None
    armor: str | None = None
    ammo: dict[str, int] | None = None
    hp: int | None = None
    name: str | None = None  # this unit's own name, where two units share one character sheet
    ai_role: AiRole | None = None  # standing orders, for an AI side (JA2's)
    morale_state: MoraleState = MoraleState.STEADY  # R18.1.3: a fight started mid-battle
    fate: Fate = Fate.NONE  # R18.1, R18.2: already out of the fight (man down, dead, surrendered, fled)
    stunned: bool = False  # R18.2.1: its first turn lost but for moving
    markers: int = 0  # R18.4: suppression markers held at the start (a fight started mid-battle)
    hidden: bool = False  # R21.3.2: starts hidden, and so in cover (the fog_of_war module)
    cover: bool = False  # R9.1: starts in cover (beside a wall or hip-high obstacle); hidden implies it


def _character_field(value: Any, _: Any) -> str | Character:
    """A character reference in quotes, or an inline character table."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return CONVERTER.structure(value, Character)
    raise wrong_value("a character file or id in quotes, or a [unit.character] table", value)


def _cell_field(value: Any, _: Any) -> Cell:
    """A cell written `[x, y]`."""
    if isinstance(value, list) and len(value) == 2 and all(map(is_whole_number, value)):
        return value[0], value[1]
    shown = f"[{', '.join(map(show_value, value))}]" if isinstance(value, list) else show_value(value)
    raise WrongValue(f"expected a cell [x, y] of two whole numbers, got {shown}")


register_field_rules(
    CONVERTER,
    UnitSection,
    {
        "id": unit_id,
        "name": one_line,
        "character": _character_field,
        "at": _cell_field,
        "offhand": NOT_NEGATIVE,
        "hp": within(limits.MAX_HIT_POINTS),
        "markers": within(limits.MARKERS),
        "thrown": thrown_counts,  # R22.1.2
    },
)


def default_facing(battle_map: BattleMap | None) -> Facing:
    """R7.3, R20.2: the facing a unit has when its table names none: the map's first facing clockwise from
    north (N on squares and in table mode, NE on hexes)."""
    if battle_map is None or battle_map.kind not in GRIDS:
        return Facing.N
    return GRIDS[battle_map.kind].facings[0]


def facing_problem(facing: Facing, battle_map: BattleMap | None) -> str | None:
    """R20.2: why `facing` is no facing of the map's grid (N or S on a hex map), or None when it is one: a
    facing is always read with its map's grid."""
    if battle_map is None or battle_map.kind not in GRIDS:
        return None
    try:
        GRIDS[battle_map.kind].bearing(facing)
    except ValueError as error:
        return str(error)
    return None


def default_ammo(weapons: tuple[Weapon, ...]) -> dict[str, int]:
    """Two full magazines (flamers: tanks, in seconds) for every firearm carried, summed per ammunition."""
    spare: Counter[str] = Counter()
    for weapon in weapons:
        if weapon.is_firearm and weapon.magazine > 0:
            spare[weapon.ammo] += SPARE_MAGAZINES * weapon.magazine
    return dict(spare)


def default_offhand(weapons: tuple[Weapon, ...]) -> int | None:
    """R11: the second weapon, when the first two are both one-handed firearms."""
    pair = weapons[:2]
    if len(pair) == 2 and all(weapon.is_firearm and weapon.hands == 1 for weapon in pair):
        return 1
    return None


@attrs.define
class UnitReader:
    """Turns [[unit]] tables into units for one encounter file, reading each character file once."""

    encounter_file: Path
    library: Library
    problems: list[Problem] = attrs.field(factory=list)  # those of the character files read
    _characters: dict[str, tuple[Loaded[Character | None], str | None]] = attrs.field(factory=dict)

    def reference_findings(self, raw: dict[str, Any]) -> list[Finding]:
        """The ids and character a [[unit]] table names that do not exist; read from the table as written,
        so they are reported even when other fields are wrong."""
        library = self.library
        weapons = raw.get("weapons")
        armor_ids = [*library.armors, NO_ARMOR.id]
        found = checks.reference_findings(
            _list(weapons), raw.get("armor"), library.weapons, armor_ids, raw.get("thrown")
        )
        character = raw.get("character")
        if isinstance(character, str):
            _, missing = self._read_character(character)
            if missing is not None:
                found.append(("character", missing))
        elif isinstance(character, dict):
            inline = checks.reference_findings(
                _list(character.get("weapons")),
                character.get("armor"),
                library.weapons,
                library.armors,
                character.get("thrown"),
            )
            found += [(join_path("character", path), message) for path, message in inline]
        return found

    def unit(
        self, section: UnitSection, battle_map: BattleMap | None, has_map: bool
    ) -> tuple[Unit | None, list[Finding]]:
        """The unit a [[unit]] table describes, or None; and every problem found in it.

        `has_map`: the file has a [map] section; `battle_map`: that map, if it could be read.
        References were checked by `reference_findings`: a missing one only makes the unit None here."""
        found = _placement_findings(section.at, battle_map, has_map) + self._ammo_findings(section.ammo)
        if section.facing is not None and (problem := facing_problem(section.facing, battle_map)):
            found.append(("facing", problem))
        character = self._character(section.character)
        if character is None:
            return None, found
        if section.name is not None:
            if not section.name.strip():
                found.append(("name", "expected a name, got an empty one"))
            character = attrs.evolve(character, name=section.name.strip() or character.name)
        weapons = self._weapons(section.weapons if section.weapons is not None else character.weapons)
        thrown = self._thrown(section.thrown if section.thrown is not None else character.thrown)
        armor = self._armor(section.armor if section.armor is not None else character.armor)
        hp = section.hp if section.hp is not None else character.hit_points
        found += checks.hp_findings(hp, character)
        if weapons is None or armor is None or thrown is None:
            return None, found
        offhand, problem = _offhand(section.offhand, weapons)
        if problem is not None:
            found.append(("offhand", problem))
        if found:
            return None, found
        unit = Unit(
            id=section.id,
            side=section.side,
            character=character,
            hp=hp,
            at=section.at,
            facing=section.facing if section.facing is not None else default_facing(battle_map),
            pose=section.pose,
            armor=armor,
            weapons=tuple(CarriedWeapon(weapon, loaded=weapon.magazine) for weapon in weapons),
            thrown=thrown,
            offhand=offhand,
            ammo=section.ammo if section.ammo is not None else default_ammo(weapons),
            ai_role=section.ai_role,
            fate=section.fate,
            in_cover=section.cover or section.hidden,  # R21.3.2: one that starts the fight hidden starts in cover
            slots=UnitSlots(
                morale=MoraleOfUnit(morale=section.morale_state),
                casualties=CasualtiesOfUnit(stunned=section.stunned),
                suppression=SuppressionOfUnit(markers=section.markers),
                fog_of_war=FogOfUnit(hidden=section.hidden),
            ),
        )
        return unit, []

    def _read_character(self, ref: str) -> tuple[Loaded[Character | None], str | None]:
        if ref not in self._characters:
            loaded, missing = read_character_reference(ref, self.encounter_file, self.library)
            self._characters[ref] = loaded, missing
            self.problems += [problem for problem in loaded.problems if problem not in self.problems]
        return self._characters[ref]

    def _character(self, character: str | Character) -> Character | None:
        """The character itself; None if its file is missing or has problems (reported elsewhere)."""
        if isinstance(character, Character):
            return character
        loaded, _ = self._read_character(character)
        return None if loaded.problems else loaded.value

    def _weapons(self, weapon_ids: tuple[str, ...]) -> tuple[Weapon, ...] | None:
        weapons = tuple(self.library.weapons.get(weapon_id) for weapon_id in weapon_ids)
        return None if None in weapons else weapons  # type: ignore[return-value]

    def _thrown(self, counts: dict[str, int]) -> tuple[ThrownStock, ...] | None:
        """R22.1.2: the belt of thrown weapons, in the order the table names them; None if one is no thrown
        weapon of the list (reported by `reference_findings`)."""
        stock = [(self.library.weapons.get(item), count) for item, count in counts.items()]
        if any(weapon is None or not weapon.is_thrown for weapon, _ in stock):
            return None
        return tuple(ThrownStock(weapon, count) for weapon, count in stock if weapon is not None)

    def _armor(self, armor_id: str | None) -> Armor | None:
        if armor_id is None:
            return NO_ARMOR
        return self.library.armors.get(armor_id, NO_ARMOR if armor_id == NO_ARMOR.id else None)

    def _ammo_findings(self, ammo: dict[str, int] | None) -> list[Finding]:
        known = {weapon.ammo for weapon in self.library.weapons.values() if weapon.is_firearm}
        found: list[Finding] = []
        for ammo_id, rounds in (ammo or {}).items():
            if ammo_id not in known:
                found.append(("ammo", unknown_id("ammunition", ammo_id, known)))
            if not limits.SPARE_AMMUNITION.admits(rounds):
                expected = f"expected {limits.SPARE_AMMUNITION.describe()}, got {rounds}"
                found.append((join_path("ammo", ammo_id), expected))
        return found


def _offhand(offhand: int | None, weapons: tuple[Weapon, ...]) -> tuple[int | None, str | None]:
    """R11: the second gun given, and why it cannot be one; else the default."""
    if offhand is None:
        return default_offhand(weapons), None
    if offhand >= len(weapons):
        carried = f"0 to {len(weapons) - 1}" if weapons else "it carries none"
        return None, f"expected the index of one of the unit's weapons ({carried}), got {offhand}"
    if offhand == 0:
        return None, "0 is the weapon in hand; the second gun must be another of the unit's weapons"
    if not weapons[offhand].is_firearm:
        return None, f"the unit's weapons[{offhand}] {weapons[offhand].id!r} is not a gun"
    if not weapons[0].is_firearm:
        return None, f"two-gun fire needs a gun in hand too, and weapons[0] {weapons[0].id!r} is not one"
    return offhand, None


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _placement_findings(at: Cell | None, battle_map: BattleMap | None, has_map: bool) -> list[Finding]:
    """With a map a unit stands on a cell of it; in table mode it has no cell."""
    if has_map and at is None:
        return [("", "missing required key 'at' (the encounter has a [map]): the unit's cell [x, y]")]
    if not has_map and at is not None:
        return [("at", "the encounter has no [map] (table mode), so units take no cell: remove 'at'")]
    problem = standing_problem(at, battle_map) if at is not None and battle_map is not None else None
    return [("at", problem)] if problem else []


def told_apart(units: Iterable[Unit]) -> tuple[Unit, ...]:
    """The units, those sharing a name numbered in order ("Raider 1", "Raider 2") so the turn order, the
    panels and the log tell them apart; a number another unit's name already has is skipped."""
    units = tuple(units)
    counts = Counter(unit.name for unit in units)
    taken = set(counts)
    numbers: Counter[str] = Counter()
    named: list[Unit] = []
    for unit in units:
        if counts[unit.name] == 1:
            named.append(unit)
            continue
        numbers[unit.name] += 1
        while f"{unit.name} {numbers[unit.name]}" in taken:
            numbers[unit.name] += 1
        name = f"{unit.name} {numbers[unit.name]}"
        taken.add(name)
        named.append(attrs.evolve(unit, character=attrs.evolve(unit.character, name=name)))
    return tuple(named)
