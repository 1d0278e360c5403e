"""A key means one thing on every screen: ctrl+s saves wherever it is bound."""

from __future__ import annotations

from apcombat.tui.keymap import split_keys
from apcombat.tui.screens.help import all_bindings


def _actions_of(key: str) -> dict[str, str]:
    """The action `key` has in each place of `?`'s list of bindings."""
    return {place: binding.action for place, binding in all_bindings() if key in split_keys(binding.key)}


def test_ctrl_s_saves_on_every_screen_that_binds_it() -> None:
    # It was "save" on the battlefield and "Start" on the set-up, "Add" on the character form.
    assert _actions_of("ctrl+s") == {
        "game": "save",
        "roster": "save",
        "resolver": "save",
        "editor": "save",
        "editor: rules and name": "save",
    }
    # The editor's f10 plays the fight: the set-up screen, whose f10 starts it.
    assert _actions_of("f10") == {"roster": "start", "set-up": "start", "new character": "submit", "editor": "play"}


def test_full_stop_goes_to_the_acting_unit() -> None:
    assert _actions_of("full_stop") == {"game": "to_active"}
