"""R18.5: the activation deck of the round being played, kept in the state (saves, replays, undo)."""

from __future__ import annotations

import attrs

from apcombat.model.converters import as_tuple


@attrs.frozen
class SideRoll:
    """R18.5.1: one side's d6 for the round, then its re-rolls while it stayed tied (only tied sides roll
    again, among themselves)."""

    side: str
    rolls: tuple[int, ...] = attrs.field(converter=as_tuple)


@attrs.frozen
class Deck:
    """R18.5: this round's activation deck.

    While `choosing`, the round waits for the sides' choices: the winner of the d6 may go last (`last SIDE`)
    and every side holds one card (`hold SIDE WHO`). Then the held cards are played, one per side in side
    order (`to_play`), and the deck's other cards (`cards`, in the encounter's order: a draw's die counts
    them so) are drawn one at a time."""

    sides: tuple[str, ...] = attrs.field(converter=as_tuple)  # the order the sides act in (after `last`)
    rolls: tuple[SideRoll, ...] = attrs.field(default=(), converter=as_tuple)  # the sides' d6, highest first
    went_last: bool = False  # the winner chose to go last
    choosing: bool = True  # the sides are choosing their held cards
    held: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=as_tuple)  # (side, unit), side order
    to_play: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)  # held cards not played yet
    cards: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)  # cards not drawn, encounter order

    @property
    def winner(self) -> str | None:
        """The side that rolled highest (the one that may go last)."""
        return self.rolls[0].side if self.rolls else None

    def held_by(self, side: str) -> str | None:
        """The unit whose card `side` holds this round (None: not chosen yet)."""
        return next((unit for holder, unit in self.held if holder == side), None)

    @property
    def cards_left(self) -> int:
        """The cards still to come this round: held cards not played and the deck."""
        return len(self.to_play) + len(self.cards)
