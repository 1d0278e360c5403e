"""The solo oracle in the app: ask a yes/no question with odds and a chaos factor (physical dice allowed)."""

from __future__ import annotations

import os
from typing import cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from apcombat.dice import DiceRequest, SeededDice, read_die
from apcombat.rules.oracle import Odds, ask_oracle
from apcombat.tui.widgets.steady_footer import FittedFooter


class OracleScreen(ModalScreen[None]):
    """Odds, chaos factor, and a d100 typed in or rolled by the program."""

    BINDINGS = [
        Binding("ctrl+r", "ask(True)", "Roll for me", id="oracle.roll"),
        Binding("escape", "close", "Close", id="oracle.close"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Solo oracle: ask a yes/no question", classes="dialog-title")
            with Horizontal(classes="buttons"):
                yield Select(
                    [(o.value.replace("_", " "), o.value) for o in Odds],
                    value="fifty_fifty",
                    allow_blank=False,
                    id="odds",
                )
                yield Label("chaos 1-9", id="chaos-label")  # the input holds 5: its placeholder never shows
                yield Input(value="5", restrict=r"[1-9]?", id="chaos", placeholder="chaos 1-9")
            yield Input(placeholder="d100 rolled on the table (00 = 100), or ctrl+r", id="roll", restrict=r"[0-9]*")
            yield Static("", id="oracle-answer", markup=False)
            yield Button("Roll for me (ctrl+r)", id="roll-for-me")
        yield FittedFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_ask(False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_ask(True)

    def action_ask(self, program_rolls: bool) -> None:
        chaos_text = self.query_one("#chaos", Input).value
        chaos = int(chaos_text) if chaos_text.isdigit() else 5
        answer = self.query_one("#oracle-answer", Static)
        if program_rolls:
            roll = SeededDice(int.from_bytes(os.urandom(8))).roll(DiceRequest(sides=100, purpose="the oracle"))
        else:
            text = self.query_one("#roll", Input).value
            if not text.isdigit() or int(text) > 100:
                answer.update("Type the d100 (1-100; 00 is 100), or ctrl+r to let the program roll.")
                return
            roll = read_die(int(text), 100)
        odds = cast(str, self.query_one("#odds", Select).value)  # allow_blank=False: always one of the odds
        result = ask_oracle(Odds(odds), chaos, roll)
        cell = result.thresholds
        event = "\nRANDOM EVENT!" if result.random_event else ""
        no = f", exceptional no {cell.exceptional_no}+" if cell.exceptional_no else ""
        answer.update(
            f"{result.answer.value.replace('_', ' ').upper()}{event}\n"
            f"d100 = {roll}: exceptional yes ≤ {cell.exceptional_yes}, yes ≤ {cell.yes}{no}"
        )

    def action_close(self) -> None:
        self.dismiss(None)
