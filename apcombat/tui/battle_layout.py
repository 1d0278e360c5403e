"""How the battlefield shares the terminal: the map's zoom, the rows of the map and side panels, and the log's.

The map takes the rows it needs (all of them while it does not fit), the log the rest, never fewer than
LOG_ROWS; on a large terminal a small map is drawn larger (a zoom: each cell 2 x zoom columns and zoom
lines) when it then still fits whole. The hint line grows to say a long sentence whole, taking its rows from
the log. Worked out again only when the terminal's size, the zoom or the hint line's height changes: a new
layout costs more than a frame on a large map.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from textual.geometry import Size

from apcombat.tui.overlays import overlays_on
from apcombat.tui.widgets.event_log import EventLog
from apcombat.tui.widgets.map_view import ZOOMS, MapView
from apcombat.tui.widgets.panels import HintLine

if TYPE_CHECKING:
    from apcombat.tui.screens.game import GameScreen

SIDE_COLUMNS = 40  # the unit panel and the turn order (app.tcss #side)
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


def fits(map_size: Size, screen: Size) -> bool:
    """Whether the whole map (rulers included, at some zoom: `map_size`) fits beside the side panels, with
    the log's usual rows below."""
    width = screen.width - SIDE_COLUMNS - FRAME
    height = screen.height - FOOTER_ROWS - 1 - LOG_ROWS - FRAME
    return map_size.width <= width and map_size.height <= height


def battle_layout(
    screen: Size, map_size_at: dict[int, Size], units: int, zoom: int | None = None, hint_rows: int = 1
) -> BattleLayout:
    """The layout for a terminal of `screen`'s size: `map_size_at` gives the map's size at each zoom, `units`
    the turn order's lines, `zoom` the player's choice (None: the largest at which the whole map fits),
    `hint_rows` the rows between the battle area and the log (the hint line and a hints box over it)."""
    if zoom is None:
        zoom = max((z for z in ZOOMS if fits(map_size_at[z], screen)), default=1)
    rows = screen.height - FOOTER_ROWS - 1  # the hint line's first row is always there
    side = UNIT_PANEL_ROWS + FRAME + 1 + units  # the unit panel, the turn order's round line and units
    wanted = max(map_size_at[zoom].height + FRAME, side)
    battle = max(1, min(wanted, rows - LOG_ROWS))
    return BattleLayout(zoom, battle, max(3, rows - battle - (hint_rows - 1)))


EDGE_TEXT = 6  # columns of the map's border its lower edge's text leaves out (corners, dashes, spaces)


class BattleFit:
    """Keeps a game screen's battlefield fitted to the terminal: the map's zoom (the player's choice, else
    the automatic one), the heights of the battle area, the hint line and the log, and the map's lower edge
    (the overlays on, said as short as its width needs)."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.zoom_chosen: int | None = None
        self.shown: BattleLayout | None = None

    def fit(self) -> None:
        """Lay the battlefield out again if the terminal, the zoom or the hint line's rows call for it."""
        screen = self.screen
        if screen.state.map is None:
            return  # table mode: no map to fit
        view, hint = screen.query_one(MapView), screen.query_one(HintLine)
        hint.fit_rows(screen.size.width - 2)  # its padding: a column each side
        sizes = {zoom: view.size_at(zoom) for zoom in ZOOMS}
        rows_over_log = hint.rows + screen.tutorial.rows  # the demo duel's hints box sits over the hint line
        layout = battle_layout(screen.size, sizes, len(screen.state.units), self.zoom_chosen, rows_over_log)
        view.border_subtitle = overlays_on(screen.overlays, screen.size.width - SIDE_COLUMNS - EDGE_TEXT)
        if layout == self.shown:
            return
        self.shown = layout
        view.zoom = layout.zoom
        screen.query_one("#battle").styles.height = layout.battle_rows
        screen.query_one(EventLog).styles.height = layout.log_rows

    def next_zoom(self) -> int:
        """The player's key: the next zoom (after the largest, the smallest), kept until the next press."""
        current = self.screen.query_one(MapView).zoom
        self.zoom_chosen = ZOOMS[(ZOOMS.index(current) + 1) % len(ZOOMS)]
        self.fit()
        return self.zoom_chosen
