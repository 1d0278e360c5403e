"""Helpers for the content tests: valid entries to change, TOML writers, catching problems."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from apcombat.content import ContentError

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"

COLT = {
    "id": "colt_1911",
    "name": "Colt 1911",
    "family": "pistol",
    "skill": "small_guns",
    "hands": 1,
    "min_st": 3,
    "ap_single": 5,
    "ap_burst": 0,
    "burst": 0,
    "magazine": 7,
    "ammo": "45acp",
    "damage": "1d10+4",
    "damage_type": "normal",
    "crit_bonus": 0,
    "bipod": False,
    "ranges": {
        "cqc": {"max": 3, "mod": 10},
        "close": {"max": 10, "mod": 5},
        "medium": {"max": 20, "mod": 0},
        "long": {"max": 35, "mod": -20},
        "extreme": {"max": 50, "mod": -40},
    },
}
"""A valid [[weapon]] entry to change one field at a time."""

P90 = {
    **copy.deepcopy(COLT),
    "id": "p90",
    "name": "P90",
    "family": "smg",
    "ap_burst": 6,
    "burst": 3,
    "magazine": 50,
}

DELETE = object()
"""Pass as a value to `entry` to leave that key out."""


def entry(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """A copy of `base` with keys changed (or removed with DELETE)."""
    result = copy.deepcopy(base)
    for key, value in changes.items():
        if value is DELETE:
            del result[key]
        else:
            result[key] = value
    return result


def write_toml(path: Path, data: dict[str, Any]) -> Path:
    """Write `data` as TOML, making folders as needed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def write_text(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(load: Callable[..., Any], *args: Any) -> list[str]:
    """The problem lines of the ContentError `load(*args)` must raise."""
    with pytest.raises(ContentError) as raised:
        load(*args)
    return raised.value.problems
