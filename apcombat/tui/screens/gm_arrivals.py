"""The game master's menu, reinforcements and bystanders (issue 28): "Bring in a unit" — a character of the
characters folders (or a new one from the character form, saved to the user's folder first), its side (or a
new one), an id offered, and on a map its cell (the cursor's offered) — plays `gm add ID CHARACTER SIDE
[X,Y]`; "Remove a unit" (the picked one in table mode) plays `gm remove WHO`. The engine judges both."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from apcombat.content import Library
from apcombat.content.paths import shown
from apcombat.content.roster import content_id, new_unit_id, with_character
from apcombat.content.user_files import user_content_folder
from apcombat.engine import SNAPSHOT_NAME_LENGTH, GmRemove, typed_line
from apcombat.tui.screens.character_form import CharacterFormScreen, NewCharacter, save_character
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.editor.unit_picker import NEW_CHARACTER, NEW_SIDE, Placement, UnitPicker

if TYPE_CHECKING:
    from apcombat.tui.screens.gm import GmTable


def bring_in(screen: GmTable) -> None:
    """Pick the character and its side; then the id, and on a map the cell."""
    state = screen.state
    side = state.unit(state.active).side if state.active is not None else state.sides[0].id
    at = f"{screen.map_cursor[0]},{screen.map_cursor[1]}" if state.map is not None else "the table"
    picker = UnitPicker(_library(screen), state, side, at, title=f"Bring in a unit ({at})", new_side=True)

    def picked(placement: Placement | None) -> None:
        if placement is not None:
            _picked(screen, placement)

    screen.app.push_screen(picker, picked)


def picked_unit(screen: GmTable) -> str | None:
    """The unit picked on the table (table mode's keys act on it), if any."""
    picked = getattr(screen, "picked_id", None)
    return picked() if callable(picked) else None


def remove_entry(screen: GmTable) -> tuple[str, str]:
    """The menu's entry: it names the picked unit, whom it removes."""
    picked = picked_unit(screen)
    if picked is None:
        return ("remove", "Remove a unit from the fight (fled, left the table)")
    return ("remove", f"Remove {screen.state.unit(picked).name} (picked) from the fight: fled, left the table")


def remove_unit(screen: GmTable) -> None:
    """`gm remove WHO` for the picked unit (table mode), else one chosen among those in the fight."""
    picked = picked_unit(screen)
    if picked is not None:
        screen.act(GmRemove(picked))
        return
    options = [(unit.id, f"{unit.name} ({unit.id})") for unit in screen.state.units if not unit.down]
    title = "Who leaves the fight (fled, or left the table)?"

    def chosen(uid: str | None) -> None:
        if uid:
            screen.act(GmRemove(uid))

    screen.app.push_screen(ChoiceScreen(title, options), chosen)


def _library(screen: GmTable) -> Library:
    library: Library = screen.app.library  # type: ignore[attr-defined]  # the app keeps it (KeepsLibrary)
    return library


def _picked(screen: GmTable, placement: Placement) -> None:
    if placement.character != NEW_CHARACTER:
        _side_of(screen, placement.character, placement.side)
        return
    library = _library(screen)
    folder = library.user_root or user_content_folder()
    side = next((side.name for side in screen.state.sides if side.id == placement.side), "a new side")

    def made(new: NewCharacter | None) -> None:
        if new is not None and (character_id := _saved(screen, new, folder)) is not None:
            _side_of(screen, character_id, placement.side)

    screen.app.push_screen(CharacterFormScreen(library, side, folder), made)


def _saved(screen: GmTable, new: NewCharacter, folder: Path) -> str | None:
    """The new character written to the user's characters folder (`gm add` names a character of the folders),
    and known to the app from now on; None after saying why it could not be written."""
    library = _library(screen)
    try:
        character_id, path = save_character(new.character, folder, library.characters)
    except OSError as error:
        screen.notify(f"Cannot save the character in {folder}: {error.strerror or error}; bring it in again.")
        return None
    known = with_character(library, character_id, new.character)
    screen.app.library = attrs.evolve(known, user_root=known.user_root or folder)  # type: ignore[attr-defined]
    screen.notify(f"Saved {new.character.name} as {shown(path)}.")
    return character_id


def _side_of(screen: GmTable, character: str, side: str) -> None:
    if side != NEW_SIDE:
        _ask_id(screen, character, side)
        return

    def named(name: str | None) -> None:
        if name and name.strip():
            side_id = content_id(name, "side")[:SNAPSHOT_NAME_LENGTH].strip("_")  # a long name: its id cut
            _ask_id(screen, character, side_id)

    ask = AskScreen("The new side's name (the game master plays it):", "Bystanders")  # offered: Enter takes it
    screen.app.push_screen(ask, named)


def _ask_id(screen: GmTable, character: str, side: str) -> None:
    """The newcomer's id: one made from the character's name, not taken, offered."""
    sheet = _library(screen).characters.get(character)
    offered = new_unit_id(sheet.name if sheet else character, (unit.id for unit in screen.state.units))

    def chosen(new: str | None) -> None:
        if new and new.strip():
            _ask_cell(screen, new.strip(), character, side)

    screen.app.push_screen(AskScreen("The newcomer's id (its name in commands):", offered), chosen)


def _ask_cell(screen: GmTable, new: str, character: str, side: str) -> None:
    """In table mode the line is played; on a map the cell is asked, the cursor's offered."""
    if screen.state.map is None:
        screen.act(typed_line("gm", "add", new, character, side))
        return
    x, y = screen.map_cursor

    def chosen(cell: str | None) -> None:
        if cell and cell.strip():
            screen.act(typed_line("gm", "add", new, character, side, cell.strip()))

    screen.app.push_screen(
        AskScreen("Where does it stand? A free cell X,Y (the cursor's offered):", f"{x},{y}"), chosen
    )
