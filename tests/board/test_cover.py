"""R9.1 taking cover, R9.2 cover that protects against a shooter, R8.5 prone behind cover, R17.1."""

from __future__ import annotations

import pytest

from apcombat.board import (
    Grid,
    SquareGrid,
    can_take_cover,
    cover_cells,
    hidden_when_prone,
    protected,
    protecting_cover,
    sees_cover_of,
)

from .maps import drawn, open_map, with_cells

COVERED = (3, 3)
LOW_NORTH = drawn(
    ".......",
    ".......",
    "...=...",
    ".......",
    ".......",
    ".......",
    ".......",
)


def test_cover_cells_are_the_neighbours_at_least_hip_high():
    # R9.1: walls and low obstacles, diagonal neighbours included; rubble, stairs and gaps are not cover.
    battlemap = drawn(
        "#._",
        ".:=",
        "H..",
    )
    grid = SquareGrid()
    assert cover_cells(battlemap, grid, (1, 1)) == ((2, 1), (0, 0))
    assert can_take_cover(battlemap, grid, (1, 1))
    assert not can_take_cover(open_map(3, 3), grid, (1, 1))
    assert cover_cells(battlemap, grid, (0, 2)) == ()


def test_cover_at_the_map_edge_ignores_cells_outside():
    assert cover_cells(drawn("=."), SquareGrid(), (0, 0)) == ()
    assert cover_cells(drawn("=."), SquareGrid(), (1, 0)) == ((0, 0),)


@pytest.mark.parametrize(
    ("shooter", "is_protected"),
    [
        ((3, 0), True),  # straight behind the obstacle
        ((5, 0), True),  # 33.7 degrees off
        ((6, 0), True),  # exactly 45 degrees: still protected
        ((6, 1), False),  # 56 degrees: flanked
        ((6, 3), False),  # 90 degrees
        ((3, 6), False),  # from behind
        ((4, 2), False),  # R9.2: adjacent (45 degrees): a neighbour is never behind the obstacle
        ((4, 3), False),
    ],
)
def test_cover_protects_within_45_degrees(shooter, is_protected):
    # R9.2: the angle at the covered cell between the obstacle's centre and the shooter's is <= 45.
    grid = SquareGrid()
    assert protected(LOW_NORTH, grid, COVERED, shooter) is is_protected
    assert protecting_cover(LOW_NORTH, grid, COVERED, shooter) == (((3, 2),) if is_protected else ())


def test_a_shooter_next_to_the_character_or_level_with_the_obstacle_is_never_behind_it():
    # R9.2: a prone character beside a doorway's jamb (walls at 4,2 and 4,4) is seen by a shooter standing
    # in the doorway (4,3): the jambs are 45 degrees off, but no nearer than the shooter.
    doorway = with_cells(open_map(7, 7), "#", [(4, 2), (4, 4)])
    grid = SquareGrid()
    assert not protected(doorway, grid, COVERED, (4, 3))
    assert not hidden_when_prone(doorway, grid, COVERED, (4, 3))
    # Every neighbour of the covered cell, whatever obstacles surround it.
    boxed = with_cells(open_map(7, 7), "=", [(2, 2), (3, 2), (4, 2), (2, 3), (4, 3), (2, 4), (3, 4), (4, 4)])
    for step in grid.steps(COVERED):
        assert not protected(boxed, grid, COVERED, step.to)
    # One cell farther the same obstacles protect again.
    assert protected(doorway, grid, COVERED, (5, 1))


def test_diagonal_cover_protects_along_its_diagonal():
    battlemap = with_cells(open_map(7, 7), "=", [(4, 2)])
    grid = SquareGrid()
    assert protected(battlemap, grid, COVERED, (6, 0))
    assert protected(battlemap, grid, COVERED, (6, 3))  # 90 degrees from N, 45 from the NE obstacle
    assert not protected(battlemap, grid, COVERED, (0, 0))


def test_protecting_cover_lists_every_obstacle_between():
    battlemap = with_cells(open_map(7, 7), "=", [(2, 2), (3, 2), (4, 2)])
    grid = SquareGrid()
    assert protecting_cover(battlemap, grid, COVERED, (3, 0)) == ((3, 2), (4, 2), (2, 2))
    assert protecting_cover(battlemap, grid, COVERED, (6, 0)) == ((3, 2), (4, 2))


def test_a_shooter_in_the_covered_cell_is_not_protected_against():
    assert not protected(LOW_NORTH, SquareGrid(), COVERED, COVERED)


def test_neighbouring_cover_protects_against_a_shooter_beyond_it(grid: Grid):
    # R9.2 on any grid: an obstacle in a neighbouring cell protects against a shooter straight beyond it
    # and not against one straight behind the covered cell.
    covered = (5, 5)
    for step in grid.steps(covered):
        battlemap = with_cells(open_map(11, 11), "=", [step.to])
        beyond = step.to
        for _ in range(3):
            beyond = next(s.to for s in grid.steps(beyond) if s.facing is step.facing)
        assert protected(battlemap, grid, covered, beyond)
        behind = next(
            s.to for s in grid.steps(covered) if abs(grid.bearing(s.facing) - grid.bearing(step.facing)) == 180
        )
        assert not protected(battlemap, grid, covered, behind)


def test_prone_behind_hip_high_cover_is_hidden_from_the_far_side():
    # R8.5: low obstacles and walls alike; a flanking shooter sees the prone character.
    grid = SquareGrid()
    assert hidden_when_prone(LOW_NORTH, grid, COVERED, (3, 0))
    assert not hidden_when_prone(LOW_NORTH, grid, COVERED, (6, 3))
    walled = with_cells(open_map(7, 7), "#", [(3, 2)])
    assert hidden_when_prone(walled, grid, COVERED, (4, 0))


def test_covering_fire_needs_sight_of_the_obstacle_not_of_the_enemy():
    # R17.1: the shooter sees the low obstacle the enemy is behind; a wall before it hides it.
    grid = SquareGrid()
    assert sees_cover_of(LOW_NORTH, grid, (3, 0), COVERED)
    hidden = with_cells(LOW_NORTH, "#", [(3, 1)])
    assert not sees_cover_of(hidden, grid, (3, 0), COVERED)
    # An obstacle that is itself a wall does not hide itself.
    wall_cover = with_cells(open_map(7, 7), "#", [(3, 2)])
    assert sees_cover_of(wall_cover, grid, (3, 0), COVERED)
    # Not in cover against this shooter (flanked): nothing to pin it behind.
    assert not sees_cover_of(LOW_NORTH, grid, (6, 3), COVERED)
