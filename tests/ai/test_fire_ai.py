"""The AI with spreading fires on (R18.3), both levels: a unit in a fire walks out of it, no plan walks into
one, and a flamer values a stream at an enemy on flammable ground (it burns even on a miss, R18.3.2)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from engine.builders import encounter, unit, write_encounter

from apcombat.ai.baseline import BaselineLevel, Situation
from apcombat.ai.reckoning.fire_risk import caught_damage
from apcombat.ai.seeds import side_rng
from apcombat.ai.tactical import TacticalLevel
from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game, legal_commands, parse_command

ANA_FIRST = "gm dice 6 1"  # R13.1: Ana 11 + d6 6, Bob 11 + 1: Ana acts first
LEGEND = {",": "brush"}


def fiery(data: dict[str, Any]) -> dict[str, Any]:
    data["modules"] = {"fire_spread": True}
    data["map"]["legend"] = LEGEND
    return data


def set_up(tmp_path: Path, data: dict[str, Any], *lines: str) -> Game:
    """The fight `data` with `lines` played from its set-up (game-master lines, the initiative, `start`)."""
    state = load_encounter(write_encounter(tmp_path / "fight.toml", data), load_library(content_root(None)))
    game = Game(state, seed=1)
    for line in lines:
        game.play(line)
    return game


LEVELS = [
    lambda state: BaselineLevel().decide(state, side_rng(1, state.unit(state.active).side)),
    lambda state: TacticalLevel().decide(state, random.Random(1)),
]


@pytest.mark.parametrize("decide", LEVELS, ids=["baseline", "tactical"])
def test_a_unit_in_a_fire_walks_out_of_it(tmp_path: Path, decide) -> None:
    # R18.3.1: Ana's turn starts in the fire the game master lit under her (2d10+5 each time); she leaves it.
    rows = ["............"] * 7
    data = fiery(encounter([unit("ana", "a", (1, 3), facing="E"), unit("bob", "b", (10, 3), facing="W")], rows))
    game = set_up(tmp_path, data, "gm dice 1 1", "gm fire 1,3 on", ANA_FIRST, "gm dice 1 1", "start")
    assert game.state.active == "ana" and game.state.map is not None and game.state.map.burning((1, 3))
    for _ in range(4):  # the level's lines until the turn ends: one of them leaves the fire
        if game.state.active != "ana":
            break
        line = decide(game.state).line
        assert line in legal_commands(game.state)
        game.play(line)
    assert game.state.unit("ana").at != (1, 3)


@pytest.mark.parametrize("decide", LEVELS, ids=["baseline", "tactical"])
def test_no_line_walks_into_a_fire(tmp_path: Path, decide) -> None:
    # R18.3.1: a wall of fire between Ana and Bob: no legal move enters it, so neither level's plan does.
    rows = [
        "......,.....",
        "......,.....",
        "......,.....",
        "......,.....",
        "......,.....",
        "......,.....",
        "......,.....",
    ]
    data = fiery(encounter([unit("ana", "a", (1, 3), facing="E"), unit("bob", "b", (10, 3), facing="W")], rows))
    game = set_up(tmp_path, data, *(f"gm fire 6,{y} on" for y in range(7)), ANA_FIRST, "start")
    fires = game.state.map.fires if game.state.map else frozenset()
    for line in legal_commands(game.state):
        command = parse_command(line)
        assert not set(getattr(command, "waypoints", ())) & fires, line
    assert game.state.active == "ana"
    game.play(decide(game.state).line)
    assert game.state.unit("ana").at not in fires


def test_a_flamer_counts_the_fire_it_lights_under_an_enemy_on_brush(tmp_path: Path) -> None:
    # R18.3.2: Cid (a flamer, big guns 60) sees Bob on brush and Dan on bare ground, both 3 m away: the stream
    # at Bob is worth its miss chance times Bob's 2d10+5 more than the same stream at Dan.
    rows = ["............", "............", "....,.......", "............", "....:.......", "............"]
    units = [
        unit("cid", "a", (1, 3), facing="E", weapons=["flamer"], ST=6),
        unit("bob", "b", (4, 2), facing="W"),
        unit("dan", "b", (4, 4), facing="W"),
    ]
    game = set_up(tmp_path, fiery(encounter(units, rows)), "gm dice 6 1 1", "start")
    situation = Situation(game.state)
    by_target = {option.target.id: option for option in situation.attacks if option.command.kind == "flame"}
    bob, dan = by_target["bob"], by_target["dan"]
    miss = 1 - bob.plan.guns[0].hit_chance / 100
    assert bob.plan.guns[0].hit_chance == dan.plan.guns[0].hit_chance
    assert bob.damage == pytest.approx(dan.damage + miss * caught_damage(game.state.unit("bob")))
    decision = BaselineLevel().decide(game.state, side_rng(1, "a"))
    assert decision.line.startswith("flame cid bob")
