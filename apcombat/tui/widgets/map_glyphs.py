"""How the battlefield looks: terrain glyphs, unit marks, overlay tints, and the drawing of one map row.

Every cell is two terminal columns wide (terminal cells are tall). Colours are the 16 named ANSI colours,
so the map reads the same in a 16-colour terminal, and the shapes alone tell the terrain apart.

    terrain    .  floor (dim)    ██ wall    ▄▄ low obstacle    H  stairs    __ gap    :: rubble
               R18.3: "  brush (green)   ▄▄ crates (bright yellow)   ▓▓ hut   ,  burnt ground   ^^ fire (red)
    units      a label in its side's colour, then a mark: ↑ ↗ → ↘ ↓ ↙ ← ↖ the facing (N..NW),
               x down (0 HP), z unconscious, + man down, † dead, _ surrendered (all dim; a unit
               that fled is not drawn); * stunned, ! broken, ? shaken in place of the facing (R18);
               the label shows the pose:
               A bold capital = upright, a lowercase = crouched, a lowercase underlined = prone;
               the active unit in reverse video; a grey background: suppressed (R18.4, markers held)
    overlays   reachable: blue background (with the AP cost when asked)    enemy reaction cones: red
               background (magenta where also reachable), a watch of the acting side's: green (cyan where
               also reachable)    previewed path: AP left after each step, bold yellow (·3; ·· for a
               figure wider than the cell, such as -12: the hint line gives it)
               range bands: the floor dot's colour, CQC bright white, close bright green,
               medium bright cyan, long bright yellow, extreme bright magenta    out of sight: dimmed
               cover against the active unit: a cyan ▪ after the floor dot    target: black on bright yellow
               cursor: black on bright white
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import attrs
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from apcombat.model import Encounter, Facing, Pose, RangeBand, Terrain, Unit
from apcombat.model.fates import Fate, MoraleState

CELL_WIDTH = 2  # terminal columns per map cell

TERRAIN_GLYPHS: dict[Terrain, tuple[str, Style]] = {
    Terrain.FLOOR: (". ", Style(color="bright_black")),
    Terrain.WALL: ("██", Style(color="white")),
    Terrain.LOW: ("▄▄", Style(color="yellow")),
    Terrain.STAIRS: ("H ", Style(color="bright_cyan", bold=True)),
    Terrain.GAP: ("__", Style(color="blue")),
    Terrain.RUBBLE: ("::", Style(color="yellow")),
    # R18.3: flammable terrain, burnt ground and fires
    Terrain.BRUSH: ('" ', Style(color="green")),
    Terrain.CRATES: ("▄▄", Style(color="bright_yellow")),
    Terrain.HUT: ("▓▓", Style(color="yellow")),
    Terrain.BURNT: (", ", Style(color="bright_black")),
    Terrain.FIRE: ("^^", Style(color="bright_red", bold=True)),
}

FACING_MARKS: dict[Facing, str] = {
    Facing.N: "↑",
    Facing.NE: "↗",
    Facing.E: "→",
    Facing.SE: "↘",
    Facing.S: "↓",
    Facing.SW: "↙",
    Facing.W: "←",
    Facing.NW: "↖",
}
DOWN_MARK = "x"
UNCONSCIOUS_MARK = "z"
OUT_MARKS = {"down": DOWN_MARK, "unconscious": UNCONSCIOUS_MARK, "man_down": "+", "dead": "†", "surrendered": "_"}
"""R12.2, R12.1, R18.2.1, R18.1.5: the mark of a unit out of the fight (or knocked out), drawn dim."""
STATE_MARKS = {"stunned": "*", "broken": "!", "shaken": "?"}
"""R18.2.1, R18.1.3: the mark that replaces the facing of a stunned, broken or shaken unit (in that order)."""

SIDE_COLOURS = ("bright_green", "bright_red", "bright_cyan", "bright_yellow", "bright_magenta", "bright_blue")

BAND_STYLES: dict[RangeBand, Style] = {
    RangeBand.CQC: Style(color="bright_white"),
    RangeBand.CLOSE: Style(color="bright_green"),
    RangeBand.MEDIUM: Style(color="bright_cyan"),
    RangeBand.LONG: Style(color="bright_yellow"),
    RangeBand.EXTREME: Style(color="bright_magenta"),
}

PATH_STYLE = Style(color="bright_yellow", bold=True)
COST_STYLE = Style(color="white")
TOO_WIDE = "··"  # a path's AP left or a cost of more than two characters (-12): the hint line gives the figure
COVER_MARK = "▪"
COVER_STYLE = Style(color="cyan", bold=True)
RULER_STYLE = Style(color="bright_black")
RULER_CURSOR_STYLE = Style(color="bright_white", bold=True, reverse=True)

# The background tints of a cell, from the overlays under it; the cursor and the target also set the text colour.
TINTS: dict[str, Style] = {
    "reach": Style(bgcolor="blue"),
    "cone": Style(bgcolor="red"),
    "reach_cone": Style(bgcolor="magenta"),
    "watch": Style(bgcolor="green"),
    "reach_watch": Style(bgcolor="cyan"),
    "target": Style(color="black", bgcolor="bright_yellow", bold=True, dim=False, reverse=False),
    "cursor": Style(color="black", bgcolor="bright_white", bold=True, dim=False, reverse=False),
}
OUT_OF_SIGHT = Style(dim=True)

# Labels tried after a unit's own letters: capitals, digits, then Greek capitals that look like no Latin one.
_SPARE_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ΓΔΘΛΞΠΣΦΨΩ"

UnitGlyph = tuple[int, str, Style]  # x, the two characters, their style


@attrs.frozen(cache_hash=True)
class RowMarks:
    """Everything drawn on one map row, by x; equal marks draw the same line (the key of the line cache)."""

    y: int
    units: tuple[UnitGlyph, ...] = ()
    reachable: tuple[tuple[int, int], ...] = ()  # x, AP cost
    path: tuple[tuple[int, int], ...] = ()  # x, AP left after the step
    sight: frozenset[int] | None = None  # the xs in sight; None when the sight overlay is off
    cones: frozenset[int] = frozenset()
    bands: tuple[tuple[int, RangeBand], ...] = ()
    cover: frozenset[int] = frozenset()
    target: int | None = None
    cursor: int | None = None
    costs_shown: bool = False
    watches: frozenset[int] = frozenset()  # cells a unit of the acting side watches (R16.1)


def unit_labels(unit_ids: Sequence[str]) -> dict[str, str]:
    """One distinct label per unit: the first of its id's letters and digits not taken yet, then a spare one.

    Computed from the whole encounter in its order, so a unit keeps its label all fight long. Past the
    46 labels available the first letter is reused.
    """
    taken: set[str] = set()
    labels: dict[str, str] = {}
    for unit_id in unit_ids:
        own = [ch.upper() for ch in unit_id if ch.isascii() and ch.isalnum()]
        label = next((ch for ch in [*own, *_SPARE_LABELS] if ch not in taken), (own or ["?"])[0])
        taken.add(label)
        labels[unit_id] = label
    return labels


def unit_glyph(unit: Unit, label: str, colour: str, active: bool, unconscious: bool) -> tuple[str, Style]:
    """The two characters of a unit on the map and their style (see the module's legend)."""
    if unit.fate is not Fate.NONE:
        out = unit.fate.value
    else:
        out = "down" if unit.down else "unconscious" if unconscious else ""
    state = "stunned" if unit.stunned else unit.morale.value if unit.morale is not MoraleState.STEADY else ""
    return unit_look(label, colour, unit.pose, unit.facing, out, active, state, suppressed=unit.markers > 0)


SUPPRESSED_BACKGROUND = "bright_black"  # R18.4: a unit holding suppression markers


def unit_look(
    label: str,
    colour: str,
    pose: Pose,
    facing: Facing,
    out: str,
    active: bool,
    state: str = "",
    suppressed: bool = False,
) -> tuple[str, Style]:
    """The two characters and style of a unit with this label, pose and facing; `out` is a key of OUT_MARKS
    or "" (in the fight), `state` one of STATE_MARKS or ""; `suppressed`: it holds suppression markers (a grey
    background). The map and the legend both draw units with it."""
    if suppressed and not out:
        text, style = unit_look(label, colour, pose, facing, out, active, state)
        return text, style + Style(bgcolor=SUPPRESSED_BACKGROUND)
    if out:
        return label.lower() + OUT_MARKS.get(out, DOWN_MARK), Style(color=colour, dim=True, reverse=active)
    mark = STATE_MARKS.get(state, FACING_MARKS[facing])
    if pose is Pose.UPRIGHT:
        return label + mark, Style(color=colour, bold=True, reverse=active)
    prone = pose is Pose.PRONE
    return label.lower() + mark, Style(color=colour, underline=prone, reverse=active)


def _rank(unit: Unit, active: bool, unconscious: bool) -> int:
    """Which unit is drawn when several share a cell: the active one, then standing, unconscious, down."""
    return 0 if active else 3 if unit.down else 2 if unconscious else 1


def unit_rows(state: Encounter, labels: dict[str, str]) -> dict[int, tuple[UnitGlyph, ...]]:
    """The glyphs of the units on the map, by row, one per cell, sorted by x."""
    colours = {side.id: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, side in enumerate(state.sides)}
    best: dict[tuple[int, int], tuple[int, str, Style]] = {}
    for unit in state.units:
        if unit.at is None or unit.fate is Fate.FLED:  # R18.1.3: it has left the map
            continue
        active = unit.id == state.active
        unconscious = unit.unconscious_rounds > 0
        rank = _rank(unit, active, unconscious)
        if unit.at in best and best[unit.at][0] <= rank:
            continue
        label = labels.get(unit.id, unit.id[:1].upper() or "?")
        text, style = unit_glyph(unit, label, colours.get(unit.side, "white"), active, unconscious)
        best[unit.at] = (rank, text, style)
    rows: dict[int, list[UnitGlyph]] = {}
    for (x, y), (_, text, style) in best.items():
        rows.setdefault(y, []).append((x, text, style))
    return {y: tuple(sorted(glyphs, key=lambda glyph: glyph[0])) for y, glyphs in rows.items()}


@lru_cache(maxsize=64)
def _tint(kind: str | None, dimmed: bool) -> Style | None:
    """The style laid over a cell's glyph for its overlays."""
    tint = TINTS[kind] if kind else None
    if dimmed:
        tint = tint + OUT_OF_SIGHT if tint else OUT_OF_SIGHT
    return tint


def _fitted(number: str) -> str:
    """A number in a cell's two characters, or TOO_WIDE: never a number cut short (-12 is not 12)."""
    return number if len(number) <= 2 else TOO_WIDE


@lru_cache(maxsize=4096)
def cell_segments(
    terrain: Terrain,
    unit: tuple[str, Style] | None,
    ap_left: int | None,
    band: RangeBand | None,
    cost: int | None,
    covered: bool,
    tint: str | None,
    dimmed: bool,
) -> tuple[Segment, ...]:
    """One cell: a unit, else a step of the path, else the terrain with its band, AP cost or cover mark."""
    pieces: tuple[tuple[str, Style], ...]
    if unit is not None:
        pieces = (unit,)
    elif ap_left is not None:
        pieces = ((_fitted(f"·{ap_left}" if 0 <= ap_left < 10 else f"{ap_left:>2}"), PATH_STYLE),)
    else:
        text, style = TERRAIN_GLYPHS[terrain]
        if band is not None and terrain.plain is not Terrain.WALL and terrain is not Terrain.FIRE:
            style = style + BAND_STYLES[band]
        if terrain.plain is Terrain.FLOOR and cost is not None:
            pieces = ((_fitted(f"{cost:<2}"), COST_STYLE),)
        elif terrain.plain is Terrain.FLOOR and covered:
            pieces = ((text[0], style), (COVER_MARK, COVER_STYLE))
        else:
            pieces = ((text, style),)
    over = _tint(tint, dimmed)
    return tuple(Segment(text, style + over if over is not None else style) for text, style in pieces)


# Terrain drawn on every line of a zoomed cell; the low obstacle only on its bottom line (it is low).
_FILLED = (Terrain.WALL, Terrain.GAP, Terrain.RUBBLE, Terrain.HUT, Terrain.FIRE)


@lru_cache(maxsize=4096)
def zoomed_cell(look: tuple, zoom: int, sub: int) -> tuple[Segment, ...]:
    """One line (`sub`, from 0) of a cell drawn `zoom` times larger: 2 x zoom columns, zoom lines. A wall
    fills the whole block, a low obstacle its last line; a unit, a path step, a cost or the floor's dot is
    written on the first line and padded with the cell's tint, so the cursor and the overlays colour the
    whole block (the map view draws the lines below the first without units or path: they show neither)."""
    terrain, unit, ap_left = look[0], look[1], look[2]
    segments = cell_segments(*look)
    width = CELL_WIDTH * zoom
    shown = unit is None and ap_left is None
    low = terrain.plain is Terrain.LOW
    filled = shown and (terrain in _FILLED or (low and sub == zoom - 1))
    if filled:
        return tuple(Segment(segment.text[0] * width, segment.style) for segment in segments[:1])
    pad_style = _tint(look[6], look[7])
    if sub > 0 or (shown and low):
        return (Segment(" " * width, pad_style),)
    return (*segments, Segment(" " * (width - CELL_WIDTH), pad_style))


def hex_indent(y: int, zoom: int, hexes: bool) -> int:
    """R20.1: the columns a row is drawn east of the map's left edge: half a cell on the odd rows of a hex map."""
    return zoom if hexes and y & 1 else 0


def draw_row(
    terrain_row: Sequence[Terrain], marks: RowMarks, zoom: int = 1, sub: int = 0, hexes: bool = False
) -> Strip:
    """The whole width of one map row (line `sub` of it when zoomed: each cell `zoom` lines of 2 x `zoom`
    columns), without the widget's own style (the caller crops it and lays that under). On a hex map
    (`hexes`, R20.1) every row is half a cell wider: odd rows start half a cell in, even rows end half a cell
    short, so each cell sits between the two cells above and below it."""
    units = {x: (text, style) for x, text, style in marks.units}
    reach, path, bands = dict(marks.reachable), dict(marks.path), dict(marks.bands)
    cones, cover, sight, cursor, target = marks.cones, marks.cover, marks.sight, marks.cursor, marks.target
    watches = marks.watches
    costs = reach if marks.costs_shown else {}
    segments: list[Segment] = []
    extend = segments.extend
    for x, terrain in enumerate(terrain_row):
        tint: str | None
        if x == cursor:
            tint = "cursor"
        elif x == target:
            tint = "target"
        elif x in reach:
            tint = "reach_cone" if x in cones else "reach_watch" if x in watches else "reach"
        else:
            tint = "cone" if x in cones else "watch" if x in watches else None
        dimmed = sight is not None and x not in sight and tint != "cursor"
        look = (terrain, units.get(x), path.get(x), bands.get(x), costs.get(x), x in cover, tint, dimmed)
        extend(cell_segments(*look) if zoom == 1 else zoomed_cell(look, zoom, sub))
    width = CELL_WIDTH * zoom * len(terrain_row)
    if hexes:
        half = Segment(" " * zoom)
        segments.insert(0, half) if marks.y & 1 else segments.append(half)
        width += zoom
    return Strip(segments, width).simplify()


@lru_cache(maxsize=8)
def ruler_numbers(width: int, zoom: int = 1) -> Strip:
    """The top line of the x ruler: every fifth x (every x when zoomed), written from its cell's first column."""
    cell = CELL_WIDTH * zoom
    chars = [" "] * (cell * width)
    for x in range(0, width, 5 if zoom == 1 else 1):
        for i, ch in enumerate(str(x)):
            if cell * x + i < len(chars):
                chars[cell * x + i] = ch
    return Strip([Segment("".join(chars), RULER_STYLE)], len(chars))


@lru_cache(maxsize=256)
def ruler_digits(width: int, cursor_x: int | None, zoom: int = 1) -> Strip:
    """The second line of the x ruler: the last digit of every x, the cursor's column highlighted (on a hex
    map the digits stand over the even rows' cells; the odd rows' are half a cell east of them)."""
    cell = CELL_WIDTH * zoom
    text = "".join(f"{x % 10:<{cell}}" for x in range(width))
    if cursor_x is None or not 0 <= cursor_x < width:
        return Strip([Segment(text, RULER_STYLE)], len(text))
    at = cell * cursor_x
    segments = [
        Segment(text[:at], RULER_STYLE),
        Segment(text[at], RULER_CURSOR_STYLE),
        Segment(text[at + 1 :], RULER_STYLE),
    ]
    return Strip([segment for segment in segments if segment.text], len(text))


@lru_cache(maxsize=1024)
def gutter(y: int, width: int, on_cursor: bool) -> Strip:
    """The row number at the left of a map line, highlighted on the cursor's row."""
    number = f"{y:>{width - 1}}"
    style = RULER_CURSOR_STYLE if on_cursor else RULER_STYLE
    return Strip([Segment(number, style), Segment(" ")], width)
