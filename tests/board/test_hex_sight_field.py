"""Sight from one cell over the whole hex map (`board.hex_field`) is exactly one R20.4 line of sight per cell:
the whole-area method against the plain line-per-cell reference, on random hex maps."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apcombat.board import HexGrid, hex_field, line_of_sight, sight
from apcombat.board.sight import line_by_gates, sight_mask, sight_mask_by_lines

from .maps import cells_of, drawn, random_maps

GRID = HexGrid()
WALLED = "....##=:H_"


@settings(max_examples=300, deadline=None)  # the reference walk is slow on hexes
@given(data=st.data())
def test_hex_sight_from_one_cell_is_one_line_per_cell_on_random_maps(data):
    # R20.4: walls' insides and edges between two walls (the map's edge counting as walls) block; corners never.
    symbols = data.draw(st.sampled_from([WALLED, "..#", "#.", "##.=#"]))
    battlemap = data.draw(random_maps(symbols=symbols, max_side=13))
    origin = data.draw(cells_of(battlemap))
    fast, reference = sight_mask(battlemap, GRID, origin), sight_mask_by_lines(battlemap, GRID, origin)
    assert np.array_equal(fast, reference), np.argwhere(fast != reference).tolist()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_hex_sight_with_only_the_far_shadows_that_matter_laid(monkeypatch: pytest.MonkeyPatch, data):
    # Shadows are culled from 16 m away on a real map; here from 0 to 4 m, so small maps cull too.
    monkeypatch.setattr(hex_field, "NEAR_SHADOWS", 12 * data.draw(st.integers(0, 4)) ** 2)
    battlemap = data.draw(random_maps(symbols=data.draw(st.sampled_from([WALLED, "..#", "#."])), max_side=13))
    origin = data.draw(cells_of(battlemap))
    assert np.array_equal(sight_mask(battlemap, GRID, origin), sight_mask_by_lines(battlemap, GRID, origin))


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_a_hex_cell_sees_whoever_sees_it(data):
    # R20.4: symmetric, and the same answer as the single line.
    battlemap = data.draw(random_maps(symbols=WALLED, max_side=14))
    a, b = data.draw(cells_of(battlemap)), data.draw(cells_of(battlemap))
    assert sight_mask(battlemap, GRID, a)[b[1], b[0]] == sight_mask(battlemap, GRID, b)[a[1], a[0]]
    assert sight_mask(battlemap, GRID, a)[b[1], b[0]] == line_of_sight(battlemap, GRID, a, b)


def test_a_line_along_the_edge_of_two_walls_is_blocked_and_along_one_wall_is_not():
    # R20.4: from 1,0 straight down to 1,2 the line runs along the edge between 0,1 and 1,1 (row 1 sits half a
    # cell east), blocked only when both are walls; the same along the map's west edge, off the map a wall.
    both = drawn("...", "##.", "...")
    one = drawn("...", ".#.", "...")
    assert not sight_mask(both, GRID, (1, 0))[2, 1]
    assert sight_mask(one, GRID, (1, 0))[2, 1]
    edge = drawn("...", "#..", "...")
    assert not sight_mask(edge, GRID, (0, 0))[2, 0]  # along 0,1's west edge: 0,1 and the map's outside
    assert sight_mask(drawn("...", "...", "..."), GRID, (0, 0))[2, 0]


def test_a_large_hex_map_agrees_with_the_lines_from_a_few_cells():
    rows = ["".join("#" if (x * 7 + y * 13) % 11 == 0 else "." for x in range(40)) for y in range(37)]
    battlemap = drawn(*rows)
    for origin in [(0, 0), (20, 18), (39, 36), (5, 31)]:
        assert np.array_equal(sight_mask(battlemap, GRID, origin), sight_mask_by_lines(battlemap, GRID, origin))


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_hex_lines_answered_from_kept_sight_are_the_lines_walked(data):
    # R20.4: lines asked again and again from the same cells come from their kept whole-map sight; every
    # answer is the line walked gate by gate, whichever end is asked first.
    battlemap = data.draw(random_maps(symbols=WALLED, max_side=12))
    cells = data.draw(st.lists(cells_of(battlemap), min_size=2, max_size=5))
    pairs = data.draw(st.lists(st.tuples(st.sampled_from(cells), st.sampled_from(cells)), min_size=1, max_size=40))
    for a, b in pairs:
        assert line_of_sight(battlemap, GRID, a, b) == line_by_gates(battlemap, GRID, a, b), (a, b)
    assert sight_mask(battlemap, GRID, cells[0]).flags.writeable


def test_hex_sight_kept_for_a_cell_asked_about_often(monkeypatch: pytest.MonkeyPatch):
    battlemap = drawn("......", "..##..", "......", "...#..")
    for b in [(5, 0), (5, 1), (5, 2), (5, 3)]:
        line_of_sight(battlemap, GRID, (0, 0), b)
    memo = sight._hex_memo(battlemap)
    assert (0, 0) in memo._seen and (5, 3) not in memo._seen  # asked about MEMO_AFTER times: kept
    walked = []
    monkeypatch.setattr(sight, "line_by_gates", lambda *args: walked.append(args) or True)
    assert line_of_sight(battlemap, GRID, (5, 1), (0, 0)) == bool(memo._seen[(0, 0)][1, 5])
    assert not walked
