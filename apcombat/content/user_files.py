"""Where everything the program writes for the user goes: one policy, asked by every writer.

The built-in content (the checkout's `content/`, or the copy inside the installed package) is only ever read.
What the user makes lives in the platform's user folders, found by platformdirs:

- the user's content: characters and fights made in the roster, scenarios saved from the attack resolver
  (`characters/`, `encounters/`, `scenarios/` under the user data folder, laid out like `content/`);
- game saves: the folder APCOMBAT_SAVES names; else `./saves` when that folder exists where the program runs
  (a checkout has one); else `saves/` under the user data folder;
- keys.toml and settings.toml: the user config folder (APCOMBAT_KEYS names another key file);
- crash reports: the user log folder.

Nothing here makes a folder: each writer makes the one it writes into when it first writes.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "apcombat"
SAVES_ENV = "APCOMBAT_SAVES"
"""The environment variable naming the saves folder (set but empty counts as unset)."""
KEYS_ENV = "APCOMBAT_KEYS"
"""The environment variable naming the key file."""
SAVES_FOLDER = "saves"
KEYS_FILE = "keys.toml"
SETTINGS_FILE = "settings.toml"


def user_content_folder() -> Path:
    """The user's own content (characters/, encounters/, scenarios/): the user data folder, e.g.
    ~/.local/share/apcombat on Linux, ~/Library/Application Support/apcombat on macOS,
    %LOCALAPPDATA%\\apcombat on Windows."""
    return platformdirs.user_data_path(APP, appauthor=False)


def user_content_if_any() -> Path | None:
    """The user's own content folder if it exists (nothing made there yet: None, and nothing more to read)."""
    folder = user_content_folder()
    return folder if folder.is_dir() else None


def saves_folder() -> Path:
    """Where game saves go: $APCOMBAT_SAVES if set, else ./saves if that folder exists here, else saves/ in the
    user data folder."""
    named = os.environ.get(SAVES_ENV)
    if named:
        return Path(named)
    here = Path.cwd() / SAVES_FOLDER
    if here.is_dir():
        return here
    return user_content_folder() / SAVES_FOLDER


def config_folder() -> Path:
    """The user config folder: ~/.config/apcombat, ~/Library/Application Support/apcombat, or
    %LOCALAPPDATA%\\apcombat."""
    return platformdirs.user_config_path(APP, appauthor=False)


def keys_file() -> Path:
    """The key file: $APCOMBAT_KEYS if set, else keys.toml in the user config folder."""
    named = os.environ.get(KEYS_ENV)
    return Path(named) if named else config_folder() / KEYS_FILE


def settings_file() -> Path:
    """The settings the program remembers for the user (the tutorial's hints on or off)."""
    return config_folder() / SETTINGS_FILE


def crash_folder() -> Path:
    """Where crash reports go: the user log folder (~/.local/state/apcombat/log, ~/Library/Logs/apcombat,
    %LOCALAPPDATA%\\apcombat\\Logs)."""
    return platformdirs.user_log_path(APP, appauthor=False)
