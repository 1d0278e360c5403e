"""Small encounters for the R18 morale and casualties tests, and running `apcombat run` scripts on them.

The yard is 12 x 8 open cells; initiative is off so units act in the order listed (R0.6). Unless a test
says otherwise: Ana (vault, 8 AP) at 2,4 facing E; the raiders Boss (a leader, M 9) at 6,4, Kid (M 6) at
7,3 and Rat (M 7) at 7,5 — each 30 HP, a grease gun, 7 AP."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w

ROOT = Path(__file__).resolve().parents[3]


def raider(unit_id: str, at: tuple[int, int] | None, morale: int = 7, leader: bool = False, **more: Any) -> dict:
    """A raider with a grease gun (1d10+3, 3-round bursts) and the given morale score (R18.1.1)."""
    character: dict[str, Any] = {
        "name": unit_id.capitalize(),
        "morale": morale,
        "skills": {"small_guns": 60},
        "weapons": ["grease_gun"],
    }
    if leader:
        character["perks"] = ["leader"]
    character.update(more.pop("character", {}))
    unit: dict[str, Any] = {"id": unit_id, "side": "raiders", "character": character}
    if at is not None:
        unit["at"] = list(at)
    unit.update(more)
    return unit


def ana(at: tuple[int, int] | None = (2, 4)) -> dict:
    unit: dict[str, Any] = {"id": "ana", "side": "vault", "character": "ana"}
    if at is not None:
        unit["at"], unit["facing"] = list(at), "E"
    return unit


DEFAULT_RAIDERS = (
    raider("boss", (6, 4), morale=9, leader=True),
    raider("kid", (7, 3), morale=6),
    raider("rat", (7, 5)),
)


def fight(
    folder: Path,
    units: tuple[dict, ...] | None = None,
    modules: tuple[str, ...] = ("morale", "casualties"),
    rows: list[str] | None = None,
    edge: str | None = None,
    house_rules: dict | None = None,
    table: bool = False,
) -> Path:
    """Write the encounter and return its path (`table`: no map, the game master judges)."""
    units = units if units is not None else (ana(), *DEFAULT_RAIDERS)
    raiders: dict[str, Any] = {"id": "raiders", "name": "Raiders"}
    if edge is not None:
        raiders["edge"] = edge
    document: dict[str, Any] = {
        "name": "R18 test",
        "description": "An open yard.",
        "side": [{"id": "vault", "name": "Vault"}, raiders],
        "unit": list(units),
        "optional_rules": {"initiative": False},
        "modules": {module: True for module in modules},
    }
    if not table:
        document["map"] = {"rows": rows or ["." * 12] * 8}
    if house_rules:
        document["house_rules"] = house_rules
    path = folder / "fight.toml"
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    return path


def played(apcombat, encounter: Path, *lines: str, seed: str = "1") -> list[str]:
    """Every line `apcombat run` prints for a script that starts the fight."""
    script = encounter.parent / "script.txt"
    script.write_text("\n".join(["start", *lines]) + "\n", encoding="utf-8")
    result = apcombat("run", encounter, "--script", script, "--seed", seed)
    assert result.code == 0, result.err
    return result.out.splitlines()


def refused(apcombat, encounter: Path, *lines: str) -> str:
    """The error of the script's last line (every line before it must play)."""
    script = encounter.parent / "script.txt"
    script.write_text("\n".join(["start", *lines]) + "\n", encoding="utf-8")
    result = apcombat("run", encounter, "--script", script, "--seed", "1")
    assert result.code == 2, result.out
    return result.err
