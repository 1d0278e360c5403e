"""The shadows' tree of the sight field: for each place, the nearest shadow over it, as a plain loop says."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from apcombat.board.shadows import NO_SHADOW, ShadowTree


def plainly(count: int, runs: list[tuple[int, int, int]]) -> list[int]:
    return [min((d for start, end, d in runs if start <= place < end), default=NO_SHADOW) for place in range(count)]


@st.composite
def shadow_runs(draw: st.DrawFn) -> tuple[int, list[tuple[int, int, int]]]:
    count = draw(st.integers(1, 70))
    run = st.tuples(st.integers(0, count), st.integers(0, count), st.integers(1, 40))
    return count, draw(st.lists(run, max_size=40))


def by_place(tree: ShadowTree, count: int, leaves: np.ndarray) -> list[int]:
    return leaves[tree.slots(np.arange(count))].tolist()


@settings(max_examples=300)
@given(drawn=shadow_runs(), near=st.integers(0, 40))
def test_the_nearest_shadow_over_each_place(drawn, near):
    count, runs = drawn
    tree = ShadowTree(count)
    starts, ends, distances = (np.array([run[i] for run in runs], dtype=np.int64) for i in range(3))
    want = plainly(count, runs)
    assert by_place(tree, count, tree.nearest(starts, ends, distances.astype(np.int32))) == want
    culled = tree.nearest_culled(starts, ends, distances.astype(np.int32), near)
    assert by_place(tree, count, culled) == want
