"""R0.1, R7.3, R20: the grid interface. The geometry tests run on the square grid and on the hex grid."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apcombat.board import Grid, HexGrid, SquareGrid, Step, grid_for
from apcombat.model import BattleMap, Facing
from apcombat.rules.movement import DIAGONAL_STEP_MM, ORTHOGONAL_STEP_MM

cells = st.tuples(st.integers(0, 15), st.integers(0, 15))
MM_PER_M = 30  # R0.1: 3 cm of table is 1 m


def test_facings_run_clockwise_from_north_evenly_spaced(grid: Grid):
    bearings = [grid.bearing(facing) for facing in grid.facings]
    assert bearings == sorted(bearings)
    assert all(0 <= bearing < 360 for bearing in bearings)
    turn = 360 / len(grid.facings)
    assert [later - earlier for earlier, later in pairwise(bearings)] == [turn] * (len(bearings) - 1)
    assert bearings[0] < turn


def test_square_facings_start_at_north():
    assert SquareGrid().facings[0] is Facing.N
    assert SquareGrid().bearing(Facing.N) == 0


@given(data=st.data())
def test_facing_steps_count_the_shorter_turn(grid: Grid, data):
    # R7.3, R20.2: turn costs are read from facing steps: 45 degrees a step on squares, 60 on hexes.
    a, b = data.draw(st.sampled_from(grid.facings)), data.draw(st.sampled_from(grid.facings))
    steps = grid.facing_steps(a, b)
    assert steps == grid.facing_steps(b, a)
    assert (steps == 0) == (a is b)
    assert 0 <= steps <= len(grid.facings) // 2
    degrees = abs((grid.bearing(a) - grid.bearing(b) + 180) % 360 - 180)
    assert steps * 360 / len(grid.facings) == pytest.approx(degrees)


def test_every_facing_has_one_step(grid: Grid):
    steps = list(grid.steps((5, 5)))
    assert sorted(step.facing for step in steps) == sorted(grid.facings)
    assert len({step.to for step in steps}) == len(steps)


@pytest.mark.parametrize("cell", [(4, 4), (5, 4), (4, 5), (5, 5)])
def test_steps_agree_with_centres(grid: Grid, cell):
    # R0.1: a step's length in table mm is its distance in metres x 30 (diagonals rounded to 42 mm).
    for step in grid.steps(cell):
        assert step.mm / MM_PER_M == pytest.approx(grid.distance_m(cell, step.to), rel=0.015)
        assert grid.bearing_to(cell, step.to) == pytest.approx(grid.bearing(step.facing))
        assert grid.facing_towards(cell, step.to) is step.facing


@pytest.mark.parametrize("cell", [(4, 4), (5, 4), (4, 5), (5, 5)])
def test_neighbours_are_mutual_and_squeezes_touch_both_ends(grid: Grid, cell):
    for step in grid.steps(cell):
        assert cell in {back.to for back in grid.steps(step.to)}
        for squeezed in step.squeeze:
            assert squeezed in {s.to for s in grid.steps(cell)}
            assert squeezed in {s.to for s in grid.steps(step.to)}


@given(a=cells, b=cells, c=cells)
def test_distance_is_a_metric(grid: Grid, a, b, c):
    assert grid.distance_m(a, a) == 0
    assert grid.distance_m(a, b) == pytest.approx(grid.distance_m(b, a))
    assert grid.distance_m(a, c) <= grid.distance_m(a, b) + grid.distance_m(b, c) + 1e-9


@given(a=cells, b=cells)
def test_bearings_back_and_forth_differ_by_half_a_turn(grid: Grid, a, b):
    if a == b:
        with pytest.raises(ValueError, match="itself"):
            grid.bearing_to(a, b)
        return
    forth, back = grid.bearing_to(a, b), grid.bearing_to(b, a)
    assert 0 <= forth < 360
    assert math.isclose((forth - back) % 360, 180, abs_tol=1e-9)
    assert grid.facing_towards(a, b) in grid.facings


@given(a=cells, b=cells)
def test_line_runs_from_a_to_b_through_touching_cells_and_back_the_same(grid: Grid, a, b):
    line = grid.line(a, b)
    assert line[0] == a
    assert line[-1] == b
    assert len(line) == len(set(line))
    for i, cell in enumerate(line[1:], start=1):
        touching = {step.to for step in grid.steps(cell)}
        assert touching & set(line[:i]), f"{cell} touches nothing before it on the line"
    assert list(grid.sight_gates(b, a)) == list(reversed(list(grid.sight_gates(a, b))))
    assert all(a not in gate and b not in gate for gate in grid.sight_gates(a, b))


def test_line_of_a_cell_to_itself_is_that_cell(grid: Grid):
    assert grid.line((3, 3), (3, 3)) == [(3, 3)]


def test_square_steps_lengths_and_squeezes():
    # R0.1: orthogonal 30 mm, diagonal 42 mm squeezing between the two cells beside it.
    steps = {step.facing: step for step in SquareGrid().steps((5, 5))}
    assert steps[Facing.N] == Step((5, 4), Facing.N, ORTHOGONAL_STEP_MM, ())
    assert steps[Facing.SE] == Step((6, 6), Facing.SE, DIAGONAL_STEP_MM, ((6, 5), (5, 6)))
    assert [step.facing for step in SquareGrid().steps((0, 0))] == list(Facing)


def test_square_centres_and_distance():
    grid = SquareGrid()
    assert grid.centre((0, 0)) == (0.5, 0.5)
    assert grid.distance_m((0, 0), (3, 4)) == 5.0


@pytest.mark.parametrize(
    ("target", "facing"),
    [((5, 0), Facing.N), ((9, 5), Facing.E), ((8, 8), Facing.SE), ((0, 5), Facing.W), ((6, 0), Facing.N)],
)
def test_square_facing_towards_picks_the_nearest_facing(target, facing):
    assert SquareGrid().facing_towards((5, 5), target) is facing


def test_a_tie_between_facings_goes_to_the_earlier_one():
    # R20.2: on hexes due north (two rows up, same column) is exactly between NE (30) and NW (330): NE comes
    # first in the grid's clockwise order.
    grid = HexGrid()
    assert grid.bearing_to((4, 4), (4, 2)) == pytest.approx(0.0)
    assert grid.facing_towards((4, 4), (4, 2)) is Facing.NE


def test_square_line_walks_every_cell_the_segment_crosses():
    grid = SquareGrid()
    assert grid.line((0, 0), (3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert grid.line((0, 0), (2, 1)) == [(0, 0), (1, 0), (1, 1), (2, 1)]
    assert grid.line((0, 0), (1, 4)) == [(0, 0), (0, 1), (0, 2), (1, 2), (1, 3), (1, 4)]


def test_square_line_through_a_corner_grazes_both_cells_beside_it():
    grid = SquareGrid()
    assert list(grid.sight_gates((0, 0), (2, 2))) == [((0, 1), (1, 0)), ((1, 1),), ((1, 2), (2, 1))]
    assert list(grid.sight_gates((0, 0), (3, 1))) == [((1, 0),), ((1, 1), (2, 0)), ((2, 1),)]


def test_grid_for_picks_the_grid_of_the_maps_kind():
    # R20.1: `kind = "hex"` is a hex map, the default a square one.
    assert isinstance(grid_for(BattleMap(rows=["..", ".."])), SquareGrid)
    assert isinstance(grid_for(BattleMap(rows=["..", ".."], kind="hex")), HexGrid)


def test_grid_for_refuses_an_unknown_kind():
    with pytest.raises(ValueError, match="grid kind 'octagon' is not known; the known kinds are 'square' and 'hex'"):
        grid_for(BattleMap(rows=["..", ".."], kind="octagon"))


def test_facings_towards_lists_both_facings_of_a_tie():
    # R16.2: an interrupting watcher may turn to the facing nearest the bearing to its enemy, either of two
    # at a tie. On hexes a cell two rows up in the same column lies due north, between NE and NW (R20.2).
    assert HexGrid().facings_towards((4, 4), (4, 2)) == (Facing.NE, Facing.NW)
    assert HexGrid().facings_towards((4, 4), (6, 4)) == (Facing.E,)
    assert SquareGrid().facings_towards((5, 5), (8, 4)) == (Facing.E,)
