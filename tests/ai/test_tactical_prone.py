"""The tactical level lies down behind a low wall that hides it from the enemy (R8.5: a prone character
behind hip-high cover between it and the shooter cannot be seen or shot from the far side), and from there
leans out to fire (R9.5: 1 AP more, seen only for that action), on a small hand-made fight
(tests/engine/builders: Ana of side a against Bob of side b, Colt 1911, 8 AP)."""

from __future__ import annotations

import random
from pathlib import Path

from engine.builders import encounter, unit

from ai.tactical_fights import game_of
from apcombat.ai.baseline import Situation
from apcombat.ai.reckoning.danger import danger_at, enemy_turn_damage
from apcombat.ai.tactical import TacticalLevel

LOW_WALL = ["............"] * 3 + [".........=.."] + ["............"] * 3
"""A low wall at 9,3: Ana at 10,3 lies behind it against Bob at 2,3, too far to walk round it in a turn."""


def behind_the_low_wall(tmp_path: Path, *lines: str, ap: int = 8):
    units = [unit("ana", "a", (10, 3), facing="W", ap=ap), unit("bob", "b", (2, 3), facing="E")]
    return game_of(tmp_path, encounter(units, LOW_WALL), *lines).state


def test_with_no_shot_left_it_lies_down_behind_the_low_wall(tmp_path: Path) -> None:  # R8.1, R8.5
    state = behind_the_low_wall(tmp_path, ap=4)  # a Colt shot costs 5: nothing to fire this turn
    best = TacticalLevel().plans(state, random.Random(1))[0]
    assert best.line == "pose ana prone"
    assert best.danger.expected == 0.0  # hidden from Bob, who cannot walk round the wall in a turn
    standing = [plan for plan in TacticalLevel().plans(state, random.Random(1)) if plan.line == "end"]
    assert standing and standing[0].danger.expected > 1.0  # upright there, Bob shoots her


def test_lying_behind_the_wall_it_leans_out_to_fire_and_stays_hidden(tmp_path: Path) -> None:  # R8.5, R9.5
    state = behind_the_low_wall(tmp_path, "gm set ana pose=prone")
    best = TacticalLevel().plans(state, random.Random(1))[0]
    assert best.line.startswith("shoot ana bob") and best.line.endswith("lean")
    assert best.volley.dealt > 0 and best.danger.expected == 0.0


def test_danger_and_threat_of_a_prone_unit_behind_a_low_wall(tmp_path: Path) -> None:  # R8.5, R9.5
    state = behind_the_low_wall(tmp_path, "gm set ana pose=prone")
    memo = Situation(state).memo
    ana, bob = state.unit("ana"), state.unit("bob")
    assert danger_at(state, "ana", memo).expected == 0.0  # Bob cannot shoot her from the far side
    assert enemy_turn_damage(state, ana, bob) > 0.0  # she can lean out and shoot him: her threat counts
    upright = behind_the_low_wall(tmp_path)
    assert danger_at(upright, "ana", memo).expected > 0.0


def test_the_reason_says_it_goes_prone(tmp_path: Path) -> None:
    state = behind_the_low_wall(tmp_path, ap=4)
    decision = TacticalLevel().decide(state, random.Random(1))
    assert decision.line == "pose ana prone" and "goes prone behind cover" in decision.reason
