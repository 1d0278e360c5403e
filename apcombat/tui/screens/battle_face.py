"""What the game screen's parts (`BattleView`, `BattleKeys`) use of the screen they are mixed into: the
session and state, the acting unit, the hint line, playing a command. Declared for the type checker only: at
run time the parts are plain mixins and `GameScreen` has all of it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from apcombat.engine import Command
from apcombat.model import Cell, Encounter, Unit
from apcombat.tui.ai_turns import AiTurns
from apcombat.tui.session import Session
from apcombat.tui.tutorial import Tutorial

if TYPE_CHECKING:
    _Screen = Screen
else:
    _Screen = object


class BattleFace(_Screen):
    """The game screen as its parts see it."""

    session: Session
    overlays: set[str]
    ai: AiTurns
    tutorial: Tutorial

    if TYPE_CHECKING:

        @property
        def state(self) -> Encounter: ...

        @property
        def active_unit(self) -> Unit | None: ...

        @property
        def map_cursor(self) -> Cell: ...

        def act(self, line: Command | str) -> None: ...

        def hint(self, text: str) -> None: ...

        def refresh_view(self) -> None: ...
