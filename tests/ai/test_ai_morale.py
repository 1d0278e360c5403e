"""The AI levels with the morale and casualties modules on (R18.1, R18.2): a broken unit runs for its edge,
a shaken one takes cover, a friend next to a man down treats it, and an `end` the runner forces on a broken
unit runs it first (R18.1.3: it may not end while its AP pay for a step toward its edge)."""

from __future__ import annotations

import random

import attrs
import pytest

from apcombat.ai import LEVELS
from apcombat.ai.turn import end_stretch
from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game, legal_commands
from apcombat.engine.modules.morale.checks import edge_metres, edge_of
from apcombat.model import Skill
from apcombat.model.fates import Fate, MoraleState


def _gang(seed: int = 1) -> Game:
    start = load_encounter(content_root() / "encounters" / "gang_fight.toml", load_library(content_root()))
    game = Game(start, seed=seed)
    game.play("start")
    return game


def _with_active(game: Game, **changes) -> Game:
    state = game.state
    unit = attrs.evolve(state.unit(state.active), **changes)
    return Game.resume(game.start, game.seed, [], state.with_unit(unit), game.dice.snapshot())


@pytest.mark.parametrize("level", ["baseline", "tactical"])
def test_r18_1_3_a_broken_unit_runs_for_its_edge(level: str) -> None:
    game = _gang()
    game.play(f"gm morale {game.state.active} broken")
    state = game.state
    me = state.unit(state.active)
    decision = LEVELS[level]().decide(state, random.Random(1))
    assert decision.line in legal_commands(state)
    assert decision.line.startswith("move ")
    x, y = map(int, decision.line.split()[2].split(","))
    edge = edge_of(state, me)
    assert edge_metres(state, (x, y), edge) < edge_metres(state, me.at, edge)


@pytest.mark.parametrize("level", ["baseline", "tactical"])
def test_r18_1_3_a_shaken_unit_takes_cover_and_never_attacks(level: str) -> None:
    game = _gang()
    game.play(f"gm morale {game.state.active} shaken")
    decision = LEVELS[level]().decide(game.state, random.Random(1))
    assert decision.line in legal_commands(game.state)
    assert decision.line.split()[0] in ("cover", "move")


@pytest.mark.parametrize("level", ["baseline", "tactical"])
def test_r18_2_2_a_friend_next_to_a_man_down_treats_it(level: str) -> None:
    game = _gang()
    state = game.state
    me = state.unit(state.active)
    friend = next(u for u in state.units if u.side == me.side and u.id != me.id)
    down = attrs.evolve(friend, at=(me.at[0], me.at[1] + 1), fate=Fate.MAN_DOWN, hp=0)
    medic = attrs.evolve(me.character, skills={**me.character.skills, Skill.FIRST_AID: 95})
    empty = tuple(attrs.evolve(carried, loaded=0) for carried in me.weapons if carried.weapon.magazine)
    state = state.with_unit(down).with_unit(attrs.evolve(me, character=medic, weapons=empty, ammo={}))
    decision = LEVELS[level]().decide(state, random.Random(1))
    assert decision.line == f"aid {me.id} {friend.id}"


def test_a_forced_end_runs_a_broken_unit_to_its_edge_first() -> None:
    game = _gang()
    unit = game.state.active
    game.play(f"gm morale {unit} broken")
    events = end_stretch(game, "test")
    assert game.state.active != unit
    assert any(e.kind == "move" for e in events)
    mover = game.state.unit(unit)
    assert mover.fate is Fate.FLED or mover.morale is MoraleState.BROKEN
