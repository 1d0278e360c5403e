"""The problems `apcombat check` would report in the fight being edited, each put where it belongs: on a
unit, a cell, a side, the map or the rules. The encounter is read as its file would be (the same reader, on
the table the writer would write), so the editor and `apcombat check` never disagree.

A file's sentences speak of tables and keys (`give it a [[unit]] with side = "raiders"`); a game master in the
editor never sees those, so the problems the editor can make are said again in its own words and keys (`e`
problems, `g` move, `o` rules ...), keeping the rule numbers. Any other problem keeps the file's sentence."""

from __future__ import annotations

import re
from collections.abc import Callable
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
    (`map`, `modules`, ...). `cells`: every cell it concerns (the fires of a map that has them with spreading
    fires off), `cell` among them."""

    sentence: str
    unit: str | None = None
    side: str | None = None
    cell: Cell | None = None
    part: str = ""
    cells: frozenset[Cell] = frozenset()


def problems(encounter: Encounter, library: Library, path: str | Path = "encounter.toml") -> tuple[Spot, ...]:
    """Every problem of the encounter as `apcombat check` would report it for its file."""
    loaded = read_encounter_data(encounter_table(encounter, library), path, library, draft=True)
    return tuple(spot(problem, encounter) for problem in loaded.problems)


def spot(problem: Problem, encounter: Encounter) -> Spot:
    """Where a problem is: the unit or side its place names (a unit's cell with it), else a cell its sentence
    names on the map, else the part of the file; and the problem in the editor's words."""
    where = tuple(problem.where)
    unit = side = None
    cell: Cell | None = None
    if where and (named := _NAMED.match(where[0])):
        kind, name = named.groups()
        if kind == "unit":
            unit = name
            cell = next((u.at for u in encounter.units if u.id == name), None)
            if cell is not None and (encounter.map is None or not encounter.map.inside(cell)):
                cell = None  # off the map, as a file may have it: nowhere to show it
        else:
            side = name
    if cell is None and (found := _CELL.search(problem.message)) and encounter.map is not None:
        x, y = int(found.group(1)), int(found.group(2))
        cell = (x, y) if encounter.map.inside((x, y)) else None
    cells = frozenset({cell} if cell is not None else ())
    if where[:2] == ("map", "fires") and encounter.map is not None and encounter.map.fires:
        cells = encounter.map.fires
        cell = min(cells, key=lambda c: (c[1], c[0]))
    part = where[0] if where else ""
    sentence = editor_words(problem, encounter) or ": ".join(part for part in (*where, problem.message) if part)
    return Spot(sentence[:1].upper() + sentence[1:] if sentence else sentence, unit, side, cell, part, cells)


# ----- the editor's words -----------------------------------------------------------------------------------------


def unit_words(encounter: Encounter, unit_id: str) -> str:
    """A unit as the editor names it: its name, with its id when another unit has the same name (the editor
    shows the fight as written, where units sharing a name are not numbered yet)."""
    unit = next((u for u in encounter.units if u.id == unit_id), None)
    if unit is None:
        return unit_id
    shared = sum(1 for other in encounter.units if other.name == unit.name) > 1
    return f"{unit.name} ({unit.id})" if shared else unit.name


def side_words(encounter: Encounter, side_id: str) -> str:
    side = next((s for s in encounter.sides if s.id == side_id), None)
    return side.name if side is not None else side_id


_Say = Callable[[Encounter, str, "re.Match[str]"], str]
"""A problem said again: from the fight, the unit's or side's id, and the file's sentence as matched."""


def _in_the_way(e: Encounter, who: str, m: re.Match[str]) -> str:
    return (
        f"{unit_words(e, who)} stands at {m['x']},{m['y']}, in {m['what']}, where no unit can stand: "
        "move them (g) or paint the cell"
    )


def _off_the_map(e: Encounter, who: str, m: re.Match[str]) -> str:
    return f"{unit_words(e, who)} stands at {m['x']},{m['y']}, off the map: move them onto it (g)"


def _two_on_a_cell(e: Encounter, who: str, m: re.Match[str]) -> str:
    return f"{unit_words(e, who)} and {unit_words(e, m['other'])} both stand at {m['x']},{m['y']}: move one of them (g)"


def _no_one(e: Encounter, side: str, m: re.Match[str]) -> str:
    return f"{side_words(e, side)} have no one: place a unit of theirs (a)"


def _fog_off(e: Encounter, who: str, m: re.Match[str]) -> str:
    return (
        f"{unit_words(e, who)} starts hidden, which needs the fog of war: switch it on in the rules (o) "
        "or have them start seen, in their form (R21.3.2, R21.10.2)"
    )


def _in_the_open(e: Encounter, who: str, m: re.Match[str]) -> str:
    return (
        f"{unit_words(e, who)} starts hidden at {m['x']},{m['y']}, in the open: a hidden unit starts beside a "
        "wall, low obstacle or crates; move them (g) or paint cover beside them (R21.3.2, R21.10.2)"
    )


def _seen_at_once(e: Encounter, who: str, m: re.Match[str]) -> str:
    return (
        f"{unit_words(e, who)} starts hidden at {m['x']},{m['y']} beside {unit_words(e, m['enemy'])} with a "
        "clear line between them, and would be revealed at once: move one of them (g) (R21.4.2 d, R21.10.2)"
    )


def _hidden_out(e: Encounter, who: str, m: re.Match[str]) -> str:
    return f"{unit_words(e, who)} starts hidden but out of the fight ({m['fate']}): give one up (R21.3.5, R21.10.2)"


def _fires_off(e: Encounter, _: str, m: re.Match[str]) -> str:
    count = len(e.map.fires) if e.map is not None else 0
    fires = "a fire" if count == 1 else f"{count} fires"
    return (
        f"The map starts with {fires}, and fires burn only with spreading fires on: switch them on in the "
        "rules (o) or put the fires out (F) (R18.3)"
    )


def _one_side(e: Encounter, _: str, m: re.Match[str]) -> str:
    have = {"none": "no side", "1": "one side"}.get(m["got"], f"{m['got']} sides")
    return f"A fight needs at least two sides and this one has {have}: add one in the sides (s)"


_CELL_AT = r"\[(?P<x>\d+), (?P<y>\d+)\]"
_AT = r"(?P<x>\d+),(?P<y>\d+)"
_WORDINGS: tuple[tuple[str, str, re.Pattern[str], _Say], ...] = (
    ("unit", "at", re.compile(rf"^{_CELL_AT} is (?P<what>.+), where no unit can stand$"), _in_the_way),
    ("unit", "at", re.compile(rf"^{_CELL_AT} is outside the map"), _off_the_map),
    ("unit", "at", re.compile(rf"^{_CELL_AT} is already taken by unit '(?P<other>[^']*)'$"), _two_on_a_cell),
    ("side", "", re.compile(r"^has no units: "), _no_one),
    ("unit", "", re.compile(r"^hidden needs the fog_of_war module"), _fog_off),
    ("unit", "", re.compile(rf"^hidden = true at {_AT}, in the open"), _in_the_open),
    (
        "unit",
        "",
        re.compile(rf"^hidden = true at {_AT}, beside unit '(?P<enemy>[^']*)' at \d+,\d+ with a clear line"),
        _seen_at_once,
    ),
    ("unit", "", re.compile(r"^hidden = true with fate = '(?P<fate>[^']*)'"), _hidden_out),
    ("map", "fires", re.compile(r"^fires burn only with spreading fires on"), _fires_off),
    ("", "", re.compile(r"^expected at least two \[\[side\]\] tables, got (?P<got>\w+)$"), _one_side),
)


def editor_words(problem: Problem, encounter: Encounter) -> str | None:
    """The problem in the editor's words, if it is one the editor says so (None: the file's sentence)."""
    where = tuple(problem.where)
    named = _NAMED.match(where[0]) if where else None
    kind, name = named.groups() if named else (where[0] if where else "", "")
    field = where[1] if len(where) > 1 else ""
    for of, at, pattern, say in _WORDINGS:
        if of == kind and at == field and (match := pattern.search(problem.message)):
            return say(encounter, name, match)
    return None
