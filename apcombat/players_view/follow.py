"""Following a save file as the game master plays: read again whenever it changed on disk (the app writes it
atomically after every command), with the fight's log rebuilt from its history — a save keeps no log — one
new command at a time rather than from the start."""

from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path

import attrs

from apcombat.content.paths import shown
from apcombat.dice import DiceError
from apcombat.engine import CommandError, Event, Game
from apcombat.players_view.page import fight_html, message_html
from apcombat.players_view.sides import as_shown, players_side
from apcombat.rules.version import RULES_VERSION
from apcombat.saves import SaveError, SaveFile, read_save


@attrs.frozen
class View:
    """The fight as the page shows it now: its HTML fragment and a version that changes with it."""

    html: str
    version: str

    @classmethod
    def of(cls, fragment: str) -> View:
        return cls(fragment, hashlib.sha256(fragment.encode("utf-8")).hexdigest()[:16])


class FollowedSave:
    """A save file followed for the players' view: `view()` is the fight as the file holds it now."""

    def __init__(self, path: str | Path, side: str | None = None) -> None:
        self.path = Path(path)
        self.side = side  # `--side`: the side whose view the page shows (R21.8.6)
        self._lock = threading.Lock()  # the server answers each browser in its own thread
        self._seen: tuple[int, int, int] | None = None
        self._view = View.of("")
        self._game: Game | None = None  # the history played again, for its log
        self._played: list[list[Event]] = []  # the events of each command of its history

    def view(self) -> View:
        """The fight as the file holds it now, read again only when the file changed."""
        with self._lock:
            seen = self._stat()
            if seen != self._seen or seen is None:
                self._view = View.of(self._fragment())
                self._seen = seen
            return self._view

    def _stat(self) -> tuple[int, int, int] | None:
        try:
            status = os.stat(self.path)
        except OSError:
            return None
        return status.st_ino, status.st_mtime_ns, status.st_size

    def _fragment(self) -> str:
        if not self.path.exists():
            return message_html(
                "Waiting for the fight",
                f"{shown(self.path)} does not exist yet: the page shows the fight as soon as the game master's "
                "app saves it (after the first command).",
            )
        try:
            save = read_save(self.path)
        except SaveError as error:
            return message_html("This save cannot be shown", str(error))
        chosen = players_side(save.state, self.side)
        if chosen.problem is not None:
            return message_html("Whose view?", chosen.problem)
        state, log = as_shown(save.state, self._log(save), chosen.side)
        return fight_html(state, log, shown(self.path), viewing=chosen.side)

    def _log(self, save: SaveFile) -> list[Event] | None:
        """The save's log, rebuilt by playing its history again: from where the last one stopped when the new
        history goes on from it, undoing back when the game master undid, else from the start. Only the events of
        the commands the history holds now: a command undone leaves no line, nor does its undoing, so the page
        never depends on when it last asked. None when the history was played under other rules or does not
        replay."""
        if save.rules_version != RULES_VERSION:
            return None
        try:
            self._follow(save)
        except (CommandError, DiceError):
            self._game = None
            return None
        return [event for events in self._played for event in events]

    def _follow(self, save: SaveFile) -> None:
        history = list(save.history)
        game = self._game
        if game is None or (game.start, game.seed) != (save.start, save.seed):
            game, self._played = Game(save.start, save.seed), []
        self._game = None  # until it has followed the whole history
        played = len(game.history)
        while game.history != history[:played]:  # undone in the app: undo here too (it ends at no history)
            game.undo()
            self._played.pop()
            played = len(game.history)
        for entry in history[played:]:
            self._played.append(game.play_again(entry))
        self._game = game
