"""How the battlefield shares the terminal: the map's zoom, the rows of the map and side panels, and the log's.

The map takes the rows it needs (all of them while it does not fit), the log the rest, never fewer than
LOG_ROWS; on a large terminal a small map is drawn larger (a zoom: each cell 2 x zoom columns and zoom
lines) when it then still fits whole. The hint line grows to say a long sentence whole, taking its rows from
the log. Worked out again only when the terminal's size, the zoom or the hint line's height changes: a new
layout costs more than a frame on a large map.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import attrs
from textual.geometry import Size
from textual.widget import Widget

from apcombat.model import Encounter
from apcombat.tui.overlays import overlays_on
from apcombat.tui.widgets.event_log import EventLog
from apcombat.tui.widgets.map_view import ZOOMS, MapView
from apcombat.tui.widgets.panels import HintLine

SIDE_COLUMNS = 40  # the unit panel and the turn order (app.tcss #side)
NARROW = 80
"""Below this many columns the side panels are folded (the map takes the width) and `i` shows them, a third of
the width: the map keeps at least two thirds of it."""
PANELS_KEY = "i"
FOLDED_HINT = f"the unit panel and turn order are folded: {PANELS_KEY} shows them"  # one row at 60 columns
FRAME = 2  # a panel's border: a line or column on each side
LOG_ROWS = 8  # the log's rows (border included) when the map wants every other row
FOOTER_ROWS = 1
UNIT_PANEL_ROWS = 10  # app.tcss #unit


@attrs.frozen
class BattleLayout:
    """The zoom the map is drawn at and the rows of the battle area (map and side panels) and of the log."""

    zoom: int
    battle_rows: int
    log_rows: int


def side_columns(width: int, shown: bool | None = None) -> int:
    """The side panels' columns on a terminal `width` columns wide: 40 from NARROW columns up, folded (0) below;
    `shown` is the player's choice (None: none made), which shows them below NARROW in a third of the width."""
    if shown is None:
        shown = width >= NARROW
    if not shown:
        return 0
    return SIDE_COLUMNS if width >= NARROW else width // 3


def fits(map_size: Size, screen: Size, side: int = SIDE_COLUMNS) -> bool:
    """Whether the whole map (rulers included, at some zoom: `map_size`) fits beside the side panels (`side`
    columns), with the log's usual rows below."""
    width = screen.width - side - FRAME
    height = screen.height - FOOTER_ROWS - 1 - LOG_ROWS - FRAME
    return map_size.width <= width and map_size.height <= height


def battle_layout(
    screen: Size,
    map_size_at: dict[int, Size],
    units: int,
    zoom: int | None = None,
    hint_rows: int = 1,
    side_width: int = SIDE_COLUMNS,
) -> BattleLayout:
    """The layout for a terminal of `screen`'s size: `map_size_at` gives the map's size at each zoom, `units`
    the turn order's lines, `zoom` the player's choice (None: the largest at which the whole map fits),
    `hint_rows` the rows between the battle area and the log (the hint line and a hints box over it),
    `side_width` the side panels' columns (0: folded)."""
    if zoom is None:
        zoom = max((z for z in ZOOMS if fits(map_size_at[z], screen, side_width)), default=1)
    rows = screen.height - FOOTER_ROWS - 1  # the hint line's first row is always there
    side = UNIT_PANEL_ROWS + FRAME + 1 + units if side_width else 0  # the unit panel, the round line, the units
    wanted = max(map_size_at[zoom].height + FRAME, side)
    battle = max(1, min(wanted, rows - LOG_ROWS))
    return BattleLayout(zoom, battle, max(3, rows - battle - (hint_rows - 1)))


EDGE_TEXT = 6  # columns of the map's border its lower edge's text leaves out (corners, dashes, spaces)


@attrs.frozen
class BattleParts:
    """The widgets the layout sizes: the hint line, the battle area (`battle`: the map, or table mode's
    actions, beside `side`, the unit panel and the turn order) and the log."""

    hint_line: HintLine
    battle: Widget
    side: Widget
    log: EventLog
    map_view: MapView | None  # None in table mode


class Rows(Protocol):
    @property
    def rows(self) -> int: ...


class Battle(Protocol):
    """What the layout needs of the battlefield it fits: its size, the state (the map, the units), the
    overlays the map's edge names, the rows the demo's hints box takes, its parts, and the hint line."""

    overlays: set[str]

    @property
    def tutorial(self) -> Rows: ...

    @property
    def size(self) -> Size: ...

    @property
    def state(self) -> Encounter: ...

    def battle_parts(self) -> BattleParts: ...

    def hint(self, text: str) -> None: ...


class BattleFit:
    """Keeps a game screen's battlefield fitted to the terminal: the map's zoom (the player's `z`, else the
    settings' default zoom, else the automatic one), the heights of the battle area, the hint line and the
    log, and the map's lower edge (the overlays on, said as short as its width needs)."""

    def __init__(self, screen: Battle, default_zoom: Callable[[], int | None] = lambda: None) -> None:
        self.screen = screen
        self._parts: BattleParts | None = None  # the screen's, once composed
        self.default_zoom = default_zoom  # the settings' (None: auto), read at each fit: a change applies
        self.zoom_chosen: int | None = None  # the player's `z` for this fight (None: the default)
        self.shown: BattleLayout | None = None
        self.panels_chosen: bool | None = None  # the player's `i` (None: folded below NARROW columns only)
        self.side_width: int | None = None  # the side panels' columns as last laid out

    @property
    def parts(self) -> BattleParts:
        if self._parts is None:
            self._parts = self.screen.battle_parts()
        return self._parts

    def fit(self) -> None:
        """Lay the battlefield out again if the terminal, the zoom or the hint line's rows call for it."""
        screen = self.screen
        side = self._fit_side_panels()
        hint = self.parts.hint_line
        hint.fit_rows(screen.size.width - 2)  # its padding: a column each side
        view = self.parts.map_view
        if screen.state.map is None or view is None:
            return  # table mode: no map to fit
        sizes = {zoom: view.size_at(zoom) for zoom in ZOOMS}
        rows_over_log = hint.rows + screen.tutorial.rows  # the demo duel's hints box sits over the hint line
        units = len(screen.state.units)
        zoom = self.zoom_chosen if self.zoom_chosen is not None else self.default_zoom()
        layout = battle_layout(screen.size, sizes, units, zoom, rows_over_log, side)
        folded = "" if side else f"{PANELS_KEY} panels · "  # the map's lower edge names the key while folded
        edge = screen.size.width - side - EDGE_TEXT - len(folded)
        view.border_subtitle = folded + overlays_on(screen.overlays, edge)
        if layout == self.shown:
            return
        self.shown = layout
        view.zoom = layout.zoom
        self.parts.battle.styles.height = layout.battle_rows
        self.parts.log.styles.height = layout.log_rows

    def _fit_side_panels(self) -> int:
        """Give the side panels their columns for this width (folding or showing them); the hint line says
        when they fold, naming the key. Their columns."""
        screen = self.screen
        side = side_columns(screen.size.width, self.panels_chosen)
        if side == self.side_width:
            return side
        first = self.side_width is None
        self.side_width = side
        panels = self.parts.side
        panels.display = side > 0
        if side:
            panels.styles.width = side
        elif first and self.parts.hint_line.said:  # the screen's first hint stays, after the fold's
            screen.hint(f"{FOLDED_HINT}. {self.parts.hint_line.said}")
        else:
            screen.hint(FOLDED_HINT)
        return side

    def toggle_panels(self) -> bool:
        """The player's key: fold the side panels, or show them (in a third of a narrow terminal). Whether
        they are shown now."""
        self.panels_chosen = not self.side_width
        self.fit()
        return bool(self.side_width)

    def next_zoom(self) -> int:
        """The player's key: the next zoom (after the largest, the smallest), kept until the next press."""
        view = self.parts.map_view
        assert view is not None  # `z` zooms a map
        current = view.zoom
        self.zoom_chosen = ZOOMS[(ZOOMS.index(current) + 1) % len(ZOOMS)]
        self.fit()
        return self.zoom_chosen
