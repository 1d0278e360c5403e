"""A side's colour and a unit's start in cover, changed in the editor: saved, loaded back, undone; refused
or reported as the file would be."""

from __future__ import annotations

import tomllib

import pytest

from apcombat.content import Library, load_encounter
from apcombat.editor import EditRefused, new_fight
from apcombat.editor.fight_edits import change_side, change_unit, move_unit, place_unit
from apcombat.editor.map_edits import paint
from apcombat.model import Terrain


def fight(library: Library):
    session = new_fight(library, "Colours")
    session.edit("low wall", lambda e: paint(e, {(8, 4)}, Terrain.LOW))
    for side, character, cell in (("players", "ana", (2, 3)), ("opponents", "raider", (12, 4))):
        session.edit(f"place {character}", lambda e, s=side, c=character, at=cell: place_unit(e, library, s, c, at)[0])
    return session


def test_a_side_given_a_colour_is_saved_with_it_and_undone(library: Library) -> None:
    session = fight(library)
    session.edit("opponents red", lambda e: change_side(e, "opponents", colour="red"))
    assert session.problems() == ()
    path = session.save()
    assert [side.get("colour") for side in tomllib.loads(path.read_text(encoding="utf-8"))["side"]] == [None, "red"]
    assert load_encounter(path, library).sides[1].colour == "red"
    session.undo()
    assert session.encounter.sides[1].colour is None
    session.edit("back by place", lambda e: change_side(e, "opponents", colour="blue"))
    session.edit("by place again", lambda e: change_side(e, "opponents", colour=None))
    assert session.encounter.sides[1].colour is None


def test_a_colour_that_is_no_side_colour_or_another_sides_is_refused(library: Library) -> None:
    session = fight(library)
    with pytest.raises(EditRefused, match="'pink' is no side colour: choose green, red, cyan, yellow, magenta, blue"):
        change_side(session.encounter, "opponents", colour="pink")
    session.edit("players cyan", lambda e: change_side(e, "players", colour="cyan"))
    with pytest.raises(EditRefused, match="Players is cyan already: give each side a colour of its own"):
        change_side(session.encounter, "opponents", colour="cyan")
    assert change_side(session.encounter, "players", colour="cyan").sides[0].colour == "cyan"  # its own again


def test_a_unit_in_cover_in_the_open_is_a_problem_on_its_cell_until_moved_beside_cover(library: Library) -> None:
    session = fight(library)
    session.edit("ana in cover", lambda e: change_unit(e, library, "ana", cover=True))
    assert session.encounter.units[0].in_cover
    (spot,) = session.problems()
    assert spot.unit == "ana" and spot.cell == (2, 3) and "in the open" in spot.sentence and "R9.1" in spot.sentence
    assert session.fight() is None
    session.edit("ana to the low wall", lambda e: move_unit(e, "ana", (7, 4)))
    assert session.problems() == ()
    path = session.save()
    assert tomllib.loads(path.read_text(encoding="utf-8"))["unit"][0]["cover"] is True
    assert load_encounter(path, library).units[0].in_cover
    session.edit("out of cover", lambda e: change_unit(e, library, "ana", cover=None))
    assert not session.encounter.units[0].in_cover
