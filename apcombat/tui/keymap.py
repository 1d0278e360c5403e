"""Remappable keys: every binding has an id; a TOML file maps ids to keys.

# ~/.config/apcombat/keys.toml (or the file named by APCOMBAT_KEYS)
[keys]
"game.fire" = "f,enter"
"map.cursor_up" = "up,w"
"""

from __future__ import annotations

import os
from pathlib import Path

from apcombat.content.toml_files import read_toml


def keymap_path() -> Path:
    """Where the player's key file is looked for."""
    if "APCOMBAT_KEYS" in os.environ:
        return Path(os.environ["APCOMBAT_KEYS"])
    base = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    return base / "apcombat" / "keys.toml"


def load_keymap(path: Path | None = None) -> tuple[dict[str, str], list[str]]:
    """The binding ids remapped by the player's file, and problems with it (one sentence each)."""
    path = path or keymap_path()
    if not path.exists():
        return {}, []
    loaded = read_toml(path)
    if loaded.value is None:
        return {}, [f"{problem}; the default keys are used" for problem in loaded.problems]
    keys = loaded.value.get("keys", {})
    if not isinstance(keys, dict):
        return {}, [f'{path}: [keys] must be a table of binding id = "key,key"']
    keymap, problems = {}, []
    for binding_id, value in keys.items():
        if isinstance(value, str) and value.strip():
            keymap[binding_id] = value
        else:
            problems.append(f'{path}: keys.{binding_id}: expected keys like "f" or "ctrl+f,f5"')
    return keymap, problems
