"""R0.1, R20.4: what blocks a line first, seen from its start (what a refused shot names: a wall, or a fire's
smoke, R18.3.1) — the first gate whose every cell blocks sight, kept per map: asked again of the same map it
walks no gate, and a map with other walls gets its own answer."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from apcombat.board import Grid
from apcombat.board.sight import blocked_at
from apcombat.model import BattleMap, Cell

from .maps import cells_of, drawn, random_maps


def first_blocking_gate(battlemap: BattleMap, grid: Grid, a: Cell, b: Cell) -> tuple[Cell, ...] | None:
    for gate in grid.sight_gates(a, b):
        if all(not battlemap.inside(cell) or battlemap.at(cell).blocks_sight for cell in gate):
            return tuple(gate)
    return None


@settings(max_examples=150)
@given(data=st.data())
def test_the_first_blocking_gate_on_random_maps(grid: Grid, data) -> None:
    battlemap = data.draw(random_maps())
    for _ in range(3):
        a, b = data.draw(cells_of(battlemap)), data.draw(cells_of(battlemap))
        expected = first_blocking_gate(battlemap, grid, a, b)
        assert blocked_at(battlemap, grid, a, b) == expected
        assert blocked_at(battlemap, grid, a, b) == expected


class CountedGrid:
    """A grid that counts the lines whose gates are walked."""

    def __init__(self, grid: Grid) -> None:
        self.grid, self.walked = grid, 0
        self.kind = grid.kind

    def sight_gates(self, a: Cell, b: Cell):
        self.walked += 1
        return self.grid.sight_gates(a, b)


def test_an_answer_is_kept_per_map(grid: Grid) -> None:
    walled = drawn(".....", "..#..", ".....")
    counted = CountedGrid(grid)
    first = blocked_at(walled, counted, (0, 1), (4, 1))  # type: ignore[arg-type]
    assert first is not None and (2, 1) in first
    assert blocked_at(walled, counted, (0, 1), (4, 1)) == first  # type: ignore[arg-type]
    assert counted.walked == 1
    opened = drawn(".....", ".....", ".....")
    assert blocked_at(opened, counted, (0, 1), (4, 1)) is None  # type: ignore[arg-type]
    assert counted.walked == 2
