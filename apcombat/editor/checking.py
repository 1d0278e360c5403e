"""The problems `apcombat check` would report in the fight being edited, each put where it belongs: on a
unit, a cell, a side, the map or the rules. The encounter is read as its file would be (the same reader, on
the table the writer would write), so the editor and `apcombat check` never disagree."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from apcombat.content.encounter import read_encounter_data
from apcombat.content.errors import Problem
from apcombat.content.library import Library
from apcombat.content.writer import encounter_table
from apcombat.model.battlemap import Cell
from apcombat.model.encounter import Encounter

_CELL = re.compile(r"\[(\d+), (\d+)\]")
_NAMED = re.compile(r"^(unit|side) '([^']*)'$")


@attrs.frozen
class Spot:
    """One problem, in one sentence, and where it is: a unit's id, a side's id, a cell, or the part of the file
    (`map`, `modules`, ...)."""

    sentence: str
    unit: str | None = None
    side: str | None = None
    cell: Cell | None = None
    part: str = ""


def problems(encounter: Encounter, library: Library, path: str | Path = "encounter.toml") -> tuple[Spot, ...]:
    """Every problem of the encounter as `apcombat check` would report it for its file."""
    loaded = read_encounter_data(encounter_table(encounter, library), path, library, draft=True)
    return tuple(spot(problem, encounter) for problem in loaded.problems)


def spot(problem: Problem, encounter: Encounter) -> Spot:
    """Where a problem is: the unit or side its place names (a unit's cell with it), else a cell its sentence
    names on the map, else the part of the file."""
    where = tuple(problem.where)
    sentence = ": ".join(part for part in (*where, problem.message) if part)
    unit = side = None
    cell: Cell | None = None
    if where and (named := _NAMED.match(where[0])):
        kind, name = named.groups()
        if kind == "unit":
            unit = name
            cell = next((u.at for u in encounter.units if u.id == name), None)
        else:
            side = name
    if cell is None and (found := _CELL.search(problem.message)) and encounter.map is not None:
        x, y = int(found.group(1)), int(found.group(2))
        cell = (x, y) if encounter.map.inside((x, y)) else None
    part = where[0] if where else ""
    return Spot(sentence[:1].upper() + sentence[1:] if sentence else sentence, unit, side, cell, part)
