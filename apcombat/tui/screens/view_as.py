"""The game master's "view as SIDE" (R21.7.5, R21.8.2 a): the game master's screen, which shows everything,
shows one side's view as that side is shown it — map, panels, turn order, overlays, hint — changing nothing in
the fight, until the game master switches back. An entry of the game-master menu (`g`), offered with the fog
of war on and on the game master's screen only (a player's screen shows its own side's view)."""

from __future__ import annotations

from typing import Any, Protocol

from textual.app import App

from apcombat.engine import fog_on
from apcombat.model.wording import says
from apcombat.tui.screens.dialogs import ChoiceScreen
from apcombat.tui.session import Session

EVERYTHING = "everything"  # the choice that switches back to the game master's screen


class Viewed(Protocol):
    """What the entry needs of the battlefield it is chosen on."""

    session: Session

    @property
    def app(self) -> App[Any]: ...

    def hint(self, text: str) -> None: ...

    def refresh_view(self) -> None: ...


def view_as_entry(session: Session) -> tuple[str, str] | None:
    """The menu's entry, or None where it has no use (the fog off, or a side's own screen)."""
    if not fog_on(session.state) or session.fight.viewing_side() is not None:
        return None
    now = session.view_as
    shown = f"now as {session.state.side(now).name}" if now is not None else "now everything"
    return ("view_as", f"View as a side ({shown})")


def ask_view_as(screen: Viewed) -> None:
    """Ask which side's view to show (or everything again)."""
    session = screen.session
    options = [(side.id, f"As {says(side.name, 'sees')} it") for side in session.state.sides]
    options.append((EVERYTHING, "Everything: the game master's screen, hidden characters marked"))
    screen.app.push_screen(ChoiceScreen("Show the fight", options), lambda choice: view_as(screen, choice))


def view_as(screen: Viewed, choice: str | None) -> None:
    """Show the side's view (EVERYTHING: the game master's screen again); nothing in the fight changes."""
    if choice is None:
        return
    session = screen.session
    session.view_as = None if choice == EVERYTHING else choice
    if session.view_as is None:
        screen.hint("the game master's screen: everything, hidden characters marked ◌")
    else:
        name = session.state.side(session.view_as).name
        screen.hint(f"viewing as {name}: what {says(name, 'is')} shown — g, View as a side, Everything switches back")
    screen.refresh_view()
