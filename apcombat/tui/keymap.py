"""Remappable keys: every binding has an id; a TOML file maps ids to keys.

# keys.toml in the user config folder, e.g. ~/.config/apcombat (or the file named by APCOMBAT_KEYS)
[keys]
"game.fire" = "f,enter"
"map.cursor_up" = "up,w"

The file is read when the app is made (`load_keymap`); its ids and key names are checked against the app's
bindings when it starts (`check_keymap`): each problem is one sentence naming the id or key and what to do.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path

from textual.keys import KEY_TO_UNICODE_NAME, REPLACED_KEYS, Keys

from apcombat.content.toml_files import read_toml
from apcombat.content.user_files import keys_file

QUIT_ID = "app.quit"
"""The binding that quits the app from every screen; a key file must leave it a key of its own."""

MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})
NAMED_KEYS = frozenset(key.value.rsplit("+", 1)[-1] for key in Keys if not key.value.startswith("<"))


def keymap_path() -> Path:
    """Where the player's key file is looked for (the user-files policy: apcombat.content.user_files)."""
    return keys_file()


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


def split_keys(keys: str) -> list[str]:
    """ "f, ctrl+f" -> ["f", "ctrl+f"]."""
    return [key.strip() for key in keys.split(",") if key.strip()]


def is_key_name(key: str) -> bool:
    """Whether a terminal key can have this name: modifiers (ctrl, shift, alt, meta, super, hyper) joined by +
    to one character, a named key (up, pageup, f5, enter ...) or a character's name (question_mark, colon)."""
    *modifiers, base = _parts(key)
    if not base or any(modifier not in MODIFIERS for modifier in modifiers):
        return False
    if len(base) == 1 or base in NAMED_KEYS or base in KEY_TO_UNICODE_NAME or base in REPLACED_KEYS:
        return True
    try:
        return len(unicodedata.lookup(base.replace("_", " ").upper())) == 1
    except KeyError:
        return False


def _parts(key: str) -> list[str]:
    """ "ctrl+shift+x" -> ["ctrl", "shift", "x"]; "+" and "ctrl++" end with the character +."""
    if key.endswith("+"):
        return [*key[:-1].split("+")[:-1], "+"] if len(key) > 1 else ["+"]
    return key.split("+")


def is_typed(key: str) -> bool:
    """Whether the key types a character (a text box takes it instead of a binding): "q", "Q", "shift+q",
    "question_mark", "space"."""
    *modifiers, base = _parts(key)
    return set(modifiers) <= {"shift"} and (len(base) == 1 or base == "space" or base not in NAMED_KEYS)


def check_keymap(
    keymap: Mapping[str, str], defaults: Mapping[str, str], widget_keys: Iterable[str] = ()
) -> tuple[dict[str, str], list[str]]:
    """The keymap the app can use, and a sentence for each problem (the caller names the file): an id no
    binding has, a key no terminal sends (both left out), and a keymap that leaves nothing to quit the app with.

    `defaults` are the app's binding ids with their default keys; `widget_keys` the keys Textual's own widgets
    (text boxes, lists) take first. Quitting needs a key of `app.quit` that no other binding has and that does
    not type a character; without one, quitting keeps its default key (ctrl+q) and no other binding gets it.
    """
    usable: dict[str, str] = {}
    problems: list[str] = []
    for binding_id, keys in keymap.items():
        if binding_id not in defaults:
            problems.append(f'there is no binding "{binding_id}"; see the key list (?) for the ids, or remove the line')
            continue
        good = [key for key in split_keys(keys) if is_key_name(key)]
        for key in split_keys(keys):
            if key not in good:
                problems.append(
                    f'"{binding_id}": "{key}" is not a key name (write keys like "f", "ctrl+f", "f5", '
                    f'"pageup" or "question_mark"); it is left out'
                )
        if good:
            usable[binding_id] = ",".join(good)
        else:
            problems.append(f'"{binding_id}" has no usable key left; it keeps its default key')
    quit_keys = _own_quit_keys({**defaults, **usable}, widget_keys)
    if not quit_keys:
        default_quit = defaults[QUIT_ID]
        problems.append(
            f'with these keys nothing quits the app on every screen ("{QUIT_ID}" needs a key that no '
            f"other binding uses and that does not type a letter); {default_quit} quits as by default and does "
            "nothing else — "
            f'give "{QUIT_ID}" such a key'
        )
        usable.pop(QUIT_ID, None)
        taken = set(split_keys(default_quit))
        for binding_id in list(usable):
            kept = [key for key in split_keys(usable[binding_id]) if key not in taken]
            if kept:
                usable[binding_id] = ",".join(kept)
            else:
                usable.pop(binding_id)
    return usable, problems


def _own_quit_keys(bindings: Mapping[str, str], widget_keys: Iterable[str]) -> list[str]:
    """The keys of app.quit that nothing else takes first."""
    others = set(widget_keys)
    for binding_id, keys in bindings.items():
        if binding_id != QUIT_ID:
            others.update(split_keys(keys))
    return [key for key in split_keys(bindings[QUIT_ID]) if key not in others and not is_typed(key)]


def widget_keys() -> set[str]:
    """The keys Textual's widgets of the app's screens take while they have the focus (text boxes, lists,
    tables, scrolling panes)."""
    from textual.containers import ScrollableContainer
    from textual.widgets import Button, Checkbox, DataTable, Input, OptionList, Select

    keys: set[str] = set()
    for widget in (Input, OptionList, Select, DataTable, Checkbox, Button, ScrollableContainer):
        for binding in widget._merged_bindings.key_to_bindings if widget._merged_bindings else ():
            keys.update(split_keys(binding))
    return keys
