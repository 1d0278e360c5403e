"""Locks the operating system holds for a running program and frees when it exits or dies: an app's hold on
its autosave, a writer's hold on its temporary file. A program killed mid-write leaves no lock behind, so
what it left is known to be a leftover."""

from __future__ import annotations

import contextlib
import os

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


def try_lock(handle: int) -> bool:
    """Take the lock of the open file `handle` for this program without waiting: False if another program (or
    another handle of this one) holds it. The lock lasts until `unlock` or until the handle is closed."""
    try:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            os.lseek(handle, 0, os.SEEK_SET)
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def unlock(handle: int) -> None:
    """Give up the lock of `handle` (closing the handle gives it up too)."""
    try:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_UN)
        else:
            os.lseek(handle, 0, os.SEEK_SET)
            msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)
    except OSError:
        pass


def is_locked(path: str | os.PathLike[str]) -> bool:
    """Whether a running program holds the lock of the file at `path` (False if there is no such file)."""
    try:
        handle = os.open(path, os.O_RDWR)
    except OSError:
        return False
    try:
        if try_lock(handle):
            unlock(handle)
            return False
        return True
    finally:
        os.close(handle)


def hold(path: str | os.PathLike[str]) -> int | None:
    """Open and lock the lock file at `path` (made if missing) for this program: its handle, None if another
    running program holds it. OSError if it cannot be made.

    A program letting go deletes its lock file (`let_go`), so a lock taken on a file that has just been
    deleted is a lock on nothing: taken again on the file now at `path`."""
    while True:
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        if not try_lock(handle):
            os.close(handle)
            return None
        try:
            now = os.stat(path)
        except FileNotFoundError:
            os.close(handle)
            continue
        mine = os.fstat(handle)
        if (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino):
            return handle
        os.close(handle)


def let_go(path: str | os.PathLike[str], handle: int) -> None:
    """Give up a lock taken with `hold` and delete its file, leaving nothing behind (deleted while still held,
    so no other program has taken it meanwhile; Windows cannot delete an open file, and keeps it)."""
    if fcntl is not None:
        with contextlib.suppress(OSError):
            os.unlink(path)
    os.close(handle)
