"""`preview`: what a command would cost before it is played — also when its outcome needs a roll."""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apcombat.content import Library, content_root, load_encounter, load_library
from apcombat.engine import CommandError, Game, parse_command, preview

from .builders import duel
from .test_covering_fire import PIN, pinning
from .test_jumping import GAP, START


@functools.cache
def _library() -> Library:
    return load_library(content_root())


def _game(arena, encounter, *lines: str) -> Game:
    game = Game(load_encounter(arena.write(encounter), _library()))
    for line in lines:
        game.play(line)
    return game


@pytest.fixture
def jumping_game(arena):
    """Ana (ST 6, AG 6: a 2 m standing jump) at 3,3 before a 2-cell gap, her turn begun."""
    return _game(arena, duel((3, 3), (11, 0), rows=GAP, a={"ST": 6}), START, "start")


def _shown(game: Game, line: str):
    command = parse_command(line)
    assert command is not None
    return preview(game.state, command)


@pytest.mark.parametrize("acrobatics_roll", [1, 100])  # lands, falls short
def test_a_jump_preview_shows_the_ap_it_costs_when_played(jumping_game, acrobatics_roll):  # R15.3
    # Walking 3,3 -> 6,3 is 90 mm = 3 AP, + 1 AP standing: 4 AP whatever the acrobatics test gives.
    shown = _shown(jumping_game, "jump ana 6,3")
    assert (shown.allowed, shown.ap_cost, shown.ap_left) == (True, 4, 4)
    assert shown.lines[0].startswith("4 AP; the outcome needs a roll: d100 for Ana's jump")
    before = jumping_game.state.unit("ana").ap
    jumping_game.play(f"gm dice {acrobatics_roll} 1")
    jumping_game.play("jump ana 6,3")
    assert before - jumping_game.state.unit("ana").ap == shown.ap_cost


def test_a_refused_jump_is_refused_in_the_preview(jumping_game):  # R15.1
    shown = _shown(jumping_game, "jump ana 7,3")
    assert not shown.allowed and "R15.1" in shown.reason


def test_a_preview_without_rolls_still_lists_what_happens(jumping_game):  # R8.1
    shown = _shown(jumping_game, "pose ana crouched")
    assert (shown.allowed, shown.ap_cost, shown.ap_left) == (True, 2, 6)
    assert shown.lines and "crouch" in shown.lines[0]


def test_leaving_cover_under_covering_fire_shows_its_ap(arena):  # R9.1, R17.2
    # Bob, pinned by Ana, leaves cover: 1 AP, after Ana's luck test decides how many rounds hit him.
    game = _game(arena, pinning(), *PIN)
    shown = _shown(game, "uncover bob")
    assert (shown.allowed, shown.ap_cost) == (True, 1)
    assert shown.roll.startswith("d10 for Ana's covering fire on Bob")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    landing=st.tuples(st.integers(0, 11), st.integers(0, 4)),
    first_steps=st.sampled_from([[], ["move ana 2,3"], ["move ana 1,3 3,3"], ["turn ana S"]]),
    acrobatics_roll=st.integers(1, 100),
)
def test_a_jump_costs_what_its_preview_says_whatever_the_dice(arena, landing, first_steps, acrobatics_roll):  # R15
    game = _game(arena, duel((3, 3), (11, 0), rows=GAP, a={"ST": 6}), START, "start", *first_steps)
    line = f"jump ana {landing[0]},{landing[1]}"
    shown = _shown(game, line)
    before = game.state.unit("ana").ap
    game.play(f"gm dice {acrobatics_roll} 3")
    try:
        game.play(line)
    except CommandError as refused:
        assert not shown.allowed and shown.reason == str(refused)
        return
    assert shown.allowed and before - game.state.unit("ana").ap == shown.ap_cost


def test_an_attacks_preview_gives_its_expected_damage_and_played_shots_average_near_it(arena):  # R7, R10
    start = load_encounter(arena.write(duel((1, 3), (4, 3))), _library())
    shown = _shown(_game_of(start, 0), "shoot ana bob")
    assert shown.allowed and shown.attack is not None and shown.expected_damage > 0
    losses = []
    for seed in range(300):
        played = _game_of(start, seed)
        before = played.state.unit("bob").hp
        played.play("shoot ana bob")
        losses.append(before - played.state.unit("bob").hp)
    assert sum(losses) / len(losses) == pytest.approx(shown.expected_damage, rel=0.2)


def _game_of(start, seed: int) -> Game:
    game = Game(start, seed=seed)
    for line in (START, "start"):
        game.play(line)
    return game
