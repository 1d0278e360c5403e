"""Saves: versioned TOML save files written atomically, read back with every check, and replayed.

A save holds the seed, the dice, the history of commands, the starting encounter and the current one, and
the version of the rules its history was played under: `load_game` (or `open_save`, with its warning) goes
on exactly where the game stopped, after checking that the state follows from the history; `replay_save`
plays it again from the start.
"""

from apcombat.content.user_files import saves_folder  # the user-files policy decides where saves go
from apcombat.saves.autosaving import (
    Autosave,
    AutosaveClaim,
    BackgroundAutosave,
    autosave_path,
    autosaves,
    claim_autosave,
    is_autosave,
)
from apcombat.saves.errors import SaveError
from apcombat.saves.files import (
    OpenedSave,
    SaveInfo,
    autosave,
    is_save,
    list_saves,
    load_game,
    open_save,
    read_save,
    replay_save,
    save_game,
)
from apcombat.saves.format import FORMAT_VERSION, SaveFile, save_text
from apcombat.saves.migrations import MIGRATIONS, Migration, upgrade
from apcombat.saves.writing import replace_whole, saved_by_another, write_atomically

__all__ = [
    "FORMAT_VERSION",
    "MIGRATIONS",
    "Autosave",
    "AutosaveClaim",
    "BackgroundAutosave",
    "Migration",
    "OpenedSave",
    "SaveError",
    "SaveFile",
    "SaveInfo",
    "autosave",
    "autosave_path",
    "autosaves",
    "claim_autosave",
    "is_autosave",
    "is_save",
    "list_saves",
    "load_game",
    "open_save",
    "read_save",
    "replace_whole",
    "replay_save",
    "save_game",
    "save_text",
    "saved_by_another",
    "saves_folder",
    "upgrade",
    "write_atomically",
]
