"""Follow the action on a map: each command another side plays (`apcombat.fight.WaitedAction`) is brought into
sight — the acting unit and its target, on a map larger than the view — and the shot's line and the damage it
did are drawn over the map for the length of the AI's pace (at pace 0 nothing moves, lingers or waits: the
commands play at once, and a list such as "While you waited" tells them).

Reusable by whatever shows a fight's commands one by one on a `MapView`: the battlefield's AI turns
(`tui.ai_turns`) and the replay viewer, which builds each step's record with `apcombat.fight.action_of`:

    follow = FollowAction(map_view, screen.set_timer)
    follow.show(action_of(before, after, events, entry, number), follow=settings.follow, pace=pace)
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from rich.style import Style

from apcombat.engine import Event, blast_cells, unit_marks
from apcombat.fight import WaitedAction
from apcombat.model import BlastBand, Cell, Encounter, Terrain
from apcombat.tui.widgets.map_glyphs import BLAST_TINTS
from apcombat.tui.widgets.map_palettes import STANDARD, palette, palette_of
from apcombat.tui.widgets.map_view import MapView

SHOT_MARK = "··"
SHOT_STYLE = Style(color="bright_yellow", bold=True)
DAMAGE_STYLE = Style(color="bright_white", bgcolor="red", bold=True)
MISS_STYLE = Style(color="black", bgcolor="bright_yellow", bold=True)
SHOOTER_STYLE = Style(color="black", bgcolor="bright_yellow", bold=True)
LANDING_MARK, TARGET_MARK = "✸✸", "××"  # where a throw came down; the cell it was thrown at, on a miss
LANDING_STYLE = Style(color="bright_white", bgcolor="red", bold=True)
TARGET_STYLE = Style(color="bright_yellow", bold=True)


def blast_style(band: BlastBand, palette_name: str = STANDARD) -> Style:
    """A band of a blast drawn for the pace round a throw's landing cell: the aiming overlay's tint in the
    player's palette."""
    return palette(palette_name).tints[BLAST_TINTS[band]]


Trace = dict[Cell, tuple[str, Style]]


def trace_of(action: WaitedAction, shown: Collection[str] | None = None, palette_name: str = STANDARD) -> Trace:
    """What the map draws for an action: its shot's line between the two units, and over each unit that lost
    HP the HP it lost ("-14"), or "miss" over a target that lost none. Numbers from the engine's states.
    `shown`: the units the viewing side's view holds (R21.8.4: nothing is drawn over one it does not see)."""
    trace: Trace = blast_trace(action.before, action.after, action.events, palette_name, shown)
    trace |= {cell: (SHOT_MARK, SHOT_STYLE) for cell in action.shot[1:-1]}
    height = action.after.map.height if action.after.map is not None else 0
    lost = action.hp_lost()
    for unit in action.after.units:
        cell = unit.at or next((was.at for was in action.before.units if was.id == unit.id), None)
        if cell is None or (unit.id not in lost and unit.id != action.target):
            continue
        if shown is not None and unit.id not in shown:
            continue
        text, style = (f"-{lost[unit.id]}", DAMAGE_STYLE) if unit.id in lost else ("miss", MISS_STYLE)
        x, y = cell
        row = y - 1 if y > 0 or height < 2 else y + 1  # above the unit: its mark shows
        trace[(x, row)] = (text, style)
        for covered in range(x + 1, x + 1 + (len(text) - 1) // len(SHOT_MARK)):  # the label runs on (zoom 1):
            if trace.get((covered, row), ("", None))[0] == SHOT_MARK:  # the shot's line must not paint over it
                del trace[(covered, row)]
    return trace


def throw_trace(
    events: Collection[Event], occupied: Collection[Cell] = (), shown: Collection[str] | None = None
) -> Trace:
    """A throw's landing cell (R22.4), and on a miss the cell it was thrown at, from the throw's log event; a
    mark whose cell holds a unit (`occupied`) is written on the row above it, so the unit's mark shows.
    `shown`: the units the viewing side's view holds (None: every unit) — R22.8.4: every side is shown where a
    blast lands, the cell aimed at only by a thrower it sees."""
    trace: Trace = {}
    for event in events:
        if event.kind != "throw" or not event.data.get("landing"):
            continue
        target, landing = event.data.get("target"), event.data["landing"]
        if shown is not None and event.unit not in shown:
            target = None
        marks = [(target, TARGET_MARK, TARGET_STYLE)] if target and target != landing else []
        for (x, y), text, style in [*marks, (landing, LANDING_MARK, LANDING_STYLE)]:
            trace[(x, y - 1 if (x, y) in occupied and y > 0 else y)] = (text, style)
    return trace


def landing_of(events: Collection[Event]) -> Cell | None:
    """The cell a throw among the events landed in (None: no throw on the map)."""
    landing = next((e.data.get("landing") for e in events if e.kind == "throw" and e.data.get("landing")), None)
    return (landing[0], landing[1]) if landing else None


def blast_trace(
    before: Encounter,
    after: Encounter,
    events: Collection[Event],
    palette_name: str = STANDARD,
    shown: Collection[str] | None = None,
) -> Trace:
    """A throw's blast (the engine's `blast_cells` of the weapon thrown, at its landing cell) drawn on the empty
    open cells around it, with its landing and target marks (`shown`: as `throw_trace`'s)."""
    landing = landing_of(events)
    throw = next((event for event in events if event.kind == "throw"), None)
    thrower = next((unit for unit in before.units if throw is not None and unit.id == throw.unit), None)
    stock = thrower.thrown_stock(str(throw.data.get("item"))) if thrower is not None and throw is not None else None
    if landing is None or stock is None or after.map is None or stock.weapon.blast is None:
        return {}
    # R21.8.4: a unit the side does not see leaves its cell drawn like any other (no hole telling where it is)
    occupied = {unit.at for unit in after.units if unit.at is not None and (shown is None or unit.id in shown)}
    open_cells = {
        cell: (" " * len(SHOT_MARK), blast_style(band, palette_name))
        for cell, band in blast_cells(after, stock.weapon, landing).items()
        if cell not in occupied and after.map.at(cell) not in (Terrain.WALL, Terrain.HUT)
    }
    return open_cells | throw_trace(events, occupied, shown)


class FollowAction:
    """Shows actions on one map, one at a time. `set_timer(delay, callback)`: the screen's (or app's), which
    clears the drawing once the pace is out."""

    def __init__(self, view: MapView, set_timer: Callable[[float, Callable[[], None]], Any]) -> None:
        self.view = view
        self.set_timer = set_timer
        self.followed: list[tuple[Cell, bool]] = []  # each cell brought into sight, and whether it was shown
        self._timer: Any = None

    def show(
        self,
        action: WaitedAction,
        *,
        follow: bool = True,
        pace: float = 0.0,
        scroll: bool = True,
        shown: Collection[str] | None = None,
    ) -> None:
        """Bring the action into sight (`follow`, unless `scroll` is False: control is back and the view is the
        player's) and draw it for `pace` seconds; at pace 0 neither. `shown`: the units in the viewing side's
        view (None: every unit), the only ones the damage is drawn over."""
        self.clear()
        if pace > 0:  # at pace 0 nothing waits: no frame would show the view there or the shot
            if follow and scroll:
                self.bring_into_sight(action, shown)
            colours = palette_of(self.view.app) if self.view.is_attached else STANDARD
            trace = trace_of(action, shown, colours)
            if trace:
                self.view.show_trace(self.with_shooter_named(action, trace))
                self._timer = self.set_timer(pace, self.clear)

    def with_shooter_named(self, action: WaitedAction, trace: Trace) -> Trace:
        """When the shooter is out of the view (too far from its target for both to show), its mark is written
        where the shot's line leaves the view, so the player sees who fired and from where."""
        start = action.shot[0] if action.shot else None
        if start is None or self.view.shows(start) or action.unit is None:
            return trace
        in_view = [
            cell for cell in action.shot[1:-1] if self.view.shows(cell) and trace.get(cell, ("",))[0] == SHOT_MARK
        ]
        if not in_view:
            return trace
        mark = unit_marks(action.before).get(action.unit, "")
        edge = min(in_view, key=lambda cell: abs(cell[0] - start[0]) + abs(cell[1] - start[1]))
        return trace | {edge: (mark, SHOOTER_STYLE)}

    def bring_into_sight(self, action: WaitedAction, shown: Collection[str] | None = None) -> None:
        """Scroll (no more than needed) to the acting unit and then to its target: both show when they fit
        in the view together, the target when they do not; `shown`, the units in the viewing side's view
        (None: every unit), the only ones scrolled to. The cursor stays where it is."""
        pairs = ((action.unit, action.at), (action.target, action.target_at))
        cells = [cell for unit, cell in pairs if cell is not None and (shown is None or unit in shown)]
        landing = landing_of(action.events)  # R22.8.4: every side is shown where a throw lands
        cells += [landing] if landing is not None else []
        for cell in cells:
            self.view.scroll_to_cell(cell)
        self.followed += [(cell, self.view.shows(cell)) for cell in cells]

    def clear(self) -> None:
        """The drawing goes (its timer too)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self.view.show_trace({})
