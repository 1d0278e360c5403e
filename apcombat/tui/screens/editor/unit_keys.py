"""The units' keys of the editor: place a unit at the cursor (`a`, from the characters folders or a new
character), its start form (Enter on it), grab and drop it (`g`), turn it (`t`/`T`), remove it (`x`), copy it
(`c`, placed like a grab), the sides dialog (`s`), Tab/shift+Tab from unit to unit. Each change is one edit."""

from __future__ import annotations

from pathlib import Path

import attrs
from textual import work
from textual.binding import Binding

from apcombat.content.roster import with_character
from apcombat.content.user_files import user_content_folder
from apcombat.editor.fight_edits import copy_unit, ids, move_unit, place_unit, remove_unit, turned, units_at
from apcombat.model import Cell, Character, Encounter, Unit
from apcombat.tui.screens.character_form import CharacterFormScreen, NewCharacter, save_character
from apcombat.tui.screens.editor.face import EditorFace
from apcombat.tui.screens.editor.fighters_panel import FightersPanel
from apcombat.tui.screens.editor.sides_dialog import SidesDialog
from apcombat.tui.screens.editor.unit_form import UnitForm
from apcombat.tui.screens.editor.unit_picker import NEW_CHARACTER, Placement, UnitPicker
from apcombat.tui.screens.roster import KeepsLibrary
from apcombat.tui.widgets.map_palettes import palette_of
from apcombat.tui.widgets.map_view import MapView

UNIT_BINDINGS = [
    Binding("a", "add_unit", "Add unit", id="editor.add_unit"),
    Binding("n", "new_character", "New character", show=False, id="editor.new_character"),
    Binding("g", "grab", "Grab/drop", show=False, id="editor.grab"),
    Binding("t", "turn(1)", "Turn", show=False, id="editor.turn"),
    Binding("T", "turn(-1)", "Turn back", show=False, id="editor.turn_back"),
    Binding("x,delete", "remove_unit", "Remove unit", show=False, id="editor.remove_unit"),
    Binding("c", "copy_unit", "Copy unit", show=False, id="editor.copy_unit"),
    Binding("s", "sides", "Sides", id="editor.sides"),
    Binding("tab", "next_unit(1)", "Next unit", show=False, id="editor.next_unit"),
    Binding("shift+tab", "next_unit(-1)", "Previous unit", show=False, id="editor.previous_unit"),
]


def where(cell: Cell | None) -> str:
    return f"{cell[0]},{cell[1]}" if cell is not None else "the table"


class UnitKeys(EditorFace):
    """The units' and sides' keys of the editor's screen."""

    side_id: str | None = None
    """The side a unit placed next joins (the picker's choice, or the side of the unit last selected)."""
    grabbed: str | None = None
    """The unit carried with the cursor (g, c), dropped with Enter or g, put back with Escape."""
    grab_copies: bool = False
    _fighters_shown: tuple[Encounter, tuple[str, ...]] | None = None

    # ----- what is under the cursor ------------------------------------------------------------------------------

    @property
    def selected(self) -> Unit | None:
        """The unit being carried, else the unit under the cursor."""
        wanted = self.grabbed
        if wanted is None:
            here = units_at(self.encounter, self.cursor)
            return here[0] if here else None
        return next((unit for unit in self.encounter.units if unit.id == wanted), None)

    def _current_side(self) -> str | None:
        selected = self.selected
        if selected is not None:
            self.side_id = selected.side
        sides = [side.id for side in self.encounter.sides]
        if self.side_id not in sides:
            self.side_id = sides[0] if sides else None
        return self.side_id

    def shown_encounter(self) -> Encounter:
        """The fight as drawn: a grabbed unit (or its copy) follows the cursor before it is dropped."""
        unit = self.selected if self.grabbed is not None else None
        if unit is None or self.encounter.map is None or not self.encounter.map.inside(self.cursor):
            return self.encounter
        if self.grab_copies:
            return copy_unit(self.encounter, unit.id, self.cursor)[0]
        return move_unit(self.encounter, unit.id, self.cursor)

    def units_hint(self) -> str:
        if self.grabbed is None:
            return ""
        doing = "copying" if self.grab_copies else "moving"
        return f" · {doing} {self.grabbed}: Enter or g drops, Esc puts back"

    # ----- placing ---------------------------------------------------------------------------------------------------

    @work(exclusive=True, group="editor-units")
    async def action_add_unit(self) -> None:
        side = self._current_side()
        if side is None:
            self.notify("Add a side first (s)", severity="warning")
            return
        at = self.cursor if self.encounter.map is not None else None
        picker = UnitPicker(self.session.library, self.encounter, side, where(at))
        placement: Placement | None = await self.app.push_screen_wait(picker)
        if placement is None:
            return
        self.side_id = placement.side
        if placement.character == NEW_CHARACTER:
            await self._new_character(placement.side, at)
        else:
            self._place(placement.character, placement.side, at)

    @work(exclusive=True, group="editor-units")
    async def action_new_character(self) -> None:
        side = self._current_side()
        if side is None:
            self.notify("Add a side first (s)", severity="warning")
            return
        await self._new_character(side, self.cursor if self.encounter.map is not None else None)

    async def _new_character(self, side_id: str, at: Cell | None) -> None:
        """The roster's character form; a character saved there joins the user's characters folder."""
        library = self.session.library
        folder = library.user_root or user_content_folder()  # the user's characters folder, as the roster's
        side_name = next((side.name for side in self.encounter.sides if side.id == side_id), side_id)
        made: NewCharacter | None = await self.app.push_screen_wait(CharacterFormScreen(library, side_name, folder))
        if made is None:
            return
        if made.save:
            try:
                character_id, path = save_character(made.character, folder, library.characters)
            except OSError as error:
                self.notify(f"Cannot save it in {folder}: {error.strerror or error}; the character is used anyway.")
            else:
                self._know(character_id, made.character, folder)
                self.notify(f"Saved {made.character.name} as {path}", timeout=4)
                self._place(character_id, side_id, at)
                return
        self._place_character(made, side_id, at)

    def _know(self, character_id: str, character: Character, folder: Path) -> None:
        """A character just saved is a ready one from now on, here and for the rest of the app (its folder the
        user's content folder, where a fight's `character = "..."` finds it)."""
        library = with_character(self.session.library, character_id, character)
        self.session.library = attrs.evolve(library, user_root=library.user_root or folder)
        if isinstance(self.app, KeepsLibrary) and self.app.library.root == library.root:
            self.app.library = self.session.library

    def _place_character(self, made: NewCharacter, side_id: str, at: Cell | None) -> None:
        library = self.session.library
        self.edit(
            f"placed {made.character.name} at {where(at)}",
            lambda e: place_unit(e, library, side_id, made.character, at)[0],
        )

    def _place(self, character_id: str, side_id: str, at: Cell | None) -> None:
        library = self.session.library
        name = library.characters[character_id].name if character_id in library.characters else character_id
        self.edit(f"placed {name} at {where(at)}", lambda e: place_unit(e, library, side_id, character_id, at)[0])

    # ----- the unit under the cursor ----------------------------------------------------------------------------------

    def _unit_here(self) -> Unit | None:
        unit = self.selected
        if unit is None:
            self.notify("No unit here: move the cursor onto one (Tab goes from unit to unit)")
        return unit

    def action_grab(self) -> None:
        if self.grabbed is not None:
            self.drop()
            return
        unit = self._unit_here()
        if unit is not None:
            self.grabbed, self.grab_copies = unit.id, False
            self.show_fight()

    def action_copy_unit(self) -> None:
        unit = self._unit_here()
        if unit is not None:
            self.grabbed, self.grab_copies = unit.id, True
            self.show_fight()

    def drop(self) -> None:
        """Drop the carried unit (or its copy) on the cursor's cell: one edit."""
        unit, copies, at = self.selected, self.grab_copies, self.cursor
        self.grabbed, self.grab_copies = None, False
        if unit is None:
            self.show_fight()
            return
        if copies:
            changed = self.edit(f"copied {unit.name} to {where(at)}", lambda e: copy_unit(e, unit.id, at)[0])
        elif unit.at == at:
            changed = False
        else:
            changed = self.edit(f"moved {unit.name} to {where(at)}", lambda e: move_unit(e, unit.id, at))
        if not changed:
            self.show_fight()

    def cancel_grab(self) -> bool:
        """Put the carried unit back where it was (Escape); whether one was carried."""
        if self.grabbed is None:
            return False
        self.grabbed, self.grab_copies = None, False
        self.show_fight()
        return True

    def action_turn(self, steps: int) -> None:
        unit = self._unit_here()
        if unit is None:
            return
        way = "clockwise" if steps > 0 else "back"
        self.edit(f"turned {unit.name} {way}", lambda e: turned(e, unit.id, steps))

    def action_remove_unit(self) -> None:
        unit = self._unit_here()
        if unit is not None:
            self.grabbed = None
            self.edit(f"removed {unit.name} from {where(unit.at)}", lambda e: remove_unit(e, unit.id))

    def action_next_unit(self, steps: int) -> None:
        units = [unit for unit in self.encounter.units if unit.at is not None]
        if not units:
            self.notify("No units placed yet: a adds one at the cursor")
            return
        here = next((index for index, unit in enumerate(units) if unit.at == self.cursor), -1 if steps > 0 else 0)
        self.jump_to(units[(here + steps) % len(units)].id)

    def jump_to(self, unit_id: str) -> None:
        """The cursor on the unit (the fighters panel's click, Tab)."""
        unit = next((unit for unit in self.encounter.units if unit.id == unit_id), None)
        if unit is None or unit.at is None:
            return
        self.map_view.cursor = unit.at
        self.side_id = unit.side
        self.show_fight()

    def on_map_view_cell_chosen(self, message: MapView.CellChosen) -> None:
        if self.grabbed is not None:
            self.drop()
            return
        unit = self.selected
        if unit is not None:
            self.app.push_screen(UnitForm(self, unit.id))

    def on_map_view_cursor_moved(self, _: MapView.CursorMoved) -> None:
        if self.grabbed is not None:
            self.show_fight()
        else:
            self.show_fighters()

    def show_fighters(self) -> None:
        """The fighters panel, the unit under the cursor highlighted (drawn again only when that changes)."""
        here = ids(units_at(self.encounter, self.cursor))
        if (self.encounter, here) != self._fighters_shown:
            self._fighters_shown = (self.encounter, here)
            self.query_one(FightersPanel).show(self.session, self.cursor, palette_of(self.app))

    def on_fighters_panel_unit_clicked(self, message: FightersPanel.UnitClicked) -> None:
        self.jump_to(message.unit_id)
        self.map_view.focus()

    # ----- sides -----------------------------------------------------------------------------------------------------

    def action_sides(self) -> None:
        self.app.push_screen(SidesDialog(self))
