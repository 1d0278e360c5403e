"""A table fight put together at the table: sides, and units made from ready characters (`characters/`) or
new ones; the Encounter it makes is the one its encounter file loads as (table mode: no map)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import attrs

from apcombat.content import checks
from apcombat.content.diagnose import Finding
from apcombat.content.encounter_units import UnitReader, UnitSection, told_apart
from apcombat.content.library import Library
from apcombat.content.loader import structure
from apcombat.content.paths import CHARACTERS_FOLDER, ENCOUNTERS_FOLDER
from apcombat.content.suggest import did_you_mean
from apcombat.model import limits
from apcombat.model.character import Character
from apcombat.model.converters import as_tuple
from apcombat.model.encounter import Control, Encounter, Side, Unit
from apcombat.model.wording import control_character, says, shown_word, them
from apcombat.rules.chance import PERK_CRIT_BONUS

KNOWN_PERKS = ("ambidextrous", *PERK_CRIT_BONUS, "leader")
"""The perks the rules know (R11.3, R1.4 and R18.1.1)."""

DEFAULT_SIDES = ("Players", "Opponents")

_NOT_IN_ID = re.compile(r"[^a-z0-9]+")


def content_id(name: str, fallback: str = "unit") -> str:
    """An id made from a name, as commands and file names take it: `Big Süe` -> `big_sue`."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return _NOT_IN_ID.sub("_", plain.lower()).strip("_") or fallback


def unique_id(base: str, taken: Iterable[str]) -> str:
    """`base`, or `base_2`, `base_3` ... whichever is not taken."""
    taken = set(taken)
    number, candidate = 1, base
    while candidate in taken:
        number += 1
        candidate = f"{base}_{number}"
    return candidate


def new_unit_id(name: str, units: Iterable[str]) -> str:
    """A new unit's id made from its character's name, taken by none of `units` and no word a command reads in
    a unit's place (a character called "All" is `all_2`)."""
    return unique_id(content_id(name), {*units, *limits.RESERVED_IDS})


def read_new_character(fields: dict[str, Any], library: Library) -> tuple[Character | None, list[Finding]]:
    """A character from the fields of a form (name, special, skills, perks, armor, weapons, as a character
    file has them), or None and every problem, each with the path of its field (`special.ST`)."""
    character, found = structure(fields, Character)
    if not str(fields.get("name", "")).strip():
        found.insert(0, ("name", "give the character a name"))
    if not fields.get("weapons"):
        fists = library.weapons.get("fists")
        hint = f" ({fists.name} to fight bare-handed)" if fists else ""
        found.append(("weapons", f"pick at least one weapon{hint}"))
    found += checks.reference_findings(
        fields.get("weapons", ()), fields.get("armor"), library.weapons, library.armors, fields.get("thrown")
    )
    unknown = [perk for perk in fields.get("perks", ()) if perk not in KNOWN_PERKS]
    found += [("perks", f"unknown perk {shown_word(perk)}{did_you_mean(perk, KNOWN_PERKS)}") for perk in unknown]
    if unknown:
        found.append(("perks", f"the perks the rules know: {', '.join(KNOWN_PERKS)}"))
    return (character if not found else None), found


def with_character(library: Library, character_id: str, character: Character) -> Library:
    """The library with one more ready character (just saved as `characters/<character_id>.toml`)."""
    return attrs.evolve(library, characters={**library.characters, character_id: character})


def new_character_id(name: str, content_folder: Path, known: Iterable[str] = ()) -> str:
    """The id (file name) a new character gets in `content_folder`'s `characters/`: from its name, neither
    that of a file there nor one of the `known` ids."""
    files = (path.stem for path in (content_folder / CHARACTERS_FOLDER).glob("*.toml"))
    return unique_id(content_id(name, "character"), {*known, *files})


def unit_of(library: Library, unit_id: str, side_id: str, character: Character) -> Unit:
    """A unit of `character` on the side, as an encounter file's `[[unit]]` naming it gets it: its weapons,
    armour, thrown weapons, HP and spare ammunition; ValueError when one of them is not in the content folder."""
    reader = UnitReader(library.root / ENCOUNTERS_FOLDER / "roster.toml", library)
    unit, _ = reader.unit(UnitSection(id=unit_id, side=side_id, character=character), None, False)
    if unit is None:
        raise ValueError(f"{character.name} carries a weapon or armour that is not in the content folder")
    return unit


def arrival_builder(library: Library) -> Callable[[str, str, str], Unit]:
    """What builds the unit `gm add ID CHARACTER SIDE` brings in (the engine's `Game.arrivals`): the character
    of that id in the characters folders (the user's first), as `unit_of` builds it; LookupError naming the
    close ids when there is no such character."""

    def build(unit_id: str, character_id: str, side_id: str) -> Unit:
        character = library.characters.get(character_id)
        if character is None:
            hint = did_you_mean(character_id, library.characters)
            what = f"no character {character_id!r} in the characters folders{hint}"
            raise LookupError(f"{what}: give a character's id (its file's name)")
        return unit_of(library, unit_id, side_id, character)

    return build


@attrs.frozen
class Roster:
    """Who fights on which side; each change makes a new roster."""

    sides: tuple[Side, ...] = attrs.field(converter=as_tuple)
    units: tuple[Unit, ...] = attrs.field(default=(), converter=as_tuple)

    @classmethod
    def start(cls) -> Roster:
        """Two empty sides, both played by the game master."""
        return cls(sides=tuple(Side(content_id(name), name, Control.GM) for name in DEFAULT_SIDES))

    def side_units(self, side_id: str) -> tuple[Unit, ...]:
        return tuple(unit for unit in self.units if unit.side == side_id)

    def with_unit(self, side_id: str, character: Character, library: Library) -> tuple[Roster, Unit]:
        """One more unit of `character` on the side, with an id made from its name; and that unit. Its
        weapons, armour, HP and spare ammunition are an encounter file's defaults for it."""
        unit_id = new_unit_id(character.name, (unit.id for unit in self.units))
        unit = unit_of(library, unit_id, side_id, character)
        return attrs.evolve(self, units=(*self.units, unit)), unit

    def without_unit(self, unit_id: str) -> Roster:
        return attrs.evolve(self, units=tuple(unit for unit in self.units if unit.id != unit_id))

    def with_side(self, name: str) -> tuple[Roster, Side]:
        """One more side, played by the game master; and that side."""
        side = Side(unique_id(content_id(name, "side"), (side.id for side in self.sides)), name, Control.GM)
        return attrs.evolve(self, sides=(*self.sides, side)), side

    def without_side(self, side_id: str) -> Roster:
        """The roster without an empty side (there stay at least two)."""
        if self.side_units(side_id) or len(self.sides) <= 2:
            return self
        return attrs.evolve(self, sides=tuple(side for side in self.sides if side.id != side_id))

    def with_side_renamed(self, side_id: str, name: str) -> Roster:
        """A side with a new name, and an id made from it (its units follow)."""
        others = (side.id for side in self.sides if side.id != side_id)
        new_id = unique_id(content_id(name, "side"), others)
        sides = tuple(attrs.evolve(side, id=new_id, name=name) if side.id == side_id else side for side in self.sides)
        units = tuple(attrs.evolve(unit, side=new_id) if unit.side == side_id else unit for unit in self.units)
        return attrs.evolve(self, sides=sides, units=units)

    def with_control(self, side_id: str, control: Control) -> Roster:
        """A side played by someone else."""
        sides = tuple(attrs.evolve(side, control=control) if side.id == side_id else side for side in self.sides)
        return attrs.evolve(self, sides=sides)

    def problems(self) -> list[str]:
        """Why this roster is not a fight yet (an encounter needs two sides, each with a unit, each named in one
        line of plain text)."""
        unnamed = [
            f"The side {shown_word(side.name)} holds a control character ({found}): rename it."
            for side in self.sides
            if (found := control_character(side.name)) is not None
        ]
        return unnamed + [
            f"{says(side.name, 'has')} no one: add a character to {them(side.name)}."
            for side in self.sides
            if not self.side_units(side.id)
        ]

    def description(self) -> str:
        """Who fights: `Players: Ana, Bo. Opponents: Raider 1, Raider 2.`"""
        units = told_apart(unit for side in self.sides for unit in self.side_units(side.id))  # as the fight loads
        return " ".join(
            f"{side.name}: {', '.join(unit.name for unit in units if unit.side == side.id)}." for side in self.sides
        )

    def encounter(self, name: str, library: Library) -> Encounter:
        """The fight as its encounter file loads it: table mode, default rules, the units side by side."""
        return Encounter(
            name=name,
            description=self.description(),
            sides=self.sides,
            units=tuple(unit for side in self.sides for unit in self.side_units(side.id)),
            criticals=library.criticals,
        )
