"""The battlefield's overlays, worked out once per state and kept, so that a cursor key only walks a path back.

Every overlay depends on the state and its acting unit, never on the cursor. The reachable area is searched
once per state, at once (the move preview to any cell walks back through it, `views.walk_preview`); sight,
enemy cones, range bands and cover are worked out when the state changes, in a worker thread on a large map,
while the screen keeps answering keys. Until they come, an earlier state's are shown with a mark (the map's
title says which ones are not the new state's yet); an overlay shown without the mark is always the state's.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from functools import partial
from typing import TYPE_CHECKING

from textual.worker import get_current_worker

from apcombat.board.paths import Area
from apcombat.engine import (
    Preview,
    band_cells,
    covered_cells,
    enemy_cones,
    fog_on,
    own_cones,
    reachable_area,
    sight_cells,
    walk_preview,
    watch_cone,
)
from apcombat.model import Cell, Encounter, Unit
from apcombat.tui.widgets.map_view import MapOverlay

if TYPE_CHECKING:
    from textual.screen import Screen

WORKED_OUT = ("sight", "cones", "bands", "cover")
"""The overlays worked out after a state change, in this order (range bands reuse the sight)."""

OVERLAY_WORDS = {
    "sight": "sight",
    "cones": "watch cones",
    "bands": "range bands",
    "cover": "cover",
    "reach": "reachable",
}
"""Each overlay's name for the player, in the order of its key (1-5)."""


def overlays_on(wanted: Collection[str], width: int | None = None) -> str:
    """The map's lower edge: the legend's key, then the overlays on, short; when that is wider than `width`
    (the edge is some 34 columns at 80 x 24), the keys of the overlays on instead of their names."""
    on = ", ".join(word.split()[-1] for name, word in OVERLAY_WORDS.items() if name in wanted) or "none"
    said = f"L legend · on: {on}"
    if width is not None and len(said) > width:
        keys = " ".join(str(key) for key, name in enumerate(OVERLAY_WORDS, 1) if name in wanted)
        said = f"L legend · overlays on: {keys}"
    return said


WORKER_CELLS = 2_500
"""On a map of more cells, those overlays are worked out in a worker: together they take some 100 ms on a
100 x 100 map, far more than a frame; on a smaller map (every shipped encounter but the big battlefield)
they take a few ms and are worked out at once, so the state's own are always in its first frame."""

WORKER_DELAY = 0.03
"""Seconds from a state change to the start of the worker (then, after the next frame): the command's frame
is painted first, without the worker competing for the interpreter."""

Layers = dict[str, object]


def work_out(state: Encounter, unit: Unit, name: str, known: Mapping[str, object]) -> object:
    """One overlay of the state for its acting unit, from the engine's views (`known`: those worked out
    before it for the same state, so the range bands reuse the sight)."""
    if name == "sight":
        return side_sight(state, unit)
    if name == "cones":  # the enemies' watches, and the acting side's own
        return enemy_cones(state, unit.side), own_cones(state, unit.side)
    if name == "bands":
        sight = known.get("sight") if not fog_on(state) else None  # under the fog the sight is the side's
        return band_cells(state, unit, sight if isinstance(sight, frozenset) else None)
    if name == "cover":
        return covered_cells(state, unit)
    raise ValueError(f"no overlay {name}")


def side_sight(state: Encounter, unit: Unit) -> frozenset[Cell]:
    """The sight overlay: the acting unit's sight, or under the fog of war on a side's view the union of the
    sight of the side's characters that see (R21.8.4; R21.1.1 a: not unconscious, in the fight)."""
    if not fog_on(state) or not state.slots.fog_of_war.view_of:
        return sight_cells(state, unit)
    cells: set[Cell] = set()
    for friend in state.units:
        if friend.side == unit.side and friend.at is not None and not friend.down and not friend.unconscious_rounds:
            cells |= sight_cells(state, friend)
    return frozenset(cells)


class KeptOverlays:
    """The overlays of the state a game screen shows, kept until the state changes.

    `follow` moves to a new state (searching its reachable area at once); `shown` gives an overlay to draw
    and `stale` the names of those not worked out for the state yet; `ask_for` has the missing ones worked
    out, `arrived` is called on the screen (through `on_arrival`) when a worker brings them.
    """

    def __init__(self, screen: Screen, on_arrival: Callable[[], None]) -> None:
        self.screen = screen
        self.on_arrival = on_arrival
        self.state: Encounter | None = None
        self.unit: Unit | None = None
        self.area: Area | None = None
        self.reach: dict[Cell, int] = {}
        self.layers: Layers = {}  # worked out for `state`
        self.previous: Layers = {}  # the last ones worked out for earlier states, shown marked until replaced
        self._asked: tuple[Encounter | None, frozenset[str]] = (None, frozenset())  # what a worker works out

    def follow(self, state: Encounter, unit: Unit) -> None:
        """Keep the overlays of this state (nothing to do when it is the one kept)."""
        if state is self.state and unit == self.unit:
            return
        self.previous = {**self.previous, **self.layers}
        self.state, self.unit, self.layers = state, unit, {}
        self.area = reachable_area(state, unit)
        # the AP of every cell of the area but the unit's own: what `reachable_cells` gives, from this search
        self.reach = {} if self.area is None else {cell: r.ap for cell, r in self.area.items() if cell != unit.at}

    def walk(self, cell: Cell) -> Preview:
        """The move preview to a cell, walked back through the kept area."""
        assert self.state is not None and self.unit is not None
        return walk_preview(self.state, self.unit, self.area, cell)

    def shown(self, name: str) -> object | None:
        """The overlay to draw: the state's, else an earlier state's (marked), else None."""
        return self.layers.get(name, self.previous.get(name))

    def stale(self, wanted: Collection[str]) -> list[str]:
        """The wanted overlays not worked out for the state yet, in the usual order."""
        return [name for name in WORKED_OUT if name in wanted and name not in self.layers]

    def ask_for(self, wanted: Collection[str]) -> None:
        """Have the wanted overlays the state lacks worked out: at once on a small map, else in a worker
        (one at a time: a new state's request replaces an older one's, whose results would be dropped)."""
        missing = self.stale(wanted)
        state, unit = self.state, self.unit
        if not missing or state is None or unit is None or state.map is None:
            return
        if state.map.width * state.map.height <= WORKER_CELLS:
            for name in missing:
                self.layers[name] = work_out(state, unit, name, self.layers)
            return
        asked_state, asked = self._asked
        if asked_state is state and asked.issuperset(missing):
            return  # on its way
        self._asked = (state, frozenset(missing))
        # Started once the new state's frame is painted: a worker thread holds the interpreter's lock half the
        # time, and would slow it down.
        self.screen.set_timer(WORKER_DELAY, partial(self.screen.call_after_refresh, self._start, state, unit, missing))

    def _start(self, state: Encounter, unit: Unit, names: list[str]) -> None:
        if self._asked[0] is not state or state is not self.state:
            return  # another state came first
        self.screen.run_worker(
            partial(self._work, state, unit, names, dict(self.layers)),
            name="overlays",
            group="overlays",
            thread=True,
            exclusive=True,
        )

    def _work(self, state: Encounter, unit: Unit, names: list[str], known: Layers) -> None:
        """In the worker thread: work the overlays out one by one, and hand them to the screen."""
        worker = get_current_worker()
        for name in names:
            if worker.is_cancelled:
                return
            known[name] = work_out(state, unit, name, known)
        if not worker.is_cancelled:
            self.screen.app.call_from_thread(self.arrived, state, unit, {name: known[name] for name in names})

    def arrived(self, state: Encounter, unit: Unit, layers: Layers) -> None:
        """Keep what a worker brought, if it is still the state shown, and have the screen draw it."""
        if self._asked[0] is state:
            self._asked = (None, frozenset())
        if state is not self.state or unit != self.unit:
            return
        self.layers.update(layers)
        for name in layers:
            self.previous.pop(name, None)
        self.on_arrival()

    def map_overlay(
        self,
        wanted: Collection[str],
        path: tuple[tuple[Cell, int], ...],
        target: Cell | None,
        watcher: Unit | None = None,
    ) -> MapOverlay:
        """What the map draws for the kept state: the wanted overlays (an earlier state's where the state's
        are not worked out yet), the previewed path and the target; and the cone of `watcher` (the unit on
        watch under the cursor, of either side) whichever overlays are on."""

        def cells(name: str) -> frozenset[Cell]:
            value = self.shown(name) if name in wanted else None
            return value if isinstance(value, frozenset) else frozenset()

        bands = self.shown("bands") if "bands" in wanted else None
        cones = self.shown("cones") if "cones" in wanted else None
        enemies, own = cones if isinstance(cones, tuple) else (frozenset(), frozenset())
        if watcher is not None and self.state is not None and self.unit is not None:
            cone = watch_cone(self.state, watcher)
            enemies, own = (enemies, own | cone) if watcher.side == self.unit.side else (enemies | cone, own)
        return MapOverlay(
            reachable=self.reach if "reach" in wanted else {},
            path=path,
            sight=cells("sight"),
            cones=enemies,
            bands=bands if isinstance(bands, dict) else {},
            cover=cells("cover"),
            target=target,
            watches=own,
        )

    def mark(self, wanted: Collection[str]) -> str:
        """The map's title while overlays of the state are being worked out: which ones, and which of them an
        earlier state's are drawn for meanwhile; empty when every overlay drawn is the state's."""
        stale = self.stale(wanted)
        if not stale:
            return ""
        drawn = [name for name in stale if name in self.previous]
        text = f"⧗ working out {', '.join(stale)}"
        if drawn == stale:
            return text + " (shown meanwhile: an earlier state's)"
        return text + (f" (shown meanwhile: an earlier state's {', '.join(drawn)})" if drawn else "")
