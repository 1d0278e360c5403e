"""What the editor screen's parts (`Painting`, and the panels' keys) use of the screen they are mixed into.
Declared for the type checker only: at run time the parts are plain mixins and `EditorScreen` has all of it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.screen import Screen

from apcombat.editor import EditorSession
from apcombat.model import Cell, Encounter
from apcombat.tui.widgets.map_view import MapOverlay, MapView

if TYPE_CHECKING:
    _Screen = Screen
else:
    _Screen = object


class EditorFace(_Screen):
    """The editor screen as its parts see it."""

    session: EditorSession
    side_id: str | None  # the side a unit placed next joins (UnitKeys)

    if TYPE_CHECKING:

        @property
        def encounter(self) -> Encounter: ...

        @property
        def map_view(self) -> MapView: ...

        @property
        def cursor(self) -> Cell: ...

        def edit(self, words: str, change: Callable[[Encounter], Encounter]) -> bool: ...

        def show_fight(self) -> None: ...

        def shown_encounter(self) -> Encounter: ...

        def show_hint(self) -> None: ...

        def action_save(self) -> None: ...

        def overlay(self) -> MapOverlay: ...
