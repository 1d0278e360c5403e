"""The activation deck (R18.5.1) on the battlefield: when the deck asks a human side (or, in table mode, any
side: the game master plays them all) for its choice — go last, then which card to hold — the question shows
beside the board (`widgets.deck_panel`), the map or the table, the turn order and the log still in view.
Escape hides it for now: the deck key (`D`) brings it back, the command line (`:`) takes `hold SIDE WHO` and
`last SIDE`, and it comes back by itself when the state changes. An AI side chooses by itself (apcombat.ai.deck).
The question comes from the fight (`Fight.deck_choice`); the prompt talks to its screen through `DeckTable`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from apcombat.engine import Command
from apcombat.fight import DeckChoice
from apcombat.model import Encounter
from apcombat.tui.session import Session
from apcombat.tui.widgets.deck_panel import DECK_KEY


class DeckTable(Protocol):
    """What the deck's prompt needs of the screen that asks."""

    busy: bool

    @property
    def is_active(self) -> bool: ...

    def act(self, line: Command | str) -> None: ...

    def hint(self, text: str) -> None: ...

    def ask_deck(self, question: str, labels: list[str], answered: Callable[[int | None], None]) -> None: ...

    def put_deck_away(self) -> None: ...


class DeckPrompt:
    """Asks the deck's questions on a screen, once for each state that asks one."""

    def __init__(self, table: DeckTable, session: Session) -> None:
        self.table = table
        self.session = session
        self.asked: Encounter | None = None  # the state last asked about: Escape does not ask again at once

    def go_on(self) -> None:
        table = self.table
        if table.busy:
            return
        choice = self.session.fight.deck_choice()
        if choice is None:  # answered, undone, or an AI side's to choose
            self.asked = None
            table.put_deck_away()
            return
        state = self.session.state
        if state is self.asked or not table.is_active:  # another dialog is open: asked when the screen comes back
            return
        self.asked = state
        self._ask(choice)

    def reopen(self) -> None:
        """The deck key: the question again (after Escape, or with the focus gone to the map)."""
        choice = self.session.fight.deck_choice()
        if choice is None:
            self.table.hint("the deck asks nothing now: it asks each side at the start of a round (R18.5.1)")
            return
        self.asked = self.session.state
        self._ask(choice)

    def _ask(self, choice: DeckChoice) -> None:
        table = self.table
        name = self.session.state.side(choice.side).name

        def answered(place: int | None) -> None:
            if place is None:
                table.put_deck_away()
                table.hint(f"the deck waits for {name}: {DECK_KEY} shows its question again (or : hold SIDE WHO)")
            else:
                table.act(choice.options[place][0])

        table.ask_deck(choice.question, [label for _, label in choice.options], answered)
        table.hint(f"the deck asks {name}: a digit or ↑↓ and Enter, or a click; Esc hides it")
