"""R16.1: the watched cone, 22.5 degrees each side of the facing, in sight, in the two best ranges."""

from __future__ import annotations

import pytest
from rules.builders import make_ranges, make_weapon

from apcombat.board import Grid, SquareGrid, in_reaction_cone, watched_cells
from apcombat.model import Facing

from .maps import open_map, with_cells


def test_every_neighbour_is_in_the_cone_of_its_own_facing(grid: Grid):
    for step in grid.steps((5, 5)):
        assert in_reaction_cone(grid, (5, 5), step.facing, step.to)
        assert not in_reaction_cone(grid, (5, 5), step.facing, (5, 5))


@pytest.mark.parametrize(
    ("target", "inside"),
    [
        ((5, 0), True),  # straight ahead
        ((7, 0), True),  # 21.8 degrees off
        ((8, 0), False),  # 31 degrees off
        ((3, 0), True),
        ((2, 0), False),
        ((6, 1), True),  # 14 degrees
        ((6, 4), False),  # 45 degrees, next facing
        ((5, 9), False),  # behind
        ((5, 5), False),  # the watcher's own cell
    ],
)
def test_square_cone_facing_north(target, inside):
    assert in_reaction_cone(SquareGrid(), (5, 5), Facing.N, target) is inside


def test_watched_cells_are_in_the_cone_in_sight_and_in_the_best_ranges():
    # Best ranges: close (3-6 m] and medium (6-10 m] with the highest modifiers.
    weapon = make_weapon(ranges=make_ranges((3.0, 6.0, 10.0, 15.0, 20.0), (-10, 10, 10, -20, -40)))
    grid = SquareGrid()
    battlemap = with_cells(open_map(21, 21), "#", [(10, 8)])
    watched = watched_cells(battlemap, grid, (10, 15), Facing.N, weapon)
    assert (10, 12) not in watched  # 3 m: cqc, not a best range
    assert (10, 11) in watched  # 4 m: close
    assert (10, 9) in watched  # 6 m: close, edge included
    assert (10, 7) not in watched  # 8 m: medium, behind the wall at 10,8
    assert (9, 6) in watched  # 9.06 m: medium
    assert (9, 5) not in watched  # 10.05 m: long
    assert (13, 10) not in watched  # out of the cone (31 degrees)
    assert (12, 7) in watched
    for cell in watched:
        assert in_reaction_cone(grid, (10, 15), Facing.N, cell)
        assert 3.0 < grid.distance_m((10, 15), cell) <= 10.0
        assert cell[0] != 10 or cell[1] >= 8  # nothing seen behind the wall
