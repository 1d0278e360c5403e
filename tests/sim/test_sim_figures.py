"""The figures of a batch: Wilson intervals, percentiles, and each side's generator seeded stably."""

from __future__ import annotations

import math
import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apcombat.ai.seeds import side_rng, side_seed
from apcombat.sim.summary import wilson_interval
from apcombat.sim.timing import DecisionTimes


def test_wilson_interval_matches_the_textbook_figures() -> None:
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


@given(st.integers(min_value=1, max_value=100_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_the_interval_holds_the_win_rate_within_0_and_1(case: tuple[int, int]) -> None:
    wins, games = case
    low, high = wilson_interval(wins, games)
    assert 0.0 <= low <= wins / games <= high <= 1.0


@given(st.lists(st.floats(min_value=0, max_value=1e6), min_size=1), st.lists(st.floats(0, 1e6)))
def test_decision_times_keep_percentiles_within_half_a_percent(values: list[float], more: list[float]) -> None:
    taken = DecisionTimes.of(values)
    merged = taken + DecisionTimes.of(more)
    assert taken.calls == len(values) and merged.calls == len(values) + len(more)
    ordered = sorted(values)
    for share in (0.5, 0.95, 1.0):
        exact = ordered[max(1, math.ceil(share * len(ordered))) - 1]
        assert taken.percentile(share) == pytest.approx(exact, rel=0.005, abs=1e-9)
    assert merged.figures()["max"] == pytest.approx(max(values + more), rel=0.005)
    assert DecisionTimes().figures() == {"p50": 0.0, "p95": 0.0, "max": 0.0}


def test_a_sides_generator_is_the_same_in_every_process() -> None:
    """Not Python's salted hash(): another process with another hash seed gives the same generator."""
    code = "from apcombat.ai.seeds import side_seed; print(side_seed(12, 'raiders'))"
    for hash_seed in ("1", "2"):
        env = os.environ | {"PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        assert int(out.stdout) == side_seed(12, "raiders")
    assert side_rng(12, "raiders").random() == side_rng(12, "raiders").random()
    assert side_seed(12, "raiders") != side_seed(12, "vault") != side_seed(13, "vault")
