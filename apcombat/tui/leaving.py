"""Leaving a fight and loading one: the question asked before play would be left unsaved, and the lines that say
what a load brought back (the question before a save is replaced: `screens.dialogs.ask_before_replacing`)."""

from __future__ import annotations

from pathlib import Path

from apcombat.engine import Game
from apcombat.model.wording import counted
from apcombat.saves.autosaving import Autosave
from apcombat.tui.session import Session


def leave_question(session: Session | None) -> str | None:
    """What to ask before leaving the fight of `session`: None when there is no fight, it is over, or
    nothing was played since it was opened or saved."""
    if session is None or session.state.finished or not session.unsaved:
        return None
    autosave = session.autosave.path  # this app's own (another app running keeps another)
    return (
        f"Leave the fight? What was played since it was last saved is only in the autosave ({autosave}), "
        "which the next fight replaces."
    )


def loaded_line(path: Path, game: Game) -> str:
    """The notice after a load: which file, the fight's name, its round and whose turn it is."""
    state = game.state
    acting = next((unit.name for unit in state.units if unit.id == state.active), None)
    when = "in set-up" if state.round == 0 else f"round {state.round}" + (f", {acting}'s turn" if acting else "")
    return f"Loaded {path.name}: {state.name}, {when} ({counted(len(game.history), 'command')} played)."


def others_line(others: list[Autosave]) -> str:
    """After continuing an autosave: the other autosaves in the folder, each named, those another running
    app keeps said so ("" when there are none)."""
    if not others:
        return ""
    named = [f"{other.path.name}{' (another apcombat running keeps it)' if other.held else ''}" for other in others]
    return f"Other autosaves: {', '.join(named)} (l loads one)."


def nothing_to_continue(found: list[Autosave], own: Path) -> str:
    """Why the title's `c` continues nothing: no autosave yet, or each is kept by another app running."""
    if not found:
        return f"there is no save at {own}"
    named = ", ".join(autosave.path.name for autosave in found)
    return f"there is no autosave to continue here: {named} is another apcombat's, running (continue it there)"
