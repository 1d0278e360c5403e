"""Leaving a fight, saving over a file and loading one: the questions asked before play would be left unsaved
or a save replaced, and the line that says what a load brought back."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from textual.app import App
from textual.screen import Screen

from apcombat.engine import Game
from apcombat.model.wording import counted
from apcombat.saves.autosaving import Autosave


def leave_question(screens: Iterable[Screen]) -> str | None:
    """What to ask before leaving the fight on these screens: None when there is no fight, it is over, or
    nothing was played since it was opened or saved."""
    from apcombat.tui.screens.game import GameScreen

    game = next((screen for screen in screens if isinstance(screen, GameScreen)), None)
    if game is None or game.session.state.finished or not game.session.unsaved:
        return None
    autosave = game.session.autosave.path  # this app's own (another app running keeps another)
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


def ask_before_replacing(app: App, path: Path, own: bool, save: Callable[[str | None], None]) -> None:
    """Call `save("replace")` at once when `path` is free or is this fight's own save (`own`); else ask first
    whether to replace the save there, and call `save` with the answer."""
    if own or not path.exists():
        save("replace")
        return
    from apcombat.tui.screens.dialogs import ChoiceScreen

    question = f"{path} already holds a save. Replace it?"
    app.push_screen(
        ChoiceScreen(question, [("replace", "Replace it"), ("keep", "Keep it (save under another name)")]), save
    )
