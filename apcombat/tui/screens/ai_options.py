"""`y` on the battlefield: why the AI did what it did — for each AI side, its last decision this session (the
unit, the line it chose and its reason) and the top three options it weighed, each a first command with the
plan it starts and its score in expected HP (damage dealt minus damage taken, as its knobs weigh them)."""

from __future__ import annotations

from typing import Any, Protocol

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from apcombat.ai.decision import Decision, Option
from apcombat.engine import fog_on
from apcombat.model import Encounter
from apcombat.tui.session import Session
from apcombat.tui.widgets.steady_footer import FittedFooter

TOP = 3
"""Options shown for a decision."""

SCORE_WORDS = "score: expected HP, damage dealt minus damage taken, as the AI's aggression and caution weigh them"


def _option_text(rank: int, option: str | Option) -> Text:
    if not isinstance(option, Option):  # a level that says its options in a line each (baseline, random)
        return Text(f"{rank}. {option.strip()}")
    text = Text(f"{rank}. ")
    text.append(f"{option.score:+.1f} HP" if option.score is not None else "no score", style="bold")
    text.append(f"  {option.line}\n", style="bold")
    text.append(f"   plan: {option.plan}")
    if len(option.lines) > 1:
        text.append(f"\n   its lines: {' · '.join(option.lines)}", style="dim")
    return text


def decision_text(state: Encounter, side_id: str, unit_id: str, decision: Decision, level: str) -> Text:
    """One AI side's last decision: who, the line and why, then its top options."""
    side, unit = state.side(side_id), state.unit(unit_id)
    text = Text(f"{side.name} ({level}): {unit.name}'s last decision\n", style="bold underline")
    text.append("played: ")
    text.append(f"{decision.line or '(nothing)'}\n", style="bold")
    text.append(f"why: {decision.reason or 'the AI gave no reason'}\n")
    options = decision.options[:TOP]
    if not options:
        text.append("It listed no options.", style="italic")
        return text
    text.append(f"Its top {len(options)} options ", style="bold")
    text.append(f"({SCORE_WORDS}):\n" if isinstance(options[0], Option) else "(as the level scores them):\n")
    return text + Text("\n").join(_option_text(rank, option) for rank, option in enumerate(options, 1))


class AiOptionsScreen(ModalScreen[None]):
    """The AI sides' last decisions, with the options each weighed."""

    BINDINGS = [Binding("escape,y,q", "close", "Close", id="ai_options.close")]

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide tall", id="ai-options"):
            yield Label("The AI's options", classes="dialog-title")
            yield Static(self.text, id="ai-options-text")
        yield FittedFooter()

    def on_mount(self) -> None:
        self.query_one("#ai-options").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class Asked(Protocol):
    """What `y` needs of the battlefield it is pressed on."""

    session: Session

    @property
    def app(self) -> App[Any]: ...  # the options' screen is pushed on the app

    def hint(self, text: str) -> None: ...


def show_ai_options(screen: Asked) -> None:
    """Open the AI's options on the battlefield, or say why there are none to show."""
    session = screen.session
    if not session.ai_settings:
        screen.hint("no side is played by the AI in this fight")
        return
    side = session.shown_side()
    if side is not None and fog_on(session.state) and not session.state.finished:
        # R21.8.4: the AI's options name what its side knows (its hidden characters among them)
        screen.hint("under the fog of war the AI's options stay secret until the fight is over: y shows them then")
        return
    if not session.ai_decisions:
        screen.hint("the AI has not decided anything yet in this session: y shows its options once it has")
        return
    parts = []
    for side_id, (unit_id, decision) in session.ai_decisions.items():
        settings = session.ai_settings.get(side_id)
        level = f"{settings.level}, {settings.effort.value} effort" if settings is not None else "AI"
        parts.append(decision_text(session.state, side_id, unit_id, decision, level))
    screen.app.push_screen(AiOptionsScreen(Text("\n\n").join(parts)))
