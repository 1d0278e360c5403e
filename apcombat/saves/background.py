"""The autosave written after every command without making the player wait for it.

Writing a save is a few milliseconds for a small fight and tens of milliseconds for a long one on a big map;
after every command (so the players' view follows the fight) that would stand between a key and its frame.
The game's state and history are immutable values, so what a save holds is taken at once, on the thread that
plays (`SaveFile.of`, cheap), and written on one background thread a moment later (SETTLE); when commands come
faster than that, only the newest waiting save is written — the autosave is always the whole game, so nothing
is lost by skipping one that a newer one replaces. `flush()` waits until the newest is on disk: at every turn's
change and when the fight is left or the app quits, the autosave is then as sure as a save written in the
foreground.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from apcombat.saves.autosaving import autosave_path
from apcombat.saves.errors import SaveError
from apcombat.saves.format import SaveFile, save_text
from apcombat.saves.writing import write_atomically

if TYPE_CHECKING:
    from apcombat.engine import Game

SETTLE = 0.15
"""Seconds the writer waits after a command before it writes: the frame that shows the command is drawn first
(writing a long fight's save holds the interpreter for tens of milliseconds), and a burst of commands (an AI's
turn) is written once. `flush()` cuts the wait short."""


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
