"""Sight from one cell over the whole map (`sight_mask`, `visible_cells`) is exactly one line of sight per
cell (R0.1): the whole-area method of the square grid against the plain line-per-cell reference."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apcombat.board import Grid, SquareGrid, field, line_of_sight, survey
from apcombat.board.sight import sight_mask, sight_mask_by_lines, visible_cells, visible_cells_by_lines
from apcombat.model import BattleMap

from .maps import cells_of, drawn, random_maps, with_cells

WALLED = "....##=:H_"
"""Floor, walls, low cover, rubble, stairs and gaps, walls a fifth of the cells."""


@settings(max_examples=300)
@given(data=st.data())
def test_sight_from_one_cell_is_one_line_per_cell_on_random_maps(data):
    battlemap = data.draw(random_maps(symbols=data.draw(st.sampled_from([WALLED, "..#", "#.", "##.=#"])), max_side=16))
    origin = data.draw(cells_of(battlemap))
    grid = SquareGrid()
    fast, reference = sight_mask(battlemap, grid, origin), sight_mask_by_lines(battlemap, grid, origin)
    assert np.array_equal(fast, reference), np.argwhere(fast != reference).tolist()


@settings(max_examples=40, deadline=None)  # the hex grid's reference walk is slow
@given(data=st.data())
def test_visible_cells_within_a_distance_agree_on_every_grid(grid: Grid, data):
    battlemap = data.draw(random_maps(symbols=WALLED, max_side=10 if grid.kind == "square" else 6))
    origin = data.draw(cells_of(battlemap))
    max_m = data.draw(st.none() | st.floats(0, 12))
    assert visible_cells(battlemap, grid, origin, max_m) == visible_cells_by_lines(battlemap, grid, origin, max_m)


@pytest.fixture
def nothing_kept_per_size(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Maps of every size work out their walls' and corners' directions on each call, as the largest do."""
    monkeypatch.setattr(field, "KEPT_OFFSETS", 0)
    field._directions.cache_clear()
    yield
    field._directions.cache_clear()


@settings(max_examples=100, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_sight_on_maps_too_large_to_keep_every_offset(nothing_kept_per_size, data):
    battlemap = data.draw(random_maps(symbols=data.draw(st.sampled_from([WALLED, "..#"])), max_side=14))
    origin = data.draw(cells_of(battlemap))
    grid = SquareGrid()
    assert field._directions(battlemap.width, battlemap.height).spans is None
    assert np.array_equal(sight_mask(battlemap, grid, origin), sight_mask_by_lines(battlemap, grid, origin))


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_sight_with_only_the_far_walls_that_matter_laid(monkeypatch: pytest.MonkeyPatch, data):
    # Walls are culled from 16 cells away on a real map; here from 0 to 4 cells, so small maps cull too.
    monkeypatch.setattr(field, "NEAR_SHADOWS", 2 * data.draw(st.integers(0, 4)))
    battlemap = data.draw(random_maps(symbols=data.draw(st.sampled_from([WALLED, "..#", "#."])), max_side=16))
    origin = data.draw(cells_of(battlemap))
    grid = SquareGrid()
    assert np.array_equal(sight_mask(battlemap, grid, origin), sight_mask_by_lines(battlemap, grid, origin))


@settings(max_examples=100)
@given(data=st.data())
def test_a_cell_sees_whoever_sees_it(data):
    battlemap = data.draw(random_maps(symbols=WALLED, max_side=14))
    a, b = data.draw(cells_of(battlemap)), data.draw(cells_of(battlemap))
    grid = SquareGrid()
    assert sight_mask(battlemap, grid, a)[b[1], b[0]] == sight_mask(battlemap, grid, b)[a[1], a[0]]
    assert sight_mask(battlemap, grid, a)[b[1], b[0]] == line_of_sight(battlemap, grid, a, b)


def test_a_diagonal_wall_far_along_the_line_stops_it_and_one_block_does_not():
    # From 3,0 to 8,5 the line slips through the corner where 6,2 and 5,3 meet, five cells away.
    battlemap = drawn(
        "..........",
        "..........",
        "......#...",
        ".....#....",
        "..........",
        "..........",
    )
    grid = SquareGrid()
    seen = visible_cells(battlemap, grid, (3, 0))
    assert seen == visible_cells_by_lines(battlemap, grid, (3, 0))
    assert {(6, 2), (5, 3)} <= seen  # the walls themselves are seen
    assert (8, 5) not in seen
    one_block = with_cells(battlemap, ".", [(5, 3)])
    assert (8, 5) in visible_cells(one_block, grid, (3, 0))


def test_the_viewer_on_a_wall_and_maps_one_cell_wide():
    grid = SquareGrid()
    for battlemap, origin in (
        (drawn("#.#.", "..#."), (0, 0)),
        (drawn(".", "#", ".", "."), (0, 0)),
        (drawn(".#..#."), (5, 0)),
        (drawn("#"), (0, 0)),
    ):
        assert visible_cells(battlemap, grid, origin) == visible_cells_by_lines(battlemap, grid, origin)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_sight_lines_on_maps_that_keep_their_walls_a_byte_a_cell(grid: Grid, monkeypatch: pytest.MonkeyPatch, data):
    battlemap = data.draw(random_maps(symbols=WALLED, max_side=10))
    a, b = data.draw(cells_of(battlemap)), data.draw(cells_of(battlemap))
    as_a_set = line_of_sight(battlemap, grid, a, b)
    monkeypatch.setattr(survey, "WALL_SET_CELLS", 0)
    again = BattleMap(rows=battlemap.rows)  # a new map: nothing kept for it yet
    assert isinstance(survey.sight_walls(again), bytes | None)
    assert line_of_sight(again, grid, a, b) == as_a_set
