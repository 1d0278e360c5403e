"""`L` on the battlefield: the map's legend — every terrain glyph, how units look (their marks, sides, poses,
facings and flags at each zoom), and the colours and marks of the five overlays, in the player's palette.
Every sample is drawn by `map_glyphs` and `unit_looks` themselves (`cell_segments`, `unit_line`), so the
legend shows exactly what the map draws."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from apcombat.board.hex_grid import HEX_FACINGS
from apcombat.model import BlastBand, Facing, Pose, RangeBand, Terrain
from apcombat.tui.follow import LANDING_MARK, LANDING_STYLE, TARGET_MARK, TARGET_STYLE
from apcombat.tui.widgets.map_glyphs import BLAST_TINTS, COVER_MARK, FLOOR_DOT, cell_segments
from apcombat.tui.widgets.map_palettes import STANDARD, palette, palette_of
from apcombat.tui.widgets.steady_footer import FittedFooter
from apcombat.tui.widgets.unit_looks import (
    FACING_MARKS,
    FLAG_MARKS,
    FLAG_WORDS,
    OUT_MARKS,
    UnitLook,
    mark_look,
    unit_line,
)

TERRAIN_WORDS: dict[Terrain, str] = {
    Terrain.FLOOR: f"floor: blank, a dim {FLOOR_DOT.strip()} every fifth cell to count by",
    Terrain.WALL: "wall: blocks movement and sight, gives cover",
    Terrain.LOW: "hip-high obstacle: blocks movement, not sight; gives cover",
    Terrain.STAIRS: "stairs or ladder: climbed",
    Terrain.GAP: "gap (a river, a drop): crossed only by jumping (J)",
    Terrain.RUBBLE: "rubble: every step into it costs double",
    Terrain.BRUSH: "dry brush: floor that burns (R18.3)",
    Terrain.CRATES: "wooden crates: a low obstacle that burns",
    Terrain.HUT: "hut: a wall that burns",
    Terrain.BURNT: "burnt ground: floor that no longer burns",
    Terrain.FIRE: "fire: never entered or crossed; its smoke blocks sight",
}

BAND_WORDS: dict[RangeBand, str] = {
    RangeBand.CQC: "CQC",
    RangeBand.CLOSE: "close",
    RangeBand.MEDIUM: "medium",
    RangeBand.LONG: "long",
    RangeBand.EXTREME: "extreme",
}


def _cell(
    terrain: Terrain = Terrain.FLOOR,
    unit: tuple[str, Style] | None = None,
    *,
    ap_left: int | None = None,
    band: RangeBand | None = None,
    cost: int | None = None,
    covered: bool = False,
    tint: str | None = None,
    dimmed: bool = False,
    colours: str = STANDARD,
    dot: bool = True,
) -> Text:
    """One map cell as the map draws it."""
    segments = cell_segments(terrain, unit, ap_left, band, cost, covered, tint, dimmed, colours, dot)
    text = Text()
    for segment in segments:
        text.append(segment.text, segment.style)
    return text


def _unit(look: UnitLook, colours: str, zoom: int = 1) -> list[Text]:
    """A unit's cell at this zoom, a Text a line."""
    lines = []
    for sub in range(zoom):
        text, style = unit_line(look, colours, zoom, sub)
        lines.append(Text(text, style))
    return lines


def _one(look: UnitLook, colours: str, zoom: int = 1) -> Text:
    return _unit(look, colours, zoom)[0]


def _line(*pieces: Text | str) -> Text:
    return Text.assemble("  ", *pieces)


def _hex_sample(colours: str) -> list[Text]:
    """R20.1: three rows of a hex map as the map draws them, odd rows half a cell east, with a unit."""
    floor, wall = _cell(colours=colours), _cell(Terrain.WALL, colours=colours)
    unit = _one(UnitLook("A1", 0, facing=Facing.NE), colours)
    return [
        _line(floor, floor, wall, floor, "   hex map: every odd row is drawn half a cell east"),
        _line(" ", floor, unit, floor, floor, "  so a hex touches two above, two beside and two below"),
        _line(floor, floor, floor, floor, "   (zoomed, a unit's arrow gives its facing: NE, E, SE, SW, W, NW)"),
    ]


def _unit_lines(colours: str, hexes: bool) -> list[Text]:
    """The units' part of the legend: marks and sides, poses, facings, flags, out of the fight."""
    sides = len(palette(colours).sides)
    lines = [Text("Units: a mark, its side's letter and a number, the same all fight (R1, R2 ... B1)", style="bold")]
    zoom1 = Text.assemble(*(Text.assemble(_one(UnitLook(f"{'ABCDEF'[i]}1", i), colours), " ") for i in range(sides)))
    lines.append(_line(zoom1, " sides at zoom 1: colour, and capitals / small letters in turn"))
    zoom2 = Text.assemble(*(Text.assemble(_one(UnitLook(f"{'ABCDEF'[i]}1", i), colours, 2), " ") for i in range(4)))
    lines.append(_line(zoom2, " zoomed (z): each side's brackets, [] () <> {} || ::"))
    sample = UnitLook("A1", 0, Pose.CROUCHED, Facing.E, flags=("cover", "watching"))
    first, second = _unit(sample, colours, 2)
    lines.append(_line(first, "  zoom 2: the mark, and below it the facing (→), the pose (▄ crouched)"))
    lines.append(_line(second, "  and the first two flags (▪ in cover, ◎ watching)"))
    big = _unit(UnitLook("B1", 1, Pose.PRONE, Facing.W, flags=("pinned", "suppressed", "shaken")), colours, 3)
    lines.append(_line(big[0], "  zoom 3: the mark, facing and pose (▁ prone) on the first line,"))
    lines.append(_line(big[1], "  every flag below"))
    lines.append(_line(big[2]))
    lines.append(_line(_one(UnitLook("A1", 0, Pose.UPRIGHT), colours), "  upright: bold"))
    lines.append(_line(_one(UnitLook("A1", 0, Pose.CROUCHED), colours), "  crouched: plain (▄ when zoomed)"))
    lines.append(_line(_one(UnitLook("A1", 0, Pose.PRONE), colours), "  prone: underlined and slanted (▁ when zoomed)"))
    shown = HEX_FACINGS if hexes else tuple(FACING_MARKS)
    lines.append(_line("facings (zoomed): " + "  ".join(f"{FACING_MARKS[f]} {f.value}" for f in shown)))
    lines.append(_line(_one(UnitLook("A1", 0, active=True), colours), "  the acting unit: reverse video"))
    suppressed = _one(UnitLook("A1", 0, flags=("suppressed",)), colours)
    lines.append(_line(suppressed, "  suppressed: grey background (R18.4; the panel gives the markers)"))
    lines.append(Text("  flags, below a zoomed unit and after its mark in the panels:"))
    lines += [_line(f"  {FLAG_MARKS[flag]} {FLAG_WORDS[flag]}") for flag in FLAG_MARKS]
    down = _unit(UnitLook("A1", 0, out="down"), colours, 2)
    lines.append(_line(_one(UnitLook("A1", 0, out="down"), colours), "  ", down[0], "  out of the fight: dim,"))
    lines.append(_line("      ", down[1], "  struck through at zoom 1, and below the mark when zoomed:"))
    words = {"down": "down", "unconscious": "unconscious", "man_down": "man down", "dead": "dead"}
    lines.append(_line("  " + ", ".join(f"{OUT_MARKS[k]} {v}" for k, v in words.items()) + ", _ surrendered"))
    lines.append(_line("  (R12, R18.2, R18.1.5; one that fled leaves the map)"))
    return lines + _fog_lines(colours)


def _fog_lines(colours: str) -> list[Text]:
    """R21: what the fog of war adds to the map — last-seen marks and hidden characters."""
    mark = mark_look(1, Pose.CROUCHED)
    hidden = UnitLook("A1", 0, flags=("cover", "hidden"))
    zoomed = _unit(mark, colours, 2)
    return [
        Text("Fog of war (R21, encounters with fog_of_war on)", style="bold"),
        _line('  you see only the enemies your characters see; the turn order reads "out of sight" while'),
        _line("  an enemy you do not see acts"),
        _line(_one(mark, colours), "  ", zoomed[0], "  a last-seen mark: where your side last saw an enemy, in its"),
        _line("      ", zoomed[1], "  side's colour with its pose then; the cursor on it gives its round"),
        _line(
            _one(hidden, colours), "  ", _unit(hidden, colours, 2)[1], "  hidden (faint, ◌): seen by no enemy until it"
        ),
        _line("      reveals itself; shown to its own side and to the game master"),
        _line("  hot-seat: a hand-over screen comes before each side's turn — pass the keyboard, press Enter"),
    ]


def legend_text(hexes: bool = False, colours: str = STANDARD) -> Text:
    """The whole legend, one sample per line (or a row of samples), each with what it means, in the palette
    `colours`; `hexes` for a hex map (R20): how its rows are drawn, and its six facings instead of the eight."""
    lines: list[Text] = [Text(f"Palette: {colours} (the settings change it)", style="italic")]
    lines.append(Text("Terrain", style="bold"))
    lines += [
        _line(_cell(terrain, colours=colours), f"  {TERRAIN_WORDS.get(terrain, terrain.value)}") for terrain in Terrain
    ]
    if hexes:
        lines += _hex_sample(colours)
    lines += _unit_lines(colours, hexes)

    def cell(**options: object) -> Text:
        return _cell(colours=colours, **options)  # type: ignore[arg-type]

    lines.append(Text("Overlays (keys 1-5 switch them)", style="bold"))
    lines.append(
        _line(
            cell(),
            " ",
            cell(dimmed=True, dot=False),
            "  1 sight: in sight a dot, out of sight dimmed (fog: your side's)",
        )
    )
    lines.append(
        _line(
            cell(tint="cone"), " ", cell(tint="reach_cone"), "  2 watch cones: an enemy's (the second: also reachable)"
        )
    )
    lines.append(
        _line(cell(tint="watch"), " ", cell(tint="reach_watch"), "    your side's (the second: also reachable)")
    )
    bands = Text.assemble(*(Text.assemble(cell(band=band), f"{BAND_WORDS[band]} ") for band in RangeBand))
    lines.append(_line("3 range bands of the weapon in hand:"))
    lines.append(_line(bands))
    lines.append(_line(cell(covered=True), f"  4 cover: {COVER_MARK} where cover protects against the acting unit"))
    lines.append(
        _line(cell(tint="reach"), " ", cell(cost=4, tint="reach"), "  5 reachable (with its AP cost when asked)")
    )

    lines.append(Text("Marks", style="bold"))
    lines.append(_line(cell(ap_left=3), "  the previewed path: AP left after each step"))
    lines.append(_line(cell(tint="cursor"), "  the cursor"))
    lines.append(_line(cell(tint="target"), "  the target"))
    blast = Text.assemble(*(Text.assemble(cell(tint=BLAST_TINTS[band]), f" {band.value} ") for band in BlastBand))
    lines.append(_line(blast, " a throw's blast being aimed (T, R22.5)"))
    landing = Text.assemble(Text(LANDING_MARK, LANDING_STYLE), "  ", Text(TARGET_MARK, TARGET_STYLE))
    lines.append(_line(landing, "  a throw's landing, and the cell it missed (R22.4)"))
    lines.append(Text("A watch fires at an enemy entering its cone, not one in it (R16.2).", style="italic"))
    return Text("\n").join(lines)


class LegendScreen(ModalScreen[None]):
    """What every glyph and colour of the map means."""

    BINDINGS = [Binding("escape,L,q", "close", "Close", id="legend.close")]

    def __init__(self, hexes: bool = False) -> None:
        super().__init__()
        self.hexes = hexes

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide tall", id="legend"):
            yield Label("Map legend", classes="dialog-title")
            yield Static(legend_text(self.hexes, palette_of(self.app)), id="legend-text")
        yield FittedFooter()

    def on_mount(self) -> None:
        self.query_one("#legend").focus()

    def refresh_view(self) -> None:
        """The legend again, in the palette the settings (F4 over it) just chose."""
        self.query_one("#legend-text", Static).update(legend_text(self.hexes, palette_of(self.app)))

    def action_close(self) -> None:
        self.dismiss(None)
