"""The hand-over screen of hot-seat under the fog of war (R21.8.5): when the battlefield is to show another
human side's view than the one it showed last, and during every turn of an `ai` side, a whole screen covers
it — "Round 2 — pass the keyboard to The Vault's player: press Enter when only they can see the screen". Map,
panels, log and turn order are blank behind it (the battlefield hides them too, and no notice of the last
side's stays over it); it answers only Enter, a click and quitting (ctrl+q). Before round 1 it starts the
fight (the set-up is everyone's). The fight decides when (`Fight.hand_over`); `HandOvers` shows it on its
battlefield, and after Enter asks the side's re-roll window when one is open for it (R18.6.2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Click
from textual.screen import Screen
from textual.widgets import Label

from apcombat.engine import REROLL_COST, Command, Reroll, Start, describe_die, format_command, rerollable
from apcombat.fight import HandOver
from apcombat.tui.session import Session

COVERED = "-handed-over"
"""The battlefield's class while a hand-over covers it: its map, panels, log and hint are hidden."""

PASS = "pass"


class HandOverScreen(Screen[None]):
    """The whole screen: the hand-over's sentence, nothing else. Enter or a click takes it."""

    BINDINGS = [Binding("enter", "take", "Take the keyboard", id="hand_over.take")]

    def __init__(self, hand_over: HandOver, taken: Callable[[HandOver], None]) -> None:
        super().__init__()
        self.hand_over = hand_over
        self._taken = taken

    def compose(self) -> ComposeResult:
        with Vertical(id="hand-over"):
            yield Label(self.hand_over.text, id="hand-over-text")
            yield Label(self._below(), id="hand-over-keys", classes="dim")

    def _below(self) -> str:
        if self.hand_over.starts_fight:
            return "Enter or a click: start the fight; ctrl+q quits"
        if self.hand_over.ai is not None:
            return "the screen shows nobody's view while the AI plays; ctrl+q quits"
        return "Enter or a click: show the fight; ctrl+q quits"

    def show(self, hand_over: HandOver) -> None:
        """Another hand-over in place of this one (the screen stays: nothing of the fight shows between)."""
        if hand_over == self.hand_over:
            return
        self.hand_over = hand_over
        self.query_one("#hand-over-text", Label).update(hand_over.text)
        self.query_one("#hand-over-keys", Label).update(self._below())

    def action_take(self) -> None:
        self._taken(self.hand_over)

    def on_click(self, event: Click) -> None:
        self._taken(self.hand_over)


def covers(screen: object) -> bool:
    """Whether `screen` is a hand-over: the app's own keys (but quitting) do nothing under it (R21.8.5)."""
    return isinstance(screen, HandOverScreen)


class Covered(Protocol):
    """What the hand-overs need of the battlefield they cover."""

    app: Any

    def set_class(self, add: bool, *class_names: str, update: bool = True) -> Any: ...

    def act(self, line: Command | str) -> None: ...

    def hint(self, text: str) -> None: ...

    def refresh_view(self) -> None: ...

    def close_waited(self) -> None: ...

    def put_away_command_line(self) -> None: ...

    def action_to_active(self) -> None: ...

    def ask_choice(
        self, question: str, options: list[tuple[str, str]], answered: Callable[[str | None], None]
    ) -> None: ...


class HandOvers:
    """Shows the fight's hand-overs on a battlefield: covers it when one is due, takes Enter, and asks the
    re-roll window of the side whose view it now shows."""

    def __init__(self, battlefield: Covered, session: Session) -> None:
        self.battlefield = battlefield
        self.session = session
        self.screen: HandOverScreen | None = None
        self.asking = False  # a re-roll window's question is open

    def go_on(self) -> None:
        """After each change of the state: cover the battlefield when a hand-over is due (or change the
        cover's sentence), else ask an open re-roll window of the side shown."""
        fight = self.session.fight
        hand_over = fight.hand_over()
        if hand_over is None:
            self._uncover()
            self._ask_reroll()
            return
        self.battlefield.set_class(True, COVERED)
        app = self.battlefield.app
        app.clear_notifications()  # no notice of the last side's stays over the cover: those shown, and
        app.call_later(app.clear_notifications)  # those on their way (a notice is a message, handled later)
        if hand_over.ai is not None:
            fight.handed_over(hand_over)  # the AI's turn is nobody's view: covered as soon as it shows
        if self.screen is None:
            self.screen = HandOverScreen(hand_over, self._taken)
            self.battlefield.app.push_screen(self.screen)
        else:
            self.screen.show(hand_over)

    def _taken(self, hand_over: HandOver) -> None:
        fight = self.session.fight
        if hand_over.starts_fight:
            self.battlefield.act(Start())  # its refresh shows round 1's first hand-over in place
            return
        if hand_over.ai is not None:
            return  # the AI plays on; the cover changes when a human side is due
        fight.handed_over(hand_over)
        self.battlefield.close_waited()  # a "While you waited" panel opened behind the cover was another side's
        self.battlefield.put_away_command_line()  # and so was a command box left open
        if fight.hand_over() is not None:
            self.go_on()
            return
        self._uncover()
        state = self.session.state
        side = state.side(hand_over.side or "").name
        active = state.unit(state.active) if state.active is not None else None
        whose = "your choice"
        if active is not None and active.side == hand_over.side:
            whose = f"{active.name} interrupts" if state.interrupt is not None else f"{active.name}'s turn"
            self.battlefield.action_to_active()  # not where the last side left the cursor
        self.battlefield.hint(f"Round {state.round} — {side}: {whose} — ? lists the keys")
        self.battlefield.refresh_view()

    def _uncover(self) -> None:
        screen = self.screen
        if screen is not None and screen in self.battlefield.app.screen_stack:
            if screen is not self.battlefield.app.screen:
                return  # a dialog is open over the cover: the cover goes at the next change of the state
            screen.dismiss()
        self.screen = None
        self.battlefield.set_class(False, COVERED)

    def _ask_reroll(self) -> None:
        """R21.8.5: the side shown may re-roll a die of the action just played before another side's window
        opens: a re-roll or Enter on "no re-roll" closes its window."""
        fight = self.session.fight
        side = fight.reroll_window()
        if self.asking or side is None or side != fight.viewing_side():
            return
        state = self.session.state
        name = state.side(side).name
        options = [(PASS, "No re-roll (Enter)")]
        rerolls = {}
        points = state.side(side).reroll_points
        for place in rerollable(state, side):
            die, reroll = state.rolls[place - 1], Reroll(side, place)
            rerolls[format_command(reroll)] = reroll
            label = f"die {place}, {describe_die(die)} = {die.value} ({REROLL_COST} of {points} points)"
            options.append((format_command(reroll), label))
        self.asking = True

        def answered(line: str | None) -> None:
            self.asking = False
            if line in rerolls:
                self.battlefield.act(rerolls[line])
                return
            fight.pass_reroll(side)
            self.battlefield.refresh_view()

        question = f"{name} may re-roll a die of that action (R18.6.2), before the next side's window"
        self.battlefield.ask_choice(question, options, answered)
