"""Before you commit (issue 24 item 4): `M` previews a run before it runs, and `S` shows what the acting unit
would see from the cursor's cell without moving. Both ask the engine (its move preview, `sight_from`); both
act for the acting unit, so they are refused up front while it is not the player's turn. Mixed into the
game screen (`GameScreen`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from apcombat.engine import Move, SightFrom, sight_from
from apcombat.model import Cell, Encounter, Unit
from apcombat.tui.cursor_preview import CursorPreview, run_preview, sight_preview
from apcombat.tui.overlays import KeptOverlays
from apcombat.tui.screens.battle_face import BattleFace
from apcombat.tui.widgets.map_view import MapOverlay


@attrs.frozen
class Looking:
    """The sight from a cell that `S` shows: the acting unit's, from where it stood when asked, worked out
    for `state` (again for each new state while it stays: the enemies' watches may change)."""

    unit: str
    stood: Cell
    state: Encounter
    seen: SightFrom


class BeforeCommit(BattleFace):
    """The run's preview and the sight from the cursor, mixed into the game screen."""

    kept: KeptOverlays
    run_ready: tuple[Encounter, Cell] | None = None  # a run the first M previewed: a second M there runs it
    looking: Looking | None = None

    if TYPE_CHECKING:

        def _with_active(self, acting: bool = True) -> Unit | None: ...

        def show_cursor_preview(self, shown: CursorPreview) -> None: ...

        def _show_map(self) -> None: ...

    def run_key(self) -> None:
        """`M`: the first press draws the run to the cursor and says its cost (the engine's preview); a second
        press on the same cell, the state unchanged, runs. Out of reach, it only says so again."""
        unit = self._with_active()
        if unit is None:
            return
        cell = self.map_cursor
        ready = self.run_ready
        self.run_ready = None
        if ready is not None and ready[0] is self.state and ready[1] == cell:
            self.act(Move(unit.id, (cell,), True, manner="run"))
            return
        shown = run_preview(self.session, unit, cell)
        self.show_cursor_preview(shown)
        if shown.ready:
            self.run_ready = (self.state, cell)

    def cursor_left_the_run(self) -> None:
        """A cursor move cancels the run previewed (its path gives way to the walk's)."""
        self.run_ready = None

    def action_sight_from_cursor(self) -> None:
        """`S`: what the acting unit would see from the cursor's cell — the cells in sight from there and the
        enemy watch cones, the walk there in the hint line; again on the same cell, gone."""
        unit = self._with_active()
        if unit is None:
            return
        if self.state.map is None:
            self.hint("table mode has no map to look from")
            return
        cell = self.map_cursor
        if self.looking is not None and self.looking.seen.cell == cell:
            self.looking = None
            self.hint("the sight from the cursor is gone: the map shows the overlays on again")
            self._show_map()
            return
        seen = sight_from(self.state, unit, cell)
        self.looking = None if seen.reason or unit.at is None else Looking(unit.id, unit.at, self.state, seen)
        self.kept.follow(self.state, unit)
        self.show_cursor_preview(sight_preview(self.kept, unit, seen))
        self._show_map()

    def sight_shown(self, overlay: MapOverlay) -> MapOverlay:
        """The map's overlays with the sight from the cell `S` asked for in place of the sight and the enemy
        cones, while it stands: it goes when the acting unit moves or another unit acts."""
        looking, unit = self.looking, self.active_unit
        if looking is None:
            return overlay
        if unit is None or unit.id != looking.unit or unit.at != looking.stood:
            self.looking = None
            return overlay
        if looking.state is not self.state:
            looking = self.looking = Looking(
                looking.unit, looking.stood, self.state, sight_from(self.state, unit, looking.seen.cell)
            )
        return attrs.evolve(overlay, sight=looking.seen.cells, cones=looking.seen.cones)

    def sight_mark(self) -> str:
        """The map's title while `S` shows the sight from a cell."""
        looking = self.looking
        return "" if looking is None else f"sight from {looking.seen.cell[0]},{looking.seen.cell[1]} (S clears)"
