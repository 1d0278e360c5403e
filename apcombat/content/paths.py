"""Where the content lives, how references inside content files are found, and how paths are shown."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import apcombat

WEAPONS_FILE = "weapons.toml"
ARMOR_FILE = "armor.toml"
CRITICALS_FILE = "criticals.toml"
CHARACTERS_FOLDER = "characters"
SCENARIOS_FOLDER = "scenarios"
ENCOUNTERS_FOLDER = "encounters"
RULES_FILE = "rules.md"

_PACKAGE = Path(apcombat.__file__).resolve().parent


def content_root(override: str | Path | None = None) -> Path:
    """The content folder to use.

    In order: `override` (the global `--content DIR` option) if given; else the checkout's top-level
    `content/` folder if it holds weapons.toml; else the copy bundled in the installed package.
    """
    if override is not None:
        return Path(override)
    checkout = _PACKAGE.parent / "content"
    if (checkout / WEAPONS_FILE).is_file():
        return checkout
    return _PACKAGE / "_content"


def rules_reference() -> Path:
    """docs/rules.md, the rules reference: the checkout's, else the copy bundled in the installed package."""
    checkout = _PACKAGE.parent / "docs" / RULES_FILE
    if checkout.is_file():
        return checkout
    return _PACKAGE / "_docs" / RULES_FILE


def resolve_reference(
    ref: str, relative_to_file: str | Path, root: str | Path, folder: str = CHARACTERS_FOLDER
) -> Path:
    """Find the file a content file names with `ref`, in the one content folder `root` (see `find_reference`)."""
    return find_reference(ref, relative_to_file, [Path(root)], folder)


def find_reference(
    ref: str, relative_to_file: str | Path, roots: Sequence[Path], folder: str = CHARACTERS_FOLDER
) -> Path:
    """Find the file a content file names with `ref`, looking in the content folders `roots` in their order
    (the user's own before the built-in one, so a fight copied into the user's folder finds the same files).

    A bare id (`"ana"`) means `<root>/<folder>/ana.toml`. A path is tried relative to the file that
    contains it, then inside each root with its leading `..`, `.` and `content/` stripped, so that
    `"content/characters/ana.toml"` works from anywhere and `"../characters/ana.toml"` from any encounters
    folder. When nothing exists, the first candidate is returned so the caller can name it in its message.
    """
    if _is_bare_id(ref):
        candidates = [root / folder / f"{ref}.toml" for root in roots]
    else:
        given = Path(ref)
        candidates = [Path(relative_to_file).parent / given]
        parts = given.parts
        while parts and parts[0] in ("..", "."):
            parts = parts[1:]
        if parts and parts[0] == "content":
            parts = parts[1:]
        if not given.is_absolute() and parts:
            candidates += [root.joinpath(*parts) for root in roots]
    return next((candidate for candidate in candidates if is_file(candidate)), candidates[0])


def is_file(path: Path) -> bool:
    """Whether `path` is a file; False, not OSError, for a name no file system takes (`character = "x…x"` of
    5,000 letters raised "File name too long" out of `apcombat check`)."""
    try:
        return path.is_file()
    except OSError:
        return False


def _is_bare_id(ref: str) -> bool:
    return "/" not in ref and "\\" not in ref and not ref.endswith(".toml")


def shown(path: str | Path) -> str:
    """A path as the user should read it (`..` folded away): as given if relative, else relative to the
    current folder if inside it, else absolute."""
    path = Path(os.path.normpath(path))
    if any(len(part) > _LONGEST_NAME for part in path.parts):  # no file has such a name: never shown in full
        path = Path(
            *(f"{part[:24]}… ({len(part):,} characters)" if len(part) > _LONGEST_NAME else part for part in path.parts)
        )
    if not path.is_absolute():
        return str(path)
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


_LONGEST_NAME = 255
"""The longest file name the file systems take."""
