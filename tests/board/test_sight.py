"""Line of sight (R0.1): walls between block, the end cells and units do not, and it is symmetric."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from apcombat.board import Grid, SquareGrid, line_of_sight, visible_cells

from .maps import cells_of, drawn, open_map, random_maps, with_cells


@settings(max_examples=150)
@given(data=st.data())
def test_sight_is_symmetric_on_random_maps(grid: Grid, data):
    battlemap = data.draw(random_maps(symbols="....##=:"))
    a, b = data.draw(cells_of(battlemap)), data.draw(cells_of(battlemap))
    assert line_of_sight(battlemap, grid, a, b) == line_of_sight(battlemap, grid, b, a)


@given(data=st.data())
def test_without_walls_every_cell_is_seen(grid: Grid, data):
    battlemap = data.draw(random_maps(symbols="..=:H_"))
    a, b = data.draw(cells_of(battlemap)), data.draw(cells_of(battlemap))
    assert line_of_sight(battlemap, grid, a, b)


@given(data=st.data())
def test_a_full_wall_row_between_blocks_sight(grid: Grid, data):
    battlemap = data.draw(random_maps(symbols="...=:", max_side=10).filter(lambda m: m.height >= 3))
    row = data.draw(st.integers(1, battlemap.height - 2))
    walled = with_cells(battlemap, "#", [(x, row) for x in range(battlemap.width)])
    a = (data.draw(st.integers(0, walled.width - 1)), data.draw(st.integers(0, row - 1)))
    b = (data.draw(st.integers(0, walled.width - 1)), data.draw(st.integers(row + 1, walled.height - 1)))
    assert not line_of_sight(walled, grid, a, b)
    assert not line_of_sight(walled, grid, b, a)


def test_end_cells_do_not_block_their_own_line(grid: Grid):
    battlemap = with_cells(open_map(), "#", [(2, 2), (2, 6)])
    assert line_of_sight(battlemap, grid, (2, 2), (2, 6))
    assert line_of_sight(battlemap, grid, (2, 2), (2, 3))


def test_a_wall_between_blocks_and_a_low_obstacle_does_not(grid: Grid):
    walled = with_cells(open_map(), "#", [(2, 4)])
    assert not line_of_sight(walled, grid, (2, 2), (2, 6))
    low = with_cells(open_map(), "=", [(2, 4)])
    assert line_of_sight(low, grid, (2, 2), (2, 6))


def test_sight_past_the_corner_of_one_wall_block_but_not_through_a_diagonal_wall():
    # The square corner rule: a line through a corner is blocked only when both cells beside it block.
    grid = SquareGrid()
    one_block = drawn(
        "...",
        "#..",
        "...",
    )
    assert line_of_sight(one_block, grid, (0, 0), (1, 1))
    assert line_of_sight(one_block, grid, (0, 2), (2, 0))
    diagonal = drawn(
        ".#.",
        "#..",
        "...",
    )
    assert not line_of_sight(diagonal, grid, (0, 0), (1, 1))
    assert not line_of_sight(diagonal, grid, (1, 1), (0, 0))
    assert line_of_sight(diagonal, grid, (0, 2), (2, 0))


def test_sight_through_a_corner_further_along_the_line():
    grid = SquareGrid()
    diagonal_wall = drawn(
        "....",
        "..#.",
        ".#..",
        "....",
    )
    # (0,0) to (3,3) enters no wall, but slips between (2,1) and (1,2) at their shared corner.
    assert not line_of_sight(diagonal_wall, grid, (0, 0), (3, 3))
    assert not line_of_sight(diagonal_wall, grid, (3, 3), (0, 0))
    one_block = with_cells(diagonal_wall, ".", [(1, 2)])
    assert line_of_sight(one_block, grid, (0, 0), (3, 3))
    assert line_of_sight(one_block, grid, (3, 3), (0, 0))


def test_visible_cells_from_behind_a_wall():
    grid = SquareGrid()
    battlemap = drawn(
        ".....",
        "..#..",
        ".....",
    )
    seen = visible_cells(battlemap, grid, (2, 0))
    assert (2, 0) in seen
    assert (2, 1) in seen  # the wall itself is seen
    assert (2, 2) not in seen
    assert (1, 2) not in seen
    assert (0, 2) in seen  # past the corner of the wall
    assert visible_cells(battlemap, grid, (2, 0), max_m=1.0) == {(1, 0), (2, 0), (3, 0), (2, 1)}
