"""Files people can read and diff (issue 27 item 7): every shipped encounter opened and saved with no edit is
the same bytes; opened, edited (every kind of edit) and saved it loads as the original plus the edit, with all
its comments but those on lines the edit took out; a hand-written file keeps its comments and a small edit
makes a small diff."""

from __future__ import annotations

import difflib
import shutil
import tomllib
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

from apcombat.content import Library
from apcombat.content.encounter import read_encounter_data
from apcombat.content.encounter_document import WrittenEncounter, encounter_text
from apcombat.editor import open_fight
from apcombat.editor.fight_edits import (
    add_side,
    change_side,
    change_unit,
    copy_unit,
    move_unit,
    place_unit,
    remove_side,
    remove_unit,
    set_heading,
    set_rules,
    turned,
    units_at,
)
from apcombat.editor.map_edits import blank_map, paint, resize, set_fires, with_map
from apcombat.model import Terrain
from apcombat.model.battlemap import Cell
from apcombat.model.character import Character
from apcombat.model.encounter import Encounter, Unit

CONTENT = Path(__file__).resolve().parents[2] / "content"
SHIPPED = sorted((CONTENT / "encounters").glob("*.toml"))
HAND_WRITTEN = Path(__file__).parent / "files" / "hand_written.toml"


def comment_of(line: str) -> str | None:
    """The comment on a line of TOML (a `#` outside quotes, to the end of the line), if any."""
    quote = None
    for at, character in enumerate(line):
        if quote is not None:
            quote = None if character == quote else quote
        elif character in "'\"":
            quote = character
        elif character == "#":
            return line[at:]
    return None


def comments(lines: list[str]) -> Counter[str]:
    return Counter(comment for comment in map(comment_of, lines) if comment)


def diff(before: str, after: str) -> tuple[list[str], list[str]]:
    """The lines a change took out and the lines it put in."""
    lines = list(difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0))
    gone = [line[1:] for line in lines if line.startswith("-") and not line.startswith("---")]
    added = [line[1:] for line in lines if line.startswith("+") and not line.startswith("+++")]
    return gone, added


def free_cell(encounter: Encounter) -> Cell | None:
    """A floor cell nobody stands on (None in table mode)."""
    battle_map = encounter.map
    if battle_map is None:
        return None
    return next(
        (x, y)
        for y in range(battle_map.height)
        for x in range(battle_map.width)
        if battle_map.legend[battle_map.rows[y][x]] is Terrain.FLOOR and not units_at(encounter, (x, y))
    )


def new_terrain(encounter: Encounter) -> Encounter:
    """A terrain the map's legend has no glyph for yet, painted (the legend gains an entry)."""
    assert encounter.map is not None
    missing = next(
        (
            terrain
            for terrain in (Terrain.HUT, Terrain.CRATES, Terrain.BRUSH, Terrain.GAP, Terrain.STAIRS, Terrain.BURNT)
            if terrain not in encounter.map.legend.values()
        ),
        None,
    )
    if missing is None:
        pytest.skip("the legend has every terrain already")
    return paint(encounter, {(1, 1), (2, 1)}, missing)


def fires(encounter: Encounter) -> Encounter:
    lit = set_fires(encounter, {free_cell(encounter) or (0, 0)}, on=True)
    return set_rules(lit, modules={**encounter.modules, "fire_spread": True})


def toggled_rules(encounter: Encounter) -> Encounter:
    optional = attrs.evolve(encounter.optional_rules, reaction=not encounter.optional_rules.reaction)
    modules = {**encounter.modules, "morale": not encounter.modules.get("morale", False)}
    return set_rules(encounter, optional_rules=optional, modules=modules)


def sheet_of_its_own(unit: Unit) -> Character:
    """The unit's character changed on the character form: no file has it, so it is written out."""
    return attrs.evolve(unit.character, name=f"{unit.character.name} the Tough", max_hp=unit.character.hit_points + 5)


Edit = Callable[[Encounter, Library], Encounter]
MAP_EDITS: dict[str, Edit] = {
    "paint": lambda e, _: paint(e, {(1, 1), (3, 2)}, Terrain.WALL),
    "new terrain": lambda e, _: new_terrain(e),
    "fires": lambda e, _: fires(e),
    "resize": lambda e, _: resize(e, e.map.width + 2, e.map.height + 1),  # type: ignore[union-attr]
    "move": lambda e, _: move_unit(e, e.units[0].id, free_cell(e)),  # type: ignore[arg-type]
}
EDITS: dict[str, Edit] = {
    **MAP_EDITS,
    "turn": lambda e, _: turned(e, e.units[0].id, 1),
    "change": lambda e, lib: change_unit(e, lib, e.units[0].id, hp=max(1, e.units[0].hp - 1), pose="crouched"),
    "change the last": lambda e, lib: change_unit(e, lib, e.units[-1].id, ai_role="hold", pose="prone", markers=1),
    "renamed": lambda e, lib: change_unit(e, lib, e.units[0].id, name="Someone else"),
    "to another side": lambda e, _: e.with_unit(attrs.evolve(e.units[0], side=e.sides[-1].id)),
    "own character": lambda e, _: e.with_unit(attrs.evolve(e.units[0], character=sheet_of_its_own(e.units[0]))),
    "add": lambda e, lib: place_unit(e, lib, e.sides[0].id, "raider", free_cell(e))[0],
    "remove": lambda e, _: remove_unit(e, e.units[-1].id),
    "copy": lambda e, _: copy_unit(e, e.units[0].id, free_cell(e))[0],
    "side added": lambda e, _: add_side(e, "Scavengers")[0],
    "side changed": lambda e, _: change_side(e, e.sides[0].id, name="The renamed"),
    "side removed": lambda e, _: remove_side(e, e.sides[-1].id),
    "rules": lambda e, _: toggled_rules(e),
    "name": lambda e, _: set_heading(e, "Another fight", "Another line for the title screen."),
}
REMOVING = {"remove", "side removed", "own character"}
"""Edits that take lines out of the file (the comments on them go with them)."""


def loads_as(text: str, path: Path, library: Library) -> Encounter | None:
    return read_encounter_data(tomllib.loads(text), path, library, draft=True).value


@pytest.mark.parametrize("path", SHIPPED, ids=[path.stem for path in SHIPPED])
def test_a_shipped_encounter_opened_and_saved_is_the_same_bytes(path: Path, library: Library) -> None:
    session = open_fight(path, library)
    saved = session.save()
    assert saved != path and saved.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("kind", list(EDITS))
@pytest.mark.parametrize("path", SHIPPED, ids=[path.stem for path in SHIPPED])
def test_a_shipped_encounter_edited_and_saved_loads_as_the_original_plus_the_edit(
    path: Path, kind: str, library: Library
) -> None:
    session = open_fight(path, library)
    if session.encounter.map is None and kind in MAP_EDITS:
        pytest.skip("a table-mode fight has no map")
    original = path.read_text(encoding="utf-8")
    base = WrittenEncounter(original, session.encounter)
    assert session.edit(kind, lambda e: EDITS[kind](e, library))
    text = session.save().read_text(encoding="utf-8")
    assert loads_as(text, session.path, library) == session.encounter
    assert text == encounter_text(session.encounter, library, base)  # the file changed, not written anew
    gone, _ = diff(original, text)
    lost = comments(original.splitlines()) - comments(text.splitlines())
    assert lost <= (comments(gone) if kind in REMOVING else Counter())


def hand_written(tmp_path: Path, library: Library) -> tuple[Path, str]:
    path = tmp_path / "pump_house.toml"
    shutil.copy(HAND_WRITTEN, path)
    return path, path.read_text(encoding="utf-8")


def test_moving_a_unit_in_a_hand_written_file_changes_one_line(tmp_path: Path, library: Library) -> None:
    path, before = hand_written(tmp_path, library)
    session = open_fight(path, library)
    session.edit("move vera", lambda e: move_unit(e, "vera", (2, 4)))
    after = session.save().read_text(encoding="utf-8")
    assert diff(before, after) == (["at = [1, 4]"], ["at = [2, 4]"])


def test_a_key_written_with_its_default_stays_when_its_unit_changes(tmp_path: Path, library: Library) -> None:
    path, before = hand_written(tmp_path, library)
    session = open_fight(path, library)
    session.edit("move the grunt", lambda e: move_unit(e, "grunt", (8, 3)))
    after = session.save().read_text(encoding="utf-8")
    assert diff(before, after) == (["at = [8, 4]"], ["at = [8, 3]"])  # pose = "upright" kept


def test_a_hand_written_file_keeps_every_comment_through_many_edits(tmp_path: Path, library: Library) -> None:
    path, before = hand_written(tmp_path, library)
    session = open_fight(path, library)
    session.edit("crates", lambda e: paint(e, {(3, 1), (3, 4)}, Terrain.CRATES))
    session.edit("wall", lambda e: paint(e, {(8, 1)}, Terrain.WALL))
    session.edit("grow", lambda e: resize(e, 12, 7))
    session.edit("hurt", lambda e: change_unit(e, library, "boss", hp=20, ai_role="hold"))
    session.edit("turn", lambda e: turned(e, "ana", 2))
    session.edit("third raider", lambda e: place_unit(e, library, "raiders", "grenadier", (9, 5))[0])
    session.edit("careful", lambda e: change_side(e, "raiders", name="Raiders of the pump"))
    session.edit("fog", lambda e: set_rules(e, modules={"morale": True, "fog_of_war": True}))
    after = session.save().read_text(encoding="utf-8")
    assert comments(after.splitlines()) == comments(before.splitlines())
    assert loads_as(after, path, library) == session.encounter
    assert after.endswith("# the end of the file\n")
    assert "\n\n\n" not in after
    _, added = diff(before, after)
    assert len(added) <= 30  # 7 rows, a legend, 2 unit keys, a facing, a side name, fog, the new unit's table


def test_a_unit_added_and_removed_leaves_the_file_as_it_was(tmp_path: Path, library: Library) -> None:
    path, before = hand_written(tmp_path, library)
    session = open_fight(path, library)
    session.edit("add", lambda e: place_unit(e, library, "scavs", "raider", (4, 4))[0])
    session.save()
    session.edit("remove", lambda e: remove_unit(e, "raider"))
    assert session.save().read_text(encoding="utf-8") == before


def test_the_last_unit_removed_leaves_no_blank_line_at_the_end(tmp_path: Path, library: Library) -> None:
    duel = CONTENT / "encounters" / "duel.toml"
    session = open_fight(duel, library)
    session.edit("remove", lambda e: remove_unit(e, "raider"))
    text = session.save().read_text(encoding="utf-8")
    assert text.endswith('facing = "E"\n')


def test_a_fresh_file_is_written_when_the_changed_one_would_not_load_back(library: Library) -> None:
    # encounter_text's fallback: it fires only when the changed text does not load back as the encounter.
    path = CONTENT / "encounters" / "duel.toml"
    session = open_fight(path, library)
    base = WrittenEncounter(path.read_text(encoding="utf-8"), session.encounter)
    edited = set_heading(session.encounter, "Another duel")
    fresh = encounter_text(edited, library)
    assert encounter_text(edited, library, base, loads_as=lambda _: None) == fresh
    assert encounter_text(edited, library, base, loads_as=lambda text: loads_as(text, path, library)) != fresh


def test_every_unit_removed_and_one_placed_again(tmp_path: Path, library: Library) -> None:
    path, _ = hand_written(tmp_path, library)
    session = open_fight(path, library)
    for unit in session.encounter.units:
        session.edit("remove", lambda e, unit_id=unit.id: remove_unit(e, unit_id))
    empty = session.save().read_text(encoding="utf-8")
    assert "[[unit]]" not in empty and "unit = " not in empty
    assert loads_as(empty, path, library) == session.encounter
    session.edit("add", lambda e: place_unit(e, library, "scavs", "ana", (1, 1))[0])
    again = session.save().read_text(encoding="utf-8")
    assert loads_as(again, path, library) == session.encounter
    assert "\n\n\n" not in again and comments(again.splitlines())["# the end of the file"] == 1


def test_a_table_fight_given_a_map_has_it_before_its_sides(library: Library) -> None:
    path = CONTENT / "encounters" / "table_brawl.toml"
    session = open_fight(path, library)
    original = path.read_text(encoding="utf-8")
    placed = tuple(attrs.evolve(unit, at=(x, 0)) for x, unit in enumerate(session.encounter.units))
    session.edit("a map", lambda e: with_map(attrs.evolve(e, units=placed), blank_map(8, 3)))
    text = session.save().read_text(encoding="utf-8")
    assert loads_as(text, session.path, library) == session.encounter
    assert text.index("[map]") < text.index("[[side]]") and "\n\n\n" not in text
    assert comments(text.splitlines()) == comments(original.splitlines())


def test_a_new_fight_with_brush_writes_its_rows_in_single_quotes_and_a_blank_line_before_the_sides(
    library: Library,
) -> None:
    # Brush is `"`: rows written "#\"\"#" would not read as a map; a legend line must not swallow the blank line.
    from apcombat.content.encounter_document import encounter_to_toml
    from apcombat.editor import new_fight
    from apcombat.editor.map_edits import paint
    from apcombat.model import Terrain

    session = new_fight(library, "Brush", (6, 3))
    session.edit("brush", lambda e: paint(e, {(1, 1)}, Terrain.BRUSH))
    text = encounter_to_toml(session.encounter, library)
    assert "  '.\"....',\n  '......',\n" in text and "\\" not in text
    assert 'legend = { \'"\' = "brush" }\n\n[[side]]' in text
