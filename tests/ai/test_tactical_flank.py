"""The tactical level walks around an enemy's cover (R9.2: cover protects only within 45 degrees of the
line to the shooter) instead of trading shots at its -40 (R9.3), on a small hand-made fight
(tests/engine/builders: Ana of side a against Bob of side b, Colt 1911, here 12 AP)."""

from __future__ import annotations

import random
from pathlib import Path

from engine.builders import encounter, unit

from ai.tactical_fights import game_of
from apcombat.ai.baseline import Situation
from apcombat.ai.tactical import TacticalLevel
from apcombat.ai.tactical.candidates import chosen_cells, flanking_cells
from apcombat.board.cover import protected

LOW_WALL = ["............"] * 3 + [".........=.."] + ["............"] * 3
"""A low wall at 9,3: Bob at 10,3 in cover behind it is protected from the west, not from the north or south."""


def behind_the_low_wall(tmp_path: Path, *lines: str):
    data = encounter([unit("ana", "a", (5, 3), facing="E", ap=12), unit("bob", "b", (10, 3), facing="W")], LOW_WALL)
    return game_of(tmp_path, data, *lines)


def test_the_cells_planned_from_include_those_that_flank_an_enemy_in_cover(tmp_path: Path) -> None:  # R9.2
    state = behind_the_low_wall(tmp_path, "gm set bob in_cover=true").state
    situation = Situation(state)
    assert state.map is not None and protected(state.map, situation.grid, (10, 3), (5, 3))
    flanking = flanking_cells(situation, sorted(situation.reach.items()), attack_ap=5)
    assert flanking and all(not protected(state.map, situation.grid, (10, 3), cell) for cell, _ in flanking)
    assert all(situation.me.ap - ap >= 5 for _, ap in flanking)  # a shot left after the walk
    assert set(flanking[:2]) <= set(chosen_cells(situation, 10))


def test_no_flanking_cells_when_no_enemy_is_in_cover(tmp_path: Path) -> None:
    situation = Situation(behind_the_low_wall(tmp_path).state)
    assert flanking_cells(situation, sorted(situation.reach.items()), attack_ap=5) == []


def test_it_walks_around_the_cover_and_fires_instead_of_shooting_into_it(tmp_path: Path) -> None:  # R9.2, R9.3
    state = behind_the_low_wall(tmp_path, "gm set bob in_cover=true").state
    best = TacticalLevel().plans(state, random.Random(1))[0]
    assert best.line.startswith("move ana ") and best.cell is not None
    assert state.map is not None and not protected(state.map, Situation(state).grid, (10, 3), best.cell)
    assert "shoot ana bob" in best.lines[1] and best.volley.dealt > 5
