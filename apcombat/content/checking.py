"""`apcombat check`'s work: find every problem in a content folder or in some content files."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum
from pathlib import Path
from typing import Any

import attrs

from apcombat.content.encounter import read_encounter
from apcombat.content.errors import Loaded, Problem
from apcombat.content.library import Library
from apcombat.content.loader import (
    character_files,
    read_armor,
    read_character,
    read_criticals,
    read_library,
    read_weapons,
)
from apcombat.content.paths import (
    ARMOR_FILE,
    CHARACTERS_FOLDER,
    CRITICALS_FILE,
    ENCOUNTERS_FOLDER,
    SCENARIOS_FOLDER,
    WEAPONS_FILE,
    content_root,
    shown,
)
from apcombat.content.throw_scenario import read_any_scenario
from apcombat.content.toml_files import read_toml
from apcombat.model.criticals import CriticalEffect
from apcombat.model.enums import BodyLocation


class FileKind(Enum):
    """What a content file holds; the value is the noun counted in the summary."""

    WEAPONS = "weapon"
    ARMOR = "armour"
    CRITICALS = "critical"
    CHARACTER = "character"
    SCENARIO = "scenario"
    ENCOUNTER = "encounter"


_BY_NAME = {WEAPONS_FILE: FileKind.WEAPONS, ARMOR_FILE: FileKind.ARMOR, CRITICALS_FILE: FileKind.CRITICALS}
_BY_FOLDER = {
    CHARACTERS_FOLDER: FileKind.CHARACTER,
    SCENARIOS_FOLDER: FileKind.SCENARIO,
    ENCOUNTERS_FOLDER: FileKind.ENCOUNTER,
}
_BY_TABLE = {"weapon": FileKind.WEAPONS, "armor": FileKind.ARMOR, "critical": FileKind.CRITICALS}
_UNKNOWN_FILE = (
    "cannot tell what this file holds: expected [[weapon]], [[armor]] or [[critical]] tables, "
    "an [attacker] section (an attack scenario), [[side]] and [[unit]] tables (an encounter) "
    "or a character's name and special"
)

_NO_CONTENT_FILES = (
    "no content files here: name a content folder (weapons.toml, armor.toml, criticals.toml, characters/, "
    "scenarios/, encounters/), a folder of .toml content files, or one file"
)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


@attrs.define
class CheckReport:
    """Every problem found, what was read and counted, and notes about what was not checked."""

    problems: list[Problem] = attrs.field(factory=list)
    counts: dict[FileKind, int] = attrs.field(factory=dict)
    notes: list[str] = attrs.field(factory=list)
    user_root: Path | None = None

    @property
    def ok(self) -> bool:
        """No problems were found."""
        return not self.problems

    def add(self, problems: Iterable[Problem]) -> None:
        """Record problems, each once (a character read for several scenarios reports its own once)."""
        self.problems += [problem for problem in problems if problem not in self.problems]

    def count(self, kind: FileKind, number: int) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + number

    def summary(self) -> str:
        """`3 problems in 2 files`, or `content OK: 64 weapons, 7 armours, ...`."""
        if self.problems:
            files = {problem.file for problem in self.problems}
            return f"{_plural(len(self.problems), 'problem')} in {_plural(len(files), 'file')}"
        counted = [_plural(number, kind.value) for kind, number in self.counts.items()]
        return "content OK: " + (", ".join(counted) if counted else "nothing to check")


def check_content(
    paths: Iterable[str | Path], root: str | Path | None = None, user_root: str | Path | None = None
) -> CheckReport:
    """Check each path: a content folder, a folder of content files, or one content file.

    References (weapon and armour ids, characters) are looked up in `root` (the `--content` folder) if
    given, else in the content folder the file belongs to (see `root_for`); characters also in `user_root`,
    the user's own content folder, if given."""
    report = CheckReport(user_root=Path(user_root) if user_root is not None else None)
    for path in map(Path, paths):
        if _is_content_folder(path) or (root is not None and path.resolve() == Path(root).resolve()):
            _check_folder(path, report)
        elif path.is_dir():
            files = sorted(path.glob("*.toml"))
            if not files:
                report.add([Problem(shown(path), _NO_CONTENT_FILES)])
            for file in files:
                _check_file(file, Path(root) if root is not None else root_for(file), report)
        else:
            _check_file(path, Path(root) if root is not None else root_for(path), report)
    return report


def _is_content_folder(path: Path) -> bool:
    """A folder holding any part of a library (weapons, armour, criticals, characters/) is a content folder,
    and then every file a content folder needs must be there."""
    parts = (path / WEAPONS_FILE, path / ARMOR_FILE, path / CRITICALS_FILE, path / CHARACTERS_FOLDER)
    return path.is_dir() and any(part.exists() for part in parts)


def root_for(path: Path) -> Path:
    """The content folder a file belongs to: its own folder for weapons.toml and the like, the one above
    for characters/ and scenarios/ files, else the default content root."""
    folder = path.resolve().parent
    for candidate in (folder, folder.parent):
        if (candidate / WEAPONS_FILE).is_file():
            return candidate
    return content_root()


def _references_known(library: Library) -> bool:
    """Whether weapon and armour ids can be checked: both files gave something."""
    return bool(library.weapons) and bool(library.armors)


def _unchecked_references(what: str, root: Path) -> str:
    return f"{what} not checked: fix {shown(root / WEAPONS_FILE)} and {shown(root / ARMOR_FILE)} first"


def _check_folder(folder: Path, report: CheckReport) -> None:
    loaded = _read_library(folder, report.user_root)
    library = loaded.value
    report.add(loaded.problems)
    report.count(FileKind.WEAPONS, len(library.weapons))
    report.count(FileKind.ARMOR, len(library.armors))
    report.count(FileKind.CRITICALS, len(library.criticals.effects))
    report.count(FileKind.CHARACTER, len(character_files(folder)))
    for kind, subfolder in ((FileKind.SCENARIO, SCENARIOS_FOLDER), (FileKind.ENCOUNTER, ENCOUNTERS_FOLDER)):
        files = sorted((folder / subfolder).glob("*.toml"))
        report.count(kind, len(files))
        if files and not _references_known(library):
            report.notes.append(_unchecked_references(f"{kind.value}s", folder))
        else:
            for path in files:
                report.add(_LIBRARY_READERS[kind](path, library).problems)


def _check_file(path: Path, root: Path, report: CheckReport) -> None:
    kind = _kind_of(path, report)
    if kind is None:
        return
    if kind in _ENTRY_READERS:
        entries = _ENTRY_READERS[kind](path)
        report.add(entries.problems)
        report.count(kind, len(entries.value))
    else:
        report.count(kind, 1)
        # References are looked up in the content folder; its own problems are for a check of it.
        library = _read_library(root, report.user_root).value
        known = _references_known(library)
        if not known:
            report.notes.append(_unchecked_references(f"references of {shown(path)}", root))
        if kind is FileKind.CHARACTER:
            ids = (library.weapons, library.armors) if known else (None, None)
            report.add(read_character(path, *ids).problems)
        elif known:
            report.add(_LIBRARY_READERS[kind](path, library).problems)


def _read_library(root: Path, user_root: Path | None) -> Loaded[Library]:
    """The library references are looked up in: the content folder's, with the user's characters if any."""
    return read_library(root) if user_root is None else read_library(root, user_root)


def _read_critical_effects(path: Path) -> Loaded[dict[BodyLocation, CriticalEffect]]:
    loaded = read_criticals(path)
    return Loaded(loaded.value.effects, loaded.problems)


_ENTRY_READERS: dict[FileKind, Callable[[Path], Loaded[dict[Any, Any]]]] = {
    FileKind.WEAPONS: read_weapons,
    FileKind.ARMOR: read_armor,
    FileKind.CRITICALS: _read_critical_effects,
}
_LIBRARY_READERS: dict[FileKind, Callable[[Path, Library], Loaded[Any]]] = {
    FileKind.SCENARIO: read_any_scenario,  # an attack, or a throw (R22.9)
    FileKind.ENCOUNTER: read_encounter,
}
"""Readers of the files that name weapons, armour and characters of a library."""


def _kind_of(path: Path, report: CheckReport) -> FileKind | None:
    """What a file holds: by its name, its folder's name, or else its top-level keys."""
    if path.name in _BY_NAME:
        return _BY_NAME[path.name]
    if path.resolve().parent.name in _BY_FOLDER:
        return _BY_FOLDER[path.resolve().parent.name]
    loaded = read_toml(path)
    report.add(loaded.problems)
    data = loaded.value
    if data is None:
        return None
    for table, kind in (
        ("weapon", FileKind.WEAPONS),
        ("armor", FileKind.ARMOR),
        ("critical", FileKind.CRITICALS),
    ):
        if isinstance(data.get(table), list):
            return kind
    if "attacker" in data:
        return FileKind.SCENARIO
    if isinstance(data.get("unit"), list) or isinstance(data.get("side"), list):
        return FileKind.ENCOUNTER
    if "name" in data and "special" in data:
        return FileKind.CHARACTER
    report.add([Problem(shown(path), _UNKNOWN_FILE)])
    return None
