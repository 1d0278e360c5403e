"""A map with dry brush (`"`) or a legend of its own, written as the shipped files write it (QA of issue 27): a
row with a double quote in single quotes, not in backslashes; a blank line between `legend = { ... }` and the
first `[[side]]`; and what is written loads back as the fight."""

from __future__ import annotations

import tomllib

from apcombat.content import Library, load_encounter
from apcombat.editor import new_fight, open_fight
from apcombat.editor.fight_edits import place_unit
from apcombat.editor.map_edits import paint
from apcombat.model import Terrain


def brushy_fight(library: Library, tmp_path):
    session = new_fight(library, "Brushy")
    session.edit("brush", lambda e: paint(e, {(3, 8), (4, 8), (5, 8)}, Terrain.BRUSH))
    session.edit("crates", lambda e: paint(e, {(13, 6)}, Terrain.CRATES))
    for side, character, cell in (("players", "ana", (2, 3)), ("opponents", "raider", (12, 4))):
        session.edit("place", lambda e, s=side, c=character, at=cell: place_unit(e, library, s, c, at)[0])
    return session


def test_a_row_of_dry_brush_is_written_in_single_quotes_and_the_legend_has_a_blank_line_after_it(
    library: Library, tmp_path
) -> None:
    session = brushy_fight(library, tmp_path)
    path = session.save(tmp_path / "brushy.toml")
    text = path.read_text(encoding="utf-8")
    assert "\\" not in text  # no backslash anywhere
    assert '  \'..."""' + "." * 14 + "',\n" in text
    assert 'legend = { \'"\' = "brush", "%" = "crates" }\n\n[[side]]' in text or (
        'legend = { "%" = "crates", \'"\' = "brush" }\n\n[[side]]' in text
    )
    loaded = load_encounter(path, library)
    assert (
        loaded.map is not None and loaded.map.at((4, 8)) is Terrain.BRUSH and loaded.map.at((13, 6)) is Terrain.CRATES
    )


def test_brush_painted_on_a_file_as_written_changes_its_row_in_single_quotes(library: Library, tmp_path) -> None:
    session = brushy_fight(library, tmp_path)
    path = session.save(tmp_path / "brushy.toml")
    again = open_fight(path, library)
    again.edit("more brush", lambda e: paint(e, {(6, 9)}, Terrain.BRUSH))
    text = again.save().read_text(encoding="utf-8")
    assert "\\" not in text
    assert "  '......\"" + "." * 13 + "',\n" in text
    loaded = load_encounter(path, library)
    assert loaded.map is not None and loaded.map.at((6, 9)) is Terrain.BRUSH


def test_a_unit_placed_on_the_wrong_side_joins_the_other_and_the_file_says_so(library: Library, tmp_path) -> None:
    """The unit's form had no side: a unit placed on the wrong side had to be removed and placed again."""
    from apcombat.editor import EditRefused
    from apcombat.editor.fight_edits import move_to_side

    session = brushy_fight(library, tmp_path)
    session.save(tmp_path / "brushy.toml")
    session.edit("ana joins", lambda e: move_to_side(e, "ana", "opponents"))
    text = session.save().read_text(encoding="utf-8")
    assert 'id = "ana"\nside = "opponents"' in text
    assert [u["side"] for u in tomllib.loads(text)["unit"]] == ["opponents", "opponents"]
    assert any("'players'" in spot.sentence or "Players" in spot.sentence for spot in session.problems())
    assert session.undo() and session.encounter.units[0].side == "players"
    try:
        move_to_side(session.encounter, "ana", "nobody")
    except EditRefused as refusal:
        assert "nobody" in str(refusal)
    else:
        raise AssertionError("a side that is not there is refused")
