"""Opening a fight for editing: a new one on a blank map, a file of the user's (edited in place), a shipped
one (edited as a copy in the user's folder, never overwritten), and a draft left by an earlier session."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from apcombat.content.encounter import read_encounter_data
from apcombat.content.encounter_document import WrittenEncounter
from apcombat.content.errors import ContentError, Problem
from apcombat.content.library import Library
from apcombat.content.paths import ENCOUNTERS_FOLDER, content_root, shown
from apcombat.content.roster import content_id, unique_id
from apcombat.content.toml_files import not_utf8, parse_toml
from apcombat.content.user_files import user_content_folder
from apcombat.editor.map_edits import blank_map
from apcombat.editor.session import EditorSession, draft_note
from apcombat.model.encounter import Control, Encounter, Side

DRAFTS_FOLDER = "drafts"
ENCOUNTER_PARTS = ("side", "unit", "map")
"""The tables only an encounter file has (a file with none of them and other keys is some other file)."""
NEW_MAP = (20, 12)


def drafts_folder() -> Path:
    """Where the editor autosaves drafts: `drafts/` in the user's data folder."""
    return user_content_folder() / DRAFTS_FOLDER


def user_encounters() -> Path:
    return user_content_folder() / ENCOUNTERS_FOLDER


def draft_path_for(path: Path) -> Path:
    """The draft of an encounter file: named after the file (its folder folded into the name)."""
    return drafts_folder() / f"{content_id(str(path.resolve().with_suffix('')), 'draft')}.toml"


def is_shipped(path: Path) -> bool:
    """Whether the file is one of the program's own encounters (opened as a copy, never overwritten)."""
    try:
        path.resolve().relative_to(content_root().resolve())
    except ValueError:
        return False
    return True


def new_fight(
    library: Library, name: str = "New fight", size: tuple[int, int] = NEW_MAP, kind: str = "square"
) -> EditorSession:
    """A new fight on a blank map: two sides (the players, and opponents the AI plays), nobody yet."""
    encounter = Encounter(
        name=name,
        sides=(Side("players", "Players", Control.HUMAN), Side("opponents", "Opponents", Control.AI)),
        units=(),
        map=blank_map(*size, kind) if size[0] and size[1] else None,
        criticals=library.criticals,
    )
    path = _free_path(user_encounters(), content_id(name, "fight"))
    return EditorSession(encounter, library, path, None, draft_path_for(path), "a new fight")


def _free_path(folder: Path, stem: str) -> Path:
    taken = {path.stem for path in folder.glob("*.toml")} if folder.is_dir() else set()
    return folder / f"{unique_id(stem, taken)}.toml"


def open_fight(path: Path, library: Library) -> EditorSession:
    """The file opened for editing, problems or not (as long as the TOML and its map can be read; else a
    ContentError naming what to fix by hand). A shipped file opens as a copy in the user's encounters folder;
    a draft left unsaved for the file is opened instead of it, and the note says so."""
    path = Path(path)
    draft = draft_path_for(path)
    set_aside = ""
    if draft.is_file() and draft_note(draft).is_file():
        try:
            return open_draft(draft, library)
        except ContentError as error:
            set_aside = _set_aside(draft, error)
    target = _free_path(user_encounters(), path.stem) if is_shipped(path) else path
    note = (
        f"a copy of the shipped {path.name} (never changed): ctrl+s saves it as {shown(target)}"
        if target != path
        else ""
    )
    base = _read(path, library)
    return EditorSession(base.encounter, library, target, base, draft, set_aside or note)


def _set_aside(draft: Path, error: ContentError) -> str:
    """A draft that no longer opens (a character it names is gone, or it was changed by hand) must not stand
    between the game master and the file: it is moved aside, kept for a look by hand, and the note says so."""
    kept = draft.with_suffix(".unreadable.txt")
    draft.replace(kept)
    draft_note(draft).unlink(missing_ok=True)
    why = error.details[0].message if error.details else "it is not an encounter"
    return f"your last draft of it could not be read ({why}): opened the file as saved; the draft is in {shown(kept)}"


def open_draft(draft: Path, library: Library) -> EditorSession:
    """A draft an earlier session left unsaved, over the file it is a draft of (if that file exists yet): undo
    goes back to the file as saved."""
    target = draft_target(draft)
    drafted = _read(draft, library, target)
    note = "your unsaved changes from the last session (undo: back to the file as saved)"
    source = target if target.is_file() and not is_shipped(target) else None
    if source is None:
        note = "your unsaved changes from the last session (not saved to a file yet: ctrl+s saves them)"
        session = EditorSession(drafted.encounter, library, target, None, draft, note)
        return session
    base = _read(source, library)
    session = EditorSession(base.encounter, library, target, base, draft, note)
    session.apply("your unsaved changes", drafted.encounter)
    return session


def draft_target(draft: Path) -> Path:
    """The encounter file a draft is a draft of (its note names it)."""
    try:
        return Path(json.loads(draft_note(draft).read_text(encoding="utf-8"))["file"])
    except (OSError, ValueError, KeyError, TypeError):
        return user_encounters() / f"{draft.stem}.toml"


def _read(path: Path, library: Library, named_as: Path | None = None) -> WrittenEncounter:
    named_as = named_as or path
    try:
        data = path.read_bytes()
        text = data.decode("utf-8")  # as written: its line endings seen
    except UnicodeDecodeError as error:
        raise ContentError([Problem(shown(path), not_utf8(data, error))]) from None
    except OSError as error:
        raise ContentError([Problem(shown(path), f"cannot be read: {error.strerror or error}")]) from None
    newline = "\r\n" if text.split("\n", 1)[0].endswith("\r") else "\n"
    text = text.replace("\r\n", "\n")
    parsed = parse_toml(text, shown(path))
    if parsed.value is None:
        raise ContentError(parsed.problems)
    if not any(key in parsed.value for key in ENCOUNTER_PARTS) and set(parsed.value) - {"name", "description"}:
        # a character's or a scenario's file: opened, its first save would make it half an encounter
        raise ContentError([Problem(shown(path), "is not an encounter: it has no [[side]], [[unit]] or [map]")])
    loaded = read_encounter_data(parsed.value, named_as, library, draft=True)
    if loaded.value is None:
        raise ContentError(loaded.problems)
    lost = _not_kept(parsed.value, loaded.value, loaded.problems)
    if lost:
        raise ContentError(lost)
    return WrittenEncounter(text, loaded.value, newline)


def _not_kept(data: dict[str, Any], encounter: Encounter, found: Sequence[Problem]) -> tuple[Problem, ...]:
    """The problems of a file that the editor could not keep through a save: a [[unit]] or [[side]] that does
    not read (a misspelt character, HP over the maximum, a key it does not know) is left out of the fight, and
    a key nobody reads is not written back, so editing the file would lose them. They are fixed by hand."""
    tables = [data.get(key) for key in ("unit", "side")]
    counts = [len(table) if isinstance(table, list) else 0 for table in tables]
    dropped = counts != [len(encounter.units), len(encounter.sides)]
    return tuple(
        problem
        for problem in found
        if problem.message.startswith("unknown ")
        or (dropped and problem.where and str(problem.where[0]).startswith(("unit ", "side ")))
    )


def drafts() -> tuple[tuple[Path, Path], ...]:
    """Each draft left by an earlier session and the file it is a draft of."""
    folder = drafts_folder()
    notes = sorted(folder.glob("*.json")) if folder.is_dir() else []
    return tuple(
        (note.with_suffix(".toml"), draft_target(note.with_suffix(".toml")))
        for note in notes
        if note.with_suffix(".toml").is_file()
    )
