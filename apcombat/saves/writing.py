"""Writing a file so that it is always whole: the new text staged in a temporary file of the writer's own,
then put in the old one's place in one step, the old one kept as `.bak`. Two programs may save to one file
at once: neither takes the other's temporary file for a killed save's leftover, and the last whole save wins."""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

from apcombat.content.paths import shown
from apcombat.saves.errors import SaveError
from apcombat.saves.locks import try_lock

BACKUP_SUFFIX = ".bak"


def write_atomically(path: Path, text: str) -> None:
    """Write the save `text` to `path` whole (`replace_whole`, the old one kept as `NAME.bak`); a failure is a
    SaveError naming the file."""
    try:
        replace_whole(path, text)
    except OSError as error:
        raise SaveError([f"{shown(path)}: cannot write the save: {error.strerror or error}"]) from None


def replace_whole(path: Path, text: str, *, backup: bool = True) -> None:
    """Write `text` to `path` so that a crash or an error at any moment leaves either the old file or the new
    one there, whole; with `backup` the old one is kept as `NAME.bak`. No temporary file is left behind.

    The text goes to a temporary file of this writer's own in the same folder (locked while it is in use, so
    that another program saving to the same file never takes it for a leftover), flushed and synced; the old
    file is hard-linked (or copied) to `.bak`; then the temporary file replaces the old one in one step, and
    the folder is synced so the rename lasts. When two programs save to one file, the last whole save wins:
    `saved_by_another` then tells the program whose save was replaced, or that replaced another's."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    _remove_leftovers(folder, path.name)
    with _staged(folder, path.name, text.encode("utf-8")) as (staged, identity):
        if backup and path.exists():
            _keep_backup(path, path.with_name(path.name + BACKUP_SUFFIX))
        with _WRITTEN_LOCK:
            _note_another(path)
            os.replace(staged, path)
            _WRITTEN[_key(path)] = identity
    _sync_folder(folder)


_WRITTEN: dict[str, tuple[int, ...]] = {}
"""Each file this program saved, and what it wrote there last (device, inode, size, time): another program's
save in its place is another file."""
_REPLACED: set[str] = set()
"""The files this program found another program's save in, when it next saved there."""
_WRITTEN_LOCK = threading.Lock()  # the autosave writes on its own thread


def _key(path: Path) -> str:
    return os.path.abspath(path)


def _identity(status: os.stat_result) -> tuple[int, ...]:
    return status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns


def _note_another(path: Path) -> None:
    """Remember that the file at `path` is no longer what this program last wrote there (`_WRITTEN_LOCK` held)."""
    written = _WRITTEN.get(_key(path))
    if written is None:
        return
    try:
        there = _identity(os.stat(path))
    except OSError:
        there = None
    if there != written:
        _REPLACED.add(_key(path))


def saved_by_another(path: str | Path) -> str | None:
    """One sentence when another program saved to `path` while this one did too (two `apcombat run --save`
    of one file): which whole save the file holds, the last one. None when only this program saved there."""
    path = Path(path)
    with _WRITTEN_LOCK:
        _note_another(path)
        if _key(path) not in _REPLACED:
            return None
        ours = _WRITTEN.get(_key(path))
    try:
        ours_last = _identity(os.stat(path)) == ours
    except OSError:
        ours_last = False
    if ours_last:
        return (
            f"{shown(path)}: another program saved to this file while this one did; it holds the last whole save, "
            "this program's, unless the other saves again"
        )
    return f"{shown(path)}: another program saved to this file after this one did, so it holds that program's save"


def _leftover_pattern(name: str) -> re.Pattern[str]:
    """The names of the temporary files a save of `name` makes (`_staged`'s and `_keep_backup`'s), and only
    those: another save's (`x.toml.y.toml`) never match."""
    return re.compile(rf"\.{re.escape(name)}\.(?:[a-z0-9_]{{8}}|[0-9a-f]{{12}}\.bak)\.tmp")


def _remove_leftovers(folder: Path, name: str) -> None:
    """Remove the temporary files an earlier save of `name` left when it was killed mid-write (a save never
    leaves one otherwise); one that cannot be removed is left for the next save. One a running program is
    writing is locked by it, and kept."""
    pattern = _leftover_pattern(name)
    try:
        leftovers = [entry.path for entry in os.scandir(folder) if pattern.fullmatch(entry.name)]
    except OSError:
        return
    for leftover in leftovers:
        with contextlib.suppress(OSError):
            handle = os.open(leftover, os.O_RDWR)
            try:
                if try_lock(handle):  # no running program holds it: a leftover
                    os.unlink(leftover)
            finally:
                os.close(handle)


_STAGING_TRIES = 5
"""How often a new temporary file is made when another program's save removed the last one before this
writer locked it (in the moment between making the file and locking it)."""


@contextlib.contextmanager
def _staged(folder: Path, name: str, data: bytes) -> Iterator[tuple[str, tuple[int, ...]]]:
    """A new temporary file in `folder` holding `data`, flushed to disk and locked by this program while in
    use, with its identity; removed afterwards unless it was renamed, and if writing fails."""
    for _ in range(_STAGING_TRIES):
        handle, staged = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
        try:
            if try_lock(handle) and _identity(os.stat(staged)) == _identity(os.fstat(handle)):
                break
        except OSError:
            pass
        os.close(handle)  # another save took it for a leftover before it was locked: make another
        with contextlib.suppress(OSError):
            os.unlink(staged)
    else:
        raise OSError(f"another program kept removing this save's temporary files in {folder}")
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view) :]
        os.fsync(handle)
        yield staged, _identity(os.fstat(handle))
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(staged)
        os.close(handle)


def _keep_backup(path: Path, backup: Path) -> None:
    """Make `backup` a copy of `path` without ever taking `path` away: a hard link (a copy where links are not
    supported) under a temporary name, renamed over the old backup."""
    staged = path.with_name(f".{path.name}.{secrets.token_hex(6)}.bak.tmp")
    try:
        try:
            os.link(path, staged)
        except OSError:
            shutil.copyfile(path, staged)
        # Gone only if another program's save took it for a leftover: the backup is then that program's.
        with contextlib.suppress(FileNotFoundError):
            os.replace(staged, backup)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(staged)


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries to disk where the system allows it (not on Windows)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
