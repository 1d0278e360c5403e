"""The end of the fight: who won, and a summary per side (rounds, shots, hits, damage)."""

from __future__ import annotations

from dataclasses import replace

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from apcombat.engine import casualty_tally, side_summary
from apcombat.tui.screens.host import host
from apcombat.tui.session import Session
from apcombat.tui.widgets.steady_footer import FittedFooter


class VictoryScreen(ModalScreen[None]):
    """Shown once when the fight is over."""

    BINDINGS = [
        Binding("escape,enter", "close", "Back to the fight", id="victory.close"),
        Binding("q", "title", "Title screen", id="victory.title"),
    ]

    def __init__(self, session: Session, ended_by: str = "") -> None:
        super().__init__()
        self.session = session
        self.ended_by = ended_by  # the other side's command that ended the fight, told to the player's side

    def compose(self) -> ComposeResult:
        state = self.session.state
        winner = state.side(state.winner).name if state.winner else "Nobody"
        table = Table(title=f"{state.name}: {state.round} round{'' if state.round == 1 else 's'}")
        casualties = state.module_on("casualties")  # R18.2.4: each side's stunned, man down and dead
        extra = ("stunned", "man down", "dead") if casualties else ()
        for column in ("side", "shots", "hits", "damage dealt", "standing", *extra):
            table.add_column(column)
        for side_id, numbers in side_summary(state, self.session.log).items():
            standing = sum(1 for u in state.units if u.side == side_id and u.standing)
            tally = casualty_tally(state, side_id) if casualties else ()
            table.add_row(
                state.side(side_id).name,
                str(numbers["shots"]),
                str(numbers["hits"]),
                str(numbers["damage"]),
                str(standing),
                *tally,
            )
        with Vertical(classes="dialog wide"):
            yield Label(f"{winner} won the fight!", classes="dialog-title")  # side names may be singular
            yield Static(table)
            if self.ended_by:
                yield Label(f"The last action: {self.ended_by}", id="ended-by")
            from apcombat.tui.screens.editor import EditorScreen

            edited = any(isinstance(screen, EditorScreen) for screen in self.app.screen_stack)
            leave = "back to the editor" if edited else "title screen"  # the fight was played from the editor
            if edited:  # the footer says where q goes too
                self._name_leaving("Back to the editor")
            yield Label(f"Enter: back to the fight (undo still works) — q: {leave}", classes="dim")
        yield FittedFooter()

    def _name_leaving(self, words: str) -> None:
        """The footer's words for q (the binding's own, remapped or not), on this screen only."""
        table = self._bindings.key_to_bindings
        for key, bindings in table.items():
            table[key] = [replace(b, description=words) if b.action == "title" else b for b in bindings]

    def on_mount(self) -> None:
        # The last shot's toasts would cover the summary on a small terminal; they are messages to the app
        # still in its queue, so the clearing is queued after them.
        self.app.call_later(self.app.clear_notifications)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_title(self) -> None:
        self.dismiss(None)
        host(self.app).action_title()
