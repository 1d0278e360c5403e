"""A save's fight as a tape the replay viewer winds forth and back: each position is the state after that many
of the save's commands, with the log up to it.

The save's history is played once, one command further each time a position past what has been played is
asked for: every position's state and log length are kept, so a step back or forth costs one command at most,
not a replay from the start. Textual-free: the replay screen shows what the tape gives it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import attrs

from apcombat.dice import DiceError
from apcombat.engine import CommandError, Event, Game, HistoryEntry
from apcombat.model import Encounter
from apcombat.saves import read_save

START_LINE = "(the start)"


@attrs.frozen
class ReplayStep:
    """One command of the replay: the state `before` it, the state `after` it and the `events` it logged
    (position 0, the start, has no command: before is after, and no events)."""

    position: int
    line: str
    before: Encounter
    after: Encounter
    events: tuple[Event, ...]
    entry: HistoryEntry | None = None  # the history's entry of the command (its reason), None at the start


def acting_unit(events: Sequence[Event], before: Encounter) -> str | None:
    """The id of the unit whose command it was: the unit acting `before` it, else the first its `events` name
    (a game master's line outside a turn), else None (the start, a round's start)."""
    if not events:
        return None
    if before.active is not None:
        return before.active
    return next((event.unit for event in events if event.unit is not None), None)


class ReplayTape:
    """The commands of a save (read from `path`: a SaveError says why it cannot be), played as far as asked."""

    def __init__(self, path: Path) -> None:
        self.save = read_save(path)
        self.game = Game(self.save.start, self.save.seed)
        self.played: list[tuple[Encounter, int]] = [(self.game.state, 0)]  # each position's state, log length
        self.stopped: str | None = None  # why the history cannot be played further

    @property
    def length(self) -> int:
        """The commands of the save: the last position."""
        return len(self.save.history)

    def reach(self, position: int) -> int:
        """Play the history on to `position` (kept within the tape) as far as it can be played: the position
        reached (short of it when a command cannot be played again: `stopped` says why)."""
        position = max(0, min(self.length, position))
        while len(self.played) <= position and self.stopped is None:
            try:
                self.game.play_again(self.save.history[len(self.played) - 1])
            except (CommandError, DiceError) as error:
                self.stopped = str(error)
                break
            self.played.append((self.game.state, len(self.game.log)))
        return min(position, len(self.played) - 1)

    def state_at(self, position: int) -> Encounter:
        """The state after `position` commands (a position reached)."""
        return self.played[position][0]

    def log_at(self, position: int) -> list[Event]:
        """The log up to `position` commands (a position reached)."""
        return self.game.log[: self.played[position][1]]

    def step(self, position: int) -> ReplayStep:
        """The command that led to `position` (a position reached), with the states around it."""
        after, logged = self.played[position]
        if position == 0:
            return ReplayStep(0, START_LINE, after, after, ())
        before, logged_before = self.played[position - 1]
        entry = self.save.history[position - 1]
        return ReplayStep(position, entry.line, before, after, tuple(self.game.log[logged_before:logged]), entry)
