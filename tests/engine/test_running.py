"""R14.2-R14.3 the body-control test after running and the exhaustion it leaves, through `apcombat run`."""

from __future__ import annotations

import pytest

from .builders import duel, modifiers

START = "gm dice 6 1"  # R13.1: Ana first, then Bob
RUN = "move ana 4,3 run"  # R14.1: four steps (120 mm) running: 3 AP
MISS = ["gm dice 99", "shoot ana bob"]  # a shot that misses, to read the hit chance's breakdown


def runner():
    # Ana at 0,3 facing E; Bob far off at 11,0 (7.6 m from 4,3: the Colt's close band).
    return duel((0, 3), (11, 0))


def exhaustion_per_round(outcome):
    return [modifiers(attack).get("exhaustion", 0) for attack in outcome.events("attack")]


@pytest.mark.parametrize(
    ("roll", "verdict", "penalty", "turns"),
    [
        (1, "lucky success", 0, 0),  # roll <= LU 1: no penalty
        (30, "success", 10, 1),  # -10 during the next turn
        (50, "success", 10, 1),  # body control 50: the edge still succeeds
        (51, "failure", 20, 2),  # -20 for ceil(3 AP / 2) turns
        (96, "critical failure", 40, 3),  # 96-100: -40 for as many turns as AP spent running
    ],
)
def test_body_control_test_at_the_end_of_a_turn_with_running(play, roll, verdict, penalty, turns):
    # R14.2, R0.3.
    out = play(runner(), [START, RUN, f"gm dice {roll}", "end"]).ok()
    test = out.last("exhaustion")
    assert (test["roll"], test["needed"], test["penalty"], test["turns"]) == (roll, 50, penalty, turns)
    assert f"— {verdict}" in test["text"] and "ran (3 AP)" in test["text"]


def test_no_body_control_test_without_running(play):
    # R14.2: only a turn in which the character ran.
    out = play(runner(), [START, "move ana 4,3", "end"]).ok()
    assert out.events("exhaustion") == []


@pytest.mark.parametrize(
    ("roll", "per_round"),
    [
        (1, [0, 0, 0, 0]),
        (30, [-10, 0, 0, 0]),
        (70, [-20, -20, 0, 0]),
        (98, [-40, -40, -40, 0]),
    ],
)
def test_the_penalty_applies_to_the_hit_chance_and_counts_down(play, roll, per_round):
    # R14.3: every hit chance in the character's next N turns (`exhaustion` in the breakdown), then gone.
    script = [START, RUN, f"gm dice {roll}", "end", "end"]
    for _ in per_round:
        script += [*MISS, "end", "end"]
    out = play(runner(), script).ok()
    assert exhaustion_per_round(out) == per_round
    first = out.events("attack")[0]
    assert first["guns"][0]["hit_chance"] == 65 + per_round[0]  # 60 + close 5, less the penalty


def test_a_smaller_new_penalty_does_not_replace_a_larger_one(play):
    # R14.3: failure (-20 for 2 turns); next turn Ana runs again and succeeds (-10 for 1 turn): the -20
    # stays for its last turn, then nothing.
    script = [START, RUN, "gm dice 70", "end", "end"]
    script += ["move ana 5,3 run", *MISS, "gm dice 20", "end", "end"]
    script += [*MISS, "end", "end", *MISS]
    out = play(runner(), script).ok()
    assert exhaustion_per_round(out) == [-20, -20, 0]
    second_test = out.events("exhaustion")[1]
    assert second_test["needed"] == 50 - 20  # R14.3: the body-control test itself takes the penalty


def test_a_larger_new_penalty_replaces_a_smaller_one(play):
    # R14.3: success (-10 for 1 turn); next turn a critical failure after 1 AP of running (-40 for 1 turn).
    script = [START, RUN, "gm dice 20", "end", "end"]
    script += ["move ana 5,3 run", *MISS, "gm dice 99", "end", "end"]
    script += [*MISS, "end", "end", *MISS]
    out = play(runner(), script).ok()
    assert exhaustion_per_round(out) == [-10, -40, 0]


def test_the_penalty_applies_to_other_d100_tests_such_as_a_jump(play):
    # R14.3: every d100 test: the acrobatics test of a jump takes -20 (R15.2).
    rows = ("............", "............", "............", "...._.......", "............")
    enc = duel((0, 3), (11, 0), rows=rows, a={"ST": 6})
    # Round 2: standing jump 3,3 -> 5,3 over the gap: 2 m between centres less 1 m = 1 m, max (6 + 6) / 6 = 2 m,
    # +10 for the whole metre to spare.
    script = [START, "move ana 3,3 run", "gm dice 70", "end", "end", "gm dice 10", "jump ana 5,3"]
    out = play(enc, script).ok()
    assert out.last("jump")["needed"] == 50 + 10 - 20


def test_an_equal_new_penalty_replaces_the_old_one_when_it_lasts_longer(play):
    # R14.3: -20 with 2 turns left, and at the end of this turn one of them is over; running 4 AP and
    # failing gives -20 for 2 turns: equal and longer, so it replaces what is left (1 turn).
    script = [START, "gm set ana exhaustion=20:2", "move ana 6,3 run", "gm dice 70", "end", "end"]
    out = play(runner(), script).ok()
    assert out.last("exhaustion")["penalty"] == 20 and out.last("exhaustion")["turns"] == 2
    assert "exhausted -20 (2 turn(s) left)" in out.events("turn")[-1]["text"]


def test_turn_ap_inside_a_run_are_not_running_ap(play):
    # R14.2: facing E, a run north up a corridor turns 90 degrees first (1 AP) and runs 90 mm (2 AP):
    # 3 AP, 2 of them running.
    rows = ("#.#.........", "#.#.........", "#.#.........", "#.#.........", "#...........")
    out = play(duel((1, 4), (11, 0), rows=rows), [START, "move ana 1,1 run", "gm dice 30", "end"]).ok()
    assert out.events("move")[0]["ap_before"] - out.events("move")[0]["ap_after"] == 3
    assert "ran (2 AP)" in out.last("exhaustion")["text"]


BOB_FIRST = "gm dice 1 6"  # R13.1: Bob first
INTERRUPT = [BOB_FIRST, "react bob", "gm dice 3", "move ana 6,3"]  # Bob's perception 3 <= PE 5: he interrupts


def watch():
    # Bob watches from 8,3 facing W; Ana's move from 4,1 to 6,3 steps into his cone at 5,2 (tests/engine/
    # test_reaction.py).
    return duel((4, 1), (8, 3), a={"facing": "SE"})


def test_a_watcher_that_ran_in_its_interruption_tests_body_control_at_its_end(play):
    # R14.2: Bob runs two steps south in the interruption (a 90 degree turn, 1 AP, and 60 mm at 45 mm per
    # AP, 2 AP running); at its end he tests body control: d100 30 <= 50, -10 for 1 turn.
    out = play(watch(), [*INTERRUPT, "move bob 8,5 run", "gm dice 30", "end"]).ok()
    test = out.last("exhaustion")
    assert test["unit"] == "bob" and "ran (2 AP)" in test["text"] and (test["penalty"], test["turns"]) == (10, 1)
    assert out.active == "ana" and out.kinds()[-2:] == ["interrupt_end", "exhaustion"]


def test_the_penalty_from_an_interruption_lasts_through_the_next_own_turn(play):
    # R14.3: an interruption is not one of the watcher's turns: the -10 for 1 turn is still there when
    # Bob's next turn starts, and gone after it.
    script = [*INTERRUPT, "move bob 8,5 run", "gm dice 30", "end", "end"]
    out = play(watch(), script).ok()
    assert out.active == "bob" and "exhausted -10 (1 turn(s) left)" in out.events("turn")[-1]["text"]
    out = play(watch(), [*script, "end"]).ok()
    assert out.active == "ana" and "exhausted" not in out.events("turn")[-1]["text"]
