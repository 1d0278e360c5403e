"""The game master's note on a unit (issue 28, item 4): one line, beside the unit's name on the game master's
screens only. `N` in table mode on the unit picked, `g`, "A note on a unit" on every game master's screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from apcombat.engine import NOTE_LENGTH, GmNote, note_problem
from apcombat.model import Unit
from apcombat.tui.screens.dialogs import AskScreen

if TYPE_CHECKING:
    from apcombat.tui.screens.gm import GmTable


def ask_note(screen: GmTable, unit: Unit) -> None:
    """The one-line dialog, holding the unit's note: Enter sets what it holds (`gm note WHO TEXT`), emptied it
    clears the note (`gm note WHO`), Escape changes nothing."""
    prompt = f"Note on {unit.name}, seen only by the game master (at most {NOTE_LENGTH} characters; empty clears it):"

    def answered(text: str | None) -> None:
        note = GmNote(unit.id, text or "")
        if text is not None and note.text != unit.note:
            screen.act(note)

    screen.app.push_screen(AskScreen(prompt, unit.note, "has the key", check=note_problem), answered)
