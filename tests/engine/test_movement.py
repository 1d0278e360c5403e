"""R7 movement and facing, R8.1-R8.2 poses, R14.1 running, on the map, through `apcombat run`."""

from __future__ import annotations

import pytest

from .builders import duel

START = "gm dice 6 1"  # R13.1: Ana first, then Bob


def moves(outcome):
    return outcome.events("move")


def test_walking_buys_30_mm_per_ap(play):
    # R7.1: two orthogonal steps are 60 mm: 2 AP, nothing left over.
    out = play(duel(), [START, "move ana 3,3"]).ok()
    assert out.at("ana") == (3, 3) and out.ap("ana") == 6 and out.unit("ana")["facing"] == "E"
    move = out.last("move")
    assert move["path"] == [[2, 3], [3, 3]] and move["carried_mm"] == 0


def test_movement_bought_and_not_used_carries_over_to_the_next_move(play):
    # R7.1: a diagonal step is 42 mm: 2 AP with 18 mm left, which pays most of the next diagonal (1 AP).
    out = play(duel(), [START, "move ana 2,4", "move ana 3,5"]).ok()
    first, second = moves(out)
    assert (first["ap_before"], first["ap_after"], first["carried_mm"]) == (8, 6, 18)
    assert (second["ap_before"], second["ap_after"], second["carried_mm"]) == (6, 5, 6)
    # On a grid the player counts steps: the log says a part of a step is left, not "18 mm".
    assert first["text"].endswith(": 2 AP (8 -> 6), part of a step's movement left (R7.1)")


def test_carried_movement_is_lost_after_another_action(play):
    # R7.1: changing weapons (1 AP) in between loses the 18 mm: the second diagonal costs 2 AP again.
    enc = duel(a={"weapons": ["colt_1911", "knife"]})
    out = play(enc, [START, "move ana 2,4", "swap ana", "move ana 3,5"]).ok()
    assert out.last("move")["ap_before"] - out.last("move")["ap_after"] == 2
    assert out.ap("ana") == 8 - 2 - 1 - 2


def test_carried_movement_is_lost_when_the_turn_ends(play):
    # R7.1: it stays only until the turn ends.
    out = play(duel(), [START, "move ana 2,4", "end", "end", "move ana 3,5"]).ok()
    assert out.round == 2 and out.ap("ana") == 6


def test_a_leg_wound_halves_walking(play):
    # R7.2: 15 mm per AP: one orthogonal step costs 2 AP.
    out = play(duel(), [START, "gm set ana wounds=legs", "move ana 2,3"]).ok()
    assert out.ap("ana") == 6 and out.last("move")["carried_mm"] == 0


def test_a_leg_wound_forbids_running(play):
    # R7.2: no running.
    out = play(duel(), [START, "gm set ana wounds=legs", "move ana 4,3 run"]).refused(3, "legs", "R7.2")
    assert out.at("ana") == (1, 3)


@pytest.mark.parametrize(
    ("facing", "ap"),
    [("NE", 0), ("SE", 0), ("N", 1), ("S", 1), ("NW", 2), ("SW", 2), ("W", 2)],
)
def test_turning_costs_0_up_to_45_degrees_1_up_to_90_and_2_beyond(play, facing, ap):
    # R7.3: Ana faces E.
    out = play(duel(), [START, f"turn ana {facing}"]).ok()
    assert out.unit("ana")["facing"] == facing and out.ap("ana") == 8 - ap


def test_consecutive_turns_are_charged_as_one(play):
    # R7.3: E -> N (1 AP), N -> W (180 from E: 2, 1 more), W -> S (90 from E: 1, already paid).
    out = play(duel(), [START, "turn ana N", "turn ana W", "turn ana S"]).ok()
    assert [(e["ap_before"], e["ap_after"]) for e in out.events("turn_facing")] == [(8, 7), (7, 6), (6, 6)]
    # Two free-looking 45 degree turns add up to a 90 degree one: 1 AP.
    out = play(duel(), [START, "turn ana NE", "turn ana N"]).ok()
    assert out.ap("ana") == 7


def test_turns_with_a_move_between_are_charged_separately(play):
    # R7.3: the move is another action between them: E -> N 1 AP, a step N 1 AP, N -> W 1 AP.
    out = play(duel(), [START, "turn ana N", "move ana 1,2", "turn ana W"]).ok()
    assert out.ap("ana") == 8 - 3 and out.unit("ana")["facing"] == "W"


def test_a_step_more_than_45_degrees_off_the_facing_pays_the_turn(play):
    # R7.3 ruling: facing E, a step N turns 90 degrees first (1 AP) then walks (1 AP);
    # then facing N, a step S is an about-turn (2 AP) and a step (1 AP).
    out = play(duel(a_at=(5, 3)), [START, "move ana 5,2", "move ana 5,3"]).ok()
    first, second = moves(out)
    assert (first["ap_before"], first["ap_after"]) == (8, 6)
    assert (second["ap_before"], second["ap_after"]) == (6, 3)
    assert out.unit("ana")["facing"] == "S"


def test_a_path_bending_45_degrees_at_a_time_pays_nothing_for_turning(play):
    # R7.3 ruling: E, E, NE, N (30 + 30 + 42 + 30 = 132 mm): 5 AP, 18 mm left, although it ends facing N.
    out = play(duel(), [START, "move ana 3,3 4,2 4,1"]).ok()
    move = out.last("move")
    assert move["path"] == [[2, 3], [3, 3], [4, 2], [4, 1]]
    assert out.ap("ana") == 3 and move["carried_mm"] == 18 and out.unit("ana")["facing"] == "N"


def test_moves_go_through_the_waypoints_in_order(play):
    # R7: via 3,3 the move to 3,5 turns once (E -> S, 1 AP) and walks 120 mm (4 AP) instead of two
    # diagonals straight there (84 mm, 3 AP).
    out = play(duel(), [START, "move ana 3,3 3,5"]).ok()
    assert out.last("move")["path"] == [[2, 3], [3, 3], [3, 4], [3, 5]]
    assert out.ap("ana") == 3 and out.unit("ana")["facing"] == "S"
    out = play(duel(), [START, "move ana 3,5"]).ok()
    assert out.last("move")["path"] == [[2, 4], [3, 5]] and out.ap("ana") == 5


def test_equally_cheap_paths_are_chosen_the_same_way_every_time(play):
    # R7 determinism: E, E, SE and SE, E, E cost the same (102 mm, 4 AP); the one with fewer turns wins,
    # and the same command from the same state takes the same path.
    runs = [play(duel(), [START, "move ana 4,4"]).ok() for _ in range(2)]
    assert runs[0].last("move")["path"] == runs[1].last("move")["path"] == [[2, 3], [3, 3], [4, 4]]
    assert runs[0].data == runs[1].data


CORRIDOR = ("#######", "#.{}.#", "#######")


@pytest.mark.parametrize(
    ("ground", "to", "ap"),
    [
        ("..", "3,1", 2),  # R7.1: two steps of floor, 60 mm
        ("::", "3,1", 4),  # R7.4: rubble doubles: 120 mm
        ("HH", "3,1", 3),  # R7.1: stairs at 20 mm per AP: 60 mm climbing
        (":.", "2,1", 2),  # R7.4: one step into rubble: 60 mm
        ("H.", "2,1", 2),  # R7.1: one stair step: 30 mm at 20 mm per AP
    ],
)
def test_ground_costs(play, ground, to, ap):
    rows = ("#######", f"#.{ground}..#", "#######")
    enc = duel((1, 1), (5, 1), rows=rows)
    out = play(enc, [START, f"move ana {to}"]).ok()
    assert out.ap("ana") == 8 - ap


def test_movement_bought_on_stairs_is_lost_on_the_floor(play):
    # R7.1: one stair step buys 2 AP of climbing (40 mm at 20 mm per AP) for 30 mm; the 10 mm left were
    # bought at the climbing rate, so the next floor step (walking, 30 mm per AP) cannot use them: 1 AP.
    rows = ("#######", "#.H...#", "#######")
    out = play(duel((1, 1), (5, 1), rows=rows), [START, "move ana 2,1", "move ana 3,1"]).ok()
    first, second = moves(out)
    assert (first["ap_before"], first["ap_after"], first["carried_mm"]) == (8, 6, 10)
    assert (second["ap_before"], second["ap_after"], second["carried_mm"]) == (6, 5, 0)


@pytest.mark.parametrize(("cell", "what"), [("3,1", "a wall"), ("4,1", "a low obstacle"), ("5,1", "a gap")])
def test_walls_low_obstacles_and_gaps_cannot_be_entered(play, cell, what):
    # R7 (R9.1 low obstacles, R15 gaps are jumped): the move is refused, nothing changes.
    rows = ("..........", "...#=_....", "..........")
    out = play(duel((1, 1), (8, 1), rows=rows), [START, "start", f"move ana {cell}"]).refused(3, what)
    assert out.at("ana") == (1, 1) and out.ap("ana") == 8


def test_a_path_goes_around_obstacles_and_never_squeezes_past_a_corner(play):
    # R7: the wall at 2,1 blocks the straight way and both diagonals beside it (no squeezing past it).
    rows = ("......", "..#...", "......")
    out = play(duel((1, 1), (5, 1), rows=rows), [START, "move ana 3,1"]).ok()
    path = [tuple(cell) for cell in out.last("move")["path"]]
    assert (2, 1) not in path and path[-1] == (3, 1)
    for (x0, y0), (x1, y1) in zip([(1, 1), *path], path, strict=False):
        assert abs(x1 - x0) + abs(y1 - y0) == 1  # orthogonal steps only: each diagonal squeezes past 2,1
    # E -> N 1 AP, N -> E 1 AP, E -> S 1 AP, four steps of 30 mm 4 AP.
    assert out.ap("ana") == 1


def test_no_path_is_refused_with_the_reason(play):
    rows = ("...#..", "...#..", "...#..")
    play(duel((1, 1), (5, 1), rows=rows), [START, "move ana 4,1"]).refused(2, "no path")


def test_a_move_through_another_unit_is_refused_and_a_path_goes_around_it(play):
    # R7: cells of other units cannot be entered.
    out = play(duel((1, 3), (2, 3)), [START, "move ana 2,3"]).refused(2, "occupied")
    assert out.at("ana") == (1, 3)
    out = play(duel((1, 3), (2, 3)), [START, "move ana 3,3"]).ok()
    assert (2, 3) not in [tuple(c) for c in out.last("move")["path"]]


def test_a_move_that_costs_more_than_the_ap_left_is_refused(play):
    out = play(duel((0, 3), (11, 0)), [START, "move ana 9,3"]).refused(2, "needs 9 AP", "has 8")
    assert out.at("ana") == (0, 3)


def test_running_buys_45_mm_per_ap(play):
    # R14.1: three steps (90 mm) running: 2 AP; walking would be 3.
    out = play(duel((1, 3), (8, 0)), [START, "move ana 4,3 run"]).ok()
    assert out.ap("ana") == 6 and out.last("move")["carried_mm"] == 0
    out = play(duel((1, 3), (8, 0)), [START, "move ana 3,3 run"]).ok()
    assert out.ap("ana") == 6 and out.last("move")["carried_mm"] == 30  # 90 mm bought, 60 used


@pytest.mark.parametrize("pose", ["crouched", "prone"])
def test_only_an_upright_character_can_run(play, pose):
    # R14.1.
    enc = duel(a={"pose": pose})
    out = play(enc, [START, "move ana 3,3 run"]).refused(2, "upright", "R14.1")
    assert out.at("ana") == (1, 3)


@pytest.mark.parametrize(
    ("before", "after", "ap"),
    [
        ("upright", "crouched", 2),
        ("crouched", "prone", 2),
        ("prone", "crouched", 2),
        ("crouched", "upright", 2),
        ("upright", "prone", 4),
        ("prone", "upright", 4),
    ],
)
def test_pose_changes_cost_2_ap_a_step(play, before, after, ap):
    # R8.1.
    out = play(duel(a={"pose": before}), [START, f"pose ana {after}"]).ok()
    assert out.unit("ana")["pose"] == after and out.ap("ana") == 8 - ap


def test_changing_to_the_same_pose_is_refused(play):
    play(duel(), [START, "pose ana upright"]).refused(2, "already upright")


@pytest.mark.parametrize(("pose", "ap", "carried"), [("crouched", 2, 10), ("prone", 3, 0)])
def test_crouched_and_prone_movement_rates(play, pose, ap, carried):
    # R8.2, R7.1: crouched 20 mm per AP, prone 10 mm per AP: one orthogonal step.
    out = play(duel(a={"pose": pose}), [START, "move ana 2,3"]).ok()
    assert out.ap("ana") == 8 - ap and out.last("move")["carried_mm"] == carried


def test_a_pose_change_ends_carried_movement(play):
    # R7.1: a pose change is another action: crouched after it, a step costs 2 AP from scratch.
    out = play(duel(), [START, "move ana 2,4", "pose ana crouched", "move ana 3,4"]).ok()
    assert out.ap("ana") == 8 - 2 - 2 - 2


def test_turning_in_place_keeps_the_movement_carried(play):
    # R7.1 reading of the code: a turn is part of moving (R7.3), so the 18 mm stay: the next diagonal
    # (NE, 45 degrees off the new facing E) costs 1 AP.
    out = play(duel(), [START, "move ana 2,4", "turn ana E", "move ana 3,3"]).ok()
    assert out.ap("ana") == 8 - 2 - 0 - 1
