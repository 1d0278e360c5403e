"""Loading the content files (weapons, armour, wound effects, characters) into model objects.

Each `read_*` function returns what it could read together with every problem it met, so `apcombat
check` can report them all; each `load_*` function returns the value or raises a ContentError.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Generic, TypeVar

import attrs
from cattrs.errors import BaseValidationError

from apcombat.content import checks
from apcombat.content.converter import CONVERTER
from apcombat.content.diagnose import Finding, findings
from apcombat.content.errors import Loaded, Problem
from apcombat.content.library import Library
from apcombat.content.paths import (
    ARMOR_FILE,
    CHARACTERS_FOLDER,
    CRITICALS_FILE,
    WEAPONS_FILE,
    find_reference,
    is_file,
    shown,
)
from apcombat.content.suggest import did_you_mean
from apcombat.content.toml_files import read_toml
from apcombat.content.values import show_value
from apcombat.model.armor import Armor
from apcombat.model.character import Character
from apcombat.model.criticals import DEFAULT_CRITICALS, CriticalEffect, CriticalTable
from apcombat.model.weapon import Weapon
from apcombat.model.wording import shown_word

T = TypeVar("T")
STRUCTURE_ERRORS = (BaseValidationError, ValueError, TypeError)
"""What the converter raises for a value that does not fit its class."""


def structure(data: Any, model: type[T]) -> tuple[T | None, list[Finding]]:
    """`data` as a `model`, or None and every problem found in it."""
    try:
        return CONVERTER.structure(data, model), []
    except STRUCTURE_ERRORS as error:
        return None, findings(error)


def as_problems(file: str, found: Iterable[Finding], *where: str) -> list[Problem]:
    """Findings (field path, message) inside `where` as problems of `file`."""
    return [Problem(file, message, [*where, path] if path else where) for path, message in found]


@attrs.frozen
class EntryKind(Generic[T]):
    """One kind of `[[table]]` entry in a content file."""

    table: str  # `weapon` for [[weapon]]
    model: type[T]
    key: str  # the field naming an entry and that must be unique
    check: Callable[[T], list[Finding]] = checks.no_findings
    check_written: Callable[[dict[str, Any]], list[Finding]] = checks.no_findings  # on the table as written


_WEAPON = EntryKind("weapon", Weapon, "id", checks.weapon_findings, checks.written_weapon_findings)
_ARMOR = EntryKind("armor", Armor, "id")
_CRITICAL = EntryKind("critical", CriticalEffect, "location")


KEPT_READS = 8
"""Entry files kept read, by their bytes (`_read_entries`): the weapons, armour and wound files of a content folder
or two. Every command and every game opened reads them, and reading one is most of a command's own time."""
_KEPT_BYTES = 1024 * 1024
"""A larger file is read every time (the game's own weapons file is 30 kB)."""
_kept: dict[tuple[str, str, bytes], Loaded[Any]] = {}


def _read_entries(path: str | Path, kind: EntryKind[T]) -> Loaded[dict[str, T]]:
    """Every entry of a file of `[[kind]]` tables only, keyed by its id; a bad entry is left out and
    reported. The same bytes at the same path are read once: the entries are frozen, the answer the same."""
    try:
        key = (shown(path), kind.table, Path(path).read_bytes()) if Path(path).stat().st_size <= _KEPT_BYTES else None
    except OSError:
        key = None  # read_toml says why
    kept = _kept.get(key) if key is not None else None
    if kept is None:
        kept = _read_entries_now(path, kind)
        if key is not None:
            _kept[key] = kept
            if len(_kept) > KEPT_READS:
                del _kept[next(iter(_kept))]
    return Loaded(dict(kept.value), kept.problems)


def _read_entries_now(path: str | Path, kind: EntryKind[T]) -> Loaded[dict[str, T]]:
    loaded = read_toml(path)
    if loaded.value is None:
        return Loaded({}, loaded.problems)
    file = shown(path)
    problems = [
        Problem(file, f"unknown top-level key {shown_word(key)}{did_you_mean(key, [kind.table])}")
        for key in loaded.value
        if key != kind.table
    ]
    entries = read_entry_tables(file, loaded.value.get(kind.table), kind)
    return Loaded(entries.value, [*problems, *entries.problems])


def entry_label(kind: EntryKind[Any], raw: dict[str, Any], number: int) -> str:
    """How problems name an entry: `weapon 'colt_1911'`, or `weapon 3` when it has no readable id."""
    name = raw.get(kind.key)
    return f"{kind.table} {shown_word(name)}" if isinstance(name, str) else f"{kind.table} {number}"


def read_entry_tables(file: str, raw_entries: Any, kind: EntryKind[T]) -> Loaded[dict[str, T]]:
    """The `[[kind]]` tables of `file` as read from TOML, keyed by id; an entry that does not structure,
    fails its check or repeats an id is left out and reported."""
    if not isinstance(raw_entries, list) or not all(isinstance(raw, dict) for raw in raw_entries):
        got = "nothing" if raw_entries is None else show_value(raw_entries)
        return Loaded({}, [Problem(file, f"expected [[{kind.table}]] tables, got {got}")])
    problems: list[Problem] = []
    entries: dict[str, T] = {}
    first_seen: dict[str, int] = {}
    for number, raw in enumerate(raw_entries, start=1):
        name = raw.get(kind.key)
        entry, found = structure(raw, kind.model)
        found += kind.check_written(raw)
        if entry is not None:
            found += kind.check(entry)
        if isinstance(name, str):
            if name in first_seen:
                found.append((kind.key, f"{shown_word(name)} is already used by entry {first_seen[name]}"))
            else:
                first_seen[name] = number
        if entry is not None and first_seen.get(name) == number:
            entries[name] = entry
        problems += as_problems(file, found, entry_label(kind, raw, number))
    return Loaded(entries, problems)


def read_weapons(path: str | Path) -> Loaded[dict[str, Weapon]]:
    """The `[[weapon]]` entries of a weapons file by id, with every problem."""
    return _read_entries(path, _WEAPON)


def read_armor(path: str | Path) -> Loaded[dict[str, Armor]]:
    """The `[[armor]]` entries of an armour file by id, with every problem."""
    return _read_entries(path, _ARMOR)


def read_criticals(path: str | Path) -> Loaded[CriticalTable]:
    """The `[[critical]]` entries of a wound file as a table by body location, with every problem."""
    loaded = _read_entries(path, _CRITICAL)
    table = CriticalTable(effects={effect.location: effect for effect in loaded.value.values()})
    return Loaded(table, loaded.problems)


def read_character(
    path: str | Path, weapon_ids: Mapping[str, Weapon] | None = None, armor_ids: Iterable[str] | None = None
) -> Loaded[Character | None]:
    """A character file, with every problem; its weapons and armour are checked against the ids given."""
    loaded = read_toml(path)
    if loaded.value is None:
        return Loaded(None, loaded.problems)
    character, found = structure(loaded.value, Character)
    weapons = loaded.value.get("weapons")
    found += checks.reference_findings(
        weapons if isinstance(weapons, list) else (),
        loaded.value.get("armor"),
        weapon_ids,
        armor_ids,
        loaded.value.get("thrown"),
    )
    return Loaded(character, as_problems(shown(path), found))


def read_character_reference(
    ref: str, referring_file: str | Path, library: Library
) -> tuple[Loaded[Character | None], str | None]:
    """The character a content file names with `ref` (see `resolve_reference`), read with its weapons
    and armour checked against `library`, and None; or nothing read and the message for a `ref` that
    names no file (`no character file characters/ana.toml (did you mean 'ana'?)`)."""
    roots = [library.root] if library.user_root is None else [library.user_root, library.root]
    character_file = find_reference(ref, referring_file, roots)
    if not is_file(character_file):
        return Loaded(None), f"no character file {shown(character_file)}{_character_hint(ref, library)}"
    return read_character(character_file, library.weapons, library.armors), None


def _character_hint(ref: str, library: Library) -> str:
    """What to write instead of a `ref` naming no file: a character the library has by that file name is found
    by its id; else the closest id, if one is close (never the name typed)."""
    stem = Path(ref).stem
    if stem in library.characters and stem != ref:
        return f' (the character {stem!r} is found by its id: character = "{stem}")'
    return did_you_mean(stem, library.characters)


def load_weapons(path: str | Path) -> dict[str, Weapon]:
    """The weapons of a weapons file by id; a ContentError listing every problem if any."""
    return read_weapons(path).unwrap()


def load_armor(path: str | Path) -> dict[str, Armor]:
    """The armour of an armour file by id; a ContentError listing every problem if any."""
    return read_armor(path).unwrap()


def load_criticals(path: str | Path) -> CriticalTable:
    """The wound effects of a criticals file; a ContentError listing every problem if any."""
    return read_criticals(path).unwrap()


def load_character(path: str | Path, library: Library | None = None) -> Character:
    """A character file (its weapons and armour checked against `library` if given); a ContentError
    listing every problem if any."""
    weapon_ids = library.weapons if library is not None else None
    armor_ids = library.armors if library is not None else None
    character = read_character(path, weapon_ids, armor_ids).unwrap()
    assert character is not None  # no problems means the character was read
    return character


def character_files(root: str | Path) -> list[Path]:
    """The character files of a content folder, by name."""
    return sorted(Path(root, CHARACTERS_FOLDER).glob("*.toml"))


def read_library(root: str | Path, user_root: str | Path | None = None) -> Loaded[Library]:
    """Everything a content folder holds that could be read, with every problem of every file; with
    `user_root`, the user's own characters too (apcombat.content.user_files)."""
    root = Path(root)
    user_root = Path(user_root) if user_root is not None else None
    weapons = _read_required(root / WEAPONS_FILE, read_weapons)
    armors = _read_required(root / ARMOR_FILE, read_armor)
    criticals = read_criticals(root / CRITICALS_FILE) if (root / CRITICALS_FILE).exists() else Loaded(DEFAULT_CRITICALS)
    problems = [*weapons.problems, *armors.problems, *criticals.problems]
    characters: dict[str, Character] = {}
    # An unreadable weapons or armour file would make every reference look unknown: skip those checks.
    weapon_ids = weapons.value if weapons.value or not weapons.problems else None
    armor_ids = armors.value if armors.value or not armors.problems else None
    user_files = character_files(user_root) if user_root is not None else []
    for path in [*character_files(root), *user_files]:
        character = read_character(path, weapon_ids, armor_ids)
        problems += character.problems
        if character.value is not None:
            characters[path.stem] = character.value
    library = Library(
        root=root,
        weapons=weapons.value,
        armors=armors.value,
        criticals=criticals.value,
        characters=characters,
        user_root=user_root,
    )
    return Loaded(library, problems)


REQUIRED_FILES = {WEAPONS_FILE: "every weapon characters carry", ARMOR_FILE: "every armour characters wear"}
"""The files every content folder must hold, with what they give; criticals.toml and characters/ may be left out."""


def _read_required(path: Path, reader: Callable[[Path], Loaded[dict[str, T]]]) -> Loaded[dict[str, T]]:
    """A file a content folder cannot do without: nothing and one clear problem when it is not there."""
    if path.exists():
        return reader(path)
    what = REQUIRED_FILES[path.name]
    return Loaded({}, [Problem(shown(path), f"missing: a content folder needs {path.name} ({what})")])


def load_library(root: str | Path, user_root: str | Path | None = None) -> Library:
    """Everything a content folder holds (and the user's own characters, with `user_root`); a ContentError
    listing every problem of every file if any."""
    # Without a user folder, the content folder's own read (one argument), as before user folders existed.
    loaded = read_library(root) if user_root is None else read_library(root, user_root)
    return loaded.unwrap()
