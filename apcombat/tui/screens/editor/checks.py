"""Checked as you go: the problems of the fight are worked out off the key's frame, in a thread started a
moment after the frame that shows the edit (4 ms at p50 on the 120 x 100 maps on a quiet machine, up to 20 ms
at p95 on a busy one: tests/bench/bench_editor_checks.py), so a stroke of edits is checked once, as it pauses;
a result for a state edited again since is dropped. The problems panel, the flagged cells on the map and the
hint then show them. `e` goes through the problems; Enter or a click on one jumps the cursor to its cell or
unit."""

from __future__ import annotations

import contextlib

from textual import work
from textual.binding import Binding
from textual.timer import Timer

from apcombat.editor.checking import Spot, problems
from apcombat.model import Cell, Encounter
from apcombat.tui.screens.editor.face import EditorFace
from apcombat.tui.screens.editor.problems_panel import ProblemList, ProblemsPanel

CHECK_AFTER = 0.06
"""Seconds after the last edit before its check starts (mouse drags and key repeats come faster)."""

CHECK_BINDINGS = [
    Binding("e", "problems", "Problems", id="editor.problems"),
]


class Checking(EditorFace):
    """The live checks of the editor's screen."""

    spots: tuple[Spot, ...] = ()
    checked: Encounter | None = None  # the state `spots` are the problems of
    _check_timer: Timer | None = None

    def flagged(self) -> frozenset[Cell]:
        """The cells a problem concerns, for the map to flag."""
        return frozenset(cell for spot in self.spots for cell in (spot.cells or ()))

    def problem_here(self, cell: Cell) -> str:
        """The first problem on `cell`, for the hint line ("" if none)."""
        return next((spot.sentence for spot in self.spots if cell in spot.cells), "")

    def check_soon(self) -> None:
        """Check the fight as it is now a moment after the frame showing it (nothing to do if it was): a stroke
        of edits (a drag, a held key) is checked once, when it pauses, not once an edit."""
        if self.checked is self.encounter:
            return
        if self._check_timer is not None:
            self._check_timer.stop()
        self._check_timer = self.set_timer(CHECK_AFTER, self._check)

    def _check(self) -> None:
        encounter = self.encounter
        if self.checked is not encounter and self.is_attached:
            self._check_in_thread(encounter)

    @work(thread=True, exclusive=True, group="editor-checks")
    def _check_in_thread(self, encounter: Encounter) -> None:
        session = self.session
        spots = problems(encounter, session.library, session.path)
        with contextlib.suppress(RuntimeError):  # the app ended while this ran: nobody to tell
            self.app.call_from_thread(self._checks_in, encounter, spots)

    def _checks_in(self, encounter: Encounter, spots: tuple[Spot, ...]) -> None:
        panels = self.query(ProblemsPanel)
        if encounter is not self.encounter or not self.is_attached or not panels or not self.query("#editor-map"):
            # Edited again since (that state's check is on its way), or the editor left or is leaving: its parts
            # go one by one, so the panel may still be there when the map is gone (seen once in CI under load).
            return
        flagged = self.flagged()
        self.checked, self.spots = encounter, spots
        panels.first().show_spots(spots)
        if self.flagged() != flagged:  # the map again only when its flags changed (most paints change none)
            self.map_view.show(encounter, self.overlay())
        self.show_hint()

    def action_problems(self) -> None:
        listing = self.query_one(ProblemList)
        if not self.spots:
            self.notify("No problems: ready to play (f10)")
            return
        listing.focus()
        if listing.highlighted is None:
            listing.highlighted = 0

    def on_problems_panel_jump(self, message: ProblemsPanel.Jump) -> None:
        spot = message.spot
        cell = spot.cell
        if cell is None and spot.unit is not None:
            cell = next((unit.at for unit in self.encounter.units if unit.id == spot.unit), None)
        self.map_view.focus()
        if spot.side is not None and spot.unit is None:  # "Opponents have no one: place a unit of theirs (a)"
            self.side_id = spot.side  # so a, next, places one of theirs
        if cell is None:
            self.notify(spot.sentence)
            return
        self.map_view.cursor = cell
        self.show_hint()

    def on_problems_panel_back(self, message: ProblemsPanel.Back) -> None:
        self.map_view.focus()
