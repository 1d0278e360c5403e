"""The sides' module fields in the editor: edge (R18.1.3) and re-roll points (R18.6.1)."""

from __future__ import annotations

import pytest

from apcombat.content import Library
from apcombat.editor import EditRefused
from apcombat.editor.fight_edits import add_side, place_unit, remove_side, set_side_module_fields, units_of
from apcombat.editor.opening import new_fight
from apcombat.model.fates import Edge


def _fight(library: Library):
    session = new_fight(library, "Ambush")
    encounter, side = add_side(session.encounter, "Raiders")
    return encounter, side.id


def test_edge_and_reroll_points_are_set_and_cleared(library: Library) -> None:
    encounter, side_id = _fight(library)
    changed = set_side_module_fields(encounter, side_id, edge="E", reroll_points=4)
    side = next(side for side in changed.sides if side.id == side_id)
    assert (side.edge, side.reroll_points) == (Edge.E, 4)
    cleared = set_side_module_fields(changed, side_id, edge=None)
    side = next(side for side in cleared.sides if side.id == side_id)
    assert (side.edge, side.reroll_points) == (None, 4)


@pytest.mark.parametrize("points", [-1, 11])
def test_reroll_points_outside_0_to_10_are_refused(library: Library, points: int) -> None:
    encounter, side_id = _fight(library)
    with pytest.raises(EditRefused, match="0 to 10"):
        set_side_module_fields(encounter, side_id, reroll_points=points)


def test_an_unknown_edge_is_refused(library: Library) -> None:
    encounter, side_id = _fight(library)
    with pytest.raises(EditRefused, match="N, E, S, W"):
        set_side_module_fields(encounter, side_id, edge="Q")


def test_units_of_a_side_are_what_removing_it_removes(library: Library) -> None:
    encounter, side_id = _fight(library)
    character = next(iter(library.characters))
    encounter, _ = place_unit(encounter, library, side_id, character, (1, 1))
    encounter, _ = place_unit(encounter, library, side_id, character, (2, 1))
    assert len(units_of(encounter, side_id)) == 2
    assert units_of(remove_side(encounter, side_id), side_id) == ()
