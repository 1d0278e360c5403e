"""R22.11's fights with R18's modules on, for the tests of a throw's steps after its blast (R22.6-R22.8): the
E22.6 line-up (casualties, morale, suppression; Moss a leader), morale scores, men down and re-roll points."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from apcombat.content import load_encounter, load_library
from apcombat.engine import Game
from apcombat.model import Encounter
from tests.engine.builders import write_encounter
from tests.engine.throw_fights import ROOT, ana, ben, jed, kid, moss, rat, throw_document

E22_6_MODULES = ("casualties", "morale", "suppression")


def morale(table: dict[str, Any], score: int, leader: bool = False) -> dict[str, Any]:
    """A unit table with its character's morale score M (R18.1.1), and the perk `leader`."""
    table["character"]["morale"] = score
    if leader:
        table["character"]["perks"] = ["leader"]
    return table


def man_down(table: dict[str, Any]) -> dict[str, Any]:
    """A unit table for a man down (R18.2.1): out of the fight, prone."""
    return table | {"fate": "man_down", "pose": "prone"}


def module_encounter(
    folder: Path, *units: dict[str, Any], points: dict[str, int] | None = None, **options: Any
) -> Encounter:
    """The encounter of `throw_document`, each side in `points` holding that many re-roll points (R18.6.1)."""
    document = throw_document(*units, **options)
    if "map" in document:  # R22.11 D's brush, and crates and a hut's wall for R22.6.2's flammable cells
        document["map"]["legend"] = {"b": "brush", "c": "crates", "^": "hut"}
    for side in document["side"]:
        if points and side["id"] in points:
            side["reroll_points"] = points[side["id"]]
    path = write_encounter(folder / "throw.toml", document)
    return load_encounter(path, load_library(ROOT / "content"))


def module_game(folder: Path, *units: dict[str, Any], **options: Any) -> Game:
    """A game of `module_encounter`, started (round 1, the first listed unit to act)."""
    game = Game(module_encounter(folder, *units, **options), seed=1)
    game.play("start")
    return game


def e22_6(folder: Path, modules: tuple[str, ...] = E22_6_MODULES, **options: Any) -> Game:
    """E22.6: map A, the encounter listing ana, ben, jed, rat, moss, kid; Jed 12 HP left at 4,2, Rat 10 HP left
    (M 7) at 4,3, Moss (leader, M 8) at 5,1, Kid (M 6) at 6,2; Ana at 0,2 with two frag grenades."""
    return module_game(
        folder,
        ana((0, 2), thrown={"frag_grenade": 2}),
        ben((0, 0)),
        morale(jed((4, 2), hp=12), 7),
        morale(rat((4, 3), hp=10), 7),
        morale(moss((5, 1)), 8, leader=True),
        morale(kid((6, 2)), 6),
        modules=modules,
        **options,
    )


def hp(game: Game) -> dict[str, int]:
    return {unit.id: unit.hp for unit in game.state.units}


def texts(events: list[Any], kind: str | None = None) -> list[str]:
    return [event.text for event in events if kind is None or event.kind == kind]
