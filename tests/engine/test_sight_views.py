"""The sight overlay and targeting agree (R0.1, R8.5): over random maps with walls and cover, units
standing, crouched and prone, an enemy is a target (Tab) exactly when its cell is in the viewer's sight
overlay, it is in the fight, and it is not lying prone behind cover (R8.5); and the overlay is exactly one
line of sight per cell, the rules' plain reference."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apcombat.board.sight import visible_cells_by_lines
from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine.geometry import grid_of, hidden_prone
from apcombat.engine.views import band_cells, sight_cells, visible_enemies
from apcombat.model import BattleMap, Encounter, Pose

from .builders import encounter, unit, write_encounter

SIDE = 12


@pytest.fixture(scope="module")
def start(tmp_path_factory: pytest.TempPathFactory) -> Encounter:
    units = [
        unit("ana", "a", (0, 0), weapons=["colt_1911"]),
        unit("bo", "a", (1, 0), weapons=["grease_gun"]),
        unit("cid", "b", (2, 0), weapons=["colt_1911"]),
        unit("dee", "b", (3, 0), weapons=["grease_gun"]),
    ]
    path = write_encounter(tmp_path_factory.mktemp("sight") / "sight.toml", encounter(units, ["." * SIDE] * SIDE))
    return load_encounter(path, load_library(content_root()))


@st.composite
def scenes(draw: st.DrawFn, start: Encounter) -> Encounter:
    rows = draw(st.lists(st.text(alphabet="......##==:", min_size=SIDE, max_size=SIDE), min_size=SIDE, max_size=SIDE))
    cells = draw(
        st.lists(st.tuples(st.integers(0, SIDE - 1), st.integers(0, SIDE - 1)), min_size=4, max_size=4, unique=True)
    )
    poses = draw(st.lists(st.sampled_from(list(Pose)), min_size=4, max_size=4))
    units = tuple(attrs.evolve(u, at=cell, pose=pose) for u, cell, pose in zip(start.units, cells, poses, strict=True))
    return attrs.evolve(start, map=BattleMap(rows=rows), units=units)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_targets_are_the_enemies_in_the_sight_overlay_not_hidden_prone(start, data):
    state = data.draw(scenes(start))
    assert state.map is not None
    for viewer in state.units:
        assert viewer.at is not None
        overlay = sight_cells(state, viewer)
        assert overlay == visible_cells_by_lines(state.map, grid_of(state), viewer.at)
        assert set(band_cells(state, viewer)) <= overlay
        targets = {enemy.id for enemy in visible_enemies(state, viewer)}
        expected = {
            enemy.id
            for enemy in state.units
            if enemy.side != viewer.side
            and not enemy.down
            and enemy.at in overlay
            and not hidden_prone(state, enemy, viewer)
        }
        assert targets == expected
