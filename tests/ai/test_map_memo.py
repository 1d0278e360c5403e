"""The AI's kept walks (apcombat.ai.reckoning.memo): a walk from the same starts goes on where the last question
left it, and every answer is what one breadth-first search, stopped once the wanted cells are numbered, gives —
the same numbers, the same cells, in the same order, whatever was asked before (the AI reads the steps to the
nearest enemy, R7.1, of cells beyond those it asked about: a friend's cell, so the cells beyond matter too)."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from apcombat.ai.reckoning.memo import MapMemo
from apcombat.board import grid_for
from apcombat.model import BattleMap, Cell
from tests.board.maps import cells_of, drawn, random_maps


def one_search(memo: MapMemo, starts: tuple[Cell, ...], wanted: frozenset[Cell]) -> dict[Cell, int]:
    """The search as written before walks were kept: from scratch, stopped once every wanted cell is numbered."""
    found = dict.fromkeys(starts, 0)
    missing = set(wanted) - found.keys()
    queue = deque(starts)
    while queue and missing:
        cell = queue.popleft()
        for to in memo.neighbours(cell):
            if to not in found:
                found[to] = found[cell] + 1
                missing.discard(to)
                queue.append(to)
    return found


@st.composite
def questions(draw: st.DrawFn) -> tuple[BattleMap, list[tuple[tuple[Cell, ...], frozenset[Cell]]]]:
    battlemap = draw(random_maps(symbols="......#"))
    cell = cells_of(battlemap)
    asked = draw(
        st.lists(
            st.tuples(st.lists(cell, max_size=3).map(tuple), st.frozensets(cell, max_size=6)), min_size=1, max_size=8
        )
    )
    return battlemap, asked


@settings(max_examples=300)
@given(questions())
def test_every_answer_is_the_one_search_asked_alone(asked) -> None:
    battlemap, questions_asked = asked
    memo, alone = MapMemo(battlemap, grid_for(battlemap)), MapMemo(battlemap, grid_for(battlemap))
    for starts, wanted in questions_asked:
        answer = memo.steps_from(starts, wanted)
        expected = one_search(alone, starts, wanted)
        assert list(answer.items()) == list(expected.items()), (starts, sorted(wanted))


def test_a_walk_goes_on_from_where_it_stopped() -> None:
    battlemap = drawn("......", "..##..", "......")
    memo = MapMemo(battlemap, grid_for(battlemap))
    asked: list[Cell] = []
    neighbours = memo.neighbours
    memo.neighbours = lambda cell: (asked.append(cell), neighbours(cell))[1]  # type: ignore[method-assign]
    near = memo.steps_from(((0, 0),), frozenset({(1, 0)}))
    assert near[(1, 0)] == 1
    first = len(asked)
    far = memo.steps_from(((0, 0),), frozenset({(5, 2)}))
    assert far[(5, 2)] == 5
    again = memo.steps_from(((0, 0),), frozenset({(1, 0)}))
    assert again == near
    assert len(asked) == len(set(asked)), "a cell's neighbours were looked at twice: the walk started over"
    assert len(asked) > first
