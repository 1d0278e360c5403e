"""The game master's commands (gm set, gm mod, gm force, gm dice) and undo / redo, through `apcombat run`."""

from __future__ import annotations

import pytest

from .builders import duel, hit_chance, modifiers

START = "gm dice 6 1"  # R13.1: Ana first, then Bob


def state_of(outcome):
    """The state part of the JSON: what undo must restore exactly."""
    return {key: outcome.data[key] for key in ("round", "active", "winner", "units")}


@pytest.mark.parametrize(
    ("assignment", "field", "value"),
    [
        ("hp=5", "hp", 5),
        ("ap=3", "ap", 3),
        ("pose=prone", "pose", "prone"),
        ("facing=NW", "facing", "NW"),
        ("at=4,5", "at", [4, 5]),
        ("in_cover=true", "in_cover", True),
        ("ammo=2", "ammo", 2),
    ],
)
def test_gm_set_overrides_a_field_and_is_logged(play, assignment, field, value):
    out = play(duel(), [START, "start", f"gm set ana {assignment}"]).ok()
    assert out.unit("ana")[field] == value
    event = out.last("gm")
    assert event["text"] == f"game master override: Ana {assignment}" and event["unit"] == "ana"


def test_gm_set_ap_limits_what_the_unit_can_do(play):
    out = play(duel(), [START, "start", "gm set ana ap=3", "move ana 5,3"]).refused(4, "needs 4 AP", "has 3")
    assert out.ap("ana") == 3


def test_gm_set_wounds_take_effect(play):
    # R12.1, R7.2: legs wounded by the game master: one step costs 2 AP.
    out = play(duel(), [START, "gm set ana wounds=legs,arm", "move ana 2,3"]).ok()
    assert out.ap("ana") == 6


def test_gm_set_hp_to_zero_downs_the_unit_and_may_end_the_fight(play):
    # R12.2.
    out = play(duel(), [START, "start", "gm set bob hp=0"]).ok()
    assert out.unit("bob")["status"] == "down" and out.winner == "a"


@pytest.mark.parametrize(
    ("assignment", "reason"),
    [
        ("at=8,3", "occupied"),
        ("at=40,3", "outside"),
        ("mood=grim", "cannot change 'mood'"),
        ("hp=many", "hp must be a whole number from 0 to 999, not 'many'"),
        ("pose=sitting", "pose must be upright, crouched or prone, not 'sitting'"),
        ("ap=-1", "ap must be a whole number from 0 to 50, not '-1'"),
    ],
)
def test_gm_set_refused(play, assignment, reason):
    out = play(duel(), [START, "start", f"gm set ana {assignment}"]).refused(3, reason)
    assert out.at("ana") == (1, 3) and out.hp("ana") == 30


def test_gm_set_at_on_a_wall_is_refused(play):
    rows = ("....", ".#..", "....")
    play(duel((0, 0), (3, 2), rows=rows), [START, "start", "gm set ana at=1,1"]).refused(3, "wall")


def test_gm_mod_applies_to_the_next_test_only(play):
    # R1.2: the game master's modifier is a named line of the breakdown, used up by the next test.
    script = [START, "gm mod -20", "gm dice 99", "shoot ana bob", "end", "end", "gm dice 99", "shoot ana bob"]
    out = play(duel(), script).ok()
    first, second = out.events("attack")
    assert modifiers(first)["gm"] == -20 and hit_chance(first) == 45
    assert "gm" not in modifiers(second) and hit_chance(second) == 65
    assert out.events("gm")[1]["modifier"] == -20


@pytest.mark.parametrize(("force", "roll", "hit", "hp"), [("hit", 99, True, 21), ("miss", 1, False, 30)])
def test_gm_force_overrides_the_to_hit_result_and_is_logged(play, force, roll, hit, hp):
    # The roll is still made and shown; the override is in the event.
    out = play(duel(), [START, f"gm force {force}", f"gm dice {roll} 5", "shoot ana bob"]).ok()
    attack = out.last("attack")
    assert attack["override"] == force
    assert (attack["rounds_fired"][0]["roll"], attack["rounds_fired"][0]["hit"]) == (roll, hit)
    assert attack["rounds_fired"][0]["critical"] is False
    assert any("game master override" in line for line in attack["lines"])
    assert out.hp("bob") == hp
    assert out.events("gm")[1]["force"] == force
    if not hit:  # a miss says so, with no HP arrow that changes nothing
        assert attack["text"] == "Ana attacks Bob: misses, no damage"
        assert "Bob: missed — no damage (30 HP)" in attack["lines"]


def test_gm_force_overrides_only_the_first_to_hit_result(play):
    # R4.3: the other rounds of a burst roll as usual.
    enc = duel(a={"weapons": ["grease_gun"]})
    out = play(enc, [START, "gm force miss", "gm dice 10 10 4 99", "shoot ana bob burst"]).ok()
    assert [r["hit"] for r in out.last("attack")["rounds_fired"]] == [False, True, False]
    assert out.hp("bob") == 23


def test_gm_dice_zero_reads_as_the_highest_face(play):
    # R0.2: 00 on a d100 is 100 (a miss), 0 on a d10 is 10.
    out = play(duel(), [START, "gm dice 0", "shoot ana bob"]).ok()
    assert out.last("attack")["rounds_fired"][0]["roll"] == 100
    out = play(duel(), [START, "gm dice 30 0", "shoot ana bob"]).ok()
    assert out.hp("bob") == 30 - 14


def test_gm_dice_that_cannot_be_rolled_refuse_the_command_and_change_nothing(play):
    # R0.2: a 7 on a d6 (the initiative die).
    out = play(duel(), ["gm dice 7 1", "move ana 2,3"]).refused(2, "cannot be rolled on a d6")
    assert out.round == 0 and out.at("ana") == (1, 3)


def test_undo_restores_the_state_before_the_last_command(play):
    before = play(duel(), [START, "move ana 3,3"]).ok()
    out = play(duel(), [START, "move ana 3,3", "shoot ana bob", "undo"]).ok()
    assert state_of(out) == state_of(before)
    assert out.last("undo")["command"] == "shoot ana bob"


def test_undo_back_to_set_up(play):
    # The first command rolled initiative: undoing it returns to round 0, with the queued dice back.
    out = play(duel(), [START, "move ana 3,3", "undo"]).ok()
    assert out.round == 0 and out.active is None and out.at("ana") == (1, 3)
    out = play(duel(), [START, "move ana 3,3", "undo", "end"]).ok()
    assert [r["d6"] for r in out.last("initiative")["rolls"]] == [6, 1]


def test_undo_restores_the_dice_so_the_same_rolls_come_again(play):
    # Seeded dice: the shot after undo rolls exactly what the undone shot rolled.
    once = play(duel(), [START, "shoot ana bob"], seed=7).ok()
    again = play(duel(), [START, "shoot ana bob", "undo", "shoot ana bob"], seed=7).ok()
    first, second = again.events("attack")
    assert first["rounds_fired"] == second["rounds_fired"] == once.last("attack")["rounds_fired"]
    assert state_of(again) == state_of(once)


def test_undo_restores_typed_in_dice(play):
    out = play(duel(), [START, "gm dice 30 5", "shoot ana bob", "undo", "shoot ana bob"]).ok()
    assert [a["rounds_fired"][0]["roll"] for a in out.events("attack")] == [30, 30]
    out = play(duel(), [START, "gm dice 30 5", "undo", "gm dice 99", "shoot ana bob"]).ok()
    assert out.last("attack")["rounds_fired"][0]["roll"] == 99


def test_redo_plays_the_undone_command_again_exactly(play):
    played = play(duel(), [START, "move ana 3,3", "shoot ana bob"], seed=3).ok()
    out = play(duel(), [START, "move ana 3,3", "shoot ana bob", "undo", "undo", "redo", "redo"], seed=3).ok()
    assert state_of(out) == state_of(played)
    assert [e["command"] for e in out.events("redo")] == ["move ana 3,3", "shoot ana bob"]


def test_a_new_command_after_undo_drops_the_redo(play):
    out = play(duel(), [START, "move ana 3,3", "undo", "move ana 2,3", "redo"]).refused(5, "nothing to redo")
    assert out.at("ana") == (2, 3)


def test_nothing_to_undo(play):
    play(duel(), ["undo"]).refused(1, "nothing to undo")


@pytest.mark.parametrize("assignment", ["hp=0", "unconscious=2"])
def test_an_override_that_takes_the_acting_unit_out_ends_its_turn(play, assignment):
    # R12.2, R12.1: a unit down or unconscious cannot act (engine fix: it used to stay active and could
    # go on shooting). Three units, so the fight goes on; the two Bobs are numbered to tell them apart.
    enc = duel()
    enc["unit"].append(duel(b_at=(8, 5))["unit"][1] | {"id": "cid"})
    out = play(enc, ["gm dice 6 5 4", "end", f"gm set bob {assignment}"]).ok()
    assert out.active == "cid" and out.winner is None
    play(enc, ["gm dice 6 5 4", "end", f"gm set bob {assignment}", "shoot bob ana"]).refused(4, "not Bob 1's turn")


def test_reviving_a_downed_unit_whose_cell_was_taken_is_refused(play):
    # R12.2, R7: a downed unit does not block its cell; once Ana walked onto Bob's, reviving him there would
    # put two units in one cell (engine fix). Moving him first works.
    enc = duel((1, 3), (2, 3), b={"hp": 9})
    enc["unit"].append(duel(b_at=(10, 6))["unit"][1] | {"id": "cid"})  # Bob's side goes on without him
    script = ["gm dice 6 5 4", "gm dice 30 5", "shoot ana bob", "gm set ana ap=8", "move ana 2,3"]
    out = play(enc, [*script, "gm set bob hp=10"]).refused(6, "another unit stands on Bob 1's cell")
    assert out.unit("bob")["status"] == "down"
    out = play(enc, [*script, "gm set bob at=3,3 hp=10"]).ok()
    assert out.at("bob") == (3, 3) and out.hp("bob") == 10 and out.unit("bob")["status"] == "ready"
