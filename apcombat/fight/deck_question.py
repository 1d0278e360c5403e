"""The activation deck's question (R18.5.1) in words: go last, or which card to hold."""

from __future__ import annotations

from apcombat.engine import Command, Hold, Last, legal_actions, side_asked
from apcombat.fight.awaiting import DeckChoice
from apcombat.model import Encounter
from apcombat.model.wording import says


def deck_choice(state: Encounter) -> DeckChoice:
    """The question for the side the deck asks and its options (the command each plays, in words)."""
    side = side_asked(state)
    assert side is not None and state.deck is not None
    name = state.side(side).name
    options: list[tuple[Command, str]] = []
    for command in legal_actions(state):
        if isinstance(command, Last):
            options.append((command, f"{says(name, 'goes')} last this round"))
        elif isinstance(command, Hold):
            unit = state.unit(command.held)
            options.append((command, f"Hold {unit.name}'s card ({unit.hp} HP)"))
    rolls = ", ".join(f"{state.side(r.side).name} {r.rolls[-1]}" for r in state.deck.rolls)
    asked = "go last, or which card to hold" if any(isinstance(c, Last) for c, _ in options) else "which card to hold"
    # short: the question stands beside the board, in the side panel's 36 columns (the held card plays first)
    question = f"Round {state.round}, {name}: {asked}? (activation deck, R18.5.1; d6: {rolls})"
    return DeckChoice(side, question, tuple(options))
