"""The maps and characters of R21.11's worked examples, for the fog of war's tests.

The yard (square, 10 x 7) and the ford (hex, 8 x 6) as R21.11 draws them; the sides `vault` ("The Vault":
Ana PE 6 AG 6, 8 AP; Ben PE 5 AG 5, 7 AP) and `raiders` ("Raiders": Jed, Rat PE 6 AG 6, 8 AP; Moss), each with
a Colt 1911 but Jed, who holds a Grease Gun with 30 rounds. Initiative is off, so the units act in the order
they are listed (R0.6); the fog of war is on. Each example places only the characters it names:

    game = fog_game(tmp_path, ana((0, 3)), jed((6, 3)), moss((9, 3), pose="prone"))
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from apcombat.content import load_encounter, load_library
from apcombat.engine import Game
from apcombat.model import Encounter
from tests.engine.builders import unit, write_encounter

ROOT = Path(__file__).resolve().parents[3]

YARD = (
    "..........",
    "...###....",
    "...#....=.",
    "........=.",
    ".=........",
    ".=...#....",
    ".....#....",
)
"""R21.11's yard: walls 3-5,1, 3,2, 5,5 and 5,6; low obstacles 8,2, 8,3, 1,4 and 1,5."""

FORD = (
    "........",
    "...=.#..",
    "...=.#..",
    "........",
    "........",
    "........",
)
"""R21.11's ford (hex, odd rows half a cell east): low 3,1 and 3,2, walls 5,1 and 5,2."""


def _member(uid: str, side: str, at: tuple[int, int] | None, facing: str, **more: Any) -> dict[str, Any]:
    hidden = more.pop("hidden", False)
    table = unit(uid, side, at, facing=facing, **more)
    if hidden:
        table["hidden"] = True
    return table


def ana(at: tuple[int, int] | None, facing: str = "N", **more: Any) -> dict[str, Any]:
    return _member("ana", "vault", at, facing, PE=6, AG=6, **more)


def ben(at: tuple[int, int] | None, facing: str = "N", **more: Any) -> dict[str, Any]:
    return _member("ben", "vault", at, facing, PE=5, AG=5, **more)


def jed(at: tuple[int, int] | None, facing: str = "N", **more: Any) -> dict[str, Any]:
    return _member("jed", "raiders", at, facing, weapons=("grease_gun",), **more)


def rat(at: tuple[int, int] | None, facing: str = "N", **more: Any) -> dict[str, Any]:
    return _member("rat", "raiders", at, facing, PE=6, AG=6, **more)


def moss(at: tuple[int, int] | None, facing: str = "N", **more: Any) -> dict[str, Any]:
    return _member("moss", "raiders", at, facing, **more)


def fog_document(
    *units: dict[str, Any],
    rows: tuple[str, ...] | None = YARD,
    hexes: bool = False,
    modules: tuple[str, ...] = ("fog_of_war",),
    controls: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The encounter file's tables (`rows=None`: table mode; `hexes`: the map is hex, R20)."""
    names = {"vault": "The Vault", "raiders": "Raiders"}
    sides = list(dict.fromkeys(table["side"] for table in units))
    document: dict[str, Any] = {"name": "R21 example", "description": "R21.11's worked examples."}
    if rows is not None:
        document["map"] = {"rows": list(rows)} | ({"kind": "hex"} if hexes else {})
    document["side"] = [
        {"id": side, "name": names.get(side, side)}
        | ({"control": controls[side]} if controls and side in controls else {})
        for side in sides
    ]
    document["unit"] = list(units)
    document["optional_rules"] = {"initiative": False}
    document["modules"] = {module: True for module in modules}
    return document


def fog_file(folder: Path, *units: dict[str, Any], **options: Any) -> Path:
    """The encounter written to `folder/fog.toml`."""
    return write_encounter(folder / "fog.toml", fog_document(*units, **options))


def fog_encounter(folder: Path, *units: dict[str, Any], **options: Any) -> Encounter:
    """The encounter as loaded (and checked) from its file."""
    return load_encounter(fog_file(folder, *units, **options), load_library(ROOT / "content"))


def fog_game(folder: Path, *units: dict[str, Any], seed: int = 1, **options: Any) -> Game:
    """A game of the encounter, started (round 1, the first listed unit to act)."""
    game = Game(fog_encounter(folder, *units, **options), seed=seed)
    game.play("start")
    return game
