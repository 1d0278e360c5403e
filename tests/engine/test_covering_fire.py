"""R17 covering fire, through `apcombat run`.

Ana (Grease Gun: fully automatic, 30 rounds, 1d10+3; LU 6) at 1,3 pins Bob, in cover at 7,3 behind the
hip-high wall at 6,3.
"""

from __future__ import annotations

import pytest

from .builders import duel

ANA_FIRST = "gm dice 6 1"  # R13.1
LOW_WALL = (
    "..............",
    "..............",
    "..............",
    "......=.......",
    "..............",
)
SETUP = ["gm set bob in_cover=true", ANA_FIRST]
PIN = [*SETUP, "pin ana bob"]


def pinning(ana_at=(1, 3), bob_at=(7, 3), a=None, b=None):
    return duel(ana_at, bob_at, rows=LOW_WALL, a={"weapons": ["grease_gun"], "LU": 6} | (a or {}), b=b)


def test_pin_gives_up_the_turn_and_spends_ten_rounds(play):
    # R17.1.
    out = play(pinning(), PIN).ok()
    ana = out.unit("ana")
    assert (ana["ammo"], ana["ap"], ana["status"]) == (20, 0, "pinning")
    assert out.active == "bob" and out.last("pin")["target"] == "bob"


@pytest.mark.parametrize(
    ("roll", "hits"),
    [(7, 0), (6, 1), (5, 1), (4, 2), (2, 4), (1, 5)],
)
def test_leaving_cover_first_takes_the_covering_fire(play, roll, hits):
    # R17.2: luck d10 against LU 6: failure none; success by 0 or 1: 1 hit; by n >= 2: n hits; each hit
    # rolls the Grease Gun's damage (d10 2: 5). Then Bob leaves cover (1 AP).
    out = play(pinning(), [*PIN, f"gm dice {roll}" + " 2" * hits, "uncover bob"]).ok()
    fire = out.last("covering_fire")
    assert (fire["roll"], fire["needed"], fire["hits"]) == (roll, 6, hits)
    assert [d["damage"] for d in fire["damage"]] == [5] * hits
    assert out.hp("bob") == 30 - 5 * hits
    assert out.kinds()[-2:] == ["covering_fire", "cover"]  # resolved before leaving
    bob = out.unit("bob")
    assert bob["in_cover"] is False and bob["ap"] == 7


def test_at_most_ten_hits_damage_through_armour_and_no_criticals(play):
    # R17.2: LU 10 + 5 (game master) against a 1: success by 14 -> 10 hits (the 10 rounds spent). Each hit
    # is damage as normal: metal armour stops 4 of each 1d10+3 = 4: nothing gets through; no critical.
    enc = pinning(a={"LU": 10}, b={"armor": "metal_armor"})
    out = play(enc, [*PIN, "gm mod 5", "gm dice 1" + " 1" * 10, "uncover bob"]).ok()
    fire = out.last("covering_fire")
    assert (fire["needed"], fire["hits"]) == (15, 10)
    assert fire["damage"] == [{"roll": [1], "damage": 0, "armor": 4}] * 10
    assert out.hp("bob") == 30


def test_covering_fire_resolves_once_only(play):
    # R17.2: the first time only: back into cover and out again, nothing more.
    script = [*PIN, "gm dice 7", "uncover bob", "cover bob", "uncover bob"]
    out = play(pinning(), script).ok()
    assert len(out.events("covering_fire")) == 1 and out.ap("bob") == 8 - 1 - 2 - 1
    assert out.unit("ana")["status"] == "acted"


def test_leaning_out_takes_the_covering_fire_before_the_shot(play):
    # R17.2, R9.5: the covering fire resolves before the lean-out shot (luck 6: 1 hit for 1d10+3 = 4).
    out = play(pinning(), [*PIN, "gm dice 6 1", "gm dice 99", "shoot bob ana lean"]).ok()
    assert out.kinds()[-2:] == ["covering_fire", "attack"]
    assert out.hp("bob") == 26 and out.unit("bob")["in_cover"] is True and out.ap("bob") == 2


def test_blind_fire_does_not_leave_cover_and_takes_no_covering_fire(play):
    # R9.4, R17.2: blind fire is from cover, without leaving it.
    out = play(pinning(), [*PIN, "gm dice 99", "shoot bob ana blind"]).ok()
    assert out.events("covering_fire") == [] and out.unit("ana")["status"] == "pinning"


def test_covering_fire_that_downs_the_enemy_stops_it_leaving(play):
    # R17.2, R12.2: Bob (4 HP) falls to the first hit and never leaves cover; the fight is won.
    out = play(pinning(b={"hp": 4}), [*PIN, "gm dice 1 1", "uncover bob"]).ok()
    assert out.hp("bob") == 0 and out.winner == "a"
    assert out.last("covering_fire")["hits"] == 5 and len(out.last("covering_fire")["damage"]) == 1


def test_covering_fire_ends_at_the_pinners_next_turn(play):
    # R17.2: only before the covering character's next turn.
    out = play(pinning(), [*PIN, "end", "end"]).ok()
    assert out.round == 2 and out.active == "bob" and out.unit("ana")["status"] == "acted"
    assert "covering fire ends" in out.last("watch_ends")["text"]
    out = play(pinning(), [*PIN, "end", "end", "uncover bob"]).ok()
    assert out.events("covering_fire") == [] and out.unit("bob")["in_cover"] is False


def test_a_prone_enemy_hidden_behind_its_cover_can_be_pinned(play):
    # R17.1: line of sight to the obstacle, not necessarily to the enemy (R8.5 hides him).
    out = play(pinning(b={"pose": "prone"}), PIN).ok()
    assert out.unit("ana")["status"] == "pinning"


@pytest.mark.parametrize(
    ("enc", "setup", "reason"),
    [
        (pinning(a={"weapons": ["colt_1911"]}), [], "fully automatic"),
        (pinning(), ["gm set ana ammo=9"], "holds 9"),
        (pinning(), ["gm set bob in_cover=false"], "not in cover"),
        (pinning(ana_at=(7, 0)), [], "cannot see the cover"),  # flanking: no obstacle between (R9.2)
        (pinning(), ["turn ana N"], "already spent AP"),
    ],
)
def test_pin_refused(play, enc, setup, reason):
    # R17.1.
    out = play(enc, [*SETUP, *setup, "pin ana bob"]).refused(3 + len(setup), reason)
    assert out.unit("ana")["status"] == "ready"


def test_pin_refused_when_a_wall_hides_the_cover(play):
    # R17.1: a wall at 3,3 stands between Ana and the hip-high obstacle Bob is behind.
    rows = (
        "..............",
        "..............",
        "..............",
        "...#..=.......",
        "..............",
    )
    enc = duel((1, 3), (7, 3), rows=rows, a={"weapons": ["grease_gun"]})
    play(enc, [*SETUP, "pin ana bob"]).refused(3, "cannot see the cover", "R17.1")
