"""`o` in the editor: the fight's name and description, its optional rules (R0.6), modules (R18, R21) and house
rules, with the set-up screen's own choices (`RulesChoices`); `ctrl+n` opens it on the name. What it changes is
one edit (one undo step)."""

from __future__ import annotations

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Static

from apcombat.editor.fight_edits import set_heading, set_rules
from apcombat.model import Encounter
from apcombat.model.modules import Module
from apcombat.tui.screens.editor.face import EditorFace
from apcombat.tui.widgets.rules_choices import ChosenRules, RulesChoices
from apcombat.tui.widgets.steady_footer import FittedFooter

RULES_BINDINGS = [
    Binding("o", "rules", "Rules", id="editor.rules"),
    Binding("ctrl+n", "rules(True)", "Name the fight", show=False, id="editor.name"),
]

FIRES_WARNING = (
    f"This map starts with fires: they burn only with spreading fires on ({Module.FIRE_SPREAD.rule}); "
    "off, the fight cannot be played until the fires are put out (F)."
)


@attrs.frozen
class FightRules:
    """What the dialog gives back: the fight's name, its description and its rules."""

    name: str
    description: str
    rules: ChosenRules
    save: bool = False  # ctrl+s: the fight's file is written after the change


def with_rules(encounter: Encounter, chosen: FightRules) -> Encounter:
    """The fight with the dialog's name, description and rules (the edit the dialog makes)."""
    rules = chosen.rules
    ruled = set_rules(
        encounter, optional_rules=rules.optional_rules, house_rules=rules.house_rules, modules=rules.modules
    )
    return set_heading(ruled, chosen.name, chosen.description)


class RulesDialog(ModalScreen[FightRules | None]):
    """The fight's name, description and rules; Done (or Enter in a text box) keeps them, Escape does not."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="editor.rules_cancel"),
        # As everywhere, ctrl+s saves: the choices are kept and the fight's file written.
        Binding("ctrl+s", "save", "Keep and save", id="editor.rules_done"),
    ]

    def __init__(self, encounter: Encounter, naming: bool = False) -> None:
        super().__init__()
        self.encounter = encounter
        self.naming = naming

    def compose(self) -> ComposeResult:
        encounter = self.encounter
        with VerticalScroll(classes="dialog wide tall", id="editor-rules"):
            yield Label("The fight and its rules", classes="dialog-title")
            with Horizontal(classes="row"):
                yield Label("name         ")
                yield Input(value=encounter.name, id="rules-name", classes="long")
            with Horizontal(classes="row"):
                yield Label("description  ")
                yield Input(value=encounter.description, id="rules-description", classes="long")
            yield Static("", id="rules-fires", classes="error")  # above the choices: seen at 80 x 24 too
            yield RulesChoices(encounter, id="editor-rules-choices")
            with Horizontal(classes="row"):
                yield Button("Done", id="rules-done", variant="primary")
                yield Button("Done and save (ctrl+s)", id="rules-save")
                yield Button("Cancel (escape)", id="rules-cancel")
        yield FittedFooter()

    def on_mount(self) -> None:
        self._warn_of_fires()
        if self.naming:
            self.query_one("#rules-name", Input).focus()
        else:
            self.query_one("#editor-rules-choices Checkbox", Checkbox).focus()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._warn_of_fires()

    def _warn_of_fires(self) -> None:
        """Fires at set-up with spreading fires off is a problem of the fight: say so as the box is unticked."""
        battle_map = self.encounter.map
        fires = battle_map is not None and bool(battle_map.fires)
        spreading = self.query_one(f"#module-{Module.FIRE_SPREAD.value}", Checkbox).value
        warning = self.query_one("#rules-fires", Static)
        warning.update(FIRES_WARNING if fires and not spreading else "")
        warning.display = fires and not spreading

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_done()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "rules-done":
            self.action_done()
        elif event.button.id == "rules-save":
            self.action_save()
        else:
            self.action_cancel()

    def action_save(self) -> None:
        self.action_done(save=True)

    def action_done(self, save: bool = False) -> None:
        name = self.query_one("#rules-name", Input).value
        if not name.strip():
            self.notify("Give the fight a name", severity="warning")
            self.query_one("#rules-name", Input).focus()
            return
        description = self.query_one("#rules-description", Input).value
        self.dismiss(FightRules(name, description, self.query_one(RulesChoices).chosen(), save))

    def action_cancel(self) -> None:
        self.dismiss(None)


class RulesEditing(EditorFace):
    """The rules dialog's keys on the editor's screen."""

    def action_rules(self, naming: bool = False) -> None:
        before = self.encounter

        def chosen(fight: FightRules | None) -> None:
            if fight is None:
                return
            named = (fight.name.strip(), fight.description) != (before.name, before.description)
            ruled = with_rules(before, fight)
            ruled_only = set_heading(ruled, before.name, before.description)
            words = "changed the rules" if ruled_only != before else ""
            if named:
                words = f"{words} and named the fight" if words else f"named the fight {fight.name.strip()!r}"
            if words:
                self.edit(words, lambda e: with_rules(e, fight))
            if fight.save:
                self.action_save()

        self.app.push_screen(RulesDialog(before, naming), chosen)
