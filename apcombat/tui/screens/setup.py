"""Starting a game: who plays each side, the optional rules (R0.6) and modules (R18), the house rules, initiative
bonuses (R13.1)."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from apcombat.ai import LEVELS
from apcombat.content import FIRES_NEED_FIRE_SPREAD, Library, fires_without_fire_spread, load_encounter
from apcombat.dice import fresh_seed
from apcombat.engine import Game, typed_line
from apcombat.model import AiSettings, Control, Effort, Encounter, Side
from apcombat.model.modules import Module
from apcombat.tui.screens.host import host
from apcombat.tui.session import default_level
from apcombat.tui.widgets.rules_choices import RulesChoices
from apcombat.tui.widgets.steady_footer import FittedFooter

KNOBS = ("aggression", "caution")
KNOB_STEPS = (0.0, 0.25, 0.5, 0.75, 1.0)
"""The values the set-up screen offers for an AI's knobs (an encounter may give any from 0 to 1)."""


class SetupScreen(Screen):
    """Settings of a new game; Start opens it in set-up (round 0)."""

    BINDINGS = [
        Binding("f10,ctrl+enter", "start", "Start", id="setup.start"),
        Binding("escape", "app.pop_screen", "Back", id="setup.back"),
        Binding("f2", "edit", "Edit this fight", id="setup.edit"),
    ]

    def __init__(
        self, path: Path, library: Library, encounter: Encounter | None = None, from_editor: bool = False
    ) -> None:
        """The set-up of the fight in the file at `path`, or of `encounter` (the editor's, not saved yet, the
        editor under this screen when `from_editor`)."""
        super().__init__()
        self.path = path
        self.from_editor = from_editor
        self.encounter = encounter if encounter is not None else load_encounter(path, library)
        self._set_up = False  # its choices are on the screen, each with its value: Start may read them
        self._start_asked = False  # Start was asked before they were: it starts once they are

    def compose(self) -> ComposeResult:
        encounter = self.encounter
        with VerticalScroll(id="setup"):
            yield Label(f"{encounter.name}", classes="dialog-title")
            yield Static(encounter.description, classes="dim")
            on_map = encounter.map is not None
            yield Label("Who plays each side" + ("" if on_map else " (table mode: no AI)"), classes="section")
            controls = [c for c in Control if on_map or c is not Control.AI]  # table mode: the GM plays all
            for side in encounter.sides:
                yield from self._side_rows(side, controls, on_map)
            yield RulesChoices(encounter, id="setup-rules")
            yield Label("Initiative bonus for whoever opened the fight (R13.1)", classes="section")
            for unit in encounter.units:
                with Horizontal(classes="row"):
                    yield Label(f"{unit.name} ({unit.id})".ljust(28))
                    yield Input(value="0", restrict=r"-?[0-9]*", id=f"bonus-{unit.id}", classes="short")
            with Horizontal(classes="row"):
                yield Label("dice seed  ")
                seed = getattr(self.app, "seed", None)  # the app's --seed, if given
                seed = fresh_seed() if seed is None else seed
                yield Input(value=str(seed), restrict=r"[0-9]*", id="seed", classes="short")
            with Horizontal(classes="buttons"):
                yield Button("Start (f10)", id="start", variant="primary")
                yield Button("Edit this fight (f2)", id="edit")
        yield FittedFooter()

    def _side_rows(self, side: Side, controls: list[Control], on_map: bool) -> ComposeResult:
        """Who plays `side`; on a map, its AI's level and, on the row below, its effort and knobs, pre-filled
        from the encounter's `ai` and shown only while the AI plays the side."""
        control = side.control if side.control in controls else Control.HUMAN
        is_ai = control is Control.AI
        with Horizontal(classes="row"):
            yield Label(f"{side.name:<24}")
            yield Select(
                [(c.value, c.value) for c in controls],
                value=control.value,
                allow_blank=False,
                id=f"side-{side.id}",
                classes="control",
            )
            if on_map:
                level = Select(
                    [(f"AI level: {name}", name) for name in sorted(LEVELS)],
                    value=side.ai.level if side.ai.level in LEVELS else default_level(),
                    allow_blank=False,
                    id=f"level-{side.id}",
                    classes="level",
                )
                level.display = is_ai
                yield level
        if on_map:
            with Horizontal(id=f"ai-{side.id}", classes="row ai") as personality:
                personality.display = is_ai
                yield Select(
                    [(f"effort: {effort.value}", effort.value) for effort in Effort],
                    value=side.ai.effort.value,
                    allow_blank=False,
                    id=f"effort-{side.id}",
                    classes="effort",
                )
                for knob in KNOBS:
                    yield _knob_select(side, knob)

    def on_select_changed(self, event: Select.Changed) -> None:
        """The AI's level, effort and knobs are asked only for a side the AI plays."""
        select_id = event.select.id or ""
        if select_id.startswith("side-") and self.encounter.map is not None:
            side = select_id.removeprefix("side-")
            for widget in (f"#level-{side}", f"#ai-{side}"):
                self.query_one(widget).display = event.value == Control.AI.value

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "edit":
            self.action_edit()

    def action_edit(self) -> None:
        """The fight in the editor: back to it when it came from there, else its file opened there (a shipped
        one as a copy), in place of this screen."""
        if self.from_editor:
            self.app.pop_screen()
        else:
            host(self.app).edit_file(self.path, replace=True)

    def _typed(self, widget_id: str) -> str:
        return self.query_one(f"#{widget_id}", Input).value

    def _chosen(self, widget_id: str) -> str:
        return cast(str, self.query_one(f"#{widget_id}", Select).value)  # allow_blank=False: one of its options

    def _knob(self, widget_id: str) -> float:
        return cast(float, self.query_one(f"#{widget_id}", Select).value)  # allow_blank=False: one of its steps

    def on_mount(self) -> None:
        # Keys in a burst (Enter on the title, then f10) can reach Start before the choices have mounted and
        # taken their values; they are read once the screen has drawn its first frame.
        self.call_after_refresh(self._choices_shown)

    def _choices_shown(self) -> None:
        self._set_up = True
        if self._start_asked:
            self.action_start()

    def action_start(self) -> None:
        if not self._set_up:
            # Not dropped: a screen that has drawn and sits idle refreshes again only when asked (in the browser
            # the first f10 was lost so), and the start follows that refresh.
            self._start_asked = True
            self.refresh()
            return
        encounter = self.encounter
        sides = tuple(self._side_as_chosen(side) for side in encounter.sides)
        rules = self.query_one(RulesChoices).chosen()
        optional, house, modules = rules.optional_rules, rules.house_rules, rules.modules
        if fires_without_fire_spread(encounter.map, modules):
            self.notify(
                f"This map starts with fires, and {FIRES_NEED_FIRE_SPREAD}: switch spreading fires "
                f"({Module.FIRE_SPREAD.rule}) back on",
                severity="warning",
            )
            return
        start = attrs.evolve(encounter, sides=sides, optional_rules=optional, house_rules=house, modules=modules)
        seed = int(self._typed("seed") or 0)
        game = Game(start, seed=seed)
        for unit in encounter.units:
            bonus = self._typed(f"bonus-{unit.id}")
            if bonus not in ("", "0", "-"):
                game.play(typed_line("gm", "bonus", unit.id, str(int(bonus))))  # refused as typed if out of range
        host(self.app).open_game(game, self.path.stem, replace=True)

    def _side_as_chosen(self, side: Side) -> Side:
        """The side with who plays it and, for an AI side, its level, effort and knobs (kept in the state, so
        saved)."""
        control = Control(self._chosen(f"side-{side.id}"))
        if control is not Control.AI or self.encounter.map is None:
            return attrs.evolve(side, control=control)
        ai = AiSettings(
            level=self._chosen(f"level-{side.id}"),
            effort=Effort(self._chosen(f"effort-{side.id}")),
            **{knob: float(self._knob(f"{knob}-{side.id}")) for knob in KNOBS},
        )
        return attrs.evolve(side, control=control, ai=ai)


def _knob_select(side: Side, knob: str) -> Select:
    """A choice of KNOB_STEPS for one of the side's AI knobs; a value the encounter gives between two steps
    is offered too, so that starting the game keeps it."""
    value = getattr(side.ai, knob)
    steps = sorted({*KNOB_STEPS, value})
    return Select(
        [(f"{knob}: {step:g}", step) for step in steps],
        value=value,
        allow_blank=False,
        id=f"{knob}-{side.id}",
        classes="knob",
    )
