"""The activation deck (R18.5.1) on the battlefield: when the deck asks a human side (or, in table mode, any
side: the game master plays them all) for its choice, the app asks in a dialog — go last, then which card to
hold. Escape leaves the question for now: the command line (`:`) takes `hold SIDE WHO` and `last SIDE`, and
the dialog comes back when the state changes. An AI side chooses by itself (apcombat.ai.deck). The question
comes from the fight (`Fight.deck_choice`); the prompt talks to its screen through `DeckTable`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from apcombat.engine import Command, format_command
from apcombat.model import Encounter
from apcombat.tui.session import Session


class DeckTable(Protocol):
    """What the deck's prompt needs of the screen that asks."""

    busy: bool

    @property
    def is_active(self) -> bool: ...

    def act(self, line: Command | str) -> None: ...

    def hint(self, text: str) -> None: ...

    def ask_choice(
        self, question: str, options: list[tuple[str, str]], answered: Callable[[str | None], None]
    ) -> None: ...


class DeckPrompt:
    """Asks the deck's questions on a screen, once for each state that asks one."""

    def __init__(self, table: DeckTable, session: Session) -> None:
        self.table = table
        self.session = session
        self.asked: Encounter | None = None  # the state last asked about: Escape does not ask again at once

    def go_on(self) -> None:
        table = self.table
        state = self.session.state
        if table.busy or state is self.asked:
            return
        choice = self.session.fight.deck_choice()
        if choice is None:
            return
        if not table.is_active:  # another dialog is open: asked when the screen comes back
            return
        self.asked = state
        choices = {format_command(command): command for command, _ in choice.options}

        def answered(line: str | None) -> None:
            if line:
                table.act(choices[line])
            else:
                table.hint(
                    f"the deck waits for {state.side(choice.side).name}: press : and type hold SIDE WHO (or last SIDE)"
                )

        table.ask_choice(choice.question, [(format_command(c), label) for c, label in choice.options], answered)
