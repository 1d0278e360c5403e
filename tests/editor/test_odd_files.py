"""Hand-written encounters written oddly (QA of issue 27): CRLF line endings, tabs, comments everywhere, inline
tables and dotted keys, a character named by its path, `[map]` after the units, a legend of unusual glyphs.
Opened, edited and saved, each loads as the original plus the edit and keeps what it can of how it was written."""

from __future__ import annotations

import hashlib
import os
import shutil
import tomllib
from pathlib import Path

import pytest

from apcombat.content import ContentError, Library
from apcombat.content.encounter import read_encounter_data
from apcombat.editor import EditorSession, open_fight
from apcombat.editor import fight_edits as fe
from apcombat.editor import map_edits as me
from apcombat.model import Terrain
from apcombat.model.encounter import Encounter

FILES = Path(__file__).parent / "files"
CONTENT = Path(__file__).resolve().parents[2] / "content"


def odd_file(tmp_path: Path, newline: str = "\n") -> Path:
    """The odd file beside a `characters/ana.toml` it names by path."""
    (tmp_path / "characters").mkdir()
    shutil.copy(CONTENT / "characters" / "ana.toml", tmp_path / "characters" / "ana.toml")
    path = tmp_path / "odd.toml"
    path.write_bytes((FILES / "odd.toml").read_text(encoding="utf-8").replace("\n", newline).encode())
    return path


def loads(path: Path, library: Library) -> Encounter | None:
    return read_encounter_data(tomllib.loads(path.read_text(encoding="utf-8")), path, library, draft=True).value


def edited(session: EditorSession, library: Library) -> None:
    session.edit("move", lambda e: fe.move_unit(e, "r1", (4, 2)))
    session.edit("paint", lambda e: me.paint(e, {(3, 3)}, Terrain.LOW))
    session.edit("hp", lambda e: fe.change_unit(e, library, "ana", hp=10))
    session.edit("place", lambda e: fe.place_unit(e, library, "a", "vera", (2, 3))[0])


def test_a_crlf_file_saved_unedited_is_the_same_bytes(tmp_path: Path, library: Library) -> None:
    path = odd_file(tmp_path, "\r\n")
    before = path.read_bytes()
    open_fight(path, library).save()
    assert path.read_bytes() == before


def test_a_crlf_file_edited_keeps_its_line_endings(tmp_path: Path, library: Library) -> None:
    path = odd_file(tmp_path, "\r\n")
    session = open_fight(path, library)
    edited(session, library)
    session.save()
    data = path.read_bytes()
    assert data.count(b"\n") == data.count(b"\r\n")  # not one line turned to LF: a diff shows the edit only
    assert loads(path, library) == session.encounter


def test_an_odd_file_edited_loads_as_the_edit_and_keeps_its_comments(tmp_path: Path, library: Library) -> None:
    path = odd_file(tmp_path)
    before = path.read_text(encoding="utf-8")
    session = open_fight(path, library)
    edited(session, library)
    session.save()
    after = path.read_text(encoding="utf-8")
    assert loads(path, library) == session.encounter
    comments = [line.split("#", 1)[1] for line in before.splitlines() if "# " in line]
    assert all(comment in after for comment in comments)
    assert 'character = "characters/ana.toml"' in after and "ai.effort" in after and '\t"########"' in after


def test_a_comment_heading_the_map_stays_before_the_map_when_a_unit_is_added(tmp_path: Path, library: Library) -> None:
    path = odd_file(tmp_path)
    session = open_fight(path, library)
    session.edit("place", lambda e: fe.place_unit(e, library, "a", "vera", (2, 3))[0])
    session.save()
    assert "# the map at the end\n[map]" in path.read_text(encoding="utf-8")


def test_a_comment_heading_the_map_stays_when_the_last_unit_is_removed(tmp_path: Path, library: Library) -> None:
    path = odd_file(tmp_path)
    session = open_fight(path, library)
    session.edit("remove", lambda e: fe.remove_unit(e, "r2"))
    session.save()
    text = path.read_text(encoding="utf-8")
    assert "# the map at the end\n[map]" in text and 'id = "r2"' not in text
    assert loads(path, library) == session.encounter


def test_shipped_files_never_change(tmp_path: Path, library: Library) -> None:
    def hashes() -> dict[str, str]:
        return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(CONTENT.rglob("*")) if p.is_file()}

    before = hashes()
    for path in sorted((CONTENT / "encounters").glob("*.toml")):
        session = open_fight(path, library)
        battle_map = session.encounter.map
        if battle_map is not None:
            session.edit("paint", lambda e: me.paint(e, {(1, 1)}, Terrain.RUBBLE))
        session.edit("name", lambda e: fe.set_heading(e, name="Mine"))
        session.autosave()
        assert session.save() != path
    assert hashes() == before


@pytest.mark.parametrize(
    ("written", "typed", "named"),
    [
        ('facing = "E"\npose = "crouched"', 'facing = "E"\nfacin = "W"\npose = "crouched"', "unknown key 'facin'"),
        ('character = "vera"', 'character = "verra"', "verra"),
        ('pose = "upright"', 'pose = "upright"\nhp = 999', "999"),
        ('control = "ai"', 'control = "ai"\nbogus = 1', "unknown key 'bogus'"),
        ("morale = true", "morale = true\nmoral = true", "unknown module 'moral'"),
    ],
)
def test_a_file_whose_unit_side_or_key_the_editor_cannot_keep_is_not_opened(
    tmp_path: Path, library: Library, written: str, typed: str, named: str
) -> None:
    """Opened, the unit (or side, or key) would be left out, and the first save of any change to the units
    would take it out of the file: it is fixed by hand first, and the file is left as it is."""
    text = (FILES / "hand_written.toml").read_text(encoding="utf-8")
    assert written in text
    path = tmp_path / "typo.toml"
    path.write_text(text.replace(written, typed, 1), encoding="utf-8")
    with pytest.raises(ContentError) as refused:
        open_fight(path, library)
    assert any(named in str(problem) for problem in refused.value.problems)


def test_a_draft_that_no_longer_opens_is_set_aside_and_the_file_opens(tmp_path: Path, library: Library) -> None:
    path = tmp_path / "pump.toml"
    path.write_bytes((FILES / "hand_written.toml").read_bytes())
    session = open_fight(path, library)
    session.edit("paint", lambda e: me.paint(e, {(3, 3)}, Terrain.WALL))
    draft = session.autosave()
    assert draft is not None
    draft.write_text(draft.read_text(encoding="utf-8") + "broken = [\n", encoding="utf-8")  # changed by hand
    again = open_fight(path, library)
    assert again.encounter == open_fight_fresh(path, library) and "could not be read" in again.note
    assert draft.with_suffix(".unreadable.txt").is_file()  # kept for a look, out of the way


def open_fight_fresh(path: Path, library: Library) -> Encounter | None:
    return loads(path, library)


def test_a_save_keeps_the_files_mode_and_a_new_file_gets_the_usual_one(tmp_path: Path, library: Library) -> None:
    path = tmp_path / "pump.toml"
    path.write_bytes((FILES / "hand_written.toml").read_bytes())
    path.chmod(0o644)
    session = open_fight(path, library)
    session.edit("paint", lambda e: me.paint(e, {(3, 3)}, Terrain.WALL))
    session.save()
    assert path.stat().st_mode & 0o777 == 0o644  # not made private to its owner (was 0600)
    fresh = session.save(tmp_path / "new.toml")
    umask = os.umask(0o022)
    os.umask(umask)
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~umask  # as any new file of the user's
