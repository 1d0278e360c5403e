"""`views.sight_from`: what a unit would see standing at another cell, without moving (issue 24 item 4's key
`S`) — the same sight the unit has where it stands, worked out from that cell (R0.1, R8.5), the enemies of
its side's view in sight from there, and the enemy watch cones its side is shown (R16.1), never its own.

The map: a wall at x 4, rows 1-5, between Ana (1,3) and Bob (8,3); Bob watches west with his Colt."""

from __future__ import annotations

from pathlib import Path

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game, enemy_cones, sight_cells, sight_from, visible_enemies
from apcombat.model import Encounter

from .builders import duel, first_in_file_order, write_encounter

ROWS = (
    "............",
    "....#.......",
    "....#.......",
    "....#.......",
    "....#.......",
    "....#.......",
    "............",
)


def fight(tmp_path: Path) -> Encounter:
    """Bob (first in the order) stands watch; then Ana acts."""
    path = write_encounter(tmp_path / "wall.toml", duel(rows=ROWS, a={"pose": "upright"}))
    game = Game(load_encounter(path, load_library(content_root())), seed=1)
    game.play_all([first_in_file_order(), "start", "end", "react bob"])
    assert game.state.active == "ana"
    return game.state


def test_from_another_cell_the_unit_sees_what_it_would_see_standing_there(tmp_path):
    state = fight(tmp_path)
    ana, bob = state.unit("ana"), state.unit("bob")
    assert bob.at not in sight_cells(state, ana) and visible_enemies(state, ana) == []  # the wall
    seen = sight_from(state, ana, (5, 5))
    assert seen.reason == ""
    assert bob.at in seen.cells and [enemy.id for enemy in seen.enemies] == ["bob"]
    assert seen.cells == sight_cells(state, attrs.evolve(ana, at=(5, 5)))
    assert state.unit("ana") == ana  # nobody moved


def test_the_enemy_watch_cones_are_those_of_the_sides_view_never_its_own(tmp_path):
    state = fight(tmp_path)
    ana = state.unit("ana")
    seen = sight_from(state, ana, (5, 5))
    assert seen.cones and seen.cones == enemy_cones(state, "a")
    assert sight_from(state, state.unit("bob"), (8, 6)).cones == frozenset()  # Bob's own watch is not an enemy's


def test_from_where_the_unit_stands_it_is_its_own_sight(tmp_path):
    state = fight(tmp_path)
    ana = state.unit("ana")
    assert ana.at is not None
    assert sight_from(state, ana, ana.at).cells == sight_cells(state, ana)


def test_nobody_looks_from_a_wall_or_off_the_map(tmp_path):
    state = fight(tmp_path)
    ana = state.unit("ana")
    for cell in ((4, 3), (12, 3), (-1, 0)):
        seen = sight_from(state, ana, cell)
        assert seen.cells == frozenset() and seen.enemies == ()
        assert seen.reason == f"nobody can stand at {cell[0]},{cell[1]}: nothing to see from there"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cell=st.tuples(st.integers(0, 11), st.integers(0, 6)), pose=st.sampled_from(["upright", "crouched", "prone"]))
def test_any_cell_gives_the_sight_and_the_targets_the_unit_would_have_there(tmp_path, cell, pose):
    state = fight(tmp_path)
    if state.map is None or state.map.at(cell).blocks_movement:
        return
    ana = attrs.evolve(state.unit("ana"), pose=pose)
    there = attrs.evolve(ana, at=cell)
    seen = sight_from(state, ana, cell)
    assert seen.cells == sight_cells(state, there)
    assert [enemy.id for enemy in seen.enemies] == [enemy.id for enemy in visible_enemies(state, there)]
