"""Battle maps for the board tests, drawn as rows of the default legend (# wall, = low, : rubble, H stairs,
_ gap), and a hypothesis strategy for random ones."""

from __future__ import annotations

from hypothesis import strategies as st

from apcombat.model import BattleMap, Cell


def open_map(width: int = 10, height: int = 10) -> BattleMap:
    return BattleMap(rows=["." * width] * height)


def drawn(*rows: str) -> BattleMap:
    return BattleMap(rows=rows)


def with_cells(battlemap: BattleMap, symbol: str, cells: list[Cell] | set[Cell]) -> BattleMap:
    """The map with the given cells redrawn as `symbol`."""
    rows = [list(row) for row in battlemap.rows]
    for x, y in cells:
        rows[y][x] = symbol
    return BattleMap(rows=["".join(row) for row in rows])


@st.composite
def random_maps(draw: st.DrawFn, symbols: str = "..........#=:H_", max_side: int = 12) -> BattleMap:
    width = draw(st.integers(2, max_side))
    height = draw(st.integers(2, max_side))
    row = st.text(alphabet=symbols, min_size=width, max_size=width)
    return BattleMap(rows=draw(st.lists(row, min_size=height, max_size=height)))


@st.composite
def cells_of(draw: st.DrawFn, battlemap: BattleMap) -> Cell:
    return (draw(st.integers(0, battlemap.width - 1)), draw(st.integers(0, battlemap.height - 1)))
