"""`views.walk_preview`: the app's move preview read from the one reachable-area search per state agrees with
`preview` of the same move on every cell of the map: the same path and AP where a walk gets there, a refusal
where none does (the engine's own sentence when it needs no search)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apcombat.engine import preview
from apcombat.engine.commands import Move
from apcombat.engine.views import reachable_area, walk_preview

from .test_legal_commands import MAP_ENCOUNTERS, reached_state


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(MAP_ENCOUNTERS), seed=st.integers(0, 2**16), steps=st.integers(0, 20), data=st.data())
def test_a_walk_preview_from_the_area_is_the_move_preview(name, seed, steps, data):
    state = reached_state(name, seed, steps)
    if state.active is None or state.map is None:
        return
    unit = state.unit(state.active)
    area = reachable_area(state, unit)
    near = sorted(area or (), key=lambda cell: cell)
    cells = data.draw(st.lists(st.sampled_from(near), max_size=8)) if near else []
    cells += data.draw(
        st.lists(st.tuples(st.integers(0, state.map.width - 1), st.integers(0, state.map.height - 1)), max_size=8)
    )
    for cell in cells:
        walked = walk_preview(state, unit, area, cell)
        searched = preview(state, Move(unit=unit.id, waypoints=(cell,)))
        if walked.allowed or searched.allowed:
            assert walked == searched, cell
        else:
            assert not walked.path or walked.path == searched.path, cell
            assert walked.reason, cell


def test_a_cell_beyond_reach_says_why_without_a_path():
    state = reached_state("big_battlefield", 3, 1)
    unit = state.unit(state.active)
    area = reachable_area(state, unit)
    assert area is not None and unit.at is not None
    far = next(
        (x, y)
        for y in range(state.map.height)
        for x in range(state.map.width)
        if (x, y) not in area and not state.map.at((x, y)).blocks_movement and abs(x - unit.at[0]) > 30
    )
    shown = walk_preview(state, unit, area, far)
    assert not shown.allowed and not shown.path
    assert f"cannot get to {far[0]},{far[1]} with {unit.ap} AP" in shown.reason
