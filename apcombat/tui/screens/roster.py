"""The roster: a table fight put together from ready characters and new ones, saved as an encounter file
(table mode, no map) and started through the usual set-up."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

import attrs
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from apcombat.content import ContentError, Library
from apcombat.content.encounter_document import encounter_to_toml
from apcombat.content.encounter_summary import units_text
from apcombat.content.paths import ENCOUNTERS_FOLDER, shown
from apcombat.content.roster import Roster, content_id, with_character
from apcombat.content.user_files import user_content_folder
from apcombat.content.writer import write_text_file
from apcombat.model import Character, Control, Side, Unit
from apcombat.tui.screens.character_form import CharacterFormScreen, NewCharacter, save_character
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.widgets.key_items import KeyItems
from apcombat.tui.widgets.steady_footer import FittedFooter

NEW = "new"
"""The option of the ready characters that opens the new-character form."""

KEYS = KeyItems(
    (
        "Enter: add to the side ▶",
        "n: new character",
        "x: remove",
        "s: next side",
        "r: rename side",
        "c: who plays it",
        "a: add a side",
        "ctrl+s: save the fight",
        "f10: start",
        "Esc: back",
    )
)
CONTROLS = tuple(Control)


@runtime_checkable
class KeepsLibrary(Protocol):
    """An app that keeps the content library for all its screens (the apcombat app: no screen imports it)."""

    library: Library


class RosterScreen(Screen):
    """Sides and their units on the left, the ready characters on the right."""

    BINDINGS = [
        Binding("n", "new_character", "New character", id="roster.new"),
        Binding("x,delete", "remove", "Remove", id="roster.remove"),
        Binding("s", "next_side", "Next side", show=False, id="roster.side"),
        Binding("r", "rename_side", "Rename side", show=False, id="roster.rename"),
        Binding("c", "control", "Who plays it", show=False, id="roster.control"),
        Binding("a", "add_side", "Add a side", show=False, id="roster.add_side"),
        Binding("ctrl+s", "save", "Save", id="roster.save"),
        Binding("f10", "start", "Start", id="roster.start"),
        Binding("escape", "back", "Back", show=False, id="roster.back"),
    ]

    def __init__(self, library: Library, folder: Path | None = None) -> None:
        """`folder`: the folder the fight goes to (`encounters/`) with any new character saved
        (`characters/`); by default the user's own content folder (apcombat.content.user_files), where the
        library finds character ids after its own."""
        super().__init__()
        self.library = library
        self.folder = folder or library.user_root or user_content_folder()
        self.roster = Roster.start()
        self.target = self.roster.sides[0].id
        self.fight_name = ""
        self.saved_as: Path | None = None
        self.saved_roster = self.roster  # nothing to lose yet

    def compose(self) -> ComposeResult:
        with Vertical(id="roster"):
            yield Label("", id="roster-heading")
            with Horizontal(id="roster-body"):
                yield OptionList(id="fight")
                yield OptionList(id="ready")
            yield Static(KEYS, id="roster-keys")
        yield FittedFooter()

    def on_mount(self) -> None:
        self.query_one("#fight", OptionList).border_title = "The fight"
        self.query_one("#ready", OptionList).border_title = "Ready characters"
        self._show_ready()
        self._show_fight()
        self.query_one("#ready", OptionList).focus()

    # -- what the screen shows

    def _show_ready(self) -> None:
        ready = self.query_one("#ready", OptionList)
        ready.clear_options()
        ready.add_option(Option(Text("+ New character…", style="bold"), id=NEW))
        for character_id, character in sorted(self.library.characters.items(), key=lambda item: item[1].name):
            ready.add_option(Option(self._character_lines(character_id, character), id=character_id))
        ready.highlighted = 0

    def _show_fight(self, highlight: str | None = None) -> None:
        """The sides and their units; `highlight`: the option to put the cursor on (a unit id, or a side's)."""
        fight = self.query_one("#fight", OptionList)
        fight.clear_options()
        for side in self.roster.sides:
            fight.add_option(Option(self._side_line(side.id), id=f"side:{side.id}"))
            for unit in self.roster.side_units(side.id):
                fight.add_option(Option(self._unit_lines(unit), id=f"unit:{unit.id}"))
        wanted = highlight or f"side:{self.target}"
        fight.highlighted = fight.get_option_index(wanted)
        self._show_target()

    def _show_target(self) -> None:
        fight = self.query_one("#fight", OptionList)
        for side in self.roster.sides:
            fight.replace_option_prompt(f"side:{side.id}", self._side_line(side.id))
        if self.roster != self.saved_roster:
            saved = "Not saved."
        else:
            saved = f"Saved as {self.saved_as.name}." if self.saved_as else ""
        heading = Text.assemble(("Table fight roster. ", "bold"), f"Adding to ▶ {self._side(self.target).name}. ")
        self.query_one("#roster-heading", Label).update(heading + Text(saved, "dim"))

    def _side_line(self, side_id: str) -> Text:
        side = self._side(side_id)
        count = len(self.roster.side_units(side_id))
        marker = "▶ " if side_id == self.target else "  "
        return Text.assemble((f"{marker}{side.name}", "bold"), (f"  {units_text(count)} · {side.control.value}", "dim"))

    @staticmethod
    def _unit_lines(unit: Unit) -> Text:
        weapons = ", ".join(carried.weapon.name for carried in unit.weapons) or "no weapon"
        stats = f"  HP {unit.hp} AP {unit.character.ap_per_round}\n"
        return Text.assemble(f"  {unit.name} ", (f"({unit.id})", "dim"), stats, (f"    {weapons}", "dim"))

    def _character_lines(self, character_id: str, character: Character) -> Text:
        weapons = ", ".join(self.library.weapons[w].name for w in character.weapons if w in self.library.weapons)
        armor = self.library.armors[character.armor].name if character.armor in self.library.armors else "no armour"
        stats = f"  HP {character.hit_points} AP {character.ap_per_round}, {armor}\n"
        file = f" ({character_id})" if content_id(character.name) != character_id else ""  # two of one name
        return Text.assemble((character.name, "bold"), (file, "dim"), stats, (f"  {weapons or 'no weapon'}", "dim"))

    def _side(self, side_id: str) -> Side:
        return next(side for side in self.roster.sides if side.id == side_id)

    def _change(self, roster: Roster, highlight: str | None = None) -> None:
        self.roster = roster
        if self.target not in (side.id for side in roster.sides):
            self.target = roster.sides[0].id
        self._show_fight(highlight)

    # -- choosing

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id != "fight" or event.option.id is None:
            return
        kind, _, item = event.option.id.partition(":")
        side_id = item if kind == "side" else self.roster.units[self._unit_index(item)].side
        if side_id != self.target:
            self.target = side_id
            self._show_target()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id != "ready":
            return
        if event.option.id == NEW:
            self.action_new_character()
        elif event.option.id in self.library.characters:
            self._add(self.library.characters[event.option.id])

    def _unit_index(self, unit_id: str) -> int:
        return next(index for index, unit in enumerate(self.roster.units) if unit.id == unit_id)

    def _add(self, character: Character) -> None:
        try:
            roster, unit = self.roster.with_unit(self.target, character, self.library)
        except ValueError as error:
            self.notify(str(error), severity="error")
            return
        self._change(roster, f"unit:{unit.id}")

    # -- the actions

    @work(exclusive=True, group="roster")
    async def action_new_character(self) -> None:
        side = self._side(self.target)
        form = CharacterFormScreen(self.library, side.name, self.folder)
        made: NewCharacter | None = await self.app.push_screen_wait(form)
        if made is None:
            return
        if made.save:
            try:
                character_id, path = save_character(made.character, self.folder, self.library.characters)
            except OSError as error:
                message = f"Cannot save it in {self.folder}: {error.strerror or error}; the character is used anyway."
                self.notify(message)
            else:
                self._know(character_id, made.character)
                self.notify(f"Saved {made.character.name} as {shown(path)}.", timeout=4)
        self._add(made.character)

    def _know(self, character_id: str, character: Character) -> None:
        """A character just saved becomes a ready one, here and for the rest of the app."""
        self.library = with_character(self.library, character_id, character)
        if isinstance(self.app, KeepsLibrary) and self.app.library.root == self.library.root:
            self.app.library = self.library
        self._show_ready()

    @property
    def _named(self) -> Library:
        """The library whose characters the fight's file names by id (`character = "raider"`): the ids are
        found in the folder the file is loaded from, so in another folder every character is written out."""
        return self.library if self.folder in self.library.folders() else attrs.evolve(self.library, characters={})

    def action_remove(self) -> None:
        option = self.query_one("#fight", OptionList).highlighted_option
        kind, _, item = (option.id or "").partition(":") if option else ("", "", "")
        if kind == "unit":
            index = self._unit_index(item)
            after = self.roster.units[index + 1 :] or self.roster.units[:index]
            same_side = [unit for unit in after if unit.side == self.roster.units[index].side]
            self._change(self.roster.without_unit(item), f"unit:{same_side[0].id}" if same_side else None)
        elif kind == "side" and self.roster.side_units(item):
            self.notify("Remove the side's units first.", severity="warning")
        elif kind == "side" and len(self.roster.sides) <= 2:
            self.notify("A fight needs two sides: rename this one instead (r).", severity="warning")
        elif kind == "side":
            self._change(self.roster.without_side(item))
        else:
            self.notify("Pick a unit in the fight (Tab, then the arrows) to remove it.", severity="warning")

    def action_next_side(self) -> None:
        ids = [side.id for side in self.roster.sides]
        self.target = ids[(ids.index(self.target) + 1) % len(ids)]
        self._show_fight()

    @work(exclusive=True, group="roster")
    async def action_rename_side(self) -> None:
        side = self._side(self.target)
        name = await self.app.push_screen_wait(AskScreen(f"New name for {side.name}", side.name))
        if name and name.strip():
            index = [s.id for s in self.roster.sides].index(side.id)
            roster = self.roster.with_side_renamed(side.id, name.strip())
            self.target = roster.sides[index].id
            self._change(roster)

    def action_control(self) -> None:
        side = self._side(self.target)
        control = CONTROLS[(CONTROLS.index(side.control) + 1) % len(CONTROLS)]
        self._change(self.roster.with_control(side.id, control))

    @work(exclusive=True, group="roster")
    async def action_add_side(self) -> None:
        name = await self.app.push_screen_wait(AskScreen("Name of the new side", placeholder="e.g. Raiders"))
        if name and name.strip():
            roster, side = self.roster.with_side(name.strip())
            self.target = side.id
            self._change(roster)

    @work(exclusive=True, group="roster")
    async def action_save(self) -> None:
        await self._save()

    @work(exclusive=True, group="roster")
    async def action_start(self) -> None:
        unchanged = self.saved_as is not None and self.roster == self.saved_roster
        path = self.saved_as if unchanged else await self._save()
        if path is None:
            return
        from apcombat.tui.screens.setup import SetupScreen

        try:
            self.app.push_screen(SetupScreen(path, self.library))
        except ContentError as error:
            self.notify("\n".join(error.problems), severity="error", timeout=12)

    @work(exclusive=True, group="roster")
    async def action_back(self) -> None:
        if self.roster.units and self.roster != self.saved_roster:
            choice = await self.app.push_screen_wait(
                ChoiceScreen(
                    "This fight is not saved.",
                    [("save", "Save it, then leave"), ("leave", "Leave without saving"), ("stay", "Stay here")],
                )
            )
            if choice == "stay" or choice is None or (choice == "save" and await self._save() is None):
                return
        self.app.pop_screen()

    async def _save(self) -> Path | None:
        """Ask the fight's name and write it to `encounters/<id>.toml`, asking before replacing a file this
        roster did not write; the file written, or None."""
        if self.roster.problems():
            self.notify(" ".join(self.roster.problems()), severity="warning")
            return None
        name = self.fight_name or " vs ".join(side.name for side in self.roster.sides)
        while True:
            answer = await self.app.push_screen_wait(AskScreen("Name of the fight (Enter saves)", name))
            if answer is None or not answer.strip():
                return None
            name = answer.strip()
            path = self.folder / ENCOUNTERS_FOLDER / f"{content_id(name, 'fight')}.toml"
            if not path.exists() or path == self.saved_as:
                break
            choice = await self.app.push_screen_wait(
                ChoiceScreen(
                    f"{ENCOUNTERS_FOLDER}/{path.name} already exists.",
                    [("other", "Give another name"), ("replace", "Replace it"), ("cancel", "Cancel")],
                )
            )
            if choice == "replace":
                break
            if choice != "other":
                return None
        try:
            write_text_file(path, encounter_to_toml(self.roster.encounter(name, self.library), self._named))
        except OSError as error:
            self.notify(f"Cannot save {path}: {error.strerror or error}.", severity="error", timeout=10)
            return None
        self.fight_name, self.saved_as, self.saved_roster = name, path, self.roster
        self._show_target()
        self.notify(f"Saved as {shown(path)}: it is on the title screen's list.", timeout=4)
        return path
