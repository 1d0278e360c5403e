"""The activation deck (R18.5.1) on the battlefield: when the deck asks a human side (or, in table mode, any
side: the game master plays them all) for its choice, the app asks in a dialog — go last, then which card to
hold. Escape leaves the question for now: the command line (`:`) takes `hold SIDE WHO` and `last SIDE`, and
the dialog comes back when the state changes. An AI side chooses by itself (apcombat.ai.deck)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from apcombat.engine import legal_commands
from apcombat.engine.modules.activation_deck.deck import side_asked
from apcombat.model import Encounter
from apcombat.model.wording import says
from apcombat.tui.screens.dialogs import ChoiceScreen

if TYPE_CHECKING:
    from apcombat.tui.screens.game import GameScreen


def choice_options(state: Encounter) -> tuple[str, list[tuple[str, str]]]:
    """The question for the side the deck asks and its options (the line each plays, in words)."""
    side = side_asked(state)
    assert side is not None and state.deck is not None
    name = state.side(side).name
    options = []
    for line in legal_commands(state):
        words = line.split()
        if words[0] == "last":
            options.append((line, f"{says(name, 'goes')} last this round (the others' held cards first)"))
        elif words[0] == "hold":
            unit = state.unit(words[2])
            options.append((line, f"Hold {unit.name}'s card ({unit.hp} HP)"))
    rolls = ", ".join(f"{state.side(r.side).name} {r.rolls[-1]}" for r in state.deck.rolls)
    question = (
        f"Round {state.round}, activation deck (R18.5.1; d6: {rolls}) — {name}: the card you hold acts before "
        "the deck is drawn"
    )
    return question, options


class DeckPrompt:
    """Asks the deck's questions on a game screen, once for each state that asks one."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.asked: Encounter | None = None  # the state last asked about: Escape does not ask again at once

    def go_on(self) -> None:
        screen = self.screen
        state = screen.session.state
        side = side_asked(state)
        if side is None or side in screen.session.ai_settings or screen.busy or state is self.asked:
            return
        if screen.app.screen is not screen:  # another dialog is open: asked when the screen comes back
            return
        self.asked = state
        question, options = choice_options(state)

        def answered(line: str | None) -> None:
            if line:
                screen.act(line)
            else:
                screen.hint(
                    f"the deck waits for {state.side(side).name}: press : and type hold SIDE WHO (or last SIDE)"
                )

        screen.app.push_screen(ChoiceScreen(question, options), answered)
