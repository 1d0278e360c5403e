"""R16 reaction: the watch, the perception test, the interruption and handing control back, through
`apcombat run`.

Bob watches from 8,3 facing W: his cone is 22.5 degrees each side of W, out to the Colt's two best bands
(cqc and close: 10 m). Ana starts at 4,1 (26.6 degrees off his facing: outside) facing SE; her move to 6,3
steps first into 5,2 (18.4 degrees off, 3.2 m: watched), then 6,3.
"""

from __future__ import annotations

import pytest

from .builders import duel, encounter, hit_chance, modifiers, unit

BOB_FIRST = "gm dice 1 6"  # R13.1: Bob 17, Ana 12


def watch(ana_at=(4, 1), bob_at=(8, 3), **fields):
    return duel(ana_at, bob_at, **({"a": {"facing": "SE"}} | fields))


def test_react_gives_up_the_turn_and_stands_ready(play):
    # R16.1: the whole turn is sacrificed; Bob watches with his 8 AP held back.
    out = play(watch(), [BOB_FIRST, "react bob"]).ok()
    assert out.active == "ana" and out.ap("bob") == 0 and out.unit("bob")["status"] == "watching"
    assert out.last("watch")["ap"] == 8


def test_react_only_with_no_ap_spent(play):
    # R16.1: a 90 degree turn (1 AP) spends AP; a free 45 degree turn does not.
    play(watch(), [BOB_FIRST, "turn bob N", "react bob"]).refused(3, "already spent AP", "R16.1")
    out = play(watch(), [BOB_FIRST, "turn bob NW", "react bob"]).ok()
    assert out.unit("bob")["status"] == "watching" and out.last("watch")["ap"] == 8


def test_an_enemy_entering_the_cone_is_interrupted_mid_move(play):
    # R16.2: perception d10 3 <= PE 5: Bob interrupts at once; Ana stops at 5,2 keeping what she bought
    # (one diagonal: 2 AP, 18 mm left); Bob acts with his 8 sacrificed AP.
    out = play(watch(), [BOB_FIRST, "react bob", "gm dice 3", "move ana 6,3"]).ok()
    move = out.last("move")
    assert move["path"] == [[5, 2]] and move["interrupted"] is True
    assert (move["ap_after"], move["carried_mm"]) == (6, 18)
    interrupt = out.last("interrupt")
    assert (interrupt["roll"], interrupt["needed"], interrupt["ap"], interrupt["mover"]) == (3, 5, 8, "ana")
    assert out.kinds()[-2:] == ["move", "interrupt"]  # the move is reported before the interruption
    assert out.active == "bob" and out.ap("bob") == 8 and out.unit("bob")["status"] == "watching"
    assert out.at("ana") == (5, 2) and out.ap("ana") == 6


def test_the_watcher_fires_and_end_hands_control_back(play):
    # R16.2: Bob fires at Ana (3.2 m: close +5), `end` returns the turn to Ana, who goes on with her 6 AP
    # and the 18 mm carried: the next diagonal costs 1 AP (R7.1). R16.3: Bob's unused 3 AP are lost.
    script = [BOB_FIRST, "react bob", "gm dice 3", "move ana 6,3", "gm dice 30 5", "shoot bob ana"]
    out = play(watch(), script).ok()
    assert hit_chance(out.last("attack")) == 65 and out.ap("bob") == 3 and out.hp("ana") == 21
    out = play(watch(), [*script, "end"]).ok()
    assert out.active == "ana" and out.ap("ana") == 6 and out.ap("bob") == 0
    assert out.last("interrupt_end")["unit"] == "bob"
    out = play(watch(), [*script, "end", "move ana 6,3"]).ok()
    assert out.at("ana") == (6, 3) and out.ap("ana") == 5 and out.events("reaction") == []


def test_the_interrupting_watcher_cannot_react_again_or_delay(play):
    # R16.2: during the interruption it can fire, take cover, change pose or move.
    script = [BOB_FIRST, "react bob", "gm dice 3", "move ana 6,3"]
    play(watch(), [*script, "react bob"]).refused(5, "interrupting", "R16.2")
    play(watch(), [*script, "delay bob"]).refused(5, "interrupting")
    out = play(watch(), [*script, "pose bob crouched", "end"]).ok()
    assert out.unit("bob")["pose"] == "crouched" and out.active == "ana"


def test_a_failed_perception_test_lets_the_move_go_on(play):
    # R16.2: 7 > 5: Ana walks on to 6,3 (2 diagonals: 3 AP); Bob still watches.
    out = play(watch(), [BOB_FIRST, "react bob", "gm dice 7", "move ana 6,3"]).ok()
    reaction = out.last("reaction")
    assert (reaction["roll"], reaction["needed"], reaction["mover"]) == (7, 5, "ana")
    assert "does not notice" in reaction["text"]
    assert out.at("ana") == (6, 3) and out.ap("ana") == 5 and out.active == "ana"
    assert out.unit("bob")["status"] == "watching" and out.events("interrupt") == []


def test_an_enemy_that_was_tested_never_triggers_again_in_that_watch(play):
    # R16.2: Ana leaves the cone (6,1 is 45 degrees off) and enters again at 5,2: no second test.
    enc = watch(a={"facing": "SE", "ap": 14})
    script = [BOB_FIRST, "react bob", "gm dice 7", "move ana 6,3", "move ana 6,1", "move ana 5,2"]
    out = play(enc, script).ok()
    assert len(out.events("reaction")) == 1 and out.events("interrupt") == []
    assert out.at("ana") == (5, 2) and out.unit("bob")["status"] == "watching"


def three_units():
    """Bob (side b) watches; Ana and Cid (side a) come at him. Initiative: Bob, Ana, Cid."""
    units = [
        unit("ana", "a", (4, 1), facing="SE"),
        unit("bob", "b", (8, 3), facing="W"),
        unit("cid", "a", (3, 0), facing="SE"),
    ]
    return encounter(units), "gm dice 2 6 1"


def test_another_enemy_may_trigger_a_test_after_a_failed_one(play):
    # R16.2: Ana's test failed; Cid entering 5,2 causes a new test, which succeeds and interrupts him.
    enc, start = three_units()
    script = [start, "react bob", "gm dice 7", "move ana 6,3", "end", "gm dice 2", "move cid 5,2"]
    out = play(enc, script).ok()
    assert out.last("interrupt")["mover"] == "cid" and out.active == "bob" and out.at("cid") == (5, 2)


def test_one_interruption_per_watch(play):
    # R16.3: after interrupting Ana, Bob's watch is over: Cid walks in untested.
    enc, start = three_units()
    script = [start, "react bob", "gm dice 3", "move ana 6,3", "end", "move ana 6,3", "end", "move cid 5,2"]
    out = play(enc, script).ok()
    assert len(out.events("interrupt")) == 1 and len(out.events("reaction")) == 0
    assert out.at("cid") == (5, 2) and out.active == "cid"
    assert out.unit("bob")["status"] == "acted"


def test_the_watch_ends_at_the_watchers_next_turn(play):
    # R16.1: until its next turn, which it takes in full.
    out = play(watch(), [BOB_FIRST, "react bob", "end"]).ok()
    assert out.round == 2 and out.active == "bob" and out.ap("bob") == 8
    assert out.unit("bob")["status"] == "ready" and out.last("watch_ends")["unit"] == "bob"


@pytest.mark.parametrize(("weapon", "tested"), [("colt_1911", True), ("hunting_rifle", False)])
def test_only_the_two_best_ranges_are_watched(play, weapon, tested):
    # R16.1, R1.3: Ana enters 6,3, 2 m from Bob: the Colt's cqc band (+10, a best range) but the hunting
    # rifle's cqc band (-5; its best are close +5 and medium +10).
    enc = duel((6, 1), (8, 3), a={"facing": "S"}, b={"weapons": [weapon]})
    out = play(enc, [BOB_FIRST, "react bob", "gm dice 9", "move ana 6,3"]).ok()
    assert bool(out.events("reaction")) is tested
    assert out.at("ana") == (6, 3)


def test_an_enemy_entering_the_cone_beyond_the_best_ranges_is_not_tested(play):
    # R16.1: 0,1 is 10 degrees off Bob's facing but 11.2 m away: the Colt's medium band.
    enc = duel((0, 0), (11, 3), a={"facing": "S"})
    out = play(enc, [BOB_FIRST, "react bob", "move ana 0,2"]).ok()
    assert out.events("reaction") == [] and out.at("ana") == (0, 2)


def test_game_master_modifier_and_exhaustion_on_the_perception_test(play):
    # R16.2 the game master's modifier; R14.3 a d10 test takes a tenth of the exhaustion penalty (-20: -2).
    out = play(watch(), [BOB_FIRST, "react bob", "gm mod -1", "gm dice 5", "move ana 6,3"]).ok()
    assert out.last("reaction")["needed"] == 4 and out.at("ana") == (6, 3)
    script = [BOB_FIRST, "gm set bob exhaustion=20:2", "react bob", "gm dice 4", "move ana 6,3"]
    out = play(watch(), script).ok()
    assert out.last("reaction")["needed"] == 3 and out.events("interrupt") == []


def test_a_reaction_shot_is_made_with_the_watchers_own_modifiers(play):
    # R16.2, R14.3: the watcher's exhaustion applies to its reaction shot.
    script = [BOB_FIRST, "gm set bob exhaustion=20:2", "react bob", "gm dice 1", "move ana 6,3"]
    out = play(watch(), [*script, "gm dice 99", "shoot bob ana"]).ok()
    assert modifiers(out.last("attack"))["exhaustion"] == -20


def test_a_mover_downed_during_the_interruption_loses_the_rest_of_its_turn(play):
    # R16.2, R12.2: Bob's reaction shot downs Ana (5 HP); `end` hands control back, and her turn is over.
    enc, start = three_units()
    enc["unit"][0]["hp"] = 5
    script = [start, "react bob", "gm dice 3", "move ana 6,3", "gm dice 30 5", "shoot bob ana", "end"]
    out = play(enc, script).ok()
    assert out.unit("ana")["status"] == "down" and out.winner is None
    assert out.active == "cid" and out.ap("cid") == 8
