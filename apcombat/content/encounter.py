"""Encounter files (`encounters/*.toml`): a fight ready to play, read into its starting Encounter state.

```toml
name = "Duel at the well"
description = "One line shown on the title screen."

[map]                      # optional: without it the fight is played in table mode (no `at`)
rows = ["#####", "#.=.#", "#####"]
legend = { "~" = "gap" }   # optional: added to (or replacing) . floor # wall = low H stairs _ gap : rubble
kind = "square"            # optional
# R18.3 (fire_spread): legend terrain brush, crates, hut (flammable) and burnt; cells burning or burnt at the start
fires = [[2, 1]]           # optional
burnt = [[1, 1]]           # optional

[[side]]
id = "vault"               # ids are what commands use: lowercase letters, digits, _ and -
name = "Vault dwellers"
control = "ai"             # human | ai | gm
ai = { level = "tactical", effort = "normal", aggression = 0.5, caution = 0.5 }  # optional, each key too
reroll_points = 4         # optional: R18.6, 0-10 (the rerolls module)

[[unit]]
id = "ana"
side = "vault"
character = "ana"          # a file relative to this one, a content-root path, a bare id, or [unit.character]
at = [1, 1]                # x, y from the top-left, 0-based; required with a map, forbidden without
# optional: facing, pose, weapons, offhand, armor, ammo, hp, ai_role, markers (R18.4; see `encounter_units`)

[house_rules]              # optional: HouseRules fields
[optional_rules]           # optional: R0.6
[modules]                  # optional: R18, e.g. morale = true
```
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypeVar

import attrs

from apcombat.content import checks
from apcombat.content.diagnose import Finding
from apcombat.content.encounter_map import read_map
from apcombat.content.encounter_sides import SideSection
from apcombat.content.encounter_units import UnitReader, UnitSection, default_facing, told_apart
from apcombat.content.errors import Loaded, Problem
from apcombat.content.hidden_checks import hidden_findings
from apcombat.content.library import Library
from apcombat.content.loader import (
    EntryKind,
    as_problems,
    entry_label,
    read_entry_tables,
    structure,
)
from apcombat.content.paths import shown
from apcombat.content.start_checks import colour_findings, cover_findings
from apcombat.content.suggest import did_you_mean, unknown_id
from apcombat.content.toml_files import read_toml
from apcombat.content.values import show_value
from apcombat.model.battlemap import BattleMap, Cell
from apcombat.model.encounter import Encounter, Unit
from apcombat.model.house_rules import HouseRules, OptionalRules
from apcombat.model.modules import MODULES, Module
from apcombat.model.wording import shown_word

TOP_LEVEL_KEYS = ("name", "description", "map", "side", "unit", "house_rules", "optional_rules", "modules")

_SIDE = EntryKind("side", SideSection, "id", lambda section: checks.side_findings(section.side()))
_UNIT = EntryKind("unit", UnitSection, "id")

T = TypeVar("T")


@attrs.frozen
class _Heading:
    """What an encounter file says about itself."""

    name: str
    description: str = ""


def read_encounter(path: str | Path, library: Library, *, as_written: bool = False) -> Loaded[Encounter | None]:
    """The starting state of the fight an encounter file describes, with every problem in it (None if
    there were any). Weapons, armour and characters are looked up in `library`.

    `as_written`: units sharing a name keep it (the game numbers them, `told_apart`), as the editor and the
    writer read a file."""
    loaded = read_toml(path)
    if loaded.value is None:
        return Loaded(None, loaded.problems)
    reader = _EncounterReader(Path(path), shown(path), library, loaded.value, as_written=as_written)
    encounter = reader.encounter()
    return Loaded(None if reader.problems else encounter, reader.problems)


def read_encounter_data(
    data: dict[str, Any], path: str | Path, library: Library, *, draft: bool = False, as_written: bool = True
) -> Loaded[Encounter | None]:
    """An encounter from a file's parsed TOML (`path` names it in problems and places the files its units
    name), as written (see `read_encounter`).

    `draft`: the encounter is given even with problems of where things stand (a unit in a wall or on
    another's cell, a side with nobody, fires with spreading fires off, a hidden unit in the open), as the
    editor opens a fight still being made; units and sides that cannot be read at all are left out. Every
    problem is reported either way. `as_written` false: units sharing a name are numbered, as a game starts."""
    reader = _EncounterReader(Path(path), shown(path), library, data, as_written=as_written, draft=draft)
    encounter = reader.encounter()
    return Loaded(encounter if draft or not reader.problems else None, reader.problems)


def load_encounter(path: str | Path, library: Library) -> Encounter:
    """The starting state of an encounter file; a ContentError listing every problem if any."""
    encounter = read_encounter(path, library).unwrap()
    assert encounter is not None  # no problems means the encounter was read
    return encounter


@attrs.define
class _EncounterReader:
    """Reads each part of an encounter file, collecting problems."""

    path: Path
    file: str
    library: Library
    data: dict[str, Any]
    as_written: bool = False  # units sharing a name keep it
    draft: bool = False  # an encounter despite problems of placement (`read_encounter_data`)
    problems: list[Problem] = attrs.field(factory=list)

    def report(self, found: Iterable[Finding], *where: str) -> None:
        self.problems += as_problems(self.file, found, *where)

    def encounter(self) -> Encounter | None:
        data = self.data
        self.problems += [
            Problem(self.file, f"unknown top-level key {shown_word(key)}{did_you_mean(key, TOP_LEVEL_KEYS)}")
            for key in data
            if key not in TOP_LEVEL_KEYS
        ]
        heading = self._section({key: data[key] for key in ("name", "description") if key in data}, _Heading)
        battle_map = self._map()
        sides = read_entry_tables(self.file, data.get("side"), _SIDE)
        self.problems += sides.problems
        units = self._units(battle_map)
        house_rules = self._section(data.get("house_rules", {}), HouseRules, "house_rules")
        optional_rules = self._section(data.get("optional_rules", {}), OptionalRules, "optional_rules")
        modules = self._modules(data.get("modules", {}))
        if fires_without_fire_spread(battle_map, modules):
            found = [("fires", f"{FIRES_NEED_FIRE_SPREAD}: add fire_spread = true to [modules] (R18.3)")]
            self.report(found, "map")
        fog_on = modules.get(Module.FOG_OF_WAR, False)
        for unit_id, found in hidden_findings(units, battle_map, fog_on):
            self.report(found, f"unit {shown_word(unit_id)}")  # R21.10.2
        for unit_id, found in cover_findings(units, battle_map):
            self.report(found, f"unit {shown_word(unit_id)}")  # R9.1
        for side_id, found in colour_findings(section.side() for section in sides.value.values()):
            self.report(found, f"side {shown_word(side_id)}")
        if heading is None or house_rules is None or optional_rules is None or (self.problems and not self.draft):
            return None
        return Encounter(
            name=heading.name,
            description=heading.description,
            sides=tuple(section.side() for section in sides.value.values()),
            units=units,
            map=battle_map,
            house_rules=house_rules,
            optional_rules=optional_rules,
            modules=modules,
            criticals=self.library.criticals,
        )

    def _section(self, raw: Any, model: type[T], *where: str) -> T | None:
        value, found = structure(raw, model)
        self.report(found, *where)
        return value

    def _map(self) -> BattleMap | None:
        if "map" not in self.data:
            return None
        battle_map, found = read_map(self.data["map"])
        self.report(found, "map")
        return battle_map

    def _units(self, battle_map: BattleMap | None) -> tuple[Unit, ...]:
        """Every unit, checked on its own and against the sides, the map and the other units."""
        sections = read_entry_tables(self.file, self.data.get("unit"), _UNIT)
        self.problems += sections.problems
        raw_units = _tables(self.data.get("unit"))
        if raw_units is None:
            return ()
        reader = UnitReader(self.path, self.library)
        for number, raw in enumerate(raw_units, start=1):
            self.report(reader.reference_findings(raw), entry_label(_UNIT, raw, number))
        self.problems += reader.problems
        raw_sides = _tables(self.data.get("side"))
        side_ids = None if raw_sides is None else [raw["id"] for raw in raw_sides if isinstance(raw.get("id"), str)]
        taken: dict[Cell, str] = {}
        units: list[Unit] = []
        for section in sections.value.values():
            unit, found = reader.unit(section, battle_map, "map" in self.data)
            if unit is None and self.draft and battle_map is not None and section.at is not None:
                # A draft's unit stands where it was put, wall or not: built off the map, then placed.
                unit, _ = reader.unit(attrs.evolve(section, at=None), None, False)
                facing = section.facing if section.facing is not None else default_facing(battle_map)
                unit = attrs.evolve(unit, at=section.at, facing=facing) if unit is not None else None
            if side_ids is not None and section.side not in side_ids:
                found.append(("side", unknown_id("side", section.side, side_ids)))
            if section.at is not None and section.at in taken:
                found.append(("at", f"{list(section.at)} is already taken by unit {taken[section.at]!r}"))
            elif section.at is not None:
                taken[section.at] = section.id
            self.report(found, f"unit {shown_word(section.id)}")
            if unit is not None:
                units.append(unit)
        self._check_sides(side_ids, [raw.get("side") for raw in raw_units])
        return tuple(units) if self.as_written else told_apart(units)

    def _check_sides(self, side_ids: list[str] | None, unit_sides: list[Any]) -> None:
        """At least two sides, each with at least one unit."""
        if side_ids is None:
            return
        if len(set(side_ids)) < 2:
            got = f"{len(set(side_ids))}" if side_ids else "none"
            self.problems.append(Problem(self.file, f"expected at least two [[side]] tables, got {got}"))
        for side_id in dict.fromkeys(side_ids):
            if side_id not in unit_sides:
                found = [("", f"has no units: give it a [[unit]] with side = {show_value(side_id)}")]
                self.report(found, f"side {shown_word(side_id)}")

    def _modules(self, raw: Any) -> dict[str, bool]:
        """R18: each module named, switched on (true) or off (false)."""
        if not isinstance(raw, dict):
            self.report([("", f"expected a table, got {show_value(raw)}")], "modules")
            return {}
        modules: dict[str, bool] = {}
        for name, value in raw.items():
            if name not in MODULES:
                listing = ", ".join(MODULES)
                found = f"unknown module {shown_word(name)}{did_you_mean(name, MODULES)}; the modules are {listing}"
                self.report([("", found)], "modules")
            elif not isinstance(value, bool):
                self.report([(name, f"expected true or false, got {show_value(value)}")], "modules")
            else:
                modules[name] = value
        return modules


FIRES_NEED_FIRE_SPREAD = "fires burn only with spreading fires on"


def fires_without_fire_spread(battle_map: BattleMap | None, modules: dict[str, bool]) -> bool:
    """R18.3: whether the map starts with fires while the spreading fires module is off (refused: nothing
    would ever roll for them)."""
    return battle_map is not None and bool(battle_map.fires) and not modules.get(Module.FIRE_SPREAD, False)


def _tables(raw: Any) -> list[dict[str, Any]] | None:
    """`[[table]]` entries as written; None if they are not (read_entry_tables reports that)."""
    if isinstance(raw, list) and all(isinstance(entry, dict) for entry in raw):
        return raw
    return None
