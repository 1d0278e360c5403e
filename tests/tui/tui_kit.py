"""Shared helpers of the app tests (their fixtures are in conftest.py): a small test encounter, and `Ui`, which
drives a running app through its Pilot (keys, typed text, command lines, waiting for screens) and reads what widgets
show.

The test encounter ("Skirmish", 10 x 6 cells, both sides played by people):

    y0  . . . . . . . R . .      R  Rex (raiders) at 7,0 facing W: a Grease Gun (3-round bursts, 6 AP),
    y1  . . . . . . . . . .         20 HP, 8 AP, initiative base 11
    y2  . . = . . . . . . .      =  a low wall: hip-high cover for whoever stands beside it
    y3  . A . . . . . . . .      A  Ana (vault) at 1,3 facing E: a Colt 1911 (5 AP a shot, 1d10+4),
    y4  . . . . . . . . . .         31 HP, 12 AP, PE 8, initiative base 17: she always acts first
    y5  . . . . . . . . . .

Both have small guns 70, LU 1-2 and no armour, so the numbers are easy to follow; `gm dice` fixes the rolls.
"""

from __future__ import annotations

import threading
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import tomli_w
from textual import events
from textual.geometry import Offset, Region
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList

from apcombat.ai import Decision
from apcombat.content import content_root
from apcombat.engine import Event
from apcombat.model import Cell, Encounter
from apcombat.tui.app import ApcombatApp
from apcombat.tui.screens.dialogs import ChoiceScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.widgets.event_log import EventLog
from apcombat.tui.widgets.map_glyphs import CELL_WIDTH, hex_indent
from apcombat.tui.widgets.map_view import RULER_LINES, MapView

SEED = 7
"""The dice seed of every test app (and the set-up screen's seed)."""

DUEL = content_root() / "encounters" / "duel.toml"
NO_KEYS = Path("/nonexistent/apcombat-tests/keys.toml")
"""A key file that does not exist, at a path that is the same on every machine (the help screen shows it)."""

SKIRMISH_ROWS = (
    "..........",
    "..........",
    "..=.......",
    "..........",
    "..........",
    "..........",
)
SKILLS = {
    "small_guns": 70,
    "big_guns": 40,
    "energy_weapons": 40,
    "melee": 40,
    "unarmed": 40,
    "throwing": 40,
    "acrobatics": 40,
    "body_control": 40,
}
SPECIAL = {"ST": 6, "PE": 5, "EN": 5, "CH": 5, "IN": 5, "AG": 6, "LU": 1}

S = TypeVar("S", bound=Screen)


def character(name: str, weapons: list[str], special: dict[str, int] | None = None, **fields: Any) -> dict[str, Any]:
    """An inline `[unit.character]` table."""
    return {"name": name, "special": SPECIAL | (special or {}), "skills": SKILLS, "weapons": weapons, **fields}


SKIRMISH_UNITS = (
    {
        "id": "ana",
        "side": "vault",
        "at": [1, 3],
        "facing": "E",
        "character": character("Ana", ["colt_1911"], {"PE": 8, "AG": 8, "LU": 2}, ap=12),
    },
    {
        "id": "rex",
        "side": "raiders",
        "at": [7, 0],
        "facing": "W",
        "character": character("Rex", ["grease_gun"], max_hp=20),
    },
)


def write_encounter(
    folder: Path, name: str = "skirmish", units: tuple[dict[str, Any], ...] = SKIRMISH_UNITS, **top: Any
) -> Path:
    """The test encounter (or another, by its units and top-level keys) as `folder/name.toml`."""
    data = {
        "name": name.capitalize(),
        "description": "Ana and her Colt against Rex and his grease gun, beside a low wall.",
        "map": {"rows": list(SKIRMISH_ROWS)},
        "side": [
            {"id": "vault", "name": "Vault", "control": "human"},
            {"id": "raiders", "name": "Raiders", "control": "human"},
        ],
        "unit": list(units),
        **top,
    }
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def key_character(key: str) -> str | None:
    """The character a terminal sends with this key (None for keys like ctrl+k or pagedown)."""
    if len(key) == 1:
        return key
    try:  # "slash" is the key of the character named SOLIDUS
        return unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        return None


def shown(widget: Widget) -> str:
    """What the widget draws on the screen now (borders included), line by line."""
    width, height = widget.outer_size
    return "\n".join(strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, width, height)))


def event_words(logged: list[Event]) -> list[str]:
    """The events' text and detail lines as the log shows them, word by word (the log wraps them at its width):
    compare with `ui.log_text().split()`."""
    return " ".join(" ".join([event.text, *event.data.get("lines", ())]) for event in logged).split()


def active_line(order: str) -> str:
    """The turn order's line of the unit acting (marked ▶)."""
    return next(line for line in order.splitlines() if "▶" in line)


async def choose_gm(ui: Ui, option_id: str) -> None:
    """Pick an option of the game master's menu (`g`) by its id."""
    await ui.press("g")
    menu = await ui.wait_for_screen(ChoiceScreen)
    options = menu.query_one(OptionList)
    options.highlighted = options.get_option_index(option_id)
    await ui.press("enter")


class Ui:
    """A running app and its Pilot, with the steps the tests take again and again."""

    def __init__(self, app: ApcombatApp, pilot: Pilot) -> None:
        self.app = app
        self.pilot = pilot

    @property
    def screen(self) -> Screen:
        return self.app.screen

    @property
    def game(self) -> GameScreen:
        """The battlefield (under any dialog on it)."""
        return next(s for s in reversed(self.app.screen_stack) if isinstance(s, GameScreen))

    @property
    def state(self) -> Encounter:
        return self.game.session.state

    @property
    def map(self) -> MapView:
        return self.game.query_one(MapView)

    def text(self, selector: str, screen: Screen | None = None) -> str:
        """What the widget `selector` of the screen in front (or `screen`) shows."""
        return shown((screen or self.screen).query_one(selector))

    def screen_text(self) -> str:
        """The whole terminal as text: the screen in front over those under it, as it would be painted."""
        return "\n".join(strip.text.rstrip() for strip in self.screen._compositor.render_strips())

    def table_rows(self) -> list[list[str]]:
        """The rows of the (rich) tables drawn on the screen, headings too, each a list of the cells' text."""
        rows = []
        for line in self.screen_text().splitlines():
            cells = line.replace("┃", "│").split("│")
            if len(cells) > 2:
                rows.append([cell.strip() for cell in cells[1:-1]])
        return rows

    def log_text(self) -> str:
        """Every line the battlefield's log holds, those scrolled out of view too."""
        return "\n".join(strip.text.rstrip() for strip in self.game.query_one(EventLog).lines)

    def notices(self) -> list[str]:
        """Every notification the app has shown and not yet forgotten: its title (if any), then its message."""
        return [f"{n.title}: {n.message}" if n.title else n.message for n in self.app._notifications]

    async def press(self, *keys: str) -> None:
        """Press keys one after the other, each handled before the next (the Pilot waits for the app)."""
        await self.pilot.press(*keys)

    async def type(self, text: str) -> None:
        """Type text into the widget that has the focus, as fast as a terminal sends a paste: the keys all
        arrive at once, in order (waiting for the app after each would take 60 ms a key)."""
        await self.press_at_once(*[_character_to_key(c) if not c.isalnum() else c for c in text])

    async def press_at_once(self, *keys: str, wait: bool = True) -> None:
        """Send keys as a terminal sends them when they come quickly: all at once, the app handling them in
        order without a frame in between (then wait for the app to be idle, unless told not to)."""
        driver = self.app._driver
        assert driver is not None
        for key in keys:
            event = events.Key(key, key_character(key))
            event.set_sender(self.app)
            driver.send_message(event)
        if wait:
            await self.pilot.pause()

    async def command(self, *lines: str) -> None:
        """`:` opens the command line; each line of the command language is typed and played with Enter (the
        line stays open for the next); Escape closes it, and the map has the keys again."""
        await self.press("colon")
        for line in lines:
            await self.type(line)
            await self.press("enter")
        await self.press("escape")
        await self.settle()

    async def settle(self) -> None:
        """Let the app finish what the last key started (screens pushed, messages, refreshes)."""
        await self.pilot.pause()
        await self.pilot.pause()

    async def until(self, condition: Callable[[], bool], what: str, seconds: float = 5.0) -> None:
        """Wait (yielding to the app) until `condition()` holds; fail naming `what` after `seconds`."""
        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; the screen is {type(self.screen).__name__}")
            await self.pilot.pause(0.01)

    async def wait_for_screen(self, kind: type[S], seconds: float = 5.0) -> S:
        """The screen of this kind once it is in front."""
        await self.until(lambda: isinstance(self.screen, kind), kind.__name__, seconds)
        await self.pilot.pause()
        return self.screen  # type: ignore[return-value]

    async def move_cursor_to(self, cell: Cell) -> None:
        """Walk the map cursor to `cell` with the cursor keys."""
        x, y = self.map.cursor
        keys = ["right" if cell[0] > x else "left"] * abs(cell[0] - x)
        keys += ["down" if cell[1] > y else "up"] * abs(cell[1] - y)
        await self.press(*keys)
        assert self.map.cursor == cell

    def cell_offset(self, cell: Cell) -> Offset:
        """Where to click, relative to the map widget (its border included), to hit this cell."""
        view = self.map
        left, top = view.styles.gutter.left, view.styles.gutter.top
        scroll_x, scroll_y = view.scroll_offset
        gutter, zoom = view._gutter_width, view.zoom  # a zoomed cell: 2 x zoom columns, zoom lines
        battlemap = view.state.map if view.state is not None else None
        indent = hex_indent(cell[1], zoom, battlemap is not None and battlemap.kind == "hex")  # R20.1: odd rows
        x, y = gutter + CELL_WIDTH * zoom * cell[0] + indent - scroll_x, RULER_LINES + zoom * cell[1] - scroll_y
        return Offset(left + x, top + y)

    async def click_cell(self, cell: Cell) -> None:
        await self.pilot.click(MapView, offset=self.cell_offset(cell))
        await self.settle()


class Scripted:
    """A test level: plays `lines` in order (then `end`), each with a reason; `asked` counts the calls and
    `gate`, when given, holds every answer until it is set."""

    def __init__(self, lines: list[str], gate: threading.Event | None = None) -> None:
        self.lines = list(lines)
        self.gate = gate
        self.asked = threading.Event()
        self.calls = 0

    def decide(self, state, rng) -> Decision:
        self.calls += 1
        self.asked.set()
        if self.gate is not None:
            assert self.gate.wait(60), "the test never released the AI"  # a watchdog, not a timing
        line = self.lines.pop(0) if self.lines else "end"
        return Decision(line, f"scripted: {line}")


async def to_the_raiders_turn(ui: Ui) -> None:
    """The demo duel from its set-up to the raider's (AI) turn, Ana's ended at once; the AI then waits out
    the pace (the tests give an hour: the raider's turn stays in hand)."""
    await ui.press("s")
    await ui.until(lambda: ui.state.active == "ana" and not ui.game.ai.pending, "Ana's turn")
    await ui.press("e")
    await ui.settle()
