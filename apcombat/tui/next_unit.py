"""The battlefield's "next unit" key (`u`): which of the player's units not yet acted this round comes next,
cycling on repeated presses, and the hint line's sentence about it. Who has not acted is the engine's
(`still_to_act`); this only remembers where the cycle stands and words it."""

from __future__ import annotations

from apcombat.engine import TurnToCome
from apcombat.model import Encounter


class NextUnitCycle:
    """Where repeated presses stand: the unit last shown, for the state it was shown in (a new state, after
    a command or an undo, starts the cycle again from the first unit to come)."""

    def __init__(self) -> None:
        self._shown: tuple[Encounter, str] | None = None

    def pick(self, state: Encounter, come: list[TurnToCome]) -> int:
        """The index in `come` of the unit to show now: the first, or the one after the unit last shown."""
        index = 0
        if self._shown is not None and self._shown[0] is state:
            last = [i for i, turn in enumerate(come) if turn.unit.id == self._shown[1]]
            index = (last[0] + 1) % len(come) if last else 0
        self._shown = (state, come[index].unit.id)
        return index


def next_unit_words(come: list[TurnToCome], index: int, whose: str) -> str:
    """ "Vera: next of yours to act this round, 8 AP — u again for Sam"; `whose` is "of yours" (the player's
    sides) or "" (table mode: the game master's, every side's)."""
    turn = come[index]
    place = "next" if index == 0 else _ordinal(index + 1)
    words = f"{turn.unit.name}: {place} {whose + ' ' if whose else ''}to act this round, {turn.ap} AP"
    if turn.why:
        words += f"; {turn.why}"
    if len(come) > 1:
        words += f" — u again for {come[(index + 1) % len(come)].unit.name}"
    return words


def _ordinal(number: int) -> str:
    """2nd, 3rd, 4th ... 11th, 12th, 13th, 21st."""
    suffix = "th" if number % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
