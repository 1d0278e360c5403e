"""Invariants of thrown weapons' rules and board (R22.4, R22.5) over arbitrary maps, throws and blasts."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from apcombat.board.blast import is_solid, scatter_walk
from apcombat.board.kinds import grid_for
from apcombat.content import load_library
from apcombat.model import Armor, BattleMap, BlastBand, DamageType
from apcombat.rules.throwing import (
    BANDS,
    band_by_distance,
    damage_taken,
    final_band,
    scatter_cap,
    scatter_length_chances,
)

THROWN = tuple(w for w in load_library(Path(__file__).resolve().parents[2] / "content").weapons.values() if w.is_thrown)
"""R22.10's example weapons as content/weapons.toml has them."""


@st.composite
def maps(draw: st.DrawFn) -> BattleMap:
    """A small square or hex map of floor, walls, low walls and gaps."""
    width = draw(st.integers(1, 9))
    height = draw(st.integers(1, 7))
    cells = st.sampled_from("...#=_")
    rows = tuple("".join(draw(st.lists(cells, min_size=width, max_size=width))) for _ in range(height))
    return BattleMap(rows=rows, kind=draw(st.sampled_from(("square", "hex"))))


@settings(max_examples=300, deadline=None)
@given(maps(), st.data(), st.integers(0, 8))
def test_a_walk_stays_on_the_map_out_of_walls_and_within_its_cells(battlemap, data, cells):  # R22.4.3
    grid = grid_for(battlemap)
    start = (data.draw(st.integers(0, battlemap.width - 1)), data.draw(st.integers(0, battlemap.height - 1)))
    direction = data.draw(st.sampled_from(grid.facings))
    walked = scatter_walk(battlemap, grid, start, direction, cells)
    assert walked[0] == start and len(walked) <= cells + 1
    assert all(not is_solid(battlemap, cell) for cell in walked[1:])
    for before, after in itertools.pairwise(walked):  # each step one neighbour in the direction
        assert any(step.to == after and step.facing is direction for step in grid.steps(before))


@given(st.sampled_from(THROWN), st.floats(0, 20), st.booleans(), st.booleans())
def test_the_final_band_is_never_nearer_than_by_distance(weapon, distance, prone, covered):  # R22.5.3
    assert weapon.blast is not None
    by_distance = band_by_distance(distance, weapon.blast)
    final = final_band(distance, weapon.blast, prone, covered)
    if by_distance is None or final is None:
        assert by_distance is not None or final is None
        return
    assert BANDS.index(final) - BANDS.index(by_distance) == int(prone) + int(covered)


@given(
    st.integers(0, 200),
    st.sampled_from(list(BlastBand)),
    st.sampled_from(list(DamageType)),
    st.integers(0, 60),
)
def test_blast_damage_is_never_negative_nor_more_than_its_band(rolled, band, damage_type, stops):  # R22.5.4
    armour = Armor(id="a", name="A", values={damage_type: stops})
    taken, stopped = damage_taken(rolled, band, armour, damage_type)
    assert 0 <= taken <= rolled and 0 <= stopped <= stops and taken + stopped <= rolled


@given(st.integers(0, 95), st.floats(0, 15))
def test_the_scatter_lengths_chances_sum_to_one(chance, distance):  # R22.4.2
    found = scatter_length_chances(chance, distance)
    assert sum(found.values()) == Fraction(1)
    assert all(0 <= cells <= scatter_cap(distance) for cells in found)
    assert found.get(0, Fraction(0)) == Fraction(min(chance, 95), 100)
