"""The tactical level as a side and as a personality, on small hand-made fights (tests/engine/builders: Ana
of side a against Bob of side b, Colt 1911, 8 AP): delaying for a friend (R13.3), one unit pinning while
another moves (R17), and each knob and role changing the choice it should (issue 12)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from engine.builders import duel, encounter, unit

from ai.tactical_fights import game_of, with_role
from apcombat.ai.tactical import TacticalLevel
from apcombat.engine import Game, legal_commands
from apcombat.model import AiSettings, Encounter

WALL = ["............", "....#.......", "....#.......", "....#.......", "....#.......", "............", "............"]
"""A wall from 4,1 to 4,4: Ana west of it is out of Bob's sight."""


def decide(state: Encounter, settings: AiSettings | None = None):
    level = TacticalLevel(settings) if settings is not None else TacticalLevel()
    return level.decide(state, random.Random(1))


def with_orders(game: Game, role: str) -> Encounter:
    return game.state.with_unit(with_role(game.state.unit("ana"), role))


def ends_at(line: str) -> tuple[int, int]:
    x, y = line.split()[-1].split(",")
    return int(x), int(y)


# --- delay (R13.3) ---------------------------------------------------------------------------------------


def behind_the_wall(dan_hp: int | None = None) -> dict[str, Any]:
    """Ana behind the wall with no shot in reach this turn; Dan, yet to act, sees Bob from the open."""
    dan = unit("dan", "a", (3, 6), facing="E", **({"hp": dan_hp} if dan_hp is not None else {}))
    return encounter([unit("ana", "a", (3, 3), facing="E", ap=6), unit("bob", "b", (10, 3), facing="W"), dan], WALL)


def test_a_unit_with_no_shot_delays_for_a_friend_who_has_one(tmp_path: Path) -> None:  # R13.3
    game = game_of(tmp_path, behind_the_wall())
    decision = decide(game.state)
    assert decision.line == "delay ana" and decision.line in legal_commands(game.state)
    assert "Dan acts first" in decision.reason and "damage expected on Bob" in decision.reason
    game.play(decision.line)
    assert game.state.active != "ana" and "ana" in game.state.delayed


def test_no_delay_without_a_friend_to_act_first(tmp_path: Path) -> None:  # R13.3
    game = game_of(tmp_path, behind_the_wall(), "gm set dan hp=0")
    assert decide(game.state).line == "react ana"


# --- pin, then move (R17) --------------------------------------------------------------------------------


def pinning_fight() -> dict[str, Any]:
    """Ana with a sub-machine gun, Dan with a pistol yet to act, against Bob with a sub-machine gun in cover
    behind a low wall; the initiative d6s put Dan before Bob."""
    rows = ["............", "............", "............", ".........=..", "............", "............"]
    smg = {"weapons": ("mp_5",), "ammo": {"9mm": 60}}
    return encounter(
        [
            unit("ana", "a", (1, 3), facing="E", **smg),
            unit("bob", "b", (10, 3), facing="W", **smg),
            unit("dan", "a", (1, 5), facing="E"),
        ],
        rows,
    )


def test_one_unit_pins_the_enemy_in_cover_and_the_friend_moves_up_under_it(tmp_path: Path) -> None:  # R17.1
    start = ("gm set bob in_cover=true",)
    game = game_of(tmp_path, pinning_fight(), *start, initiative="gm dice 6 1 3")
    decision = decide(game.state)
    assert decision.line == "pin ana bob" and "Bob kept in cover" in decision.reason
    pinned = game_of(tmp_path, pinning_fight(), *start, "pin ana bob", initiative="gm dice 6 1 3")
    free = game_of(tmp_path, pinning_fight(), *start, "end", initiative="gm dice 6 1 3")
    assert pinned.state.active == free.state.active == "dan"
    under_pin = TacticalLevel().plans(pinned.state, random.Random(1))
    in_the_open = {plan.lines: plan for plan in TacticalLevel().plans(free.state, random.Random(1))}
    best = under_pin[0]
    assert best.line != "end" and best.lines in in_the_open  # Dan acts: he fires or moves up
    # R17.2: Bob pays to come out of cover, so the danger Dan counts there is half, and his plan worth more
    same = in_the_open[best.lines]
    assert best.danger.expected < 0.6 * same.danger.expected and best.score > same.score
    moving = [plan for plan in under_pin if plan.line.startswith("move dan ") and plan.danger.eyes]
    assert all(plan.danger.expected < in_the_open[plan.lines].danger.expected for plan in moving)


# --- the knobs ----------------------------------------------------------------------------------------------


def test_aggression_alone_makes_a_wounded_unit_fire_instead_of_falling_back(tmp_path: Path) -> None:
    hurt = game_of(tmp_path, duel((6, 5), (11, 5), rows=WALL, a={"hp": 4})).state
    assert "shoots Bob" not in decide(hurt).reason
    assert "shoots Bob" in decide(hurt, AiSettings(aggression=1.0)).reason


def test_caution_alone_makes_a_unit_fall_back_instead_of_firing(tmp_path: Path) -> None:
    grazed = game_of(tmp_path, duel((6, 5), (11, 5), rows=WALL, a={"hp": 12})).state
    assert "shoots Bob" in decide(grazed).reason
    careful = decide(grazed, AiSettings(caution=1.0))
    assert "shoots Bob" not in careful.reason and "out of every enemy's sight" in careful.reason


def test_little_aggression_makes_the_same_unit_fall_back(tmp_path: Path) -> None:
    grazed = game_of(tmp_path, duel((6, 5), (11, 5), rows=WALL, a={"hp": 12})).state
    assert "shoots Bob" not in decide(grazed, AiSettings(aggression=0.0)).reason


# --- the roles (JA2's orders) -------------------------------------------------------------------------------


def test_hold_fires_or_watches_from_where_it_stands(tmp_path: Path) -> None:
    game = game_of(tmp_path, duel((1, 3), (11, 3), rows=WALL))
    assert decide(game.state).line.startswith("move ana ")
    assert not decide(with_orders(game, "hold")).line.startswith("move ")


def test_assault_closes_in_where_a_plain_unit_watches(tmp_path: Path) -> None:
    game = game_of(tmp_path, duel((3, 3), (10, 3), rows=WALL, a={"ap": 6}))
    assert decide(game.state).line == "react ana"
    line = decide(with_orders(game, "assault")).line
    assert line.startswith("move ana ") and ends_at(line)[0] >= 3


def test_guard_stays_within_four_steps_of_its_post(tmp_path: Path) -> None:
    game = game_of(tmp_path, duel((0, 6), (11, 0), rows=WALL, a={"ap": 12}))
    plain = decide(game.state).line
    assert plain.startswith("move ana ") and ends_at(plain)[0] > 4  # 5 steps and more
    guarded = decide(with_orders(game, "guard")).line
    assert guarded.startswith("move ana ") and ends_at(guarded)[0] <= 4


def test_sniper_keeps_its_distance_where_a_plain_unit_steps_in(tmp_path: Path) -> None:
    game = game_of(tmp_path, duel((6, 3), (8, 3)))
    plain = decide(game.state).line
    assert plain.startswith("move ana ") and ends_at(plain)[0] > 6
    sniper = decide(with_orders(game, "sniper")).line
    assert not sniper.startswith("move ") or ends_at(sniper)[0] <= 6
