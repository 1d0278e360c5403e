"""R15 jumping on the map, through `apcombat run`: maximum distance, the acrobatics test, AP, falling short."""

from __future__ import annotations

import pytest

from .builders import duel

START = "gm dice 6 1"  # R13.1: Ana first, then Bob

# A 2-cell gap at 4,3 and 5,3: a jump from 3,3 to 6,3 is 3 m between centres, so 2 m (R15.2).
GAP = (
    "............",
    "............",
    "............",
    "....__......",
    "............",
)


def jumper(ana_at=(3, 3), rows=GAP, **ana):
    return duel(ana_at, (11, 0), rows=rows, a=ana)


def test_standing_jump_across_a_gap(play):
    # R15.1 standing max (ST 6 + AG 6) / 6 = 2 m: a 2 m jump is allowed, with nothing to spare (+0);
    # R15.3: walking 3,3 -> 6,3 is 90 mm = 3 AP, + 1 AP standing; acrobatics 50: a 50 lands.
    out = play(jumper(ST=6), [START, "gm dice 50", "jump ana 6,3"]).ok()
    jump = out.last("jump")
    assert (jump["roll"], jump["needed"], jump["bonus"], jump["landed"]) == (50, 50, 0, True)
    assert (jump["ap_before"], jump["ap_after"]) == (8, 4)
    assert out.at("ana") == (6, 3) and out.unit("ana")["facing"] == "E"


def test_a_standing_jump_longer_than_the_maximum_is_refused(play):
    # R15.1: (5 + 6) / 6 = 1.83 m < 2 m.
    out = play(jumper(), [START, "start", "jump ana 6,3"]).refused(3, "at most 1.83 m", "R15.1")
    assert out.at("ana") == (3, 3) and out.ap("ana") == 8


@pytest.mark.parametrize(("how", "ap"), [("", 3), (" run", 3)])
def test_a_jump_from_movement_reaches_farther_and_costs_no_extra_ap(play, how, ap):
    # R15.1: the last two steps (walking or running) went E, the jump's way: max (5 + 6) / 2 = 5.5 m;
    # R15.2: +10 per whole metre to spare: 3.5 m -> +30; R15.3: 90 mm of walking, no standing AP: 3 AP —
    # after running too: the 30 mm its 2 AP left were bought at the running rate, and the jump is paid at
    # the walking rate (R7.1: movement bought at one rate is lost when a step needs another).
    out = play(jumper((1, 3)), [START, f"move ana 3,3{how}", "gm dice 80", "jump ana 6,3"]).ok()
    jump = out.last("jump")
    assert (jump["needed"], jump["bonus"], jump["landed"]) == (80, 30, True)
    assert jump["ap_before"] - jump["ap_after"] == ap and out.at("ana") == (6, 3)


@pytest.mark.parametrize(
    ("start", "moves"),
    [((2, 3), ["move ana 3,3"]), ((2, 2), ["move ana 2,3", "move ana 3,3"]), ((1, 2), ["move ana 2,3 3,3"])],
)
def test_without_two_steps_in_the_jumps_direction_it_is_a_standing_jump(play, start, moves):
    # R15.1: one step only, or the step before the last not towards the landing: standing (1.83 m max).
    out = play(jumper(start), [START, *moves, "jump ana 6,3"])
    out.refused(2 + len(moves), "standing", "R15.1")


def test_the_jump_bonus_counts_whole_metres(play):
    # R15.2: standing, 2 m: ST 10 AG 8 -> max 3 m: +10; ST 10 AG 10 -> 3.33 m: +10; from movement 5.5 m: +30.
    out = play(jumper(ST=10, AG=8), [START, "gm dice 99 1", "jump ana 6,3"]).ok()
    assert out.last("jump")["bonus"] == 10
    out = play(jumper(ST=10, AG=10), [START, "gm dice 99 1", "jump ana 6,3"]).ok()
    assert out.last("jump")["bonus"] == 10


def test_the_game_masters_modifier_counts_in_the_jump(play):
    # R15.2: plus the game master's modifier.
    out = play(jumper(ST=6), [START, "gm mod 15", "gm dice 65", "jump ana 6,3"]).ok()
    jump = out.last("jump")
    assert jump["needed"] == 65 and jump["landed"] is True


def test_a_failed_jump_lands_prone_in_the_gap_and_hurts(play):
    # R15.3: 51 > 50 fails: Ana falls into the gap short of the far side, prone, 1d6 (4) damage.
    out = play(jumper(ST=6), [START, "gm dice 51 4", "jump ana 6,3"]).ok()
    jump = out.last("jump")
    assert (jump["landed"], jump["damage"], jump["at"]) == (False, 4, [5, 3])
    ana = out.unit("ana")
    assert (ana["at"], ana["pose"], ana["hp"], ana["ap"]) == ([5, 3], "prone", 31 - 4, 4)


def test_a_failed_jump_without_a_gap_lands_on_the_cell_before_the_landing(play):
    # R15.3: over floor: short of the landing cell.
    out = play(jumper(ST=6, rows=("." * 12,) * 5), [START, "gm dice 90 2", "jump ana 6,3"]).ok()
    assert out.at("ana") == (5, 3) and out.unit("ana")["pose"] == "prone"


def test_a_failed_jump_never_lands_on_another_unit(play):
    # R15.3 with R7: Bob stands in the cell short of the landing; Ana falls before him (engine fix).
    enc = duel((3, 3), (5, 3), rows=("." * 12,) * 5, a={"ST": 6})
    out = play(enc, [START, "gm dice 90 2", "jump ana 6,3"]).ok()
    assert out.at("ana") == (4, 3) and out.at("bob") == (5, 3)


def test_a_standing_jump_pays_for_turning_first(play):
    # R15.3, R7.3: facing N, the jump E first turns 90 degrees (1 AP): 1 + 3 + 1 = 5 AP.
    out = play(jumper(ST=6, facing="N"), [START, "gm dice 10", "jump ana 6,3"]).ok()
    assert out.ap("ana") == 3


@pytest.mark.parametrize(
    ("to", "reason"),
    [("5,3", "gap"), ("11,0", "occupied"), ("12,3", "outside")],
)
def test_jump_landings_refused(play, to, reason):
    play(jumper(ST=10, AG=10), [START, "start", f"jump ana {to}"]).refused(3, reason)


def test_a_jump_cannot_pass_through_a_wall(play):
    # R15 with R0.1: a wall is not jumped through (engine fix); a hip-high obstacle may be jumped over.
    rows = ("............", "............", "............", "....#.......", "............")
    play(jumper(ST=6, rows=rows), [START, "start", "jump ana 5,3"]).refused(3, "through a wall")
    rows = ("............", "............", "............", "....=.......", "............")
    out = play(jumper(ST=6, rows=rows), [START, "gm dice 10", "jump ana 5,3"]).ok()
    assert out.at("ana") == (5, 3)


@pytest.mark.parametrize("pose", ["crouched", "prone"])
def test_only_an_upright_character_jumps(play, pose):
    play(jumper(ST=6, pose=pose), [START, "start", "jump ana 6,3"]).refused(3, "upright")


def test_a_gap_cannot_be_walked_across(play):
    # R7 with R15: the gap is crossed only by jumping.
    rows = ("....._......",) * 5
    play(jumper(rows=rows), [START, "start", "move ana 7,3"]).refused(3, "no path")


def test_a_failed_jump_along_the_hex_maps_edge_falls_on_the_map(play):
    # R15.3 on hexes (R20): the line from 3,1 to 3,3 (odd rows half a cell east) grazes 4,2, off the map's
    # east edge; the fall is short of the landing on the map (a traceback before).
    enc = duel((3, 1), (0, 4), rows=("....",) * 5, a={"ST": 6, "facing": "SE"}, b={"facing": "W"})
    enc["map"]["kind"] = "hex"
    out = play(enc, [START, "gm dice 90 2", "jump ana 3,3"]).ok()
    assert out.at("ana") == (3, 2) and out.unit("ana")["pose"] == "prone"
