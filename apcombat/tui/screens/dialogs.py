"""Small modal dialogs: choose one of several options, type an answer, type a die."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList
from textual.widgets.option_list import Option

from apcombat.dice import DiceRequest
from apcombat.engine import GivenDie


class ChoiceScreen(ModalScreen[str | None]):
    """Pick one option (its id is returned), or Escape for none."""

    BINDINGS = [Binding("escape", "dismiss_none", "Cancel", id="dialog.cancel")]

    def __init__(self, title: str, options: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.options = options

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield OptionList(*[Option(label, id=option_id) for option_id, label in self.options])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def on_key(self, event: events.Key) -> None:
        """A letter or digit goes to the next option starting with it (as in any list box): the game master's
        menu's "Bring in a unit" is `g`, `b`, Enter. Typed again, it goes on to the next such option."""
        typed = event.character
        if not typed or not typed.isalnum() or not self.options:
            return
        listing = self.query_one(OptionList)
        start = listing.highlighted if listing.highlighted is not None else -1
        count = len(self.options)
        for step in range(1, count + 1):
            place = (start + step) % count
            if self.options[place][1].lower().startswith(typed.lower()):
                listing.highlighted = place
                event.stop()
                return

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class AskScreen(ModalScreen[str | None]):
    """Ask for one line of text; `check` (if given) returns a sentence saying what is wrong with an answer, and
    the dialog stays open with it until the answer is right or the player cancels; `reading` (if given) says
    under the box, as it is typed, how the answer is read ("6 → 6 cm (2 m)")."""

    BINDINGS = [Binding("escape", "dismiss_none", "Cancel", id="dialog.cancel")]

    def __init__(
        self,
        prompt: str,
        value: str = "",
        placeholder: str = "",
        check: Callable[[str], str | None] | None = None,
        reading: Callable[[str], str] | None = None,
    ) -> None:
        super().__init__()
        self.prompt = prompt
        self.value = value
        self.placeholder = placeholder
        self.check = check
        self.reading = reading

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.prompt, classes="dialog-title")
            yield Input(value=self.value, placeholder=self.placeholder)
            if self.reading:
                yield Label(self.reading(self.value), id="answer-reading", classes="dim", markup=False)
            if self.check:
                yield Label("", id="answer-problem", classes="error")

    def on_input_changed(self, event: Input.Changed) -> None:
        if self.reading:
            self.query_one("#answer-reading", Label).update(self.reading(event.value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        problem = self.check(event.value) if self.check and event.value.strip() else None
        if problem:
            self.query_one("#answer-problem", Label).update(problem)
            return
        self.dismiss(event.value)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


def given_line(die: GivenDie) -> str:
    """A die given at the table, what it means and who rolled it: "d100 37 — hit (typed)"."""
    outcome = die.request.outcome(die.value)
    who = "typed" if die.typed else "rolled by the program"
    return f"{die} — {outcome} ({who})" if outcome else f"{die} ({who})"


class DiceScreen(ModalScreen[int | None]):
    """Dice mode: a roll asked for by what it is for and what it needs; "roll for me" lets the program roll. Above
    the question, the command's dice so far (typed, or rolled by the program); below the box, what the number
    typed means ("37 — hit", "6 — critical!") as it is typed."""

    BINDINGS = [Binding("ctrl+r", "roll_for_me", "Roll for me", id="dice.roll_for_me")]

    def __init__(self, request: DiceRequest, given: Sequence[GivenDie] = ()) -> None:
        super().__init__()
        self.request = request
        self.given = tuple(given)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            if self.given:
                so_far = "; ".join(given_line(die) for die in self.given)
                yield Label(f"So far: {so_far}", id="dice-so-far", classes="dim", markup=False)
            yield Label(self.request.prompt(), classes="dialog-title")
            hint = (
                "00 on a d100 is 100"
                if self.request.sides == 100
                else "0 on a d10 is 10"
                if self.request.sides == 10
                else ""
            )
            yield Label(f"Type the number rolled (1-{self.request.sides}). {hint}", classes="dim")
            yield Input(placeholder=f"1-{self.request.sides}", id="die", restrict=r"[0-9]*")
            yield Label("", id="die-outcome", markup=False)
            yield Label("", id="die-problem", classes="error")
            with Horizontal(classes="buttons"):
                yield Button("Use this number", id="use", variant="primary")
                yield Button("Roll for me (ctrl+r)", id="roll")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._use(event.value)

    def on_input_changed(self, event: Input.Changed) -> None:
        """What the number means, at once: "37 — hit", "6 — critical!", "5 — head"."""
        sides = self.request.sides
        value = int(event.value) if event.value.isdigit() else -1
        if value == 0 and sides in (10, 100):
            value = sides
        outcome = self.request.outcome(value) if 1 <= value <= sides else ""
        self.query_one("#die-outcome", Label).update(f"{event.value} — {outcome}" if outcome else "")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "roll":
            self.dismiss(None)
        else:
            self._use(self.query_one("#die", Input).value)

    def action_roll_for_me(self) -> None:
        self.dismiss(None)

    def _use(self, text: str) -> None:
        sides = self.request.sides
        value = int(text) if text.isdigit() else -1
        if value == 0 and sides in (10, 100):
            value = sides
        if not 1 <= value <= sides:
            self.query_one("#die-problem", Label).update(f"A d{sides} shows 1 to {sides}; try again.")
            return
        self.dismiss(value)


def ask_before_replacing(app: App, path: Path, own: bool, save: Callable[[str | None], None]) -> None:
    """Call `save("replace")` at once when `path` is free or is this fight's own save (`own`); else ask first
    whether to replace the save there, and call `save` with the answer."""
    if own or not path.exists():
        save("replace")
        return
    question = f"{path} already holds a save. Replace it?"
    app.push_screen(
        ChoiceScreen(question, [("replace", "Replace it"), ("keep", "Keep it (save under another name)")]), save
    )
