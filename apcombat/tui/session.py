"""A game being played in the app: the engine's Game, its save file and autosave, and what went wrong."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import attrs

from apcombat.ai import DEFAULT_LEVEL, LEVELS, player_for
from apcombat.ai.decision import Decision
from apcombat.dice import DiceRequest
from apcombat.engine import (
    Command,
    CommandError,
    Event,
    Game,
    Preview,
    fog_on,
    log_markdown,
    parse_command,
    preview,
    side_log,
    view,
)
from apcombat.fight import Fight, shown_state
from apcombat.model import AiSettings, Control, Encounter, Side
from apcombat.model.wording import says
from apcombat.saves import BackgroundAutosave, save_game


def default_level() -> str:
    """The level an `ai` side plays at unless the set-up screen chose another (the first level while the
    default is not built yet)."""
    return DEFAULT_LEVEL if DEFAULT_LEVEL in LEVELS else sorted(LEVELS)[0]


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
    """The app's handle on a Game. Every action is a line of the command language; `ai` sides are played by
    their AI (table mode has none: the game master plays everyone)."""

    def __init__(self, game: Game, saves: Path, name: str = "game", autosave: Path | None = None) -> None:
        self.game = game
        self.saves = saves
        self.name = name
        self.problems: list[str] = []  # autosave failures to show, never to lose the game over
        self.saved_history = list(game.history)  # as opened or last saved: what leaving would not lose
        on_map = game.state.map is not None
        self.ai_settings: dict[str, AiSettings] = {
            side.id: self._known_settings(side) for side in game.state.sides if side.control is Control.AI and on_map
        }
        """Each AI side's settings as it plays them (the state's side's `ai`, its level named)."""
        self._human_marks: list[int] = []  # history lengths just before each of the player's commands
        # After every command, off the playing thread (the players' view follows it); on disk before a command
        # that changed the turn returns, as when the autosave was written only then.
        # `autosave`: the app's own file (autosave-2.toml when another app holds autosave.toml).
        self.autosave = BackgroundAutosave(saves, self.problems.append, autosave)
        players = {side: player_for(ai) for side, ai in self.ai_settings.items()}
        self.fight = Fight(game, players, self.autosave)
        """Whose turn, the AI's lines, the deck's and step-in questions, the autosave after each command."""
        self.view_as: str | None = None
        """The game master's "view as SIDE" (R21.7.5): the game master's screen shows that side's view, changing
        nothing in the fight, until switched back (None)."""
        self._shown: tuple[Encounter, str | None, Encounter] | None = None  # the last view drawn, kept
        if game.history and not game.log:
            self._rebuild_log()

    def _known_settings(self, side: Side) -> AiSettings:
        """The side's `ai` with its level named: the default level if it names none, or one this apcombat
        lacks (saying so: a save of a newer apcombat)."""
        level = side.ai.level
        if level is not None and level not in LEVELS:
            self.problems.append(
                f"{says(side.name, 'was')} set up to play at the AI level {level!r}, which this apcombat does not "
                f"have; {says(side.name, 'plays', pronoun=True)} at {default_level()}."
            )
            level = None
        return attrs.evolve(side.ai, level=level or default_level())

    @property
    def state(self) -> Encounter:
        return self.game.state

    def shown_side(self) -> str | None:
        """Whose view the screen shows (R21.8.2; `Fight.viewing_side`): None is the game master's screen,
        everything — or, on it, the side the game master asked to view as."""
        side = self.fight.viewing_side()
        return self.view_as if side is None else side

    @property
    def shown(self) -> Encounter:
        """The fight as the screen draws it: the view of `shown_side()` (R21.8.1), the whole state on the game
        master's screen or with the fog of war off. Kept while the state and the side stay."""
        state, side = self.game.state, self.shown_side()
        kept = self._shown
        if kept is None or kept[0] is not state or kept[1] != side:
            kept = self._shown = (state, side, shown_state(state, side))
        return kept[2]

    def acting_view(self) -> Encounter:
        """The fight as the acting side knows it: what a preview of its command is judged on (R21.6.2,
        R21.9.2); the state itself with the fog off or nobody acting."""
        state = self.game.state
        if state.active is None or not fog_on(state):
            return state
        side = state.unit(state.active).side
        return self.shown if side == self.shown_side() else view(state, side)

    @property
    def log(self) -> list[Event]:
        return self.game.log

    @property
    def shown_log(self) -> list[Event]:
        """The log as the screen's side is shown it (R21.8.3: `shown_side()`; None, everything)."""
        return side_log(self.game.log, self.shown_side())

    @property
    def shown_state(self) -> Encounter:
        """The fight as the screen's side is shown it (its view, R21.8.1; None, everything): `shown`."""
        return self.shown

    @property
    def ai_decisions(self) -> dict[str, tuple[str, Decision]]:
        """Each AI side's last decision that weighed options, and its unit (this session's only: never saved)."""
        return self.fight.decisions

    def ai_side(self) -> str | None:
        """The side whose AI plays now (`Fight.ai_side`)."""
        return self.fight.ai_side()

    def mark_human_decision(self, length: int) -> None:
        """The player played a command when the history was `length` long: undo comes back there."""
        self._human_marks = [mark for mark in self._human_marks if mark < length] + [length]

    def undo_to_human_decision(self) -> list[Event]:
        """Undo back to before the player's last command, every AI command played since included (one
        command when the player has played none yet); CommandError when there is nothing to undo, or when the
        fog of war forbids it (`Fight.undo_refusal`)."""
        length = len(self.game.history)
        target = max((mark for mark in self._human_marks if mark < length), default=length - 1)
        refusal = self.fight.undo_refusal(max(target, 0)) if length else None
        if refusal is not None:  # R21.8.5, R21.8.8: from a side's view under the fog of war
            raise CommandError(refusal)
        events = self.game.undo()
        while len(self.game.history) > max(target, 0):
            events += self.game.undo()
        return events

    def play(self, command: Command | str, dice: tuple[int, ...] | None = None) -> list[Event]:
        """Apply one command, or a line typed (CommandError if refused: nothing changes); `dice`, its dice
        typed in advance."""
        return self.game.play(command, dice=dice)

    def preview(self, command: Command | str) -> Preview:
        """The command judged without rolling; a line that does not parse (a distance typed as "22.cm") is
        a command not allowed, its reason the parser's sentence."""
        if isinstance(command, str):
            try:
                parsed = parse_command(command)
            except CommandError as error:
                return Preview(allowed=False, reason=str(error))
            assert parsed is not None
            command = parsed
        return preview(self.acting_view(), command)

    def set_dice_prompt(self, ask: Callable[[DiceRequest], int | None] | None) -> None:
        """Dice mode: every roll is asked for (None from `ask` means the program rolls)."""
        self.game.dice.ask = ask

    @property
    def dice_mode(self) -> bool:
        return self.game.dice.ask is not None

    def save(self, path: Path | None = None) -> Path:
        saved = save_game(self.game, path or self.saves / f"{self.name}.toml")
        self.saved_history = list(self.game.history)
        return saved

    @property
    def unsaved(self) -> bool:
        """Whether commands were played (or taken back) since the fight was opened or last saved."""
        return self.game.history != self.saved_history

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
