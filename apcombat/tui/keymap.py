"""Remappable keys: every binding has an id; a TOML file maps ids to keys.

# ~/.config/apcombat/keys.toml (or the file named by APCOMBAT_KEYS)
[keys]
"game.fire" = "f,enter"
"map.cursor_up" = "up,w"
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path


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
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        return {}, [f"{path}: the key file cannot be read ({error}); the default keys are used"]
    keys = data.get("keys", {})
    if not isinstance(keys, dict):
        return {}, [f'{path}: [keys] must be a table of binding id = "key,key"']
    keymap, problems = {}, []
    for binding_id, value in keys.items():
        if isinstance(value, str) and value.strip():
            keymap[binding_id] = value
        else:
            problems.append(f'{path}: keys.{binding_id}: expected keys like "f" or "ctrl+f,f5"')
    return keymap, problems
