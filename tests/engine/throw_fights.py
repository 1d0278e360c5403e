"""The maps and characters of R22.11's worked examples, for the thrown weapons' tests.

Maps A (open ground, 9 x 5), B (the corner), C (the low wall) and D (the brush) as R22.11 draws them, and
HEX_A, map A's size as a hex map (R20). The sides `vault` (Ana ST 5 AG 6, 8 AP, 30 HP, throwing 60; Ben ST 4
AG 5, 7 AP, 29 HP, throwing 45; both in leather armour) and `raiders` (Jed 28 HP in a leather jacket, Rat 25 HP
AG 6 in leather armour, Moss 31 HP in metal armour, Kid 26 HP and Zed 27 HP in combat armour). Initiative is
off, so the units act in the order listed (R0.6). Each example places only the characters it names, and gives
the thrower its `thrown` table:

    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2)), rat((4, 3)))
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from apcombat.content import load_encounter, load_library
from apcombat.engine import Game
from apcombat.model import Encounter
from tests.engine.builders import unit, write_encounter

ROOT = Path(__file__).resolve().parents[2]

MAP_A = (".........",) * 5
"""R22.11 A: open ground, 9 x 5."""

MAP_B = (
    "..........",
    "....##....",
    "......#...",
    "......#...",
    "..........",
)
"""R22.11 B: the corner — walls 4,1, 5,1, 6,2 and 6,3."""

MAP_C = (
    ".......",
    "...=...",
    "...=...",
    "...=...",
    ".......",
)
"""R22.11 C: the low wall at 3,1-3,3."""

MAP_D = (
    ".......",
    "..bbb..",
    "..b....",
    ".......",
)
"""R22.11 D: the brush at 2,1-4,1 and 2,2."""


def _member(uid: str, side: str, at: tuple[int, int] | None, **more: Any) -> dict[str, Any]:
    extra = {key: more.pop(key) for key in ("thrown", "hidden", "in_cover") if key in more}
    table = unit(uid, side, at, **more)
    if "thrown" in extra:
        table["thrown"] = extra["thrown"]
    if extra.get("hidden"):
        table["hidden"] = True
    return table


def ana(at: tuple[int, int] | None, **more: Any) -> dict[str, Any]:
    sheet: dict[str, Any] = {"ST": 5, "AG": 6, "max_hp": 30, "armor": "leather_armor", "skills": {"throwing": 60}}
    return _member("ana", "vault", at, **(sheet | more))


def ben(at: tuple[int, int] | None, **more: Any) -> dict[str, Any]:
    return _member("ben", "vault", at, ST=4, AG=5, max_hp=29, armor="leather_armor", skills={"throwing": 45}, **more)


def jed(at: tuple[int, int] | None, **more: Any) -> dict[str, Any]:
    return _member("jed", "raiders", at, max_hp=28, armor="leather_jacket", **more)


def rat(at: tuple[int, int] | None, **more: Any) -> dict[str, Any]:
    return _member("rat", "raiders", at, AG=6, max_hp=25, armor="leather_armor", **more)


def moss(at: tuple[int, int] | None, **more: Any) -> dict[str, Any]:
    return _member("moss", "raiders", at, max_hp=31, armor="metal_armor", **more)


def kid(at: tuple[int, int] | None, **more: Any) -> dict[str, Any]:
    return _member("kid", "raiders", at, max_hp=26, armor="combat_armor", **more)


def zed(at: tuple[int, int] | None, **more: Any) -> dict[str, Any]:
    return _member("zed", "raiders", at, max_hp=27, armor="combat_armor", **more)


def throw_document(
    *units: dict[str, Any],
    rows: tuple[str, ...] | None = MAP_A,
    hexes: bool = False,
    modules: tuple[str, ...] = (),
    optional_rules: dict[str, bool] | None = None,
    legend: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The encounter file's tables (`rows=None`: table mode; `hexes`: the map is hex, R20; `legend`: the map's
    own characters, e.g. {"^": "hut"})."""
    names = {"vault": "The Vault", "raiders": "Raiders"}
    sides = list(dict.fromkeys(table["side"] for table in units))
    document: dict[str, Any] = {"name": "R22 example", "description": "R22.11's worked examples."}
    if rows is not None:
        document["map"] = (
            {"rows": list(rows)} | ({"kind": "hex"} if hexes else {}) | ({"legend": legend} if legend else {})
        )
    document["side"] = [{"id": side, "name": names.get(side, side)} for side in sides]
    # R20.2: a hex map has no N or S facing; a unit left facing the builder's N faces E there
    document["unit"] = [table | {"facing": "E"} if hexes and table["facing"] == "N" else table for table in units]
    document["optional_rules"] = {"initiative": False} | (optional_rules or {})
    document["modules"] = {module: True for module in modules}
    return document


def throw_file(folder: Path, *units: dict[str, Any], **options: Any) -> Path:
    """The encounter written to `folder/throw.toml`."""
    return write_encounter(folder / "throw.toml", throw_document(*units, **options))


def throw_encounter(folder: Path, *units: dict[str, Any], **options: Any) -> Encounter:
    """The encounter as loaded (and checked) from its file."""
    return load_encounter(throw_file(folder, *units, **options), load_library(ROOT / "content"))


def throw_game(folder: Path, *units: dict[str, Any], seed: int = 1, **options: Any) -> Game:
    """A game of the encounter, started (round 1, the first listed unit to act)."""
    game = Game(throw_encounter(folder, *units, **options), seed=seed)
    game.play("start")
    return game
