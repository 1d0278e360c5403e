"""R7.3: the chain of turns — explicit turns joined with each other and with the turns a move's first and last
steps make — and what closes it; item 7 of issue 9: a turn or move that changes nothing is refused."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import CommandError, Game

from .builders import duel, write_encounter

START = "gm dice 6 1"  # R13.1: Ana first, then Bob; Ana at 1,3 facing E


def spent(outcome) -> int:
    return 8 - outcome.ap("ana")


def test_a_free_turn_before_a_step_joins_the_steps_turn(play):
    # R7.3: facing E, `turn ana NE` (0 AP) then a step N is one 90 degree turn, 1 AP, and the step 1 AP:
    # 2 AP, as much as a plain step N — splitting off a free 45 degrees saves nothing.
    split = play(duel(), [START, "turn ana NE", "move ana 1,2"]).ok()
    plain = play(duel(), [START, "move ana 1,2"]).ok()
    assert spent(split) == spent(plain) == 2
    assert split.last("move")["ap_before"] - split.last("move")["ap_after"] == 2


def test_a_turn_right_after_a_move_joins_the_turn_its_last_step_made(play):
    # R7.3: a step NE from facing E (45 degrees, free; 42 mm, 2 AP), then `turn ana N`: one 90 degree turn
    # from E, 1 AP.
    out = play(duel(), [START, "move ana 2,2", "turn ana N"]).ok()
    assert out.last("turn_facing")["ap_before"] - out.last("turn_facing")["ap_after"] == 1
    assert spent(out) == 3


def test_a_turn_after_a_longer_move_joins_only_its_last_steps_turn(play):
    # R7.3: steps NE then N (each 45 degrees, free), then `turn ana NW`: the last step's 45 degrees and
    # these 45 are one 90 degree turn, 1 AP (not the 135 degrees from E the whole move turned).
    out = play(duel(), [START, "move ana 2,2 2,1", "turn ana NW"]).ok()
    assert out.last("turn_facing")["ap_before"] - out.last("turn_facing")["ap_after"] == 1


def test_a_one_step_move_between_two_turns_joins_all_three(play):
    # R7.3: NE (0 AP), a step N (E -> N: 1 AP turn + 1 AP step), NW (E -> NW is 135 degrees: 2 AP, 1 paid).
    out = play(duel(), [START, "turn ana NE", "move ana 1,2", "turn ana NW"]).ok()
    assert spent(out) == 0 + 2 + 1


def test_a_second_move_does_not_join_the_first_moves_last_turn(play):
    # R7.3: a step closes the chain: NE (45 degrees from E) then, as another move, N (45 from NE): no AP for
    # turning in either.
    out = play(duel(), [START, "move ana 2,2", "move ana 2,1"]).ok()
    assert spent(out) == 2 + 1


def test_turns_never_cost_less_than_nothing(play):
    # R7.3: E -> N 1 AP, then back N -> E: the whole turn is 0 degrees, costing 0; nothing is refunded.
    out = play(duel(), [START, "turn ana N", "turn ana E"]).ok()
    assert spent(out) == 1


def test_delaying_closes_the_chain(play):
    # R7.3: any other action closes the chain. NE (0 AP), delay; when Ana takes her turn after Bob, NE -> N
    # is a turn of its own: 45 degrees, 0 AP (joined with the first it would be 90 degrees, 1 AP).
    out = play(duel(), [START, "turn ana NE", "delay ana", "end", "turn ana N"]).ok()
    assert out.active == "ana" and spent(out) == 0


def test_the_end_of_another_turn_closes_the_chain(play):
    # R7.3: Bob turns SW (0 AP), Ana (delayed) steps in and ends her turn before him; back to Bob, SW -> S is
    # a turn of its own: 0 AP (joined, W -> S would be 90 degrees: 1 AP).
    script = [START, "delay ana", "turn bob SW", "turn ana NE", "end", "turn bob S"]
    out = play(duel(), script).ok()
    assert out.active == "bob" and out.unit("bob")["ap"] == 8


def _game(tmp_path, **fields) -> Game:
    path = write_encounter(tmp_path / "duel.toml", duel(**fields))
    return Game(load_encounter(path, load_library(content_root())), seed=1)


def test_a_watch_closes_the_chain(tmp_path):
    # R7.3: a watch closes the chain (and R7.1 the movement carried): a 0 AP turn and then a watch leave
    # nothing for a turn in the interruption to join.
    game = _game(tmp_path)
    game.play_all([START, "turn ana NE", "react ana"])
    ana = game.state.unit("ana")
    assert (ana.turn_degrees, ana.turn_paid, ana.carried_mm) == (0.0, 0, 0)


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("turn ana E", "already faces E"),  # item 7: a turn to the facing it has
        ("turn ana 360", "already faces E"),
        ("move ana 1,3", "already at 1,3"),  # item 7: a move to the cell it stands on
    ],
)
def test_a_turn_or_move_that_changes_nothing_is_refused(play, line, words):
    out = play(duel(), [START, "start", line]).refused(3, words)
    assert out.ap("ana") == 8 and out.events("turn_facing") == out.events("move") == []


def test_a_table_move_of_nothing_is_refused(play):
    # Item 7 in table mode: 0 cm changes nothing.
    play(duel(rows=None), [START, "start", "move ana 0cm"]).refused(3, "changes nothing")


FACINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


@settings(max_examples=60, deadline=None)
@given(
    turns=st.lists(st.sampled_from(FACINGS), min_size=1, max_size=3),
    target=st.tuples(st.integers(0, 7), st.integers(0, 6)),
)
def test_turns_then_a_bending_path_never_cost_less_than_the_same_turns_made_one_by_one(tmp_path_factory, turns, target):
    # R7.3: explicit turns and then a move cost at least what the plain move from the first facing costs —
    # the turns a path makes, made first and one by one, never save AP.
    folder = tmp_path_factory.mktemp("chain")
    cell = f"{target[0]},{target[1]}"
    plain = _game(folder)
    plain.play(START)
    try:
        plain.play(f"move ana {cell}")
    except CommandError:
        return
    plain_ap = 8 - plain.state.unit("ana").ap
    turned = _game(folder)
    turned.play(START)
    for facing in turns:
        with contextlib.suppress(CommandError):
            turned.play(f"turn ana {facing}")
    try:
        turned.play(f"move ana {cell}")
    except CommandError:
        return
    assert 8 - turned.state.unit("ana").ap >= plain_ap


@pytest.mark.parametrize("symbol", ["#", "=", "_"])
def test_a_diagonal_step_past_a_wall_a_low_obstacle_or_a_gap_is_refused(play, symbol):
    # R7.3 ruling: from 1,1 the diagonal to 2,2 passes between 2,1 and 1,2; with a wall, a low obstacle or a
    # gap at 2,1 the move goes round by 1,2 (S, then E) instead.
    rows = ("......", f"..{symbol}...", "......", "......")
    out = play(duel((1, 1), (5, 3), rows=rows), [START, "move ana 2,2"]).ok()
    assert out.last("move")["path"] == [[1, 2], [2, 2]]
