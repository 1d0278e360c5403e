"""The tactical level's candidate plans and its choices on small hand-made fights (tests/engine/builders: Ana
of side a against Bob of side b, Colt 1911 1d10+4, LU 1, 8 AP): each candidate offers the plans it should,
the level plays the best plan's first line with a reason in numbers, and each behaviour of issue 12 shows:
focus fire, reload before empty, fall back when hurt, the knobs and roles changing the choice."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from engine.builders import duel, encounter, unit

from ai.tactical_fights import game_of, two_raiders, with_role
from apcombat.ai import LEVELS
from apcombat.ai.baseline import Situation
from apcombat.ai.tactical import TacticalLevel
from apcombat.ai.tactical.candidates import MoveAndFire, Pin, Reload, StayAndFire, Watch
from apcombat.ai.tactical.team import may_move
from apcombat.engine import Game, legal_commands
from apcombat.model import AiSettings, Effort

WALL = ["............", "....#.......", "....#.......", "....#.......", "....#.......", "............", "............"]
"""A wall from 4,1 to 4,4: Ana west of it is out of Bob's sight."""


def decide(game: Game, settings: AiSettings | None = None):
    level = TacticalLevel(settings) if settings is not None else TacticalLevel()
    return level.decide(game.state, random.Random(1))


def test_the_level_is_registered_as_tactical_and_takes_the_sides_settings() -> None:
    level = LEVELS["tactical"]()
    assert isinstance(level, TacticalLevel) and level.name == "tactical"
    assert TacticalLevel(AiSettings(level="tactical", effort=Effort.LOW)).budget.cells < level.budget.cells


def test_it_fires_this_turn_and_says_why_in_numbers(tmp_path: Path) -> None:
    game = game_of(tmp_path, duel())
    decision = decide(game)
    assert decision.line in legal_commands(game.state)
    assert decision.reason.startswith("Ana ") and "shoots Bob" in decision.reason
    assert " %" in decision.reason and "damage expected" in decision.reason
    assert "against Ana" in decision.reason and 1 < len(decision.options) <= 5


def test_a_name_of_two_words_begins_the_reason_once(tmp_path: Path) -> None:
    data = duel()
    data["unit"][0]["character"]["name"] = "Raider 2"
    decision = decide(game_of(tmp_path, data))
    reason = decision.reason
    assert reason.startswith("Raider 2 ") and "shoots Bob" in reason and " 2 shoots" not in reason, reason


def test_stay_offers_firing_then_taking_cover_where_cover_is(tmp_path: Path) -> None:
    rows = ["............", "............", "..=.........", "............", "............"]
    game = game_of(tmp_path, duel(rows=rows))
    finishes = [sketch.finish_line for sketch in StayAndFire().sketches(Situation(game.state), 4)]
    assert finishes == [None, "cover ana", "pose ana prone"]  # R8.5: lying down, the low wall hides her too


def test_move_offers_cells_up_to_the_effort(tmp_path: Path) -> None:
    game = game_of(tmp_path, duel())
    situation = Situation(game.state)
    few = {sketch.prefix for sketch in MoveAndFire().sketches(situation, 4)}
    many = {sketch.prefix for sketch in MoveAndFire().sketches(situation, 12)}
    assert 1 <= len(few) <= 4 < len(many) <= 12
    assert all(prefix[0] in situation.legal_actions for prefix in many)


def test_focus_fire_on_the_wounded_enemy(tmp_path: Path) -> None:
    game = game_of(tmp_path, two_raiders(bob_hp=5))
    decision = decide(game)
    assert decision.line.startswith("shoot ana bob") or decision.line.startswith("move ana")
    assert "Bob" in decision.reason.split(";")[0] and "down" in decision.reason


def test_reload_before_being_caught_empty(tmp_path: Path) -> None:
    game = game_of(tmp_path, duel(a={"ammo": {"45acp": 14}}), "gm set ana ammo=0")
    assert [sketch.prefix_lines for sketch in Reload().sketches(Situation(game.state), 4)] == [("reload ana",)]
    decision = decide(game)
    assert decision.line == "reload ana" and "reloads" in decision.reason


def test_a_wounded_unit_falls_back_out_of_sight_and_a_healthy_one_fires(tmp_path: Path) -> None:
    hurt = game_of(tmp_path, duel((6, 5), (11, 5), rows=WALL, a={"hp": 4}))
    decision = decide(hurt)
    assert decision.line.startswith("move ana ") and "out of every enemy's sight" in decision.reason
    healthy = game_of(tmp_path, duel((6, 5), (11, 5), rows=WALL))
    assert "shoots Bob" in decide(healthy).reason


def test_aggression_and_caution_change_the_choice(tmp_path: Path) -> None:
    # the same wounded Ana: cautious by default she falls back; all aggression and no caution, she fires
    hurt = game_of(tmp_path, duel((6, 5), (11, 5), rows=WALL, a={"hp": 4}))
    assert "shoots Bob" not in decide(hurt).reason
    assert "shoots Bob" in decide(hurt, AiSettings(aggression=1.0, caution=0.0)).reason


def test_watch_when_an_enemy_is_coming_and_no_shot_is_in_reach(tmp_path: Path) -> None:
    game = game_of(tmp_path, duel((3, 3), (10, 3), rows=WALL, a={"ap": 6}))
    (sketch,) = Watch().sketches(Situation(game.state), 4)
    assert sketch.prefix_lines == ("react ana",) and not sketch.fires and sketch.worth > 0
    assert decide(game).line == "react ana"


def pinning_fight() -> dict[str, Any]:
    """Ana with a sub-machine gun and Dan, a friend yet to act, against Bob in cover behind a low wall."""
    rows = ["............", "............", "............", ".........=..", "............", "............"]
    return encounter(
        [
            unit("ana", "a", (1, 3), facing="E", weapons=("mp_5",), ammo={"9mm": 60}),
            unit("bob", "b", (10, 3), facing="W"),
            unit("dan", "a", (1, 5), facing="E"),
        ],
        rows,
    )


def test_pin_is_offered_for_an_enemy_in_cover_while_a_friend_is_yet_to_act(tmp_path: Path) -> None:
    game = game_of(tmp_path, pinning_fight(), "gm set bob in_cover=true")
    situation = Situation(game.state)
    assert "pin ana bob" in situation.legal  # R17.1: an automatic gun with 10 rounds, Bob in cover in sight
    sketches = list(Pin().sketches(situation, 4))
    assert [sketch.prefix_lines for sketch in sketches] == [("pin ana bob",)] and sketches[0].worth > 0
    alone = game_of(tmp_path, pinning_fight(), "gm set bob in_cover=true", "gm set dan hp=0")
    assert not list(Pin().sketches(Situation(alone.state), 4))  # nobody left to move under the pin


def test_a_friend_in_cover_is_never_pinned(tmp_path: Path) -> None:  # R17.1
    fight = pinning_fight()
    fight["map"]["rows"][4] = ".=.........."  # a low wall between Ana and Dan
    fight["unit"].append(unit("eve", "a", (5, 5), facing="W"))  # a friend yet to act, in Dan's sight
    lines = ("gm set bob in_cover=true", "gm set dan in_cover=true")
    game = game_of(tmp_path, fight, *lines, initiative="gm dice 6 1 1 1")
    situation = Situation(game.state)
    assert "pin ana dan" in situation.legal  # the rules allow it: a unit in cover in sight
    assert [sketch.prefix_lines for sketch in Pin().sketches(situation, 4)] == [("pin ana bob",)]


def test_a_pins_worth_is_no_more_than_the_friends_hp(tmp_path: Path) -> None:
    game = game_of(tmp_path, pinning_fight(), "gm set bob in_cover=true", "gm set dan hp=3")
    (sketch,) = Pin().sketches(Situation(game.state), 4)
    assert 0 < sketch.worth <= 0.5 * 3  # PIN_SHARE of Dan's 3 HP, not of Bob's whole turn


def test_a_unit_holding_its_ground_plans_no_move(tmp_path: Path) -> None:
    game = game_of(tmp_path, duel())
    ana = game.state.unit("ana")
    assert may_move(ana) and not may_move(with_role(ana, "hold"))


def test_the_same_state_and_rng_give_the_same_decision(tmp_path: Path) -> None:
    game = game_of(tmp_path, two_raiders(bob_hp=20))
    for lookahead in ("expectimax", "sampled"):
        level = TacticalLevel(lookahead=lookahead)
        assert level.decide(game.state, random.Random(7)) == level.decide(game.state, random.Random(7))
