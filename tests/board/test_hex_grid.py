"""R20: the hex grid of hex maps: odd-r rows of pointy-top hexes, six facings, sight between centres.

The line rule of hex maps (R20.4), as these tests hold it: a sight line runs between the two cells'
centres; a cell it passes through blocks it when the cell blocks sight; where it runs exactly along the
edge between two cells it is blocked only when both do; a cell it touches only at a corner (where three
hexes meet) never blocks it; the end cells never block. The places are the same from either end, so
A sees B exactly when B sees A.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apcombat.board import HexGrid, in_reaction_cone, line_of_sight, protected
from apcombat.model import Facing
from apcombat.rules.movement import ORTHOGONAL_STEP_MM

from .maps import cells_of, open_map, random_maps, with_cells

GRID = HexGrid()
ROW_M = math.sqrt(3) / 2


def neighbours(cell):
    return {step.facing: step.to for step in GRID.steps(cell)}


def test_neighbours_of_an_even_row():
    # R20.1: even rows sit half a cell west of odd ones, so their upper and lower neighbours are to the west.
    assert neighbours((4, 4)) == {
        Facing.E: (5, 4),
        Facing.NE: (4, 3),
        Facing.NW: (3, 3),
        Facing.W: (3, 4),
        Facing.SW: (3, 5),
        Facing.SE: (4, 5),
    }


def test_neighbours_of_an_odd_row():
    # R20.1: odd rows are shifted half a cell east.
    assert neighbours((4, 5)) == {
        Facing.E: (5, 5),
        Facing.NE: (5, 4),
        Facing.NW: (4, 4),
        Facing.W: (3, 5),
        Facing.SW: (4, 6),
        Facing.SE: (5, 6),
    }


@pytest.mark.parametrize("cell", [(4, 4), (4, 5), (0, 0), (0, 1)])
def test_every_step_is_30_mm_to_a_centre_1_m_away(cell):
    # R20.1: neighbouring centres are 1 m apart and every step is 30 mm of movement, squeezing past nothing.
    for step in GRID.steps(cell):
        assert step.mm == ORTHOGONAL_STEP_MM == 30
        assert step.squeeze == ()
        assert GRID.distance_m(cell, step.to) == pytest.approx(1.0)


def test_odd_rows_sit_half_a_cell_east():
    # R20.1: centres in metres, rows sqrt(3)/2 m apart.
    (x0, y0), (x1, y1) = GRID.centre((0, 0)), GRID.centre((0, 1))
    assert x1 - x0 == pytest.approx(0.5)
    assert y1 - y0 == pytest.approx(ROW_M)
    assert GRID.centre((3, 2))[0] - GRID.centre((0, 2))[0] == pytest.approx(3.0)


@pytest.mark.parametrize(
    ("a", "b", "metres"),
    [
        ((0, 0), (5, 0), 5.0),  # along a row
        ((4, 4), (4, 2), math.sqrt(3)),  # due north, two rows up: between NE and NW
        ((4, 4), (5, 2), 2.0),  # two steps NE
        ((4, 4), (6, 2), math.sqrt(2**2 + 3)),  # 2 m east and sqrt 3 north
        ((0, 0), (0, 10), 10 * ROW_M),
        ((2, 2), (6, 3), math.sqrt(4.5**2 + ROW_M**2)),
    ],
)
def test_distances_are_between_centres(a, b, metres):
    # R20.3: distances (and so range bands) are Euclidean between cell centres, in metres.
    assert GRID.distance_m(a, b) == pytest.approx(metres)
    assert GRID.distance_m(b, a) == pytest.approx(metres)


def test_six_facings_60_degrees_apart():
    # R20.2: E NE NW W SW SE; NE means 30 degrees on hexes (45 on squares).
    assert set(GRID.facings) == {Facing.E, Facing.NE, Facing.NW, Facing.W, Facing.SW, Facing.SE}
    assert {facing: GRID.bearing(facing) for facing in GRID.facings} == {
        Facing.NE: 30,
        Facing.E: 90,
        Facing.SE: 150,
        Facing.SW: 210,
        Facing.W: 270,
        Facing.NW: 330,
    }


@pytest.mark.parametrize("facing", [Facing.N, Facing.S])
def test_north_and_south_are_no_hex_facings(facing):
    # R20.2: N and S are refused on a hex map.
    with pytest.raises(ValueError, match=f"{facing.value} is not a facing on a hex map; they are E NE NW W SW SE"):
        GRID.bearing(facing)


@pytest.mark.parametrize(
    ("a", "b", "steps"),
    [
        (Facing.E, Facing.E, 0),
        (Facing.E, Facing.NE, 1),
        (Facing.E, Facing.SE, 1),
        (Facing.E, Facing.NW, 2),
        (Facing.E, Facing.SW, 2),
        (Facing.E, Facing.W, 3),
        (Facing.NW, Facing.NE, 1),
        (Facing.NE, Facing.SW, 3),
    ],
)
def test_facing_steps(a, b, steps):
    # R20.2: turn costs come from facing steps: one step 60 degrees, an about-turn three.
    assert GRID.facing_steps(a, b) == steps
    assert GRID.facing_steps(b, a) == steps


@given(data=st.data())
def test_line_of_sight_is_symmetric(data):
    # R20.4: if A sees B, B sees A.
    battlemap = data.draw(random_maps(symbols="....#", max_side=10))
    a, b = data.draw(cells_of(battlemap)), data.draw(cells_of(battlemap))
    assert line_of_sight(battlemap, GRID, a, b) == line_of_sight(battlemap, GRID, b, a)
    assert list(GRID.sight_gates(b, a)) == list(reversed(list(GRID.sight_gates(a, b))))


def test_a_line_along_an_edge_is_blocked_only_when_both_cells_are_walls():
    # R20.4: from 4,4 due north to 4,2 the line runs along the edge between 3,3 and 4,3.
    assert list(GRID.sight_gates((4, 4), (4, 2))) == [((3, 3), (4, 3))]
    for one in [(3, 3), (4, 3)]:
        assert line_of_sight(with_cells(open_map(), "#", [one]), GRID, (4, 4), (4, 2))
    both = with_cells(open_map(), "#", [(3, 3), (4, 3)])
    assert not line_of_sight(both, GRID, (4, 4), (4, 2))
    assert not line_of_sight(both, GRID, (4, 2), (4, 4))


def test_a_line_through_a_corner_where_three_hexes_meet():
    # R20.4: from 2,2 to 6,3 the line passes the corner of 3,2, 4,2 and 3,3, then that of 4,3, 5,3 and 5,2.
    # 3,3 and 5,2 are touched only at those corners and never block; the cells it passes through do.
    assert list(GRID.sight_gates((2, 2), (6, 3))) == [((3, 2),), ((4, 2),), ((4, 3),), ((5, 3),)]
    corners_walled = with_cells(open_map(), "#", [(3, 3), (5, 2)])
    assert line_of_sight(corners_walled, GRID, (2, 2), (6, 3))
    assert line_of_sight(corners_walled, GRID, (6, 3), (2, 2))
    for crossed in [(3, 2), (4, 2), (4, 3), (5, 3)]:
        walled = with_cells(open_map(), "#", [crossed])
        assert not line_of_sight(walled, GRID, (2, 2), (6, 3))
        assert not line_of_sight(walled, GRID, (6, 3), (2, 2))


def test_a_line_along_a_row_passes_every_cell_between():
    assert GRID.line((1, 3), (5, 3)) == [(1, 3), (2, 3), (3, 3), (4, 3), (5, 3)]
    assert GRID.line((4, 4), (5, 2)) == [(4, 4), (4, 3), (5, 2)]  # two steps NE


def test_a_line_along_the_maps_edge_is_blocked_by_the_edge_cell():
    # R20.4: from 0,0 to 0,2 the line runs along the edge between 0,1 and the outside of the map, which
    # counts as a wall: a wall at 0,1 blocks it, and a full row of walls always cuts a hex map in two.
    assert list(GRID.sight_gates((0, 0), (0, 2))) == [((-1, 1), (0, 1))]
    assert line_of_sight(open_map(3, 3), GRID, (0, 0), (0, 2))
    assert not line_of_sight(with_cells(open_map(3, 3), "#", [(0, 1)]), GRID, (0, 0), (0, 2))


@pytest.mark.parametrize(
    ("target", "watched"),
    [
        ((6, 5), True),  # the E neighbour, straight ahead
        ((8, 4), True),  # 19 degrees off E
        ((8, 6), True),
        ((6, 4), False),  # the NE neighbour, 60 degrees off
        ((7, 3), False),  # 49 degrees off
        ((4, 5), False),  # behind
    ],
)
def test_the_watch_cone_is_the_45_degrees_around_the_facing(target, watched):
    # R20.3, R16.1: 22.5 degrees each side of the facing, measured between centres (E is 90 degrees).
    assert in_reaction_cone(GRID, (5, 5), Facing.E, target) is watched


@pytest.mark.parametrize(
    ("shooter", "covered"),
    [
        ((5, 2), True),  # straight beyond the obstacle, two steps NE
        ((4, 1), True),  # 19 degrees off the obstacle's direction
        ((6, 2), True),  # 19 degrees off the other way
        ((7, 4), False),  # due E: 60 degrees off, flanked
        ((1, 4), False),  # behind
    ],
)
def test_cover_by_the_angle_at_the_covered_character(shooter, covered):
    # R20.3, R9.2: a low obstacle NE of 4,4 protects against shooters within 45 degrees of it, between centres.
    battlemap = with_cells(open_map(), "=", [(4, 3)])
    assert protected(battlemap, GRID, (4, 4), shooter) is covered


@given(a=st.tuples(st.integers(0, 12), st.integers(0, 12)), b=st.tuples(st.integers(0, 12), st.integers(0, 12)))
def test_the_line_holds_every_cell_whose_inside_the_segment_crosses(a, b):
    # R20.4, checked against plain sampling: a point of the segment clearly nearer one centre than any other
    # lies inside that cell, which must be on the line.
    line = set(GRID.line(a, b))
    (ax, ay), (bx, by) = GRID.centre(a), GRID.centre(b)
    for i in range(201):
        px, py = ax + (bx - ax) * i / 200, ay + (by - ay) * i / 200
        column, row = int(px), int(py / ROW_M)
        near = [(x, y) for x in range(column - 2, column + 3) for y in range(row - 2, row + 3)]
        first, second = sorted(near, key=lambda cell: math.dist((px, py), GRID.centre(cell)))[:2]
        if math.dist((px, py), GRID.centre(second)) - math.dist((px, py), GRID.centre(first)) > 1e-6:
            assert first in line
