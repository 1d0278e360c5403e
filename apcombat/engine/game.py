"""A game in play: the state, the dice, the history of commands, undo and redo.

The history holds the commands that made the current state (undone ones leave it), each with any dice a
person typed in while it ran, so replaying the history from the starting encounter with the same seed gives
the same fight. Undo restores the exact earlier state, dice included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from apcombat.dice import DiceError, DiceRequest, DiceSource, SeededDice
from apcombat.engine.apply import apply
from apcombat.engine.arrivals import ArrivalBuilder, with_arrival
from apcombat.engine.commands import (
    Command,
    CommandError,
    GmAdd,
    GmBack,
    GmSnapshot,
    Redo,
    Undo,
    format_command,
    parse_command,
)
from apcombat.engine.events import Event
from apcombat.engine.game_dice import DiceState, GameDice, dice_event
from apcombat.engine.part import told_line
from apcombat.engine.side_view import undo_refusal
from apcombat.engine.snapshots import back_event, marked_names, refuse_mark, snapshot_place
from apcombat.model import AiDice, Encounter, Unit
from apcombat.model.encounter import with_state
from apcombat.model.modules import Module
from apcombat.rules.version import RULES_VERSION


@attrs.frozen
class HistoryEntry:
    """One command as played, with the dice a person gave while it ran (none for seeded rolls): typed in, or
    rolled for them by the program (those are named in `rolled_dice`, so the log tells them apart). A line an
    AI chose also keeps its one-line reason ("" for people and for bots that give none) and the AI side's
    generator as it stood after the AI was asked, which the state takes on with the command: a replay gets the
    same generators and reasons from the history, without asking the AI again."""

    line: str
    typed_dice: tuple[int, ...] = ()
    rolled_dice: tuple[int, ...] = ()  # the places in typed_dice (from 0) of dice the program rolled for a person
    reason: str = ""
    ai_dice: AiDice | None = None
    # `gm add`: the unit as it came from the characters folders, so a replay needs no folder.
    arrival: Unit | None = None


@attrs.frozen
class _Snapshot:
    state: Encounter
    dice: DiceState
    history_length: int
    log_length: int


class Game:
    """The fight as played: apply command lines, undo and redo them, and know what made the state."""

    def __init__(
        self,
        start: Encounter,
        seed: int = 0,
        ask: Callable[[DiceRequest], int | None] | None = None,
        rules_version: int = RULES_VERSION,
    ) -> None:
        self.start = start
        self.seed = seed
        # The rules the history was played under: a game loaded from an older save keeps its version, since
        # its state does not follow from its history under today's rules.
        self.rules_version = rules_version
        self.state = start
        self.dice = GameDice(SeededDice(seed), ask)
        self.history: list[HistoryEntry] = []
        self.log: list[Event] = []
        self._undo: list[_Snapshot] = []
        self._redo: list[HistoryEntry] = []  # undone commands, the last undone at the end
        self.turn_listeners: list[Callable[[Game], None]] = []
        # Told after every change of the state (each command, undo and redo): the app's autosave, which the
        # players' view follows (`apcombat serve --watch`).
        self.command_listeners: list[Callable[[Game], None]] = []
        self.unused_dice: list[int] = []  # the dice typed ahead for the last command that it did not need
        self.arrivals: ArrivalBuilder | None = None  # builds the unit of a new `gm add` from the characters folders

    @property
    def dice_source(self) -> DiceSource:
        return self.dice

    def play(
        self,
        command: Command | str,
        reason: str = "",
        ai_dice: AiDice | None = None,
        dice: tuple[int, ...] | None = None,
        line: str | None = None,
    ) -> list[Event]:
        """Apply a command, or a line of the command language (undo and redo included); CommandError if
        illegal. The history keeps a line as written (less comment and spaces), a command as its canonical line
        or as `line`, the line it was parsed from (a line is parsed once). An AI's command comes with its
        `reason`, logged before its events, and the AI side's generator after it was asked (`ai_dice`), kept in
        the state and the history. `dice`: the command's dice typed in advance, in the order of R0.2 (those it
        does not need are dropped: `unused_dice` names them)."""
        if isinstance(command, str):
            written, played = command, parse_command(command)
        else:
            written, played = (line if line is not None else format_command(command)), command
        if played is None:
            return []
        if isinstance(played, Undo):
            return self.undo()
        if isinstance(played, Redo):
            return self.redo()
        if isinstance(played, GmBack):
            return self.back(played.name)
        if isinstance(played, GmSnapshot):
            refuse_mark([entry.line for entry in self.history], played.name)
        if isinstance(played, GmAdd):
            played = with_arrival(played, self.arrivals)
        self.dice.start_command(dice)
        try:
            before, state, events = self._applied(played)
        finally:
            self.unused_dice = self.dice.end_command()
        given = dice_event(self.dice.given, state)
        if given is not None:
            events = [given, *events]
        self._redo.clear()
        entry = HistoryEntry(
            line=" ".join(written.split("#", 1)[0].split()),
            typed_dice=tuple(self.dice.typed),
            rolled_dice=self.dice.rolled,
            reason=reason,
            ai_dice=ai_dice,
            arrival=played.arrival if isinstance(played, GmAdd) else None,
        )
        return self._record(before, entry, state, events)

    def _applied(self, command: Command) -> tuple[_Snapshot, Encounter, list[Event]]:
        """The command applied to the state: the snapshot before it, the new state and the events. Nothing
        changes if it is refused (CommandError), the dice included."""
        before = self._snapshot()
        try:
            state, events = apply(self.state, command, self.dice)
        except CommandError:
            self.dice.restore(before.dice)
            raise
        return before, state, events

    def _record(self, before: _Snapshot, entry: HistoryEntry, state: Encounter, events: list[Event]) -> list[Event]:
        """A command played: undo can go back to `before`, the history has its entry, the state moves on (with
        the AI's generator and reason the entry carries). The events as logged."""
        if entry.ai_dice is not None:
            state = state.with_ai_dice(entry.ai_dice)
        if entry.ai_dice is not None or entry.reason:
            events = [self._ai_event(entry), *events]
        self._undo.append(before)
        self.history.append(entry)
        self._advance(state, events)
        return events

    def _ai_event(self, entry: HistoryEntry) -> Event:
        """What the log says before a line an AI chose: who, the line and the AI's reason."""
        active = self.state.active
        text = f"AI ({self._chooser(entry.line)}) {entry.line}" + (f": {entry.reason}" if entry.reason else "")
        return told_line(self.state, Event("ai", text, {"command": entry.line, "reason": entry.reason}, unit=active))

    def _chooser(self, line: str) -> str:
        """Whom the AI chose a line for: the side that holds a card or goes last (R18.5.1), else the unit
        acting."""
        words = line.split()
        if len(words) > 1 and words[0] in ("hold", "last") and words[1] in {side.id for side in self.state.sides}:
            return self.state.side(words[1]).name
        active = self.state.active
        return self.state.unit(active).name if active is not None else "the game"

    def play_all(self, lines: Iterable[Command | str]) -> list[Event]:
        events: list[Event] = []
        for line in lines:
            events += self.play(line)
        return events

    def undo(self) -> list[Event]:
        """Restore the state before the last command, dice included."""
        if not self.history:
            raise CommandError("nothing to undo")
        entry = self.history[-1]
        snapshot = self._undo.pop() if self._undo else self._replayed_snapshot(len(self.history) - 1)
        self._redo.append(entry)
        self._restore(snapshot)
        event = told_line(self.state, Event("undo", f"undone: {entry.line}", {"command": entry.line}))
        self.log.append(event)
        self._tell(self.command_listeners)
        return [event]

    def undo_refused(self, side: str) -> str | None:
        """R21.8.8: why `side`'s view may not undo the last command — it showed the side something new — in one
        sentence; None when it may (or nothing is left to undo: `undo` says so)."""
        if not self.history:
            return None
        snapshot = self._undo[-1] if self._undo else self._replayed_snapshot(len(self.history) - 1)
        return undo_refusal(snapshot.state, self.state, side)

    @property
    def snapshots(self) -> list[str]:
        """The snapshots `gm back` may return to, the first marked first."""
        return marked_names([entry.line for entry in self.history])

    def back(self, name: str) -> list[Event]:
        """`gm back NAME`: undo every command played since the snapshot NAME, as many undos would (redo plays
        them again, one at a time)."""
        length = snapshot_place([entry.line for entry in self.history], name)
        undone = self.history[length:]
        earlier = [snapshot for snapshot in self._undo if snapshot.history_length < length]
        kept = [snapshot for snapshot in self._undo if snapshot.history_length == length]
        snapshot = kept[0] if kept else self._replayed_snapshot(length)
        self._undo = earlier
        self._redo += reversed(undone)
        self._restore(snapshot)
        event = told_line(self.state, back_event(name, [entry.line for entry in undone]))
        self.log.append(event)
        self._tell(self.command_listeners)
        return [event]

    def redo(self) -> list[Event]:
        """Play the last undone command again, exactly as it went: the same dice (typed ones included), the
        same state and the same events, which the log shows again after the "redone" line."""
        if not self._redo:
            raise CommandError("nothing to redo")
        entry = self._redo[-1]
        ask, self.dice.ask = self.dice.ask, None  # the dice a person typed are replayed, never asked again
        try:
            before, state, events = self._applied_entry(entry)
        finally:
            self.dice.ask = ask
        self._redo.pop()
        marker = told_line(self.state, Event("redo", f"redone: {entry.line}", {"command": entry.line}))
        self.log.append(marker)
        return [marker, *self._record(before, entry, state, events)]

    def _applied_entry(self, entry: HistoryEntry) -> tuple[_Snapshot, Encounter, list[Event]]:
        """A history entry applied again (its typed dice given after any `gm dice` numbers), as `_applied`."""
        command = parse_command(entry.line)
        if command is None or isinstance(command, Undo | Redo):
            raise CommandError(f"{entry.line!r} is not a command that made the state")
        if isinstance(command, GmAdd):
            command = attrs.evolve(command, arrival=entry.arrival)  # the unit as it came, not the folders' today
        self.dice.start_command(replaying=entry)
        try:
            before, state, events = self._applied(command)
        finally:
            self.dice.end_command()
        given = dice_event(self.dice.given, state)
        return before, state, ([given, *events] if given is not None else events)

    @property
    def redo_entries(self) -> list[HistoryEntry]:
        """The undone commands redo would play, the next one first (a save keeps them)."""
        return list(reversed(self._redo))

    def _advance(self, state: Encounter, events: list[Event]) -> None:
        turn_over = state.active != self.state.active or state.round != self.state.round
        self.state = state
        self.log += events
        if turn_over or state.finished:
            self._tell(self.turn_listeners)
        self._tell(self.command_listeners)

    def _tell(self, listeners: list[Callable[[Game], None]]) -> None:
        for listener in listeners:
            listener(self)

    def _snapshot(self) -> _Snapshot:
        return _Snapshot(self.state, self.dice.snapshot(), len(self.history), len(self.log))

    def _restore(self, snapshot: _Snapshot) -> None:
        self.state = snapshot.state
        self.dice.restore(snapshot.dice)
        del self.history[snapshot.history_length :]
        del self.log[snapshot.log_length :]

    def _replayed_snapshot(self, length: int) -> _Snapshot:
        """After a load there are no snapshots: replay the first `length` commands to rebuild one (not for a
        history played under other rules, which would rebuild a state the game never had)."""
        if self.rules_version != RULES_VERSION:
            raise CommandError(
                f"cannot undo what was played before the game was loaded: it was played under rules version "
                f"{self.rules_version}, and this apcombat plays version {RULES_VERSION}"
            )
        replay = Game.replay(self.start, self.seed, self.history[:length])
        return _Snapshot(replay.state, replay.dice.snapshot(), length, len(self.log))

    @classmethod
    def replay(
        cls,
        start: Encounter,
        seed: int,
        history: Iterable[HistoryEntry],
        rules_version: int = RULES_VERSION,
        redo: list[HistoryEntry] | None = None,
    ) -> Game:
        """Play a history again from the start: the same seed and typed dice give the same fight. `redo`: the
        undone commands redo can play afterwards (the next one first), as a save keeps them."""
        game = cls(start, seed, rules_version=rules_version)
        for entry in history:
            game.play_again(entry)
        game._redo = list(reversed(redo or []))
        return game

    def play_again(self, entry: HistoryEntry) -> list[Event]:
        """Play one command of a history again exactly as it went: the dice a person typed for it, the AI's
        reason and generator (a replay shown one command at a time). CommandError or DiceError if it cannot."""
        before, state, events = self._applied_entry(entry)
        return self._record(before, entry, state, events)

    @classmethod
    def resume(
        cls,
        start: Encounter,
        seed: int,
        history: list[HistoryEntry],
        state: Encounter,
        dice: DiceState,
        redo: list[HistoryEntry] | None = None,
        rules_version: int = RULES_VERSION,
    ) -> Game:
        """A game loaded from a save: the state and dice as saved, the history for undo and replays, the
        undone commands redo can still play (the next one first), and the rules its history was played under."""
        game = cls(start, seed, rules_version=rules_version)
        game.state = _with_reroll_base(state, start, seed, history, rules_version)
        game.dice.restore(dice)
        game.history = list(history)
        game._redo = list(reversed(redo or []))
        return game


def _with_reroll_base(
    state: Encounter, start: Encounter, seed: int, history: list[HistoryEntry], rules_version: int
) -> Encounter:
    """R18.6.2: a save does not keep the state before the last action, which a re-roll plays again from; while
    the last action's dice may be re-rolled, it is rebuilt by replaying the history (today's rules only)."""
    if not state.rolls or state.reroll_base is not None or rules_version != RULES_VERSION:
        return state
    try:
        replayed = Game.replay(start, seed, history).state
    except (CommandError, DiceError):
        return state  # the load-time check says what is wrong with such a history
    return with_state(state, Module.REROLLS, reroll_base=replayed.reroll_base)
