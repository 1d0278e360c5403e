"""Every number a content file gives is read exactly when it lies in the range docs/files.md states for its
field (issue 9, item 5): any other number — negative, too large, a float where a whole number belongs,
inf, nan, or beyond TOML's 64 bits — is refused, naming the field."""

from __future__ import annotations

import math
import tempfile
from pathlib import Path
from typing import Any

import pytest
from content_helpers import COLT, write_toml
from encounter_helpers import SIDES, encounter_file
from hypothesis import given, settings
from hypothesis import strategies as st

from apcombat.content import read_attack_scenario, read_encounter
from apcombat.content.loader import read_character, read_weapons

ANY_NUMBER = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-5, max_value=1005),
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(min_value=-5, max_value=10_005),
)

CHARACTER_FIELDS = {
    ("special", "ST"): (1, 10),
    ("special", "LU"): (1, 10),
    ("skills", "small_guns"): (0, 300),
    ("max_hp",): (1, 999),
    ("ap",): (1, 50),
    ("crit_chance",): (0, 100),
}
WEAPON_FIELDS = {
    ("burst",): (0, 100),
    ("magazine",): (0, 1000),
    ("min_st",): (0, 10),
    ("ap_single",): (0, 20),
    ("ap_reload",): (0, 20),
    ("crit_bonus",): (-100, 100),
    ("ranges", "cqc", "mod"): (-100, 100),
}


def is_whole_in(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and low <= value <= high


def with_value(data: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    """A copy of `data` with the field at `path` set to `value`."""
    if len(path) == 1:
        return {**data, path[0]: value}
    return {**data, path[0]: with_value(data.get(path[0], {}), path[1:], value)}


def read_in_tmp(data: dict[str, Any], read: Any) -> tuple[Any, list[str]]:
    with tempfile.TemporaryDirectory() as folder:
        loaded = read(write_toml(Path(folder) / "file.toml", data))
    return loaded.value, [str(problem) for problem in loaded.problems]


@pytest.mark.parametrize(("path", "limits"), CHARACTER_FIELDS.items(), ids=[".".join(p) for p in CHARACTER_FIELDS])
@settings(max_examples=40, deadline=None)
@given(value=ANY_NUMBER)
def test_a_character_number_is_read_exactly_when_in_its_range(path, limits, value):
    character = {"name": "Ana", "special": {"ST": 6}, "skills": {"small_guns": 80}}
    _, problems = read_in_tmp(with_value(character, path, value), read_character)
    assert (not problems) == is_whole_in(value, *limits), problems
    assert all(".".join(path[-1:]) in problem for problem in problems)


@pytest.mark.parametrize(("path", "limits"), WEAPON_FIELDS.items(), ids=[".".join(p) for p in WEAPON_FIELDS])
@settings(max_examples=40, deadline=None)
@given(value=ANY_NUMBER)
def test_a_weapon_number_is_read_exactly_when_in_its_range(path, limits, value):
    # burst and ap_burst go together (R4.1): an automatic Colt for the burst, a bigger magazine for reloads.
    colt = {**COLT, "burst": 3, "ap_burst": 6} if path == ("burst",) and value else COLT
    weapons, problems = read_in_tmp({"weapon": [with_value(colt, path, value)]}, read_weapons)
    assert (not problems) == is_whole_in(value, *limits), problems
    assert bool(weapons) == (not problems)


@settings(max_examples=150, deadline=None)
@given(distance=ANY_NUMBER)
def test_a_distance_is_read_exactly_when_finite_and_in_its_range(library, distance):
    # Issue 9 item 7: inf and nan are bad values, not "beyond extreme range".
    scenario = {
        "attacker": {"character": str(Path(library.root) / "characters" / "raider.toml")},
        "target": {"name": "Raider", "hp": 30},
        "shot": {"mode": "single", "distance_m": distance},
    }
    situation, problems = read_in_tmp(scenario, lambda path: read_attack_scenario(path, library))
    fits = isinstance(distance, int | float) and math.isfinite(distance) and 0 <= distance <= 10_000
    if isinstance(distance, int) and abs(distance) >= 2**63:
        fits = False
    assert (not problems) == fits, problems
    assert (situation is not None) == fits
    assert all("shot.distance_m" in problem for problem in problems)


@pytest.mark.parametrize("knob", ["aggression", "caution"])
@settings(max_examples=80, deadline=None)
@given(value=st.one_of(ANY_NUMBER, st.floats(min_value=-0.5, max_value=1.5)))
def test_an_ai_knob_is_read_exactly_when_a_number_from_0_to_1(library, knob, value):
    sides = [SIDES[0], {**SIDES[1], "ai": {knob: value}}]
    with tempfile.TemporaryDirectory() as folder:
        loaded = read_encounter(encounter_file(sides=sides, path=Path(folder) / "test.toml"), library)
    fits = isinstance(value, int | float) and math.isfinite(value) and 0 <= value <= 1
    assert (not loaded.problems) == fits, loaded.problems
    assert all(f"ai.{knob}" in str(problem) for problem in loaded.problems)
    if fits:
        assert getattr(loaded.value.side("b").ai, knob) == value
