"""R13 initiative and the round, R0.6 without initiative, through `apcombat run`."""

from __future__ import annotations

import pytest

from .builders import duel, encounter, first_in_file_order, unit


def three_units(**ana_fields):
    """Ana (side a), Bob and Cid (side b), in that file order, with the same initiative base 11."""
    return encounter(
        [
            unit("ana", "a", (1, 3), facing="E", **ana_fields),
            unit("bob", "b", (8, 2), facing="W"),
            unit("cid", "b", (8, 4), facing="W"),
        ]
    )


def initiative_rolls(outcome):
    return outcome.last("initiative")["rolls"]


def test_initiative_is_ag_pe_half_lu_plus_d6_and_highest_acts_first(play):
    # R13.1: AG + PE + LU // 2 + 1d6, rolled in file order; highest first.
    units = [
        unit("ana", "a", (1, 3)),  # AG 6 PE 5 LU 1: base 11
        unit("bob", "b", (8, 2), AG=8, LU=5),  # 8 + 5 + 2 = 15
        unit("cid", "b", (8, 4), AG=4, PE=4, LU=3),  # 4 + 4 + 1 = 9
    ]
    out = play(encounter(units), ["gm dice 6 1 6", "end"]).ok()
    rolls = initiative_rolls(out)
    assert [(r["unit"], r["base"], r["d6"], r["total"]) for r in rolls] == [
        ("ana", 11, 6, 17),
        ("bob", 15, 1, 16),
        ("cid", 9, 6, 15),
    ]
    # `end` ended Ana's turn: Bob is next in round 1.
    assert out.round == 1 and out.active == "bob"


def test_game_master_bonus_in_round_zero_counts(play):
    # R13.1: the game master's bonus for whoever opened the fight, set before the first round.
    out = play(three_units(), ["gm bonus cid 5", "gm dice 6 5 4"]).ok()
    assert out.round == 0 and out.active is None  # still set-up: only gm commands so far
    out = play(three_units(), ["gm bonus cid 5", "gm dice 6 5 4", "end"]).ok()
    rolls = initiative_rolls(out)
    assert [(r["unit"], r["bonus"], r["total"]) for r in rolls] == [("cid", 5, 20), ("ana", 0, 17), ("bob", 0, 16)]
    # Cid acted first: `end` ended his turn, and Ana is next.
    assert out.active == "ana" and out.unit("cid")["status"] == "acted"


def test_game_master_bonus_after_the_first_round_is_refused(play):
    # R13.1: bonuses are given before the first round.
    out = play(three_units(), [first_in_file_order(3), "end", "gm bonus cid 5"])
    out.refused(3, "before the first round", "R13.1")
    assert out.active == "bob"


def test_tie_on_total_goes_to_the_higher_base(play):
    # R13.1: ties: higher base value first.
    enc = duel(b={"AG": 8, "LU": 5})  # Bob's base 15, Ana's 11
    out = play(enc, ["gm dice 5 1"]).ok()
    out = play(enc, ["gm dice 5 1", "end"]).ok()
    rolls = initiative_rolls(out)
    assert [(r["unit"], r["total"]) for r in rolls] == [("bob", 16), ("ana", 16)]
    assert out.active == "ana" and out.unit("bob")["status"] == "acted"


def test_tie_on_total_and_base_goes_to_the_higher_agility(play):
    # R13.1: then AG.
    enc = duel(b={"AG": 7, "PE": 4})  # base 7 + 4 + 0 = 11, like Ana's
    out = play(enc, ["gm dice 3 3", "end"]).ok()
    rolls = initiative_rolls(out)
    assert [(r["unit"], r["base"], r["total"]) for r in rolls] == [("bob", 11, 14), ("ana", 11, 14)]
    assert all(r["roll_off"] == 0 for r in rolls)  # no roll-off was needed
    assert out.active == "ana"


@pytest.mark.parametrize(("offs", "first"), [((2, 5), "bob"), ((6, 1), "ana")])
def test_complete_tie_is_broken_by_a_roll_off(play, offs, first):
    # R13.1: then a roll-off, a d6 each for the tied units in file order, after the initiative d6s.
    out = play(duel(), [f"gm dice 3 3 {offs[0]} {offs[1]}", "end"]).ok()
    rolls = initiative_rolls(out)
    assert rolls[0]["unit"] == first and out.unit(first)["status"] == "acted"
    assert {r["unit"]: r["roll_off"] for r in rolls} == {"ana": offs[0], "bob": offs[1]}


def test_ap_left_are_lost_at_the_end_of_the_turn_and_rounds_advance(play):
    # R13.2: every unit takes one turn in order; AP left at the end of the turn are lost.
    out = play(duel(), ["gm dice 6 1", "move ana 2,3", "end"]).ok()
    assert out.ap("ana") == 0 and out.ap("bob") == 8 and out.active == "bob" and out.round == 1
    out = play(duel(), ["gm dice 6 1", "move ana 2,3", "end", "end"]).ok()
    assert out.round == 2 and out.active == "ana" and out.ap("ana") == 8 and out.ap("bob") == 0
    assert [e["round"] for e in out.events("round")] == [1, 2]


def test_initiative_is_kept_for_later_rounds_by_default(play):
    # R13.2, house rule reroll_initiative_each_round = false: no roll at the start of round 2.
    # The 2 and 5 left in the queue go to Ana's shot in round 2 instead (hit on 2, 1d10 = 5).
    out = play(duel(), ["gm dice 6 1 2 5", "end", "end", "shoot ana bob"]).ok()
    assert len(out.events("initiative")) == 1
    assert out.round == 2 and out.active == "ana"
    assert out.last("attack")["rounds_fired"][0]["roll"] == 2
    assert out.hp("bob") == 30 - 9


def test_initiative_rerolled_each_round_with_the_house_rule(play):
    # R13.2, house rule reroll_initiative_each_round = true: a new roll at the start of each round.
    enc = duel(house_rules={"reroll_initiative_each_round": True})
    out = play(enc, ["gm dice 6 1 2 5", "end", "end"]).ok()
    assert len(out.events("initiative")) == 2
    assert [r["unit"] for r in initiative_rolls(out)] == ["bob", "ana"]
    assert out.round == 2 and out.active == "bob"


def test_a_delayed_unit_acts_after_the_others(play):
    # R13.3: with no AP spent, a unit may delay and take its turn later in the round.
    script = [first_in_file_order(3), "delay ana"]
    out = play(three_units(), script).ok()
    assert out.active == "bob" and out.unit("ana")["status"] == "delayed" and out.ap("ana") == 8
    out = play(three_units(), [*script, "end", "end"]).ok()
    assert out.round == 1 and out.active == "ana" and out.ap("ana") == 8
    out = play(three_units(), [*script, "end", "end", "move ana 2,3", "end"]).ok()
    assert out.round == 2 and out.active == "ana" and out.at("ana") == (2, 3)


def test_a_delayed_unit_steps_in_before_a_unit_that_has_spent_nothing(play):
    # R13.3: the delayed unit acts whenever no one is acting: Bob has spent nothing, so Ana steps in.
    script = [first_in_file_order(3), "delay ana", "move ana 2,3"]
    out = play(three_units(), script).ok()
    assert out.active == "ana" and out.ap("ana") == 7 and out.ap("bob") == 8
    out = play(three_units(), [*script, "end"]).ok()
    assert out.active == "bob" and out.ap("bob") == 8  # back to Bob, his turn untouched
    out = play(three_units(), [*script, "end", "end", "end"]).ok()
    assert out.round == 2 and out.active == "ana"  # Cid's turn came after Bob's; nobody acted twice


def test_a_delayed_unit_cannot_step_in_once_the_active_unit_has_spent_ap(play):
    # R13.3: only when no one is acting.
    script = [first_in_file_order(3), "delay ana", "move bob 7,2", "move ana 2,3"]
    out = play(three_units(), script).refused(4, "not Ana's turn")
    assert out.active == "bob" and out.at("ana") == (1, 3)


def test_a_unit_that_spent_ap_cannot_delay(play):
    # R13.3: only a turn not begun can be delayed.
    play(three_units(), [first_in_file_order(3), "move ana 2,3", "delay ana"]).refused(3, "R13.3")


def test_a_delayed_turn_not_taken_by_the_end_of_the_round_is_lost(play):
    # R13.3: Cid acts last; delaying with nobody left to act loses the turn, and round 2 begins.
    out = play(three_units(), [first_in_file_order(3), "end", "end", "delay cid"]).ok()
    assert "the delayed turn is lost" in out.last("delay")["text"]
    assert out.round == 2 and out.active == "ana" and out.ap("cid") == 0


def test_without_initiative_units_act_in_the_order_listed(play):
    # R0.6: initiative switched off: no d6 is rolled, units act in file order even with better AG.
    enc = duel(b={"AG": 10, "PE": 10}, optional_rules={"initiative": False})
    out = play(enc, ["gm dice 2 5", "shoot ana bob"]).ok()
    assert "order listed" in out.last("initiative")["text"]
    assert out.last("attack")["rounds_fired"][0]["roll"] == 2  # the first die went to the shot
    out = play(enc, ["end", "end", "end"]).ok()
    assert out.round == 2 and out.active == "bob"


def allies_and_a_knock_out():
    """Ana and Cid (side a) against Bob. Ana delays; Bob's aimed head shot is a critical (10 <= 15, 5 damage
    doubled), her EN test fails (8) and she is out for 1d3 = 2 rounds (R12.1)."""
    units = [
        unit("ana", "a", (1, 3), facing="E"),
        unit("bob", "b", (8, 3), facing="W"),
        unit("cid", "a", (1, 5), facing="E"),
    ]
    script = [first_in_file_order(3), "delay ana", "gm dice 10 5 8 2", "shoot bob ana aimed head"]
    return encounter(units), script


def test_a_delayed_unit_knocked_out_loses_the_delayed_turn(play):
    # R13.3 with R12.1: an unconscious character takes no turn (engine fix: it used to get the delayed turn
    # after the others and could act).
    enc, script = allies_and_a_knock_out()
    out = play(enc, [*script, "end", "end"]).ok()
    assert out.round == 2 and out.active == "bob"
    assert out.unit("ana")["status"] == "unconscious"


def test_a_delayed_unit_knocked_out_cannot_step_in(play):
    # R13.3 with R12.1 (engine fix: it used to step in before Cid).
    enc, script = allies_and_a_knock_out()
    out = play(enc, [*script, "end", "move ana 2,3"]).refused(6, "not Ana's turn")
    assert out.active == "cid" and out.at("ana") == (1, 3)
