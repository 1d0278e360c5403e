"""R7.1-R7.4, R8.2, R14.1: planning a move on the square grid: AP, carried movement, turns, terrain."""

from __future__ import annotations

from typing import Any

import pytest

from apcombat.board import MoveProfile, NoPath, Path, PathStep, SquareGrid, plan_path
from apcombat.model import BattleMap, Cell, Facing, Pose
from apcombat.rules.movement import IllegalMove

from .maps import drawn, open_map, with_cells

WALKING = MoveProfile(Pose.UPRIGHT)


def walk(battlemap: BattleMap, start: Cell, facing: Facing, *waypoints: Cell, **options: Any) -> Path:
    profile = options.pop("profile", WALKING)
    return plan_path(battlemap, SquareGrid(), start, facing, waypoints, profile, **options)


def test_straight_walk_of_three_cells_is_90_mm_for_3_ap():
    path = walk(open_map(), (1, 1), Facing.E, (4, 1))
    assert path.cells == ((2, 1), (3, 1), (4, 1))
    assert [step.ap_total for step in path.steps] == [1, 2, 3]
    assert sum(step.mm for step in path.steps) == 90
    assert (path.ap, path.carried_mm, path.turns) == (3, 0, 0)
    assert path.facing is Facing.E


def test_a_diagonal_step_is_42_mm_and_the_rest_carries_over():
    # R7.1: 42 mm costs 2 AP at 30 mm per AP, 18 mm bought and unused carry over.
    path = walk(open_map(), (1, 1), Facing.SE, (2, 2))
    assert path.steps == (
        PathStep(cell=(2, 2), facing=Facing.SE, turn_ap=0, mm=42, ap_total=2, carried_mm=18, rate=30),
    )
    assert (path.ap, path.carried_mm) == (2, 18)


def test_carried_movement_is_spent_first():
    path = walk(open_map(), (1, 1), Facing.SE, (2, 2), carried=18)
    assert (path.ap, path.carried_mm) == (1, 6)
    path = walk(open_map(), (1, 1), Facing.E, (4, 1), carried=10)
    assert [(step.ap_total, step.carried_mm) for step in path.steps] == [(1, 10), (2, 10), (3, 10)]


def test_carried_movement_must_be_less_than_one_ap():
    with pytest.raises(ValueError, match="carried movement must be 0 to 29 mm"):
        walk(open_map(), (1, 1), Facing.E, (4, 1), carried=30)


@pytest.mark.parametrize(
    ("facing", "turn_ap", "ap"),
    [
        (Facing.E, 0, 1),
        (Facing.NE, 0, 1),  # 45 degrees: free
        (Facing.N, 1, 2),  # 90 degrees
        (Facing.NW, 2, 3),  # 135 degrees
        (Facing.W, 2, 3),  # behind: an about-turn
    ],
)
def test_a_step_off_the_facing_pays_the_turn_first(facing, turn_ap, ap):
    # R7.3 ruling: more than 45 degrees off the facing turns first and pays turn_cost.
    path = walk(open_map(), (4, 4), facing, (5, 4))
    assert path.steps[0].turn_ap == turn_ap
    assert path.ap == ap
    assert path.facing is Facing.E
    assert path.turns == (0 if facing is Facing.E else 1)


def test_a_path_bending_45_degrees_at_a_time_pays_nothing_for_turning():
    path = walk(open_map(), (1, 1), Facing.E, (3, 3))
    path = walk(open_map(), (0, 4), Facing.E, (2, 4), (3, 5), (3, 7))
    assert [step.facing for step in path.steps] == [Facing.E, Facing.E, Facing.SE, Facing.S, Facing.S]
    assert all(step.turn_ap == 0 for step in path.steps)
    assert path.turns == 2
    assert path.ap == 6  # 30 + 30 + 42 + 30 + 30 = 162 mm


def test_rubble_doubles_the_step_into_it():
    # R7.4: a step into rubble costs twice its millimetres; the step out of it does not.
    battlemap = drawn("..:..")
    path = walk(battlemap, (0, 0), Facing.E, (4, 0))
    assert [step.mm for step in path.steps] == [30, 60, 30, 30]
    assert path.ap == 5


def test_rubble_is_walked_around_when_that_is_cheaper():
    battlemap = drawn(
        ".....",
        "..:..",
        ".....",
    )
    path = walk(battlemap, (0, 1), Facing.E, (4, 1))
    assert (2, 1) not in path.cells
    assert path.ap == 5  # 30 + 42 + 42 + 30 = 144 mm, against 150 through the rubble


def test_stairs_are_climbed_at_20_mm_per_ap():
    # R7.1: a step onto stairs at the climbing rate (30 mm for 2 AP, 10 mm left at 20 mm per AP); the
    # next stair step uses them (1 AP), and the floor step after needs another rate: nothing carried, 1 AP.
    battlemap = drawn(".HH.")
    path = walk(battlemap, (0, 0), Facing.E, (3, 0))
    assert [step.ap_total for step in path.steps] == [2, 3, 4]
    assert [(step.carried_mm, step.rate) for step in path.steps] == [(10, 20), (0, 20), (0, 30)]


@pytest.mark.parametrize(
    ("profile", "ap", "carried"),
    [
        (MoveProfile(Pose.CROUCHED), 5, 10),  # 20 mm per AP
        (MoveProfile(Pose.PRONE), 9, 0),  # 10 mm per AP
        (MoveProfile(Pose.UPRIGHT, running=True), 2, 0),  # 45 mm per AP
        (MoveProfile(Pose.UPRIGHT, movement_factor=0.5), 6, 0),  # R7.2 legs: 15 mm per AP
        (MoveProfile(Pose.CROUCHED, movement_factor=0.5), 9, 0),  # 10 mm per AP
    ],
)
def test_rates_by_pose_running_and_leg_wounds(profile, ap, carried):
    path = walk(open_map(), (1, 1), Facing.E, (4, 1), profile=profile)
    assert (path.ap, path.carried_mm) == (ap, carried)


@pytest.mark.parametrize(
    "profile",
    [
        MoveProfile(Pose.CROUCHED, running=True),  # R14.1
        MoveProfile(Pose.UPRIGHT, running=True, movement_factor=0.5, running_forbidden=True),  # R7.2
    ],
)
def test_forbidden_running_is_refused(profile):
    with pytest.raises(IllegalMove):
        walk(open_map(), (1, 1), Facing.E, (4, 1), profile=profile)


@pytest.mark.parametrize(("symbol", "words"), [("#", "a wall"), ("=", "a low obstacle"), ("_", "a gap")])
def test_walls_low_obstacles_and_gaps_cannot_be_entered(symbol, words):
    battlemap = with_cells(open_map(20, 12), symbol, [(6, 4)])
    path = walk(battlemap, (3, 4), Facing.E, (9, 4))
    assert (6, 4) not in path.cells
    with pytest.raises(NoPath, match=f"^no way from 3,4 to 6,4: the cell 6,4 is {words}$"):
        walk(battlemap, (3, 4), Facing.E, (6, 4))


def test_a_diagonal_step_cannot_squeeze_past_a_blocking_corner():
    battlemap = drawn(
        "...",
        ".#.",
        "...",
    )
    path = walk(battlemap, (0, 1), Facing.N, (1, 0))
    assert path.cells == ((0, 0), (1, 0))
    assert path.ap == 3  # 60 mm and a 90 degree turn, not one 42 mm diagonal
    gap_corner = with_cells(battlemap, "_", [(1, 1)])
    assert walk(gap_corner, (0, 1), Facing.N, (1, 0)).cells == ((0, 0), (1, 0))


def test_cells_of_other_units_are_impassable_but_the_movers_own_cell_is_not():
    units = frozenset({(2, 1), (1, 1)})
    path = walk(open_map(), (1, 1), Facing.E, (3, 1), blocked=units)
    assert (2, 1) not in path.cells
    assert (path.ap, path.carried_mm) == (4, 6)  # around: 42 + 42 mm and a 90 degree turn
    with pytest.raises(NoPath, match=r"^no way from 1,1 to 2,1: the cell 2,1 is occupied by a unit$"):
        walk(open_map(), (1, 1), Facing.E, (2, 1), blocked=units)


def test_a_target_outside_the_map_is_refused():
    with pytest.raises(NoPath, match=r"^no way from 3,4 to 25,4: the cell 25,4 is outside the 20 x 12 map$"):
        walk(open_map(20, 12), (3, 4), Facing.E, (25, 4))
    with pytest.raises(NoPath, match="outside the 20 x 12 map"):
        walk(open_map(20, 12), (30, 4), Facing.E, (2, 4))


def test_an_enclosed_target_has_no_path_around_the_obstacles():
    battlemap = drawn(
        ".....",
        "..#..",
        ".#.#.",
        "..#..",
    )
    with pytest.raises(NoPath, match=r"^no way from 0,0 to 2,2: no path around the obstacles$"):
        walk(battlemap, (0, 0), Facing.E, (2, 2))
    with pytest.raises(NoPath, match=r"^no way from 0,0 to 2,2 via 4,0: no path around the obstacles$"):
        walk(battlemap, (0, 0), Facing.E, (4, 0), (2, 2))


def test_waypoints_are_visited_in_order():
    path = walk(open_map(), (1, 1), Facing.E, (3, 1), (3, 3), (1, 3))
    cells = path.cells
    assert cells.index((3, 1)) < cells.index((3, 3)) < len(cells) - 1
    assert cells[-1] == (1, 3)
    # Round the corner at 3,3 by 4,2: 204 mm and one 90 degree turn leave 6 mm carried, where straight
    # down (180 mm, two turns) costs the same 8 AP and leaves nothing.
    assert cells == ((2, 1), (3, 1), (4, 2), (3, 3), (2, 3), (1, 3))
    assert (path.ap, path.carried_mm) == (8, 6)


def test_repeated_waypoints_and_no_waypoints():
    path = walk(open_map(), (1, 1), Facing.E, (1, 1), (3, 1), (3, 1))
    assert path.cells == ((2, 1), (3, 1))
    empty = walk(open_map(), (1, 1), Facing.E, carried=7)
    assert (empty.steps, empty.ap, empty.carried_mm, empty.turns, empty.facing) == ((), 0, 7, 0, Facing.E)


def test_a_waypoint_is_passed_through_even_when_a_cheaper_path_avoids_it():
    path = walk(open_map(), (0, 0), Facing.E, (2, 3), (4, 0))
    assert (2, 3) in path.cells


def test_fewest_turns_among_equally_cheap_paths():
    # E, E, SE, SE and SE, SE, E, E both cost 144 mm with free bends; the first turns once, the other twice.
    path = walk(open_map(), (0, 0), Facing.E, (4, 2))
    assert path.cells == ((1, 0), (2, 0), (3, 1), (4, 2))
    assert (path.ap, path.turns) == (5, 1)


@pytest.mark.parametrize(
    ("target", "cells"),
    [
        ((6, 7), ((5, 6), (6, 7))),  # S then SE: its last step (SE) comes before S in facing order
        ((4, 7), ((4, 6), (4, 7))),  # SW then S: its last step (S) comes before SW
    ],
)
def test_ties_go_to_the_path_whose_last_steps_come_first_in_facing_order(target, cells):
    # Facing N: about-turn (2 AP) and two steps either way round, two turns each way round.
    path = walk(open_map(), (5, 5), Facing.N, target)
    assert path.cells == cells
    assert (path.ap, path.turns) == (5, 2)


def test_the_same_command_takes_the_same_path():
    battlemap = drawn(
        "..........",
        "..#....=..",
        "..#..:....",
        "......#...",
        "...H......",
    )
    first = walk(battlemap, (0, 0), Facing.S, (9, 4), (0, 4))
    assert walk(battlemap, (0, 0), Facing.S, (9, 4), (0, 4)) == first
    assert plan_path(battlemap, SquareGrid(), (0, 0), Facing.S, [(9, 4), (0, 4)], WALKING) == first
