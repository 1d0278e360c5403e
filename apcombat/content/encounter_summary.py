"""What a list of encounters shows of each (its name, description, map size and sides), read from the file's
TOML alone: a title screen lists a folder of encounters in milliseconds, without loading the weapons, armour
and characters the full read needs. `checked_summary` does the full read later and says why a file cannot be played.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from apcombat.content.errors import Problem
from apcombat.content.paths import ENCOUNTERS_FOLDER
from apcombat.content.toml_files import read_toml

if TYPE_CHECKING:
    from apcombat.content.library import Library


@dataclasses.dataclass(frozen=True)
class EncounterSummary:
    """One encounter file as a list shows it. `map_size` is (width, height), None in table mode, and `map_kind`
    its grid as written (`square`, `hex`: R20.1); `sides` gives each side's name and how many units it has;
    `problem` says why the file cannot be played (None: none found yet, or it was checked and is fine)."""

    path: Path
    name: str
    description: str = ""
    map_size: tuple[int, int] | None = None
    sides: tuple[tuple[str, int], ...] = ()
    map_kind: str = "square"
    problem: str | None = None


def units_text(count: int) -> str:
    """A count of units in words: "1 unit", "3 units"."""
    return "1 unit" if count == 1 else f"{count} units"


def encounter_summaries(content: Path) -> list[EncounterSummary]:
    """Every encounter file of the content folder `content`, in file-name order, read quickly (see `summary`)."""
    return [summary(path) for path in sorted((content / ENCOUNTERS_FOLDER).glob("*.toml"))]


def summary(path: Path) -> EncounterSummary:
    """What the encounter file at `path` says about itself, from its TOML alone: a file that cannot be read
    as TOML has its problem; other mistakes are found only by `checked_summary`."""
    loaded = read_toml(path)
    data = loaded.value
    if data is None:
        return EncounterSummary(path, path.stem, problem=_first_problems(loaded.problems))
    rows = _table(data.get("map")).get("rows")
    kind = _table(data.get("map")).get("kind", "square")
    map_size = None
    if isinstance(rows, list):
        map_size = (len(rows[0]) if rows and isinstance(rows[0], str) else 0, len(rows))
    units = [_table(unit).get("side") for unit in _tables(data.get("unit"))]
    sides = tuple(
        (str(side.get("name", side.get("id", "?"))), units.count(side.get("id"))) for side in _tables(data.get("side"))
    )
    name, description = data.get("name"), data.get("description")
    return EncounterSummary(
        path,
        name if isinstance(name, str) else path.stem,
        description if isinstance(description, str) else "",
        map_size,
        sides,
        kind if isinstance(kind, str) else "square",
    )


def checked_summary(summary: EncounterSummary, library: Library) -> EncounterSummary:
    """The summary after reading its file in full with `library`: the problem that keeps it from being played,
    if any; otherwise the same summary."""
    from apcombat.content.encounter import read_encounter

    if summary.problem is not None:
        return summary
    loaded = read_encounter(summary.path, library)
    if loaded.value is not None:
        return summary
    return dataclasses.replace(summary, name=summary.path.stem, problem=_first_problems(loaded.problems))


def _first_problems(problems: Iterable[Problem]) -> str:
    return "; ".join(problem.message for problem in list(problems)[:2])


def _table(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _tables(value: Any) -> list[dict[str, Any]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []
