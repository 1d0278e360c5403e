"""The dice of a game in play: queued numbers (`gm dice`), dice a person types for a command (ahead, or asked
for each), and the seed — and what a save keeps of them (`DiceState`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import attrs

from apcombat.dice import DiceError, DiceRequest, ScriptedDice, SeededDice, read_die
from apcombat.engine.command_base import CommandError
from apcombat.engine.events import Event
from apcombat.engine.told_dice import told_dice
from apcombat.model import Encounter


class PlayedDice(Protocol):
    """The dice a history entry kept of a command played: every die given, and which the program rolled."""

    @property
    def typed_dice(self) -> tuple[int, ...]: ...

    @property
    def rolled_dice(self) -> tuple[int, ...]: ...


@attrs.frozen
class DiceState:
    """Everything the dice need to go on exactly: the generator's two integers and any queued numbers."""

    seeded: tuple[int, int]
    queued: tuple[int, ...] = ()


@attrs.frozen
class GivenDie:
    """A die of a command played at the table: what it was for, its face, and whether a person typed it (else
    the program rolled it for them)."""

    request: DiceRequest
    value: int
    typed: bool

    def __str__(self) -> str:
        return f"{self.request.notation or f'd{self.request.sides}'} {self.value}"


class GameDice:
    """Queued numbers first (`gm dice`), then the dice a person typed for the command in advance (`ahead`; a
    replay's typed dice), then a person if asked, then the seed.

    While a person gives the dice of a command (dice typed ahead, or asked for each), a die they leave to the
    program — "roll for me", or a to-hit roll whose result a game master forced — is rolled from a generator
    of its own and kept with the typed ones (`typed`, the history's), so a replay gets every die of the command
    in order from the history, the seeded generator untouched as it was."""

    def __init__(self, seeded: SeededDice, ask: Callable[[DiceRequest], int | None] | None = None) -> None:
        self.seeded = seeded
        self.queue = ScriptedDice(then=seeded)
        self.ask = ask
        self.typed: list[int] = []
        self.ahead: list[int] | None = None  # the command's dice typed in advance (None: none were)
        self.replaying = False  # `ahead` holds a history's dice: every die of the command, in order
        self.rolled_places: tuple[int, ...] = ()  # when replaying: which of them the program rolled
        self.given: list[GivenDie] = []  # this command's dice given at the table, in order

    def roll(self, request: DiceRequest) -> int:
        if self.queue.remaining or (self.ahead is None and self.ask is None):
            return self._queued(request)
        if self.replaying:
            if not self.ahead:
                return self.queue.roll(request)  # a history of an older apcombat: the seed rolled these
            typed = len(self.typed) not in self.rolled_places
            return self._given(request, self._read_ahead(request), typed=typed)
        if self.ahead and request.asked:
            return self._given(request, self._read_ahead(request), typed=True)
        answer = self.ask(request) if self.ask is not None and request.asked else None
        if answer is not None:
            return self._given(request, read_die(answer, request.sides), typed=True)
        # "roll for me", or a die an override decides: rolled for the person, off the seeded generator.
        rolled = SeededDice(self.seeded.state[0], stream=len(self.typed) + 1).roll(request)
        return self._given(request, rolled, typed=False)

    def _queued(self, request: DiceRequest) -> int:
        """The next die `gm dice` typed (the seed's once none is left); one that is no face of the die wanted
        refuses the command, saying which line to take back."""
        try:
            return self.queue.roll(request)
        except DiceError as error:
            raise DiceError(f"{error}: undo the gm dice line that typed it (R0.2)") from None

    def _read_ahead(self, request: DiceRequest) -> int:
        assert self.ahead
        value = self.ahead.pop(0)
        try:
            return read_die(value, request.sides)
        except DiceError:
            position = len(self.typed) + 1
            raise CommandError(
                f"die {position} of the dice typed, {value}, is no face of the {request.prompt()}: "
                "type the dice again in the order of R0.2 (the manual's table mode page lists it)"
            ) from None

    def _given(self, request: DiceRequest, value: int, typed: bool) -> int:
        self.typed.append(value)
        self.given.append(GivenDie(request, value, typed))
        return value

    def start_command(self, ahead: tuple[int, ...] | None = None, replaying: PlayedDice | None = None) -> None:
        """A command begins: no dice given yet; `ahead`, the dice typed for it in advance; or the history entry
        `replaying`, whose dice are given in order."""
        self.typed, self.given = [], []
        # The queue keeps only the numbers not used yet, as a save and an undo snapshot hold it: a queued die
        # is named by its place among them ("scripted roll 1" is the next one), so a refusal reads the same
        # whether the numbers before it were used in this session or before a load.
        self.queue = ScriptedDice(self.queue.remaining, then=self.seeded)
        if replaying is not None:
            ahead = replaying.typed_dice
        self.ahead = list(ahead) if ahead is not None else None
        self.replaying = replaying is not None
        self.rolled_places = replaying.rolled_dice if replaying is not None else ()

    @property
    def rolled(self) -> tuple[int, ...]:
        """The places in `typed` of the dice the program rolled for the person (a history entry's rolled_dice)."""
        return tuple(place for place, die in enumerate(self.given) if not die.typed)

    def end_command(self) -> list[int]:
        """The command is over: the dice typed ahead it did not need (they are dropped)."""
        unused = list(self.ahead or [])
        self.ahead, self.replaying = None, False
        return unused

    def push(self, values: list[int]) -> None:
        self.queue.push(values)

    def snapshot(self) -> DiceState:
        return DiceState(seeded=self.seeded.state, queued=tuple(self.queue.remaining))

    def restore(self, state: DiceState) -> None:
        self.seeded = SeededDice.from_state(state.seeded)
        self.queue = ScriptedDice(list(state.queued), then=self.seeded)


def dice_event(given: list[GivenDie], state: Encounter | None = None) -> Event | None:
    """The log's line saying which dice of a command a person typed and which the program rolled for them;
    with `state`, the command's result, as each side is shown it (R21.8.3)."""
    if not given:
        return None
    typed = [str(die) for die in given if die.typed]
    rolled = [str(die) for die in given if not die.typed]
    parts = ([f"typed {', '.join(typed)}"] if typed else []) + (
        [f"rolled by the program {', '.join(rolled)}"] if rolled else []
    )
    data = {"typed": [d.value for d in given if d.typed], "rolled": [d.value for d in given if not d.typed]}
    event = Event("dice", f"dice: {'; '.join(parts)}", data)
    if state is None:
        return event
    told = [(die.request.owner or None, die.request.purpose, str(die), die.typed) for die in given]
    return told_dice(state, event, told)
