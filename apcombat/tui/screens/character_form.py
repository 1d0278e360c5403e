"""The new-character form of the roster: name, weapons, armour, the seven attributes, skills, perks and the
thrown weapons carried (R22.1.2), each checked by the content layer with its problem shown under its field."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select

from apcombat.content import Library
from apcombat.content.paths import CHARACTERS_FOLDER
from apcombat.content.roster import KNOWN_PERKS, new_character_id, read_new_character
from apcombat.content.writer import character_to_toml, write_text_file
from apcombat.model import NO_ARMOR, Character, Skill, Weapon
from apcombat.model.character import ATTRIBUTES
from apcombat.tui.widgets.steady_footer import FittedFooter

WEAPON_SLOTS = ("in hand", "second", "third")
DEFAULT_ATTRIBUTE = 5
DEFAULT_SKILL = 50
THROWN_PER_ROW = 2  # two counts a row fit 80 columns whatever the weapons' names
GROUPS = ("name", "weapons", "armor", "special", "skills", "perks", "thrown")
"""The fields of a character, each with its own line for problems (the first part of a problem's path)."""


@attrs.frozen
class NewCharacter:
    """What the form gives back: the character, and whether to save it as `characters/<id>.toml`."""

    character: Character
    save: bool


def save_character(character: Character, folder: Path, known: Iterable[str]) -> tuple[str, Path]:
    """Write a character the form made to `folder`'s characters/, under an id made from its name that is neither
    a file there nor one of the `known` ids: that id and the file. OSError if it cannot be written."""
    character_id = new_character_id(character.name, folder, known)
    path = folder / CHARACTERS_FOLDER / f"{character_id}.toml"
    write_text_file(path, character_to_toml(character))
    return character_id, path


class CharacterFormScreen(Screen[NewCharacter | None]):
    """A new character for one side; Escape gives nothing back."""

    BINDINGS = [
        Binding("f10", "submit", "Add", id="character.add"),
        Binding("escape", "cancel", "Cancel", id="character.cancel"),
    ]

    def __init__(self, library: Library, side_name: str, folder: Path | None = None) -> None:
        """`folder`: the content folder whose `characters/` a saved character goes to (the library's)."""
        super().__init__()
        self.library = library
        self.side_name = side_name
        self.folder = folder or library.root

    def compose(self) -> ComposeResult:
        weapons = sorted(self.library.weapons.values(), key=lambda weapon: weapon.name.casefold())
        weapon_options = [(weapon.name, weapon.id) for weapon in weapons]
        armors = [(NO_ARMOR.name, NO_ARMOR.id)] + [(armor.name, armor.id) for armor in self.library.armors.values()]
        with VerticalScroll(id="character-form", classes="form"):
            yield Label(f"New character for {self.side_name}", classes="dialog-title")
            with Horizontal(classes="row"):
                yield Label("name", classes="field")
                yield Input(placeholder="e.g. Big Sue", id="name", compact=True)
                yield Checkbox("save to characters/", id="save", compact=True)
            yield Label("", id="save-as", classes="dim problem")
            yield Label("", id="name-problem", classes="error problem")
            for number, slot in enumerate(WEAPON_SLOTS):
                with Horizontal(classes="row"):
                    yield Label("weapons" if number == 0 else "", classes="field")
                    yield Select(weapon_options, prompt=f"({slot})", id=f"weapon-{number}", compact=True)
            yield Label("", id="weapons-problem", classes="error problem")
            with Horizontal(classes="row"):
                yield Label("armour", classes="field")
                yield Select(armors, value=NO_ARMOR.id, allow_blank=False, id="armor", compact=True)
            yield Label("", id="armor-problem", classes="error problem")
            with Horizontal(classes="row"):
                yield Label("1-10", classes="field")
                for attribute in ATTRIBUTES:
                    yield Label(attribute, classes="short-label")
                    yield self._number(f"special-{attribute}", DEFAULT_ATTRIBUTE)
            yield Label("", id="special-problem", classes="error problem")
            for row in (tuple(Skill)[:4], tuple(Skill)[4:]):
                with Horizontal(classes="row"):
                    yield Label("skills %" if row[0] is Skill.SMALL_GUNS else "", classes="field")
                    for skill in row:
                        yield Label(skill.value.replace("_", " "), classes="skill-label")
                        yield self._number(f"skills-{skill.value}", DEFAULT_SKILL)
            yield Label("", id="skills-problem", classes="error problem")
            with Horizontal(classes="row"):
                yield Label("perks", classes="field")
                yield Input(placeholder=", ".join(KNOWN_PERKS), id="perks", compact=True)
            yield Label("", id="perks-problem", classes="error problem")
            thrown = self._thrown_weapons()
            for first in range(0, len(thrown), THROWN_PER_ROW):  # R22.1.2: how many of each, on the belt
                with Horizontal(classes="row"):
                    yield Label("thrown" if first == 0 else "", classes="field")
                    for weapon in thrown[first : first + THROWN_PER_ROW]:
                        yield Label(weapon.name.casefold(), classes="skill-label")
                        yield self._number(f"thrown-{weapon.id}", 0, max_length=2)
            yield Label("", id="thrown-problem", classes="error problem")
            with Horizontal(classes="row buttons"):
                yield Label("", classes="field")
                yield Button(f"Add to {self.side_name} (f10)", id="add", variant="primary", compact=True)
                yield Label("  or Enter in a field; Esc: cancel", classes="dim")
        yield FittedFooter()

    @staticmethod
    def _number(widget_id: str, value: int, max_length: int = 3) -> Input:
        return Input(
            str(value), restrict=r"[0-9]*", max_length=max_length, id=widget_id, classes="number", compact=True
        )

    def _thrown_weapons(self) -> list[Weapon]:
        """The weapon list's thrown weapons (R22.1.1), in its order."""
        return [weapon for weapon in self.library.weapons.values() if weapon.is_thrown]

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "name":
            self._show_file_name()

    def on_checkbox_changed(self, _: Checkbox.Changed) -> None:
        self._show_file_name()

    def _show_file_name(self) -> None:
        """Where a saved character goes, so the game master knows before saving."""
        name = self.query_one("#name", Input).value.strip()
        save_as = self.query_one("#save-as", Label)
        save_as.display = self.query_one("#save", Checkbox).value
        file = f"{new_character_id(name, self.folder, self.library.characters)}.toml" if name else "(the name).toml"
        save_as.update(f"to be saved as {CHARACTERS_FOLDER}/{file}, a ready character from then on")

    def on_input_submitted(self, _: Input.Submitted) -> None:
        self.action_submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "add":
            self.action_submit()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_submit(self) -> None:
        character, found = read_new_character(self.fields(), self.library)
        problems: dict[str, list[str]] = {group: [] for group in GROUPS}
        for path, message in found:
            group, _, field = path.partition(".")
            group = group.split("[")[0]
            shown = f"{field.replace('_', ' ')}: {message}" if field else message
            problems.get(group, problems["name"]).append(shown)
        for group, messages in problems.items():
            label = self.query_one(f"#{group}-problem", Label)
            label.update("\n".join(messages))
            label.display = bool(messages)
        if character is not None:
            self.dismiss(NewCharacter(character, self.query_one("#save", Checkbox).value))
        else:
            self.notify("The character has problems: see the red lines.", severity="warning")

    def fields(self) -> dict[str, Any]:
        """The form as a character file's fields (numbers as numbers when they are numbers)."""

        def number(widget_id: str) -> int | str:
            text = self.query_one(f"#{widget_id}", Input).value.strip()
            return int(text) if text.isdigit() else text

        weapons = [self.query_one(f"#weapon-{number}", Select).value for number in range(len(WEAPON_SLOTS))]
        armor = self.query_one("#armor", Select).value
        perks = self.query_one("#perks", Input).value
        thrown = {weapon.id: number(f"thrown-{weapon.id}") for weapon in self._thrown_weapons()}
        fields = {
            "name": self.query_one("#name", Input).value.strip(),
            "special": {attribute: number(f"special-{attribute}") for attribute in ATTRIBUTES},
            "skills": {skill.value: number(f"skills-{skill.value}") for skill in Skill},
            "perks": [perk.strip() for perk in perks.split(",") if perk.strip()],
            "weapons": [weapon for weapon in weapons if isinstance(weapon, str)],
        }
        carried = {weapon_id: count for weapon_id, count in thrown.items() if count not in (0, "")}
        if carried:
            fields["thrown"] = carried  # R22.1.2: left out when the belt is empty
        return fields if armor == NO_ARMOR.id else fields | {"armor": armor}
