"""Save files on disk: written atomically (`writing`) with the previous one kept as `.bak`, read with every
check, listed for a load menu, replayed from the start."""

from __future__ import annotations

import contextlib
import datetime
import gc
import re
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
from apcombat.saves.migrations import refuse_newer_rules, upgrade
from apcombat.saves.names import AUTOSAVE_NAME, SUFFIX
from apcombat.saves.writing import write_atomically


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
