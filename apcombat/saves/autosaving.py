"""The autosave written after every command without making the player wait for it.

Writing a save is a few milliseconds for a small fight and tens of milliseconds for a long one on a big map;
after every command (so the players' view follows the fight) that would stand between a key and its frame.
The game's state and history are immutable values, so what a save holds is taken at once, on the thread that
plays (`SaveFile.of`, cheap), and written on one background thread a moment later (SETTLE); when commands come
faster than that, only the newest waiting save is written — the autosave is always the whole game, so nothing
is lost by skipping one that a newer one replaces. `flush()` waits until the newest is on disk: at every turn's
change and when the fight is left or the app quits, the autosave is then as sure as a save written in the
foreground.

Each running app keeps its own autosave: the first `autosave.toml`, one started while another holds that file
`autosave-2.toml` (then `-3` ...). An app holds its autosave by a lock on the file beside it (`autosave.toml.lock`)
that the operating system frees when the app exits or dies, so a crashed app's autosave is free again at once.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable
from pathlib import Path

import attrs

from apcombat.engine import Game
from apcombat.saves.errors import SaveError
from apcombat.saves.files import AUTOSAVE_NAME, SUFFIX
from apcombat.saves.format import SaveFile, save_text
from apcombat.saves.locks import hold, is_locked, let_go
from apcombat.saves.writing import write_atomically

SETTLE = 0.15
"""Seconds the writer waits after a command before it writes: the frame that shows the command is drawn first
(writing a long fight's save holds the interpreter for tens of milliseconds), and a burst of commands (an AI's
turn) is written once. `flush()` cuts the wait short."""


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


@attrs.frozen
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


class BackgroundAutosave:
    """`game.command_listeners.append(BackgroundAutosave(folder, problems.append))`: autosave.toml in `folder`
    (or the file `path`) after every command, written off the playing thread; a failure is told to `on_error`
    in one sentence."""

    def __init__(self, folder: str | Path, on_error: Callable[[str], None], path: Path | None = None) -> None:
        self.path = path if path is not None else autosave_path(folder)
        self._on_error = on_error
        self._lock = threading.Lock()
        self._waiting: SaveFile | None = None
        self._writer: threading.Thread | None = None
        self._written = threading.Event()
        self._written.set()
        self._hurry = threading.Event()

    def __call__(self, game: Game) -> None:
        save = SaveFile.of(game)
        with self._lock:
            self._waiting = save
            self._written.clear()
            if self._writer is None:
                # Not a daemon: when the app quits, Python waits for the newest autosave to be on disk.
                self._writer = threading.Thread(target=self._write_waiting, name="autosave", daemon=False)
                self._writer.start()

    def flush(self, timeout: float | None = 30.0) -> bool:
        """Wait until the newest autosave is on disk (False if it took longer than `timeout` seconds)."""
        self._hurry.set()
        return self._written.wait(timeout)

    def _write_waiting(self) -> None:
        while True:
            self._hurry.wait(SETTLE)
            with self._lock:
                save, self._waiting = self._waiting, None
                if save is None:
                    self._writer = None
                    self._hurry.clear()
                    self._written.set()
                    return
            try:
                write_atomically(self.path, save_text(save))
            except SaveError as error:
                self._on_error(f"autosave failed: {error}")
            except OSError as error:  # write_atomically names most; a full disk must not end the game either
                self._on_error(f"autosave failed: {self.path}: {error.strerror or error}")
