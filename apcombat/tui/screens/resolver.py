"""The attack resolver in the app: an example scenario's breakdown, and its roll."""

from __future__ import annotations

import random

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from apcombat.content import ContentError, load_attack_scenario
from apcombat.dice import SeededDice
from apcombat.rules.attack import ImpossibleAttack, plan_attack
from apcombat.rules.explain import describe_plan, describe_result
from apcombat.rules.resolve import resolve_attack


class ResolverScreen(Screen):
    """Pick a scenario from content/scenarios: the breakdown shows; r rolls it."""

    BINDINGS = [
        Binding("r", "roll", "Roll", id="resolver.roll"),
        Binding("escape", "app.pop_screen", "Back", id="resolver.back"),
    ]

    def compose(self) -> ComposeResult:
        yield Label(
            "Attack resolver: the scenarios in content/scenarios (edit them, or write your own)", classes="dialog-title"
        )
        with Horizontal(id="resolver"):
            yield OptionList(id="scenarios")
            with VerticalScroll():
                yield Static("", id="resolution")
        yield Footer()

    def on_mount(self) -> None:
        listing = self.query_one(OptionList)
        for path in sorted((self.app.library.root / "scenarios").glob("*.toml")):
            listing.add_option(Option(path.stem.replace("_", " "), id=str(path)))
        listing.focus()
        self.plan = None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.plan = None
        try:
            self.plan = plan_attack(load_attack_scenario(event.option.id or "", self.app.library))
            text = "\n".join(describe_plan(self.plan)) + "\n\nr rolls it"
        except ContentError as error:
            text = "\n".join(error.problems)
        except ImpossibleAttack as error:
            text = f"impossible attack: {error}"
        self.query_one("#resolution", Static).update(text)

    def action_roll(self) -> None:
        if self.plan is None:
            return
        result = resolve_attack(self.plan, SeededDice(random.randrange(1 << 32)))
        lines = [*describe_plan(self.plan), "", *describe_result(result)]
        self.query_one("#resolution", Static).update("\n".join(lines))
