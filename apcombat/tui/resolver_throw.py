"""The attack resolver's throws (R22.9): a scenario with a `[throw]` table shown, rolled and edited in the
resolver's form — its distance, and each character under the template's band and `covered` (the blast dialog).
The rules' text is `rules.throw_resolve`'s; this module only reads and writes the scenario's tables."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

from apcombat.content.library import Library
from apcombat.content.throw_scenario import is_throw_scenario, throw_scenario_from
from apcombat.dice import SeededDice
from apcombat.model import BlastBand
from apcombat.rules.throw_resolve import (
    ImpossibleThrow,
    ThrowPlanned,
    describe_throw_plan,
    describe_throw_result,
    plan_throw_at_the_table,
    resolve_throw_at_the_table,
)

CM_PER_M = 3  # R0.1

__all__ = [
    "is_throw_scenario",
    "rolled_text",
    "throw_distance",
    "throw_plan",
    "under_rows",
    "with_distance",
    "with_named",
]


def throw_plan(tables: dict[str, Any], path: Path, library: Library) -> tuple[ThrowPlanned | None, str]:
    """The throw the tables describe, planned, and the resolver's text of it (or what keeps it from being made)."""
    loaded = throw_scenario_from(tables, path, library)
    if loaded.value is None:
        return None, "\n".join(map(str, loaded.problems))
    try:
        plan = plan_throw_at_the_table(loaded.value)
    except ImpossibleThrow as error:
        return None, f"impossible throw: {error}"
    lines = describe_throw_plan(plan)
    return plan, "\n".join(lines) + "\n\nb names who is under the template; r rolls it; ctrl+s saves it as a scenario"


def rolled_text(plan: ThrowPlanned) -> str:
    """The throw rolled with fresh dice: where it lands and each share of the blast."""
    result = resolve_throw_at_the_table(plan, SeededDice(random.randrange(1 << 32)))
    return "\n".join([*describe_throw_plan(plan), "", *describe_throw_result(plan, result)])


def throw_distance(tables: dict[str, Any]) -> float | None:
    """The throw's distance in metres as the tables give it (`distance_m`, or `distance_cm` / 3)."""
    throw = tables.get("throw")
    if not isinstance(throw, dict):
        return None
    metres, cm = throw.get("distance_m"), throw.get("distance_cm")
    if isinstance(metres, int | float):
        return float(metres)
    return cm / CM_PER_M if isinstance(cm, int | float) else None


def with_distance(tables: dict[str, Any], metres: float) -> dict[str, Any]:
    """The tables with the throw's distance set in metres (the form's unit), its cm left out."""
    tables = copy.deepcopy(tables)
    throw = tables.setdefault("throw", {})
    throw.pop("distance_cm", None)
    throw["distance_m"] = int(metres) if metres.is_integer() else metres
    return tables


def under_rows(tables: dict[str, Any]) -> tuple[list[tuple[str, str]], dict[str, BlastBand | None], dict[str, bool]]:
    """The blast dialog's rows for the scenario's [[under]] entries (keyed by their place), their bands and
    `covered`."""
    rows, bands, covered = [], {}, {}
    for index, entry in enumerate(_under(tables)):
        key = str(index)
        name = entry.get("name") or entry.get("character") or f"character {index + 1}"
        how = [
            word for word, on in (("prone", entry.get("pose") == "prone"), ("in cover", entry.get("in_cover"))) if on
        ]
        rows.append((key, f"{name} ({', '.join(how)})" if how else str(name)))
        band = entry.get("band")
        bands[key] = BlastBand(band) if band in {b.value for b in BlastBand} else None
        covered[key] = bool(entry.get("covered"))
    return rows, bands, covered


def with_named(tables: dict[str, Any], named: dict[str, tuple[BlastBand, bool]]) -> dict[str, Any]:
    """The tables with each [[under]] entry's band and `covered` as the dialog named them; an entry named
    with no band leaves the scenario (nobody is under the template there)."""
    tables = copy.deepcopy(tables)
    kept = []
    for index, entry in enumerate(_under(tables)):
        if str(index) not in named:
            continue
        band, covered = named[str(index)]
        entry["band"] = band.value
        if covered:
            entry["covered"] = True
        else:
            entry.pop("covered", None)
        kept.append(entry)
    tables["under"] = kept
    return tables


def _under(tables: dict[str, Any]) -> list[dict[str, Any]]:
    under = tables.get("under")
    return [entry for entry in under if isinstance(entry, dict)] if isinstance(under, list) else []
