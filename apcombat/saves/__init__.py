"""Saves: versioned TOML save files written atomically, read back with every check, and replayed.

A save holds the seed, the dice, the history of commands, the starting encounter and the current one, and
the version of the rules its history was played under: `load_game` (or `open_save`, with its warning) goes
on exactly where the game stopped, after checking that the state follows from the history; `replay_save`
plays it again from the start.

The names below are imported from their modules when first used: the app claims its autosave and the title
screen lists the autosaves (`apcombat.saves.autosaving`, light) before the engine and the save format are loaded.
"""

from __future__ import annotations

from apcombat.content.user_files import saves_folder  # the user-files policy decides where saves go
from apcombat.lazy_names import lazy_names

_HOME = {
    "Autosave": "autosaving",
    "AutosaveClaim": "autosaving",
    "autosave_path": "autosaving",
    "autosaves": "autosaving",
    "claim_autosave": "autosaving",
    "is_autosave": "autosaving",
    "BackgroundAutosave": "background",
    "SaveError": "errors",
    "OpenedSave": "files",
    "SaveInfo": "files",
    "autosave": "files",
    "is_save": "files",
    "list_saves": "files",
    "load_game": "files",
    "open_save": "files",
    "read_save": "files",
    "replay_save": "files",
    "save_game": "files",
    "FORMAT_VERSION": "format",
    "SaveFile": "format",
    "save_text": "format",
    "MIGRATIONS": "migrations",
    "Migration": "migrations",
    "upgrade": "migrations",
    "replace_whole": "writing",
    "saved_by_another": "writing",
    "write_atomically": "writing",
}
"""Each public name but `saves_folder`, and the module of this package that defines it."""

__all__ = ["saves_folder", *sorted(_HOME)]
__getattr__, __dir__ = lazy_names(__name__, _HOME)
