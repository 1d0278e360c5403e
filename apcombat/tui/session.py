"""A game being played in the app: the engine's Game, its save file and autosave, and what went wrong."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from apcombat.dice import DiceRequest
from apcombat.engine import CommandError, Event, Game, Preview, parse_command, preview
from apcombat.engine.log_export import log_markdown
from apcombat.model import Encounter
from apcombat.saves import SaveError, autosave, save_game

SAVE_NAME_EXAMPLE = "duel-round-3"
SAVE_NAME_LENGTH = 100


def save_name_problem(name: str) -> str | None:
    """Why a name typed in the app cannot name a save in the saves folder (None: it can). It is a file name,
    never a path: `apcombat run --save PATH` is the way to save anywhere else."""
    name = name.strip()
    if any(ord(character) < 32 or ord(character) == 127 for character in name):
        return (
            "A save name cannot hold a line break, a NUL or another control character; "
            f"type a name like {SAVE_NAME_EXAMPLE}."
        )
    if name in (".", ".."):
        return f'A save name cannot be "{name}"; type a name like {SAVE_NAME_EXAMPLE}.'
    if any(separator in name for separator in ("/", "\\", os.sep, os.altsep or "/")):
        return (
            "A save name cannot contain / or \\: it names a file in the saves folder "
            f"(to save elsewhere: apcombat run --save PATH); type a name like {SAVE_NAME_EXAMPLE}."
        )
    if len(name) > SAVE_NAME_LENGTH:
        return f"A save name has at most {SAVE_NAME_LENGTH} characters; this one has {len(name)}."
    return None


class Session:
    """The app's handle on a Game. Every action is a line of the command language."""

    def __init__(self, game: Game, saves: Path, name: str = "game") -> None:
        self.game = game
        self.saves = saves
        self.name = name
        self.problems: list[str] = []  # autosave failures to show, never to lose the game over
        game.turn_listeners.append(self._autosave)
        if game.history and not game.log:
            self._rebuild_log()

    @property
    def state(self) -> Encounter:
        return self.game.state

    @property
    def log(self) -> list[Event]:
        return self.game.log

    def play(self, line: str) -> list[Event]:
        """Apply one command (CommandError if refused: nothing changes)."""
        return self.game.play(line)

    def preview(self, line: str) -> Preview:
        """The command judged without rolling; a line that does not parse (a distance typed as "22.cm") is
        a command not allowed, its reason the parser's sentence."""
        try:
            command = parse_command(line)
        except CommandError as error:
            return Preview(allowed=False, reason=str(error))
        assert command is not None
        return preview(self.state, command)

    def set_dice_prompt(self, ask: Callable[[DiceRequest], int | None] | None) -> None:
        """Dice mode: every roll is asked for (None from `ask` means the program rolls)."""
        self.game.dice.ask = ask

    @property
    def dice_mode(self) -> bool:
        return self.game.dice.ask is not None

    def save(self, path: Path | None = None) -> Path:
        return save_game(self.game, path or self.saves / f"{self.name}.toml")

    def export_log(self, path: Path) -> Path:
        path.write_text(log_markdown(self.state, self.log), encoding="utf-8")
        return path

    def _rebuild_log(self) -> None:
        """A save keeps no event text: replay its history to show the fight's log again."""
        try:
            replayed = Game.replay(self.game.start, self.game.seed, self.game.history)
        except CommandError as error:
            self.problems.append(f"the log of this save could not be rebuilt: {error}")
            return
        if replayed.state == self.game.state:
            self.game.log = replayed.log

    def _autosave(self, game: Game) -> None:
        try:
            autosave(game, self.saves)
        except SaveError as error:
            self.problems.append(f"autosave failed: {error}")
