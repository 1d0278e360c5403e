"""Helpers for the encounter tests: a small valid encounter to change one thing at a time."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from content_helpers import write_toml

MAP = {"rows": ["#######", "#..=..#", "#.._..#", "#######"]}
"""7 x 4: walls round the edge, a low obstacle at [3, 1], a gap at [3, 2]."""

SIDES = [{"id": "a", "name": "Side A", "control": "human"}, {"id": "b", "name": "Side B", "control": "ai"}]

_UNSET = object()


def unit_of(unit_id: str, side: str, at: Any = _UNSET, **fields: Any) -> dict[str, Any]:
    """A [[unit]] table; its character is the one of the same id unless given; `at=None` leaves `at` out."""
    table: dict[str, Any] = {"id": unit_id, "side": side, "character": fields.pop("character", unit_id)}
    if at is not _UNSET and at is not None:
        table["at"] = at
    return {**table, **fields}


ANA_AND_RAIDER = [unit_of("ana", "a", at=[1, 1]), unit_of("raider", "b", at=[5, 2])]


def encounter_file(
    battle_map: Any = MAP,
    sides: Any = SIDES,
    units: Any = ANA_AND_RAIDER,
    path: Path = Path("test.toml"),
    **top_level: Any,
) -> Path:
    """Write an encounter (Ana against a raider on a small map unless changed); `battle_map=None`: no [map]."""
    data: dict[str, Any] = {"name": "Test", **top_level}
    if battle_map is not None:
        data["map"] = battle_map
    data["side"] = sides
    data["unit"] = units
    return write_toml(path, copy.deepcopy(data))
