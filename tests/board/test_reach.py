"""R7.1-R7.4: every cell within an AP budget; it agrees with plan_path and with a slow independent reckoning."""

from __future__ import annotations

import os

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from apcombat.board import Grid, MoveProfile, NoPath, Reach, SquareGrid, frontier, plan_path, reachable
from apcombat.model import Facing, HexTurns, Pose

from .maps import drawn, open_map, random_maps
from .oracle import cheapest_ap

WALKING = MoveProfile(Pose.UPRIGHT)
PROFILES = st.sampled_from(
    [
        WALKING,
        MoveProfile(Pose.UPRIGHT, running=True),
        MoveProfile(Pose.CROUCHED),
        MoveProfile(Pose.PRONE),
        MoveProfile(Pose.UPRIGHT, movement_factor=0.5, running_forbidden=True),
        MoveProfile(Pose.UPRIGHT, hex_turns=HexTurns.BY_DEGREES),  # R20.2
    ]
)


def test_one_ap_facing_north_reaches_the_cell_ahead_only():
    reach = reachable(open_map(), SquareGrid(), (5, 5), Facing.N, 1, WALKING)
    assert reach == {(5, 5): Reach(ap=0, facing=Facing.N), (5, 4): Reach(ap=1, facing=Facing.N)}


def test_carried_movement_reaches_further():
    # 12 mm carried + 30 mm bought = 42 mm: one diagonal step for 1 AP.
    reach = reachable(open_map(), SquareGrid(), (5, 5), Facing.N, 1, WALKING, carried=12)
    assert set(reach) == {(5, 5), (5, 4), (4, 4), (6, 4)}
    assert reach[(6, 4)] == Reach(ap=1, facing=Facing.NE)


def test_no_budget_reaches_only_the_start():
    assert set(reachable(open_map(), SquareGrid(), (5, 5), Facing.N, 0, WALKING, carried=29)) == {(5, 5)}
    assert set(reachable(open_map(), SquareGrid(), (5, 5), Facing.N, -3, WALKING)) == {(5, 5)}


def test_reach_stops_at_walls_and_units():
    battlemap = drawn(
        ".#...",
        ".#...",
        ".....",
    )
    # The unit at 0,2 stops the way down; 1,2 would be a squeeze past the wall at 1,1.
    reach = reachable(battlemap, SquareGrid(), (0, 0), Facing.S, 4, WALKING, blocked=frozenset({(0, 2)}))
    assert set(reach) == {(0, 0), (0, 1)}
    reach = reachable(battlemap, SquareGrid(), (0, 0), Facing.S, 4, WALKING)
    assert set(reach) == {(0, 0), (0, 1), (0, 2), (1, 2)}
    assert reach[(1, 2)] == Reach(ap=4, facing=Facing.E)


def test_running_reaches_further_than_walking():
    walking = reachable(open_map(21, 21), SquareGrid(), (10, 10), Facing.N, 10, WALKING)
    running = reachable(open_map(21, 21), SquareGrid(), (10, 10), Facing.N, 10, MoveProfile(Pose.UPRIGHT, running=True))
    assert set(walking) < set(running)
    assert walking[(10, 0)].ap == 10
    assert running[(10, 0)].ap == 7  # 300 mm at 45 mm per AP


@st.composite
def moves(draw: st.DrawFn) -> tuple:
    battlemap = draw(random_maps(symbols="......#=:H_", max_side=7))
    open_cells = [
        (x, y)
        for y in range(battlemap.height)
        for x in range(battlemap.width)
        if not battlemap.at((x, y)).blocks_movement
    ]
    assume(open_cells)
    start = draw(st.sampled_from(open_cells))
    facing = draw(st.sampled_from(list(Facing)))
    profile = draw(PROFILES)
    carried = draw(st.integers(0, profile.rate() - 1))
    blocked = frozenset(draw(st.lists(st.sampled_from(open_cells), max_size=3)))
    return battlemap, start, facing, profile, carried, blocked


@settings(max_examples=60, deadline=None)
@given(move=moves(), budget=st.integers(0, 12))
def test_reachable_matches_the_slow_reckoning(grid: Grid, move, budget):
    battlemap, start, facing, profile, carried, blocked = move
    assume(facing in grid.facings)
    reach = reachable(battlemap, grid, start, facing, budget, profile, carried, blocked)
    cheapest = cheapest_ap(battlemap, grid, start, facing, profile, carried, blocked)
    assert {cell: r.ap for cell, r in reach.items()} == {c: ap for c, ap in cheapest.items() if ap <= budget}


@settings(max_examples=int(os.environ.get("APCOMBAT_REACH_EXAMPLES", "60")), deadline=None)
@given(move=moves(), data=st.data())
def test_plan_path_agrees_with_reachable(grid: Grid, move, data):
    battlemap, start, facing, profile, carried, blocked = move
    assume(facing in grid.facings)
    reach = reachable(battlemap, grid, start, facing, 40, profile, carried, blocked)
    target = data.draw(st.sampled_from(sorted(reach)))
    path = plan_path(battlemap, grid, start, facing, [target], profile, carried, blocked)
    assert (path.ap, path.facing) == (reach[target].ap, reach[target].facing)
    assert reach.path_to(target) == path  # the area's search walked back gives the very path a move takes
    assert all(cell not in blocked for cell in path.cells)
    totals = [0, *(step.ap_total for step in path.steps)]
    assert totals == sorted(totals)
    assert all(0 <= step.carried_mm < profile.rate() for step in path.steps)
    assert all(step.turn_ap >= 0 and step.mm > 0 for step in path.steps)


@settings(max_examples=40, deadline=None)
@given(move=moves(), data=st.data())
def test_cells_out_of_reach_have_no_path(grid: Grid, move, data):
    battlemap, start, facing, profile, carried, blocked = move
    assume(facing in grid.facings)
    reach = reachable(battlemap, grid, start, facing, 10_000, profile, carried, blocked)
    target = (data.draw(st.integers(0, battlemap.width - 1)), data.draw(st.integers(0, battlemap.height - 1)))
    assume(target not in reach)
    with pytest.raises(NoPath):
        plan_path(battlemap, grid, start, facing, [target], profile, carried, blocked)


@settings(max_examples=60, deadline=None)
@given(move=moves(), data=st.data())
def test_the_guided_search_takes_the_same_path_as_plain_dijkstra(grid: Grid, move, data):
    # The A* guess only speeds the search up: same AP, same tie-broken path, waypoints included.
    battlemap, start, facing, profile, carried, blocked = move
    assume(facing in grid.facings)
    reach = sorted(reachable(battlemap, grid, start, facing, 10_000, profile, carried, blocked))
    waypoints = data.draw(st.lists(st.sampled_from(reach), min_size=1, max_size=3))
    guided = plan_path(battlemap, grid, start, facing, waypoints, profile, carried, blocked)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(frontier, "GUESS_SHARE", 0.0)
        plain = plan_path(battlemap, grid, start, facing, waypoints, profile, carried, blocked)
    assert guided == plain
    cells = [start, *guided.cells]
    position = 0
    for waypoint in waypoints:
        position = cells.index(waypoint, position)
