"""The live checks in the editor's words: every kind of problem the editor can make is said without the file's
tables and keys, keeps its rule number, and is put on the cell, unit or side it concerns."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from apcombat.content import Library
from apcombat.editor import EditorSession, new_fight
from apcombat.editor.checking import Spot
from apcombat.editor.fight_edits import change_unit, place_unit, remove_side, set_rules
from apcombat.editor.map_edits import paint, set_fires
from apcombat.model import Encounter, Terrain

FILE_WORDS = ("[[", "]]", "[modules]", " = true", "side = ")


def peopled(library: Library) -> EditorSession:
    """A new fight with Ana and Vera against a raider, on open floor."""
    session = new_fight(library, "Checks")
    for side, character, cell in (
        ("players", "ana", (2, 3)),
        ("players", "vera", (2, 6)),
        ("opponents", "raider", (12, 4)),
    ):
        session.edit("place", lambda e, s=side, c=character, at=cell: place_unit(e, library, s, c, at)[0])
    assert session.problems() == ()
    return session


def only_problem(session: EditorSession, change: Callable[[Encounter], Encounter]) -> Spot:
    session.edit("the edit", change)
    (spot,) = session.problems()
    assert not any(words in spot.sentence for words in FILE_WORDS), spot.sentence
    return spot


def test_a_unit_in_a_wall_is_on_its_cell_in_the_editors_words(library: Library) -> None:
    spot = only_problem(peopled(library), lambda e: paint(e, {(12, 4)}, Terrain.WALL))
    assert spot.unit == "raider" and spot.cell == (12, 4) and spot.cells == {(12, 4)}
    assert spot.sentence == "Raider stands at 12,4, in a wall, where no unit can stand: move them (g) or paint the cell"


def test_two_units_on_a_cell_name_both(library: Library) -> None:
    session = peopled(library)
    spot = only_problem(session, lambda e: place_unit(e, library, "opponents", "raider", (2, 3))[0])
    assert spot.cell == (2, 3) and spot.unit == "raider_2"
    # two raiders share a name as written: the editor tells them apart by id
    assert spot.sentence == "Raider (raider_2) and Ana both stand at 2,3: move one of them (g)"


def test_a_side_without_units_is_that_sides_problem(library: Library) -> None:
    session = new_fight(library, "Empty")
    spots = session.problems()
    assert [spot.side for spot in spots] == ["players", "opponents"]
    assert spots[0].sentence == "Players have no one: place a unit of theirs (a)"
    assert spots[0].cell is None


def test_fewer_than_two_sides(library: Library) -> None:
    spot = only_problem(peopled(library), lambda e: remove_side(e, "opponents"))
    assert spot.sentence == "A fight needs at least two sides and this one has one side: add one in the sides (s)"


def test_hidden_with_the_fog_of_war_off(library: Library) -> None:
    spot = only_problem(peopled(library), lambda e: change_unit(e, library, "ana", hidden=True))
    assert spot.unit == "ana" and spot.cell == (2, 3)
    assert "fog of war" in spot.sentence and "rules (o)" in spot.sentence
    assert "R21.3.2" in spot.sentence and "R21.10.2" in spot.sentence


def fog_on(encounter: Encounter) -> Encounter:
    return set_rules(encounter, modules={**encounter.modules, "fog_of_war": True})


def test_hidden_in_the_open_r21_10_2(library: Library) -> None:
    session = peopled(library)
    session.edit("fog", fog_on)
    spot = only_problem(session, lambda e: change_unit(e, library, "ana", hidden=True))
    assert spot.cell == (2, 3) and spot.sentence.startswith("Ana starts hidden at 2,3, in the open")
    assert "R21.10.2" in spot.sentence
    session.edit("cover", lambda e: paint(e, {(3, 3)}, Terrain.LOW))
    assert session.problems() == ()


def test_hidden_beside_an_enemy_is_seen_at_once(library: Library) -> None:
    session = peopled(library)
    session.edit("fog", fog_on)
    session.edit("cover", lambda e: paint(e, {(11, 3)}, Terrain.WALL))
    session.edit("hide", lambda e: change_unit(e, library, "raider", hidden=True))
    assert session.problems() == ()
    spot = only_problem(session, lambda e: place_unit(e, library, "players", "vera", (13, 4))[0])
    assert spot.unit == "raider" and "revealed at once" in spot.sentence and "R21.4.2 d" in spot.sentence


def test_fires_without_spreading_fires_flag_every_fire(library: Library) -> None:
    session = peopled(library)
    spot = only_problem(session, lambda e: set_fires(e, {(7, 7), (5, 9)}, True))
    assert spot.cells == {(7, 7), (5, 9)} and spot.cell == (7, 7)
    assert spot.sentence.startswith("The map starts with 2 fires") and "R18.3" in spot.sentence
    session.edit("spread", lambda e: set_rules(e, modules={**e.modules, "fire_spread": True}))
    assert session.problems() == ()


def test_a_unit_off_the_map_as_a_file_may_have_it(library: Library) -> None:
    session = peopled(library)  # the editor's edits refuse it; a file opened in the editor may have it
    raider = attrs.evolve(session.encounter.units[2], at=(30, 4))
    spot = only_problem(session, lambda e: attrs.evolve(e, units=(*e.units[:2], raider)))
    assert spot.unit == "raider" and spot.cell is None
    assert spot.sentence == "Raider stands at 30,4, off the map: move them onto it (g)"
