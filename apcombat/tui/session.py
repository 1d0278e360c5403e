"""A game being played in the app: the engine's Game, its save file and autosave, and what went wrong."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from apcombat.dice import DiceRequest
from apcombat.engine import CommandError, Event, Game, Preview, parse_command, preview
from apcombat.engine.log_export import log_markdown
from apcombat.model import Encounter
from apcombat.saves import SaveError, autosave, save_game


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
        command = parse_command(line)
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
