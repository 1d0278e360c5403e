"""How the battlefield looks: terrain glyphs, overlay tints, and the drawing of one map row (units are drawn by
`unit_looks`, colours come from the player's palette, `map_palettes`).

Every cell is two terminal columns wide (terminal cells are tall), 2 x zoom columns and zoom lines when
zoomed. The shapes alone tell the terrain apart; the palette only colours them.

    terrain    floor: blank, a dim · every fifth cell (in sight, with the sight overlay on)    ██ wall
               ▄▄ low obstacle (a row of them one unbroken bar)    H  stairs    ≈≈ gap (a river, a drop:
               crossed by jumping)    ░░ rubble
               R18.3: "  brush   ▗▖ crates (a box in the cell's middle: a row of them, boxes with gaps
               between, never the low obstacle's bar)   ▓▓ hut   ,  burnt ground   ^^ fire
    units      see `unit_looks`: the mark (R1), its side's case (zoom 1) or brackets (zoom 2 and 3), pose,
               facing and flags below it when zoomed
    overlays   reachable: blue background (with the AP cost when asked)    enemy reaction cones: red
               background (magenta where also reachable), a watch of the acting side's: green (cyan where
               also reachable)    previewed path: AP left after each step, bold yellow (·3; ·· for a
               figure wider than the cell, such as -12: the hint line gives it)
               range bands: a dot in the band's colour, CQC bright white, close bright green,
               medium bright cyan, long bright yellow, extreme bright magenta    out of sight: dimmed
               cover against the active unit: a ▪ after the floor    target: black on bright yellow
               a throw's blast being aimed (R22.5): inner bright red, middle yellow, outer grey backgrounds
               cursor: black on bright white      (colours of the standard palette)
               the editor: the cells the next stroke paints, white on grey; a cell with a problem,
               underlined on red (the underline tells it without colour)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import attrs
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from apcombat.engine import unit_flags, unit_marks
from apcombat.model import BlastBand, Cell, Encounter, Pose, RangeBand, Terrain, Unit
from apcombat.model.fates import Fate
from apcombat.model.side_colours import colour_places
from apcombat.tui.widgets.map_palettes import STANDARD, palette
from apcombat.tui.widgets.unit_looks import UnitLook, look_of, mark_look, unit_line

CELL_WIDTH = 2  # terminal columns per map cell

TERRAIN_GLYPHS: dict[Terrain, str] = {
    Terrain.FLOOR: "  ",  # quiet: a dot every fifth cell only (FLOOR_DOT), the walls and the cover stand out
    Terrain.WALL: "██",
    Terrain.LOW: "▄▄",
    Terrain.STAIRS: "H ",
    Terrain.GAP: "≈≈",  # a river, a drop between roofs: crossed only by jumping
    Terrain.RUBBLE: "░░",
    # R18.3: flammable terrain, burnt ground and fires
    Terrain.BRUSH: '" ',
    Terrain.CRATES: "▗▖",  # a box, not the low obstacle's bar: both are hip-high, only crates burn
    Terrain.HUT: "▓▓",
    Terrain.BURNT: ", ",
    Terrain.FIRE: "^^",
}
FLOOR_DOT = "· "  # the floor every fifth cell, in sight with the sight overlay, and in a range band's colour
GRID = 5  # the floor shows its dot where x and y are both multiples of this (as the rulers count)

TOO_WIDE = "··"  # a path's AP left or a cost of more than two characters (-12): the hint line gives the figure
COVER_MARK = "▪"
RULER_STYLE = Style(color="bright_black")
RULER_CURSOR_STYLE = Style(color="bright_white", bold=True, reverse=True)
OUT_OF_SIGHT = Style(dim=True)

BLAST_TINTS = {BlastBand.INNER: "blast_inner", BlastBand.MIDDLE: "blast_middle", BlastBand.OUTER: "blast_outer"}
"""The tint of each band of a throw's blast being aimed (R22.5.1), over every other overlay but the cursor."""

UnitGlyph = tuple[int, UnitLook]  # x, the unit drawn there


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
    blast: tuple[tuple[int, BlastBand], ...] = ()  # x, the band of a throw's blast being aimed (R22.5)
    flagged: frozenset[int] = frozenset()  # the editor: cells with a problem `apcombat check` reports
    stroke: frozenset[int] = frozenset()  # the editor: the cells the next stroke paints
    ground: str = ""  # the row's legend characters: a painted row draws anew, the others keep their lines
    fires: frozenset[int] = frozenset()  # R18.3: the xs burning on this row
    burnt: frozenset[int] = frozenset()  # R18.3: the xs burnt on this row


def _rank(unit: Unit, active: bool) -> int:
    """Which unit is drawn when several share a cell: the active one, then standing, unconscious, down."""
    return 0 if active else 3 if unit.down else 2 if unit.unconscious_rounds > 0 else 1


def unit_rows(
    state: Encounter, marks: dict[str, str] | None = None, remembered: tuple[tuple[Cell, int, Pose], ...] = ()
) -> dict[int, tuple[UnitGlyph, ...]]:
    """The looks of the units on the map, by row, one per cell, sorted by x; `marks` the engine's
    (`unit_marks`, worked out here when not given); `remembered`, the last-seen marks (R21.2) drawn `?` where
    no character of the view stands."""
    marks = marks if marks is not None else unit_marks(state)
    best: dict[tuple[int, int], tuple[int, UnitLook]] = {}
    for unit in state.units:
        if unit.at is None or unit.fate is Fate.FLED:  # R18.1.3: it has left the map
            continue
        rank = _rank(unit, unit.id == state.active)
        if unit.at in best and best[unit.at][0] <= rank:
            continue
        look = look_of(state, unit, marks.get(unit.id, "??"), unit_flags(state, unit))
        best[unit.at] = (rank, look)
    hues = colour_places(state.sides)
    ids = [side.id for side in state.sides]
    for cell, side, pose in remembered:
        best.setdefault(cell, (4, mark_look(side, pose, hues[ids[side]] if side < len(ids) else None)))
    rows: dict[int, list[UnitGlyph]] = {}
    for (x, y), (_, look) in best.items():
        rows.setdefault(y, []).append((x, look))
    return {y: tuple(sorted(glyphs, key=lambda glyph: glyph[0])) for y, glyphs in rows.items()}


@lru_cache(maxsize=64)
def _tint(kind: str | None, dimmed: bool, palette_name: str = STANDARD) -> Style | None:
    """The style laid over a cell's glyph for its overlays."""
    tint = palette(palette_name).tints[kind] if kind else None
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
    palette_name: str = STANDARD,
    dot: bool = False,
) -> tuple[Segment, ...]:
    """One cell: a unit (its text and style), else a step of the path, else the terrain with its band, AP cost
    or cover mark; `dot`: the floor shows its dot (FLOOR_DOT)."""
    colours = palette(palette_name)
    pieces: tuple[tuple[str, Style], ...]
    if unit is not None:
        pieces = (unit,)
    elif ap_left is not None:
        pieces = ((_fitted(f"·{ap_left}" if 0 <= ap_left < 10 else f"{ap_left:>2}"), colours.path),)
    else:
        text, style = TERRAIN_GLYPHS[terrain], colours.terrain[terrain]
        if terrain is Terrain.FLOOR:
            text, style = (FLOOR_DOT if dot or band is not None else text), colours.floor
        if band is not None and terrain.plain is not Terrain.WALL and terrain is not Terrain.FIRE:
            style = style + colours.bands[band]
        if terrain.plain is Terrain.FLOOR and cost is not None:
            pieces = ((_fitted(f"{cost:<2}"), colours.cost),)
        elif terrain.plain is Terrain.FLOOR and covered:
            pieces = ((text[0], style), (COVER_MARK, colours.cover))
        else:
            pieces = ((text, style),)
    over = _tint(tint, dimmed, palette_name)
    return tuple(Segment(text, style + over if over is not None else style) for text, style in pieces)


# Terrain drawn on every line of a zoomed cell; the low obstacle and crates only on its bottom line (they are low).
_FILLED = (Terrain.WALL, Terrain.GAP, Terrain.RUBBLE, Terrain.HUT, Terrain.FIRE)


def _bottom_line(text: str, width: int) -> str:
    """A low cell's bottom line `width` columns wide: its glyph's first character throughout, or, for a box
    (crates, ▗▖), the box's two ends around its lower half (▗▄▄▖), a gap left at either edge of the cell."""
    if text[0] == text[1]:
        return text[0] * width
    return text[0] + "▄" * (width - 2) + text[1]


@lru_cache(maxsize=4096)
def zoomed_cell(look: tuple, zoom: int, sub: int) -> tuple[Segment, ...]:
    """One line (`sub`, from 0) of a cell drawn `zoom` times larger: 2 x zoom columns, zoom lines. A wall
    fills the whole block, a low obstacle its last line; a unit fills its lines with its mark, facing, pose
    and flags (`unit_line`); a path step, a cost or the floor's dot is written on the first line and padded
    with the cell's tint, so the cursor and the overlays colour the whole block (the map view draws the lines
    below the first without path: they do not show it). `look`: draw_row's, a unit as its UnitLook."""
    terrain, unit, ap_left, tint, dimmed, palette_name = look[0], look[1], look[2], look[6], look[7], look[8]
    over = _tint(tint, dimmed, palette_name)
    if unit is not None:
        text, style = unit_line(unit, palette_name, zoom, sub)
        return (Segment(text, style + over if over is not None else style),)
    segments = cell_segments(*look)
    width = CELL_WIDTH * zoom
    shown = ap_left is None
    low = terrain.plain is Terrain.LOW
    filled = shown and (terrain in _FILLED or (low and sub == zoom - 1))
    if filled:
        first = segments[0]
        line = _bottom_line(first.text, width) if low and len(first.text) == CELL_WIDTH else first.text[0] * width
        return (Segment(line, first.style),)
    if sub > 0 or (shown and low):
        return (Segment(" " * width, over),)
    return (*segments, Segment(" " * (width - CELL_WIDTH), over))


def hex_indent(y: int, zoom: int, hexes: bool) -> int:
    """R20.1: the columns a row is drawn east of the map's left edge: half a cell on the odd rows of a hex map."""
    return zoom if hexes and y & 1 else 0


def draw_row(
    terrain_row: Sequence[Terrain],
    marks: RowMarks,
    zoom: int = 1,
    sub: int = 0,
    hexes: bool = False,
    palette_name: str = STANDARD,
) -> Strip:
    """The whole width of one map row (line `sub` of it when zoomed: each cell `zoom` lines of 2 x `zoom`
    columns), without the widget's own style (the caller crops it and lays that under). On a hex map
    (`hexes`, R20.1) every row is half a cell wider: odd rows start half a cell in, even rows end half a cell
    short, so each cell sits between the two cells above and below it. `palette_name`: the player's palette."""
    units = dict(marks.units)
    reach, path, bands = dict(marks.reachable), dict(marks.path), dict(marks.bands)
    cones, cover, sight, cursor, target = marks.cones, marks.cover, marks.sight, marks.cursor, marks.target
    watches, blast = marks.watches, dict(marks.blast)
    stroke, flagged = marks.stroke, marks.flagged
    costs = reach if marks.costs_shown else {}
    grid_row = not marks.y % GRID
    segments: list[Segment] = []
    extend = segments.extend
    for x, terrain in enumerate(terrain_row):
        tint: str | None
        if x == cursor:
            tint = "cursor"
        elif x == target:
            tint = "target"
        elif x in stroke:
            tint = "stroke"
        elif x in flagged:
            tint = "flagged"
        elif x in blast:
            tint = BLAST_TINTS[blast[x]]
        elif x in reach:
            tint = "reach_cone" if x in cones else "reach_watch" if x in watches else "reach"
        else:
            tint = "cone" if x in cones else "watch" if x in watches else None
        dimmed = sight is not None and x not in sight and tint != "cursor"
        dot = (not x % GRID and grid_row) if sight is None else x in sight
        unit = units.get(x)
        if zoom == 1:
            shown = unit_line(unit, palette_name, 1, 0) if unit is not None else None
            extend(
                cell_segments(
                    terrain, shown, path.get(x), bands.get(x), costs.get(x), x in cover, tint, dimmed, palette_name, dot
                )
            )
        else:
            look = (terrain, unit, path.get(x), bands.get(x), costs.get(x), x in cover, tint, dimmed, palette_name, dot)
            extend(zoomed_cell(look, zoom, sub))
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
