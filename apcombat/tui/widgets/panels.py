"""The side panels: the unit in focus and the turn order. They show numbers the engine computed."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from apcombat.engine import conditions_of, deck_summary, unit_flags, unit_marks
from apcombat.model import Encounter, Unit
from apcombat.model.side_colours import colour_places
from apcombat.tui.widgets.map_palettes import STANDARD, palette_of, side_colour_at
from apcombat.tui.widgets.unit_lines import (
    FITS,
    HEADING_COLUMNS,
    USUAL_LINES,
    arms_text,
    cut_to,
    first_line,
    points,
    unit_conditions,
)
from apcombat.tui.widgets.unit_looks import flag_text, shaped, shown_flags


def side_colour(state: Encounter, side_id: str, palette_name: str = STANDARD) -> str:
    """The colour of a side (the one it names, else by its place in the encounter, `model.side_colours`) in the
    player's palette (the map uses the same)."""
    places = colour_places(state.sides)
    return side_colour_at(palette_name, places[side_id]) if side_id in places else "white"


def side_index(state: Encounter, side_id: str) -> int:
    """The side's place in the encounter (its colour and its marks' brackets)."""
    return next((i for i, side in enumerate(state.sides) if side.id == side_id), 0)


def unit_heading(state: Encounter, unit: Unit, mark: str) -> str:
    """The unit's mark in its side's brackets and its flags' marks (▪ in cover, ◎ watching ...), as the map
    draws them zoomed: `[R1] ▪◎`."""
    flags = flag_text(shown_flags(unit_flags(state, unit), unit))
    return shaped(mark, side_index(state, unit.side)) + (f" {flags}" if flags else "")


NOTE_MARK = "✎"
"""Before a unit's note, the game master's (issue 28, item 4)."""
NOTE_STYLE = "italic magenta"

NOTICE_STYLES = {"warning": "bold yellow", "error": "bold red"}
MAX_HINT_ROWS = 3


class HintLine(Static):
    """The line of advice under the map, and the screen's notices (a refusal in yellow, an error in red).
    A sentence too long for one row takes two or three (`rows`), and `on_rows` is told so that the screen
    takes them from the log; otherwise a new sentence redraws the line alone, never the screen's layout (it
    changes on most cursor keys)."""

    said: str = ""
    rows = 1

    def __init__(self, text: str = "", *, id: str | None = None) -> None:
        super().__init__(text, id=id, markup=False)  # the engine's sentences may hold brackets: "[optional_rules]"
        self.on_rows: Callable[[int], None] | None = None
        self.severity = ""

    def say(self, text: str, severity: str = "") -> None:
        if text != self.said or severity != self.severity:
            self.said, self.severity = text, severity
            self.update(Text(text, style=NOTICE_STYLES.get(severity, "")), layout=False)
            self.fit_rows()

    def fit_rows(self, width: int | None = None) -> None:
        """One row, or as many as the sentence needs (at most MAX_HINT_ROWS) at the line's width (`width`:
        the width it is about to have, when the screen is being laid out again)."""
        width = self.content_region.width if width is None else width
        if width <= 0:
            return
        if cell_len(self.said) <= width:
            rows = 1  # the usual case, without wrapping
        else:
            rows = min(MAX_HINT_ROWS, len(Text(self.said).wrap(self.app.console, width)))
        if rows != self.rows:
            self.rows = rows
            self.styles.height = rows
            if self.on_rows is not None:
                self.on_rows(rows)


class UnitPanel(Static):
    """The active unit: HP, AP (with what the planned action costs), pose, cover, wounds, weapons, and the game
    master's note. The panel is as tall as what it says needs (at least its usual 8 lines, at most its share
    of the side column, app.tcss); when that share is too short (80 x 24), it fits by steps (`FITS`), so that
    the note stays whole: the note runs on from the heading, then the spare ammunition goes, HP and AP share a
    line, and the weapons keep one line, cut short with …."""

    shown_for: tuple[Encounter, Unit | None, int, str, int | None] | None = None  # the palette, the room
    _nobody = "no unit is acting"

    def show(self, state: Encounter, unit: Unit | None, planned_ap: int = 0, nobody: str = "no unit is acting") -> None:
        """Show the unit in this state (the height changes only when the number of lines does: a new layout
        takes longer than a frame on a large map, and the cursor's keys change only the planned AP); `nobody`:
        what it says when no unit of the view acts."""
        shown, colours, room = self.shown_for, palette_of(self.app), self._room()
        if shown is not None and shown[0] is state and shown[1] is unit and shown[2:] == (planned_ap, colours, room):
            return
        self.shown_for, self._nobody = (state, unit, planned_ap, colours, room), nobody
        text = Text(nobody, style="dim") if unit is None else self._fitted(state, unit, planned_ap, room)
        self.update(text, layout=False)
        height = max(USUAL_LINES, self._lines(text)) + self.styles.gutter.height
        if self.styles.height is None or self.styles.height.cells != height:
            self.styles.height = height

    def on_resize(self) -> None:
        if self.shown_for is not None:
            state, unit, planned_ap = self.shown_for[:3]
            self.show(state, unit, planned_ap, self._nobody)

    def _lines(self, text: Text) -> int:
        """The lines the text takes in the panel (a last line break adds none)."""
        shown = text.copy()
        shown.rstrip()
        return len(shown.wrap(self.app.console, HEADING_COLUMNS))

    def _room(self) -> int | None:
        """The lines the panel can have at most (its share of the side column), None before the first layout."""
        limit, parent = self.styles.max_height, self.parent
        if limit is None or not isinstance(parent, Widget) or not parent.size.height:
            return None
        return int(limit.resolve(parent.size, self.app.size)) - self.styles.gutter.height

    def _fitted(self, state: Encounter, unit: Unit, planned_ap: int, room: int | None) -> Text:
        """The panel's text at the first step of `FITS` whose lines the room holds (the last step's, when none)."""
        for step in range(len(FITS)):
            text = self._text(state, unit, planned_ap, step)
            if room is None or self._lines(text) <= room:
                break
        return text

    def _text(self, state: Encounter, unit: Unit, planned_ap: int, step: int = 0) -> Text:
        """The panel's text at step `step` of `FITS` (0: everything, the note whole on the last lines)."""
        text = Text()
        colour = side_colour(state, unit.side, palette_of(self.app))
        heading = unit_heading(state, unit, unit_marks(state).get(unit.id, "??"))
        text.append(f"{heading} {unit.name}", style=f"bold {colour}")
        flowing = step >= 1 and bool(unit.note)  # the note runs on from the heading, whole, instead of last
        if flowing:
            text.append(f"  {unit.id} {NOTE_MARK} {unit.note}\n", style=NOTE_STYLE)
        else:  # the note's start (whole on the panel's last lines) or the side's name, cut to one line
            rest = f"  {unit.id} " + (f"{NOTE_MARK} {unit.note}" if unit.note else f"· {state.side(unit.side).name}")
            room = max(0, HEADING_COLUMNS - len(heading) - 1 - len(unit.name))
            text.append(cut_to(rest, room) + "\n", style=NOTE_STYLE if unit.note else "dim")
        text.append_text(points(unit, planned_ap, step >= 3))
        status = state.status(unit).words
        where = f"{unit.at[0]},{unit.at[1]} " if unit.at is not None else ""
        text.append(f"{where}facing {unit.facing.value}, {unit.pose.value}, {status}\n")
        conditions = unit_conditions(state, unit)
        if conditions:
            text.append("; ".join(conditions) + "\n", style="yellow")
        arms = arms_text(state, unit, self.app.console)
        if step >= 4:
            arms = first_line(arms, self.app.console)
        text.append_text(arms)
        if unit.ammo and step < 2:
            text.append("spare: " + ", ".join(f"{k} {v}" for k, v in sorted(unit.ammo.items())), style="dim")
        if unit.note and not flowing:  # the game master's, whole, last (a side's view has none, R21.7.4)
            text.append(("\n" if unit.ammo else "") + f"{NOTE_MARK} {unit.note}", style=NOTE_STYLE)
        return text


def _deck_lines(deck: str, width: int, most: int, console: Console) -> Text:
    """The deck's line (R18.5) wrapped to the turn order's width, on at most `most` lines (at least one; the last
    cut with … when it says more), so that a short panel (80 x 24) still shows a unit below it."""
    if width <= 0:
        return Text(deck, style="cyan")
    lines = Text(deck).wrap(console, width)
    kept = [line.plain.rstrip() for line in lines[: max(1, most)]]
    if len(lines) > len(kept):
        kept[-1] = cut_to(kept[-1] + " …", width)
    return Text("\n".join(kept), style="cyan")


NAME_COLUMNS = 12  # a unit's name (and its flags) in the turn order, after its mark


class TurnOrder(Static):
    """The round, the initiative order and who has acted, watches or pins."""

    last_shown: tuple[Encounter, dict[str, str] | None, bool, str | None] | None = None  # shown again when resized
    rows: tuple[str | None, ...] = ()  # the unit each line shows (its conditions' lines too), None for the others

    class Picked(Message):
        """A unit's line was clicked: table mode picks that unit (issue 28)."""

        def __init__(self, unit_id: str) -> None:
            super().__init__()
            self.unit_id = unit_id

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and 0 <= offset.y < len(self.rows) and self.rows[offset.y] is not None:
            self.post_message(self.Picked(self.rows[offset.y] or ""))

    def on_resize(self) -> None:
        if self.last_shown is not None:
            self.show(*self.last_shown)

    def show(
        self,
        state: Encounter,
        labels: dict[str, str] | None = None,
        out_of_sight: bool = False,
        picked: str | None = None,
    ) -> None:
        """`labels` are the map's letters for the units, so the list and the map can be read together. Under a
        unit, its conditions with the rounds they have left. When not every line fits (a short terminal), the
        list starts just before the acting unit, or further down to show the unit picked. `state` is the view
        the screen shows (R21.8.1: the side's characters and the enemies in its view); `out_of_sight`: a
        character the side does not see acts, said in the round's line ("Round 2 — out of sight"); `picked`:
        the unit table mode's game-master keys act on, marked › (issue 28)."""
        self.last_shown = (state, labels, out_of_sight, picked)
        labels = labels or unit_marks(state)
        order = state.turn_order
        width = self.content_region.width
        colours = palette_of(self.app)
        entries = [
            (unit_id, self._lines(state, state.unit(unit_id), labels, width, colours, unit_id == picked))
            for unit_id in order
        ]
        deck = deck_summary(state)  # R18.5: the held cards and the cards left, below the round's line
        deck_text = _deck_lines(deck, width, self.content_region.height - 2, self.app.console) if deck else None
        deck_lines = len(deck_text.plain.splitlines()) if deck_text is not None else 0
        room = self.content_region.height - 1 - deck_lines  # below the round's line and the deck's
        heights = [len(lines) for _, lines in entries]
        total = sum(heights)
        start = 0
        if 0 < room < total and state.active in order:
            start = max(0, order.index(state.active) - 1)
            while start > 0 and sum(heights[start - 1 :]) <= room:
                start -= 1
        if 0 < room < total and picked in order:  # the unit picked is seen too, the acting one if there is room
            place = order.index(picked)
            start = min(start, place)
            while start < place and sum(heights[start : place + 1]) > room:
                start += 1
        text = Text()
        text.append(f"Round {state.round}" if state.round else "Set-up (round 0)", style="bold")
        if out_of_sight:
            text.append(" — out of sight", style="bold")
        if state.interrupt is not None:
            text.append("  INTERRUPT", style="bold reverse yellow")
        if 0 < room < total:  # on the round's line, never after the deck's words
            below = sum(1 for end in itertools.accumulate(heights[start:]) if end > room)
            hidden = {"above": start, "below": below}
            text.append("  " + ", ".join(f"{n} {where}" for where, n in hidden.items() if n), style="dim")
        if deck_text is not None:
            text.append("\n")
            text.append_text(deck_text)
        text.append("\n")
        rows: list[str | None] = [None] * (1 + deck_lines)  # a click finds its unit's line
        for unit_id, lines in entries[start:]:
            for line in lines:
                text.append_text(line)
                text.append("\n")
                rows.append(unit_id)
        self.rows = tuple(rows)
        self.update(text, layout=False)  # its size is the panel's share of the side column, whatever it says

    @staticmethod
    def _lines(
        state: Encounter, unit: Unit, labels: dict[str, str], width: int, colours: str, picked: bool = False
    ) -> list[Text]:
        """A unit's line (its mark, its name and its flags' marks), then its conditions packed into lines of
        the panel's width."""
        status = state.status(unit).words
        acting = unit.id == state.active
        initiative = f"{unit.initiative:>3} " if unit.initiative is not None else "    "
        style = side_colour(state, unit.side, colours)
        if unit.down:
            style = "dim strike"
        elif acting:
            style += " bold reverse"
        line = Text()
        line.append(
            f"{'▶ ' if acting else '› ' if picked else '  '}{initiative}", style="bold" if acting or picked else ""
        )
        mark = labels.get(unit.id, "")
        if mark:  # plain, so the line is no wider than before marks (the unit panel gives its brackets)
            line.append(mark + " ", style=style)
        # The flags' marks (▪ in cover, ◎ watching ...) after the name when they fit in its column, else at the
        # line's end; only when neither has room is the name cut short for them.
        flags = "" if unit.down else flag_text(shown_flags(unit_flags(state, unit), unit))
        room = NAME_COLUMNS if mark else NAME_COLUMNS + 3
        after = f" {unit.hp:>3} HP {status}"
        beside = bool(flags) and len(unit.name) + 1 + len(flags) <= room
        at_end = bool(flags) and not beside and len(line) + room + len(after) + 1 + len(flags) <= width
        name = unit.name[: room - len(flags) - 1] if flags and not beside and not at_end else unit.name[:room]
        line.append(name, style=style)
        if flags and not at_end:
            line.append(" " + flags, style="bold yellow")
        line.append(" " * (room - len(name) - (len(flags) + 1 if flags and not at_end else 0)))
        line.append(after, style="dim" if status == "acted" else "")
        if at_end:
            line.append(" " + flags, style="bold yellow")
        lines = [line]
        indent = "      "
        for word in [] if unit.down else conditions_of(unit):  # R12.2: out of the fight, they no longer count
            last = lines[-1]
            if len(lines) > 1 and len(last) + 2 + len(word) <= max(width, len(indent) + len(word)):
                last.append(", " + word, style="yellow")
            else:
                lines.append(Text(indent + word, style="yellow"))
        if unit.note:  # the game master's, cut to the line (the unit panel shows it whole)
            room = max(width - len(indent) - 2, 8)
            note = cut_to(unit.note, room)
            lines.append(Text(f"{indent}{NOTE_MARK} {note}", style=NOTE_STYLE))
        return lines
