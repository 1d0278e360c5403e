"""R18.3.1 on the board: a fire's smoke blocks sight like a wall and burnt ground blocks nothing — the
whole-area sight of the square grid (`board.field`, `board.shadows`) agreeing with one line per cell on maps
with fires and burnt cells — and paths never enter or squeeze past a fire."""

from __future__ import annotations

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from apcombat.board import NoPath, SquareGrid, plan_path, reachable
from apcombat.board.pace import MoveProfile
from apcombat.board.sight import (
    line_of_sight,
    sight_mask,
    sight_mask_by_lines,
    visible_cells,
    visible_cells_by_lines,
)
from apcombat.model import DEFAULT_LEGEND, BattleMap, Cell, Facing, Pose, Terrain

from .maps import cells_of

LEGEND = DEFAULT_LEGEND | {",": Terrain.BRUSH, "%": Terrain.CRATES, "^": Terrain.HUT, "b": Terrain.BURNT}
SYMBOLS = "....,,,%^^#b="


@st.composite
def burning_maps(draw: st.DrawFn, max_side: int = 12) -> BattleMap:
    """Random maps of floor, brush, crates, huts, walls and burnt ground, some cells burning or burnt."""
    width, height = draw(st.integers(2, max_side)), draw(st.integers(2, max_side))
    row = st.text(alphabet=SYMBOLS, min_size=width, max_size=width)
    battlemap = BattleMap(rows=draw(st.lists(row, min_size=height, max_size=height)), legend=LEGEND)
    cells = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    fires = draw(st.frozensets(cells, max_size=width * height // 4))
    burnt = draw(st.frozensets(cells, max_size=width * height // 4)) - fires
    return attrs.evolve(battlemap, fires=fires, burnt=burnt)


@settings(max_examples=300)
@given(data=st.data())
def test_r18_3_1_fast_sight_agrees_with_one_line_per_cell_with_fires(data):
    battlemap = data.draw(burning_maps(16))
    origin = data.draw(cells_of(battlemap))
    grid = SquareGrid()
    fast, reference = sight_mask(battlemap, grid, origin), sight_mask_by_lines(battlemap, grid, origin)
    assert np.array_equal(fast, reference), np.argwhere(fast != reference).tolist()


@settings(max_examples=30, deadline=None)  # the hex grid's reference walk is slow
@given(data=st.data())
def test_r18_3_1_visible_cells_agree_on_every_grid_with_fires(grid, data):
    battlemap = data.draw(burning_maps(10 if grid.kind == "square" else 6))
    origin = data.draw(cells_of(battlemap))
    assert visible_cells(battlemap, grid, origin) == visible_cells_by_lines(battlemap, grid, origin)


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_r18_3_1_a_fire_blocks_sight_as_a_wall_does_and_burnt_ground_as_floor(grid, data):
    # The same map drawn with walls where the fires are and floor where the burnt cells are sees the same.
    battlemap = data.draw(burning_maps(8))
    a, b = data.draw(cells_of(battlemap)), data.draw(cells_of(battlemap))
    rows = [list(row) for row in battlemap.rows]
    for cells, symbol in ((battlemap.burnt, "."), (battlemap.fires, "#")):
        for x, y in cells:
            rows[y][x] = symbol
    drawn = BattleMap(rows=["".join(row) for row in rows], legend=LEGEND)
    assert line_of_sight(battlemap, grid, a, b) == line_of_sight(drawn, grid, a, b)


def test_r18_3_3_a_burnt_hut_no_longer_blocks_sight_or_movement():
    hut = BattleMap(rows=["..^.."], legend=LEGEND)
    grid = SquareGrid()
    assert not line_of_sight(hut, grid, (0, 0), (4, 0))
    burnt = hut.with_fire((2, 0), True).with_fire((2, 0), False)
    assert burnt.at((2, 0)) is Terrain.BURNT and burnt.burnt == {(2, 0)} and not burnt.fires
    assert line_of_sight(burnt, grid, (0, 0), (4, 0))
    path = plan_path(burnt, grid, (0, 0), Facing.E, [(4, 0)], MoveProfile(Pose.UPRIGHT))
    assert path.cells == ((1, 0), (2, 0), (3, 0), (4, 0))


def test_r18_3_1_paths_never_enter_or_squeeze_past_a_fire():
    grid = SquareGrid()
    walking = MoveProfile(Pose.UPRIGHT)
    corridor = BattleMap(rows=["#####", ".,,,.", "#####"], legend=LEGEND).with_fire((2, 1), True)
    with pytest.raises(NoPath, match="no path around the obstacles"):
        plan_path(corridor, grid, (0, 1), Facing.E, [(4, 1)], walking)
    with pytest.raises(NoPath, match="the cell 2,1 is on fire"):
        plan_path(corridor, grid, (0, 1), Facing.E, [(2, 1)], walking)
    # A diagonal step from 1,1 to 2,0 squeezes past 2,1 and 1,0: with 2,1 burning it is two steps.
    open_ground = BattleMap(rows=["....", "....", "...."], legend=LEGEND).with_fire((2, 1), True)
    path = plan_path(open_ground, grid, (1, 1), Facing.N, [(2, 0)], walking)
    assert path.cells == ((1, 0), (2, 0))
    reached: dict[Cell, object] = reachable(open_ground, grid, (1, 1), Facing.N, 8, walking)
    assert (2, 1) not in reached
