"""Which autosave each running app keeps, and the autosaves in a folder (the title screen's Continue).

Each running app keeps its own autosave: the first `autosave.toml`, one started while another holds that file
`autosave-2.toml` (then `-3` ...). An app holds its autosave by a lock on the file beside it (`autosave.toml.lock`)
that the operating system frees when the app exits or dies, so a crashed app's autosave is free again at once.

Light on purpose: the app claims its autosave before the title screen is drawn, so this module loads neither the
engine nor the save format (the writing of autosaves is `apcombat.saves.background`).
"""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

from apcombat.saves.locks import hold, is_locked, let_go
from apcombat.saves.names import AUTOSAVE_NAME, SUFFIX

LOCK_SUFFIX = ".lock"
MOST_AUTOSAVES = 99
"""Apps running at once with one saves folder, each with its own autosave; one more shares the last."""
_AUTOSAVE_FILE = re.compile(rf"{AUTOSAVE_NAME}(?:-([1-9][0-9]*))?{re.escape(SUFFIX)}")


def autosave_path(folder: str | Path, number: int = 1) -> Path:
    """The autosave of the `number`th app running with the saves `folder`: autosave.toml, autosave-2.toml ..."""
    return Path(folder) / (f"{AUTOSAVE_NAME}{SUFFIX}" if number == 1 else f"{AUTOSAVE_NAME}-{number}{SUFFIX}")


def is_autosave(path: str | Path) -> bool:
    """Whether the file at `path` is named as an app's autosave."""
    found = _AUTOSAVE_FILE.fullmatch(Path(path).name)
    return found is not None and found.group(1) != "1"


def _lock_path(path: Path) -> Path:
    return path.with_name(path.name + LOCK_SUFFIX)


class AutosaveClaim:
    """The autosave this running app keeps (`path`), held until `release()` or the app's end."""

    def __init__(self, path: Path, handle: int | None) -> None:
        self.path = path
        self._handle = handle

    @property
    def shared(self) -> bool:
        """Whether another running app holds the app's first autosave, so this one keeps another."""
        return self.path.name != f"{AUTOSAVE_NAME}{SUFFIX}"

    def release(self) -> None:
        """Let the next app started take this autosave (its lock file goes)."""
        if self._handle is not None:
            let_go(_lock_path(self.path), self._handle)
            self._handle = None


def claim_autosave(folder: str | Path) -> AutosaveClaim:
    """The first autosave in the saves `folder` no running app holds, held for this app: autosave.toml, else
    autosave-2.toml ... A folder where no lock can be made (read-only) gives autosave.toml, unheld: its autosave
    then fails, and says why, as before."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return AutosaveClaim(autosave_path(folder), None)
    for number in range(1, MOST_AUTOSAVES + 1):
        path = autosave_path(folder, number)
        try:
            handle = hold(_lock_path(path))
        except OSError:
            return AutosaveClaim(autosave_path(folder), None)
        if handle is not None:
            return AutosaveClaim(path, handle)
    return AutosaveClaim(autosave_path(folder, MOST_AUTOSAVES), None)


@dataclasses.dataclass(frozen=True, slots=True)  # not attrs, which costs the title screen 20 ms to import
class Autosave:
    """An autosave in the saves folder; `held`: another running app keeps it (this one's own is never held)."""

    path: Path
    modified: float
    held: bool


def autosaves(folder: str | Path, own: Path | None = None) -> list[Autosave]:
    """The autosaves in `folder`, newest first; `own` is this app's (not held, though this app holds it)."""
    try:
        entries = [entry for entry in os.scandir(folder) if is_autosave(entry.name) and entry.is_file()]
    except OSError:
        return []
    found = []
    for entry in entries:
        path = Path(entry.path)
        try:
            modified = entry.stat().st_mtime
        except OSError:
            continue
        held = path != own and is_locked(_lock_path(path))
        found.append(Autosave(path, modified, held))
    return sorted(found, key=lambda autosave: (-autosave.modified, autosave.path.name))
