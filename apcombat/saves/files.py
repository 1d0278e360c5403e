"""Save files on disk: written atomically with the previous one kept as `.bak`, read with every check, listed
for a load menu, replayed from the start."""

from __future__ import annotations

import contextlib
import datetime
import gc
import os
import re
import secrets
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import attrs

from apcombat.content.errors import Problem
from apcombat.content.paths import shown
from apcombat.content.toml_files import MAX_FILE_BYTES, read_toml
from apcombat.engine import Game
from apcombat.rules.version import RULES_VERSION
from apcombat.saves.agreement import agreeing_game, quickly_agreeing_game, replayed
from apcombat.saves.consistency import save_findings
from apcombat.saves.errors import SaveError, refuse
from apcombat.saves.format import SaveFile, save_text, structure_save
from apcombat.saves.locks import try_lock
from apcombat.saves.migrations import refuse_newer_rules, upgrade

AUTOSAVE_NAME = "autosave"
SUFFIX = ".toml"
BACKUP_SUFFIX = ".bak"


def save_game(game: Game, path: str | Path) -> Path:
    """Write `game` to `path` (`.toml` added if it has no suffix) atomically, the previous save kept as
    `NAME.toml.bak`; the path written. SaveError if it cannot be written, the old save left intact."""
    path = Path(path)
    if not path.suffix:
        path = path.with_suffix(SUFFIX)
    write_atomically(path, save_text(SaveFile.of(game)))
    return path


def autosave(game: Game, folder: str | Path) -> Path:
    """Save `game` as `autosave.toml` in `folder`: `game.command_listeners.append(lambda g: autosave(g, folder))`
    (the app saves after every command, so the players' view follows the fight)."""
    return save_game(game, Path(folder) / f"{AUTOSAVE_NAME}{SUFFIX}")


@attrs.frozen
class OpenedSave:
    """A save opened to go on with: the game, and a warning to show when its history was played under other
    rules than today's (the game then goes on from its saved state)."""

    game: Game
    warning: str | None = None


def open_save(path: str | Path) -> OpenedSave:
    """The game a save holds, ready to go on with the same dice. A save written under today's rules is played
    again from its start and must reach its saved state; one written under other rules goes on from its saved
    state, with a warning. SaveError naming the file and field if the save is damaged, changed by hand so
    that it no longer follows from its history, or from a newer apcombat."""
    with _collector_paused():
        return _opened(path)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Opening a save makes many small objects that all live on (the state, every step of the fight for
    undo): the garbage collector's passes over them in the meantime would find nothing to free and only slow
    the load down. It runs again afterwards as before."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _opened(path: str | Path) -> OpenedSave:
    """`open_save`: the quick way for a save as this apcombat writes it, else the careful way."""
    with contextlib.suppress(OSError, UnicodeDecodeError):
        # A file too large for the TOML reader goes the careful way, which refuses it with a sentence.
        if Path(path).stat().st_size <= MAX_FILE_BYTES:
            game = quickly_agreeing_game(Path(path).read_bytes().decode("utf-8"))
            if game is not None:
                return OpenedSave(game)
    save = read_save(path)
    if save.rules_version == RULES_VERSION:
        return OpenedSave(agreeing_game(save, path))
    return OpenedSave(
        save.resume(),
        f"{shown(path)}: written under rules version {save.rules_version} and this apcombat plays version "
        f"{RULES_VERSION}: the fight goes on from its saved state, but undo cannot go back past the load and "
        f"a replay of its history may not reach the same state",
    )


def load_game(path: str | Path) -> Game:
    """The game a save holds, ready to go on (see `open_save`, which also gives the warning for a save written
    under other rules)."""
    return open_save(path).game


def replay_save(path: str | Path) -> Game:
    """The game a save holds, played again from its start with its seed and history under today's rules
    (the state it reaches is the saved one unless the save was changed by hand or written under other rules)."""
    return replayed(read_save(path), shown(path))


def is_save(path: str | Path) -> bool:
    """Whether `path` is meant as a save rather than an encounter file: its top level (the lines before the
    first [table]) sets `format_version`, or it has a [state] table. Reads only the text; False if it cannot."""
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    top_level = _FIRST_TABLE.split(text, maxsplit=1)[0]
    return bool(_VERSION_KEY.search(top_level) or _STATE_TABLE.search(text))


_FIRST_TABLE = re.compile(r"^\s*\[", re.MULTILINE)
_VERSION_KEY = re.compile(r"^\s*[\"']?format_version[\"']?\s*=", re.MULTILINE)
_STATE_TABLE = re.compile(r"^\s*\[\s*[\"']?state[\"']?\s*\]", re.MULTILINE)


def read_save(path: str | Path) -> SaveFile:
    """A save file read and checked in full (upgraded from an older format if need be); SaveError if it
    cannot be used. Nothing is written."""
    file = shown(path)
    loaded = read_toml(path)
    if loaded.value is None:
        raise SaveError(_at_its_end(problem, path) for problem in loaded.problems)
    document = upgrade(loaded.value, file)
    refuse_newer_rules(document, file)
    save = structure_save(document, file)
    refuse(file, save_findings(save))
    return save


def _at_its_end(problem: Problem, path: str | Path) -> Problem:
    """A syntax error at the end of the file names the last line, and says the save looks cut off."""
    if problem.where != ("end of file",):
        return problem
    try:
        last = Path(path).read_bytes().count(b"\n") + 1
    except OSError:
        return problem
    return Problem(problem.file, f"{problem.message}; the save looks cut off", [f"line {last} (the end of the file)"])


@attrs.frozen
class SaveInfo:
    """One save in a folder, as a load menu shows it; `problem` says why a damaged one cannot be loaded."""

    name: str
    path: Path
    modified: datetime.datetime
    encounter: str | None = None
    round: int | None = None
    problem: str | None = None


def list_saves(folder: str | Path) -> list[SaveInfo]:
    """Every save (`*.toml`) in `folder`, newest first; damaged ones listed with their problem. An empty
    list if the folder does not exist."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    infos = [_info(path) for path in folder.glob(f"*{SUFFIX}") if path.is_file()]
    return sorted(infos, key=lambda info: (-info.modified.timestamp(), info.name))


def _info(path: Path) -> SaveInfo:
    try:
        modified = datetime.datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        modified = datetime.datetime.fromtimestamp(0)
    base = SaveInfo(name=path.stem, path=path, modified=modified)
    try:
        state = open_save(path).game.state
    except SaveError as error:
        return attrs.evolve(base, problem=str(error))
    return attrs.evolve(base, encounter=state.name, round=state.round)


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` so that a crash or an error at any moment leaves either the old file or the new
    one there, whole; the old one is kept as `NAME.bak`. No temporary file is left behind.

    The text goes to a temporary file of this writer's own in the same folder (locked while it is in use, so
    that another program saving to the same file never takes it for a leftover), flushed and synced; the old
    file is hard-linked (or copied) to `.bak`; then the temporary file replaces the old one in one step, and
    the folder is synced so the rename lasts. When two programs save to one file, the last whole save wins:
    `saved_by_another` then tells the program whose save was replaced, or that replaced another's."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _remove_leftovers(folder, path.name)
        with _staged(folder, path.name, text.encode("utf-8")) as (staged, identity):
            if path.exists():
                _keep_backup(path, path.with_name(path.name + BACKUP_SUFFIX))
            with _WRITTEN_LOCK:
                _note_another(path)
                os.replace(staged, path)
                _WRITTEN[_key(path)] = identity
        _sync_folder(folder)
    except OSError as error:
        raise SaveError([f"{shown(path)}: cannot write the save: {error.strerror or error}"]) from None


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
