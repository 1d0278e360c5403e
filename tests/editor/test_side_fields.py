"""The sides' module fields in the editor: edge (R18.1.3) and re-roll points (R18.6.1)."""

from __future__ import annotations

import pytest

from apcombat.content import Library
from apcombat.editor import EditRefused
from apcombat.editor.fight_edits import (
    add_side,
    change_side,
    place_unit,
    remove_side,
    set_heading,
    set_side_module_fields,
    units_of,
)
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


def test_a_name_with_a_control_character_is_refused_as_the_file_would_be(library: Library) -> None:
    # issue 29: the editor wrote what its own reading refused (the file's check names the same character)
    encounter, side_id = _fight(library)
    one_line = "a name is one line of plain text: remove its control character"
    with pytest.raises(EditRefused, match=rf"^{one_line} \(U\+001B\)$"):
        add_side(encounter, "Jackals\x1b[2J")
    with pytest.raises(EditRefused, match=rf"^{one_line} \(U\+000A\)$"):
        change_side(encounter, side_id, name="Raiders\nround 2")
    with pytest.raises(EditRefused, match=r"^remove the description's control character \(U\+0007\)"):
        set_heading(encounter, description="ring\a")
    assert set_heading(encounter, "Ambush", "two\nlines").description == "two\nlines"
