"""Small hand-made fights for the tactical level's tests (tests/engine/builders: Ana of side a against Bob of
side b, Colt 1911 1d10+4, LU 1, 8 AP), and a unit given standing orders."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
from engine.builders import encounter, unit, write_encounter

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game
from apcombat.model import AiRole, Unit

ANA_FIRST = "gm dice 6 1 1"  # R13.1: Ana acts first (a third d6 for a third unit)


def game_of(tmp_path: Path, data: dict[str, Any], *lines: str, initiative: str = ANA_FIRST) -> Game:
    """The fight `data` started (`initiative`: the d6s of R13.1, then `start`) and `lines` played."""
    state = load_encounter(write_encounter(tmp_path / "fight.toml", data), load_library(content_root(None)))
    game = Game(state, seed=1)
    for line in (initiative, "start", *lines):
        game.play(line)
    return game


def two_raiders(bob_hp: int) -> dict[str, Any]:
    """Ana (12 AP: two shots or more) against Bob and Cal side by side, both in sight and range."""
    return encounter(
        [
            unit("ana", "a", (1, 3), facing="E", ap=12),
            unit("bob", "b", (6, 2), facing="W", hp=bob_hp),
            unit("cal", "b", (6, 4), facing="W"),
        ]
    )


def with_role(unit: Unit, role: str) -> Unit:
    """The unit with standing orders (`ai_role`), as an encounter file gives them."""
    return attrs.evolve(unit, ai_role=AiRole(role))
