"""`v` on the battlefield: the whole map at once, shrunk to fit the terminal, with every unit standing on it."""

from __future__ import annotations

import math

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from apcombat.model import Cell, Encounter, Pose
from apcombat.model.side_colours import colour_places
from apcombat.tui.widgets.map_palettes import palette_of, side_colour_at
from apcombat.tui.widgets.panels import side_colour, side_index
from apcombat.tui.widgets.steady_footer import FittedFooter
from apcombat.tui.widgets.unit_looks import cased

FRAME = 8
"""Columns (and rows) the dialog's border, padding, title and footer take from the terminal."""


def overview_text(
    state: Encounter,
    labels: dict[str, str],
    width: int,
    height: int,
    colours: str = "standard",
    marks: tuple[tuple[Cell, int, Pose], ...] = (),
) -> tuple[Text, int]:
    """The map in at most `width` x `height` characters, and how many cells across one character stands for.

    A character is about half as wide as it is tall, so it stands for `scale` cells across and twice that
    down: a unit standing in them shows as its side's letter, in its side's case as on the map (`labels`: the
    units' marks; the acting one in reverse), else mostly walls and obstacles as █, some as ░, open ground as
    a dim dot. `colours`: the player's palette. `state` is the view the battlefield shows (R21.8.4: the side's
    characters and the enemies in its view); `marks`, its last-seen marks, each a `?` in the enemy's colour."""
    battlemap = state.map
    assert battlemap is not None
    scale = max(1, math.ceil(battlemap.width / max(1, width)), math.ceil(battlemap.height / max(1, 2 * height)))
    standing = {unit.at: unit for unit in state.units if unit.at is not None and not unit.down}
    marked = {cell: side for cell, side, _ in marks}
    hues, ids = colour_places(state.sides), [side.id for side in state.sides]
    text = Text()
    for top in range(0, battlemap.height, 2 * scale):
        for left in range(0, battlemap.width, scale):
            cells = [
                (x, y)
                for y in range(top, min(top + 2 * scale, battlemap.height))
                for x in range(left, min(left + scale, battlemap.width))
            ]
            unit = next((standing[cell] for cell in cells if cell in standing), None)
            if unit is not None:
                colour = side_colour(state, unit.side, colours)
                style = f"bold {colour}" + (" reverse" if unit.id == state.active else "")
                mark = cased(labels.get(unit.id, unit.id[:1].upper()), side_index(state, unit.side))
                text.append(mark[:1], style=style)
                continue
            remembered = next((marked[cell] for cell in cells if cell in marked), None)
            if remembered is not None:
                hue = hues[ids[remembered]] if remembered < len(ids) else remembered
                text.append("?", style=f"italic {side_colour_at(colours, hue)}")
                continue
            blocked = sum(battlemap.at(cell).blocks_movement for cell in cells)
            text.append(*(("█", "") if 2 * blocked >= len(cells) else ("░", "") if blocked else ("·", "grey37")))
        text.append("\n")
    text.rstrip()
    return text, scale


class OverviewScreen(ModalScreen[None]):
    """The whole map; any of its keys goes back to the battlefield."""

    BINDINGS = [Binding("escape,v,enter", "close", "Back to the map", id="overview.close")]

    def __init__(
        self, state: Encounter, labels: dict[str, str], marks: tuple[tuple[Cell, int, Pose], ...] = ()
    ) -> None:
        super().__init__()
        self.state = state
        self.labels = labels
        self.marks = marks

    def compose(self) -> ComposeResult:
        size = self.app.size
        width, height = size.width - FRAME, size.height - FRAME
        text, scale = overview_text(self.state, self.labels, width, height, palette_of(self.app), self.marks)
        battlemap = self.state.map
        assert battlemap is not None
        with Vertical(classes="dialog"):
            heading = (
                f"The whole map, {battlemap.width} x {battlemap.height}: a character is {scale} x {2 * scale} cells"
            )
            yield Label(heading, classes="dialog-title")
            yield Static(text, id="overview-map")
        yield FittedFooter()

    def on_mount(self) -> None:
        for selector in (".dialog", ".dialog-title", "#overview-map"):
            self.query_one(selector).styles.width = "auto"  # as wide as the map drawn, not the dialogs' 64

    def refresh_view(self) -> None:
        """The whole map again, in the palette the settings (F4 over it) just chose."""
        size = self.app.size
        text, _ = overview_text(
            self.state, self.labels, size.width - FRAME, size.height - FRAME, palette_of(self.app), self.marks
        )
        self.query_one("#overview-map", Static).update(text)

    def action_close(self) -> None:
        self.dismiss(None)
