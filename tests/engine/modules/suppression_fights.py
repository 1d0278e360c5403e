"""Small fights for the R18.4 suppression and R18.6 re-roll tests: Ana and Bob (the vault) against a raider,
on an open map or at the table, with initiative off so the encounter's order is the turn order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w

ROOT = Path(__file__).resolve().parents[3]
ANA = str(ROOT / "content" / "characters" / "ana.toml")

ROWS = [
    "................",
    "................",
    "................",
    "....#...........",
    "................",
]


def fight(
    folder: Path,
    modules: dict[str, bool],
    table: bool = False,
    points: tuple[int, int] = (0, 0),
    raider_first: bool = False,
    initiative: bool = False,
) -> Path:
    """Ana at 2,1 facing E and Bob at 2,3 (both Ana's sheet: 8 AP, CH 5, PE 6, LU 6) against a raider (8 AP,
    a grease gun, LU 4) at 10,1 facing W; no map and no cells in table mode."""
    cells = {"ana": [2, 1], "bob": [2, 3], "raider": [10, 1]}
    units: list[dict[str, Any]] = [
        {"id": "ana", "side": "vault", "character": ANA, "facing": "E"},
        {"id": "bob", "side": "vault", "character": ANA, "name": "Bob", "facing": "E"},
        {"id": "raider", "side": "raiders", "character": "raider", "facing": "W"},
    ]
    if raider_first:
        units = units[2:] + units[:2]
    if not table:
        for unit in units:
            unit["at"] = cells[unit["id"]]
    sides: list[dict[str, Any]] = [{"id": "vault", "name": "Vault"}, {"id": "raiders", "name": "Raiders"}]
    for side, count in zip(sides, points, strict=True):
        if count:
            side["reroll_points"] = count
    document: dict[str, Any] = {
        "name": "R18 test",
        "description": "Two vault dwellers and a raider.",
        "side": sides,
        "unit": units,
        "optional_rules": {"initiative": initiative},
        "modules": modules,
    }
    if not table:
        document["map"] = {"rows": ROWS}
    path = folder / "fight.toml"
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    return path


def played(apcombat, encounter: Path, *lines: str, seed: int = 1) -> list[str]:
    """What `apcombat run` prints for the script, without the attack breakdowns' indented lines and the lines
    saying which dice `gm dice` queued."""
    return [
        line
        for line in output(apcombat, encounter, *lines, seed=seed)
        if not line.startswith("    ") and not line.startswith("game master: the next rolls are")
    ]


def output(apcombat, encounter: Path, *lines: str, seed: int = 1) -> list[str]:
    script = encounter.parent / "script.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = apcombat("run", encounter, "--script", script, "--seed", str(seed))
    assert result.code == 0, result.err
    return result.out.splitlines()


def refused(apcombat, encounter: Path, *lines: str) -> str:
    """The one-line refusal of the script's last line."""
    script = encounter.parent / "script.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = apcombat("run", encounter, "--script", script, "--seed", "1")
    assert result.code == 2, result.out
    assert f"line {len(lines)} " in result.err
    return result.err.strip()
