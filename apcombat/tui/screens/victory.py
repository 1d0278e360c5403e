"""The end of the fight: who won, and a summary per side (rounds, shots, hits, damage)."""

from __future__ import annotations

from dataclasses import replace

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from apcombat.engine import Event
from apcombat.model import Encounter
from apcombat.model.fates import Fate
from apcombat.tui.screens.host import host
from apcombat.tui.session import Session


def side_summary(state: Encounter, events: list[Event]) -> dict[str, dict[str, int]]:
    """Shots, hits and damage dealt per side, added up from the attack events; a throw is one shot, a hit when
    its d100 hits, and its blast's damage to enemies is its side's (R22.2.1: a throw is an attack)."""
    sides = {side.id: {"shots": 0, "hits": 0, "damage": 0} for side in state.sides}
    throwing: str | None = None  # the side whose throw the blast lines that follow belong to
    for event in events:
        if event.kind == "throw" and event.unit is not None:
            throwing = state.unit(event.unit).side
            sides[throwing]["shots"] += 1
            sides[throwing]["hits"] += 1 if event.data.get("hit") else 0
        elif event.kind == "blast" and throwing is not None and event.unit is not None:  # to enemies only
            sides[throwing]["damage"] += event.data.get("damage", 0) if state.unit(event.unit).side != throwing else 0
        if event.kind != "attack" or event.unit is None:
            continue
        side = state.unit(event.unit).side
        rounds = event.data.get("rounds_fired", [])
        sides[side]["shots"] += sum(1 for r in rounds if r.get("roll") is not None)
        sides[side]["hits"] += sum(1 for r in rounds if r.get("hit"))
        sides[side]["damage"] += sum(r.get("damage", 0) for r in rounds)
    return sides


def casualty_tally(state: Encounter, side_id: str) -> tuple[str, str, str]:
    """R18.2.4: the side's stunned (in the fight now), man down and dead, as counts."""
    units = [u for u in state.units if u.side == side_id]
    stunned = sum(1 for u in units if u.times_stunned and u.fate not in (Fate.MAN_DOWN, Fate.DEAD))
    return str(stunned), str(sum(u.fate is Fate.MAN_DOWN for u in units)), str(sum(u.fate is Fate.DEAD for u in units))


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
        yield Footer()

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
