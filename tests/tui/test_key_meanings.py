"""A key means one thing on every screen: ctrl+s saves wherever it is bound."""

from __future__ import annotations

from apcombat.tui.screens.character_form import CharacterFormScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.roster import RosterScreen
from apcombat.tui.screens.setup import SetupScreen


def _actions_of(screen: type, key: str) -> list[str]:
    return [
        binding.action
        for binding in screen.BINDINGS
        if key in [name.strip() for name in binding.key.split(",")]  # type: ignore[union-attr]
    ]


def test_ctrl_s_saves_on_every_screen_that_binds_it() -> None:
    screens = (GameScreen, RosterScreen, SetupScreen, CharacterFormScreen)
    actions = {screen.__name__: _actions_of(screen, "ctrl+s") for screen in screens}
    assert actions == {"GameScreen": ["save"], "RosterScreen": ["save"], "SetupScreen": [], "CharacterFormScreen": []}
    assert _actions_of(SetupScreen, "f10") == ["start"] and _actions_of(CharacterFormScreen, "f10") == ["submit"]
