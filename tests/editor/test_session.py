"""The editor's core driven as the app drives it: a new fight painted and peopled, checked, saved and loaded
back; undo and redo; a shipped fight opened as a copy; a draft kept across sessions."""

from __future__ import annotations

import tomllib
from pathlib import Path

import attrs
import pytest

from apcombat.content import Library, load_encounter
from apcombat.editor import EditorSession, EditRefused, new_fight, open_fight
from apcombat.editor.fight_edits import change_unit, place_unit, remove_side
from apcombat.editor.map_edits import paint
from apcombat.editor.opening import drafts
from apcombat.editor.shapes import brush, flood, line, rectangle
from apcombat.model import Terrain

CONTENT = Path(__file__).resolve().parents[2] / "content"


def small_ambush(library: Library) -> EditorSession:
    session = new_fight(library, "Small ambush")
    battle_map = session.encounter.map
    assert battle_map is not None and (battle_map.width, battle_map.height) == (20, 12)
    session.edit("walls", lambda e: paint(e, rectangle(battle_map, (0, 0), (19, 11), filled=False), Terrain.WALL))
    session.edit("low wall", lambda e: paint(e, line(battle_map, (8, 3), (8, 8)), Terrain.LOW))
    session.edit("stairs", lambda e: paint(e, {(15, 2)}, Terrain.STAIRS))
    for side, character, cell in (
        ("players", "ana", (2, 3)),
        ("players", "vera", (2, 6)),
        ("opponents", "raider", (12, 4)),
        ("opponents", "raider", (12, 7)),
    ):
        session.edit(f"place {character}", lambda e, s=side, c=character, at=cell: place_unit(e, library, s, c, at)[0])
    return session


def test_a_new_fight_made_in_the_editor_checks_clean_saves_and_loads(library: Library) -> None:
    session = small_ambush(library)
    assert session.problems() == ()
    path = session.save()
    assert load_encounter(path, library).units[2].name == "Raider 1"  # the game tells the raiders apart
    written = tomllib.loads(path.read_text(encoding="utf-8"))
    assert written["map"]["rows"][0] == "#" * 20
    assert [unit["character"] for unit in written["unit"]] == ["ana", "vera", "raider", "raider"]


def test_a_unit_in_a_wall_is_a_problem_on_its_cell_until_moved(library: Library) -> None:
    session = small_ambush(library)
    session.edit("wall over ana", lambda e: paint(e, {(2, 3)}, Terrain.WALL))
    (spot,) = session.problems()
    assert spot.unit == "ana" and spot.cell == (2, 3) and "wall" in spot.sentence
    session.undo()
    assert session.problems() == ()


def test_a_side_without_units_is_a_problem_of_that_side(library: Library) -> None:
    session = new_fight(library)
    spots = session.problems()
    assert {spot.side for spot in spots} == {"players", "opponents"}


def test_undo_and_redo_walk_every_edit(library: Library) -> None:
    session = small_ambush(library)
    made = session.encounter
    steps = len(session.history)
    for _ in range(steps):
        assert session.undo() is not None
    assert session.undo() is None and session.encounter.units == ()
    for _ in range(steps):
        session.redo()
    assert session.encounter == made and session.redo() is None


def test_a_unit_changed_as_a_file_would_refuse_it(library: Library) -> None:
    session = small_ambush(library)
    session.edit("hp", lambda e: change_unit(e, library, "ana", hp=5))
    assert session.encounter.units[0].hp == 5
    with pytest.raises(EditRefused, match="weapon"):
        change_unit(session.encounter, library, "ana", weapons=["laser_sword"])
    session.edit("side gone", lambda e: remove_side(e, "opponents"))
    assert all(unit.side == "players" for unit in session.encounter.units)


def test_a_unit_of_a_character_made_on_the_spot_is_placed(library: Library) -> None:
    session = new_fight(library)
    sue = attrs.evolve(library.characters["ana"], name="Sue")
    session.edit("place sue", lambda e: place_unit(e, library, "players", sue, (3, 3))[0])
    (unit,) = session.encounter.units
    assert (unit.id, unit.name, unit.at) == ("sue", "Sue", (3, 3))


def test_shapes_stay_on_the_map(library: Library) -> None:
    session = new_fight(library)
    battle_map = session.encounter.map
    assert battle_map is not None
    assert len(brush(battle_map, (0, 0), 3)) == 4 and len(brush(battle_map, (5, 5), 5)) == 25
    assert line(battle_map, (0, 0), (3, 3)) == ((0, 0), (1, 1), (2, 2), (3, 3))
    assert len(flood(battle_map, (4, 4))) == 20 * 12


def test_a_shipped_fight_opens_as_a_copy_and_saves_there(library: Library) -> None:
    shipped = CONTENT / "encounters" / "duel.toml"
    before = shipped.read_bytes()
    session = open_fight(shipped, library)
    assert session.path != shipped and "copy" in session.note
    assert session.text() == before.decode("utf-8")  # nothing changed: the same bytes
    session.save()
    assert shipped.read_bytes() == before and session.path.read_bytes() == before


def test_a_draft_is_kept_until_saved(library: Library) -> None:
    session = small_ambush(library)
    assert session.autosave() is not None
    ((_draft, target),) = drafts()
    assert target == session.path
    again = open_fight(session.path, library)
    assert again.encounter == session.encounter and "unsaved" in again.note
    again.save()
    assert drafts() == ()


def test_a_map_is_not_cut_from_under_a_unit(library: Library) -> None:
    from apcombat.editor.map_edits import resize

    session = small_ambush(library)
    with pytest.raises(EditRefused, match="Raider stands at 12,4, outside a 10 x 12 map: move or remove them first"):
        resize(session.encounter, 10, 12)
    assert resize(session.encounter, 20, 9).map is not None  # every unit still on it
