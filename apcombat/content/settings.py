"""What the program remembers for the user between runs (settings.toml in the user config folder, see
apcombat.content.user_files): today, whether the demo duel's tutorial hints are shown."""

from __future__ import annotations

import contextlib
from typing import Any

import tomli_w

from apcombat.content.toml_files import read_toml
from apcombat.content.user_files import settings_file
from apcombat.content.writer import write_text_file

HINTS = "hints"
"""The setting of the tutorial's hints: true (the default) or false."""


def read_settings() -> dict[str, Any]:
    """The remembered settings; none when the file is missing or cannot be read (the defaults apply)."""
    path = settings_file()
    if not path.is_file():
        return {}
    loaded = read_toml(path)
    return loaded.value if isinstance(loaded.value, dict) else {}


def hints_on() -> bool:
    """Whether the tutorial's hints are shown (they are until switched off)."""
    return read_settings().get(HINTS, True) is not False


def remember(key: str, value: bool | int | str) -> None:
    """Remember one setting, keeping the others. An unwritable config folder is not an error the player has
    to deal with: the setting then lasts until the program ends."""
    known = read_settings()
    if known.get(key) == value:
        return  # as remembered already: nothing to write
    settings = known | {key: value}
    with contextlib.suppress(OSError):
        write_text_file(settings_file(), "# apcombat's remembered settings\n" + tomli_w.dumps(settings))
