"""What the turn order shows of the activation deck (R18.5): the sides' order, the held cards and how many
cards are left — or, while the sides choose, whom the deck asks."""

from __future__ import annotations

from apcombat.engine.deck import side_asked
from apcombat.model import Encounter


def deck_summary(state: Encounter) -> str | None:
    """One or two short lines for the turn order panel; None without the deck."""
    deck = state.deck
    if deck is None:
        return None
    sides = " > ".join(state.side(side).name for side in deck.sides)
    if deck.choosing:
        asked = side_asked(state)
        who = f"{state.side(asked).name} chooses" if asked else "choosing"
        held = ", ".join(f"{state.unit(unit).name}" for _, unit in deck.held)
        return f"Deck: {sides}; {who} a card" + (f" (held: {held})" if held else "")
    held = ", ".join(f"{state.unit(unit).name}{'' if unit in deck.to_play else ' ✓'}" for _, unit in deck.held)
    left = deck.cards_left
    return f"Deck: {sides}; held {held}; {left} card{'s' if left != 1 else ''} left"
