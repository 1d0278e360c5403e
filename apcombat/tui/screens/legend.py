"""`L` on the battlefield: the map's legend — every terrain glyph, how units, their facings and poses look, and
the colours and marks of the five overlays. Every sample is drawn by `map_glyphs` itself (`cell_segments`,
`unit_look`), so the legend shows exactly what the map draws."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from apcombat.board.hex_grid import HEX_FACINGS
from apcombat.model import Facing, Pose, RangeBand, Terrain
from apcombat.tui.widgets.map_glyphs import (
    COVER_MARK,
    FACING_MARKS,
    SIDE_COLOURS,
    STATE_MARKS,
    cell_segments,
    unit_look,
)

TERRAIN_WORDS: dict[Terrain, str] = {
    Terrain.FLOOR: "floor",
    Terrain.WALL: "wall: blocks movement and sight, gives cover",
    Terrain.LOW: "hip-high obstacle: blocks movement, not sight; gives cover",
    Terrain.STAIRS: "stairs or ladder: climbed",
    Terrain.GAP: "gap: crossed only by jumping (J)",
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
) -> Text:
    """One map cell as the map draws it."""
    segments = cell_segments(terrain, unit, ap_left, band, cost, covered, tint, dimmed)
    text = Text()
    for segment in segments:
        text.append(segment.text, segment.style)
    return text


def _unit(
    pose: Pose = Pose.UPRIGHT,
    facing: Facing = Facing.E,
    out: str = "",
    active: bool = False,
    colour: str = SIDE_COLOURS[0],
    state: str = "",
    suppressed: bool = False,
) -> Text:
    return _cell(unit=unit_look("A", colour, pose, facing, out, active, state, suppressed))


def _line(*pieces: Text | str) -> Text:
    return Text.assemble("  ", *pieces)


def _hex_sample() -> list[Text]:
    """R20.1: three rows of a hex map as the map draws them, odd rows half a cell east, with a unit facing NE."""
    floor, wall = _cell(), _cell(Terrain.WALL)
    unit = _unit(facing=Facing.NE)
    return [
        _line(floor, floor, wall, floor, "   hex map: every odd row is drawn half a cell east"),
        _line(" ", floor, unit, floor, floor, "  so a hex touches two above, two beside and two below"),
        _line(floor, floor, floor, floor, "   (A faces NE: its upper right neighbour)"),
    ]


def legend_text(hexes: bool = False) -> Text:
    """The whole legend, one sample per line (or a row of samples), each with what it means; `hexes` for a hex
    map (R20): how its rows are drawn, and its six facings instead of the eight."""
    lines: list[Text] = [Text("Terrain", style="bold")]
    lines += [_line(_cell(terrain), f"  {TERRAIN_WORDS.get(terrain, terrain.value)}") for terrain in Terrain]
    if hexes:
        lines += _hex_sample()

    lines.append(Text("Units: a letter in its side's colour, then its facing", style="bold"))
    sides = Text.assemble(*(Text.assemble(_unit(colour=colour), " ") for colour in SIDE_COLOURS))
    lines.append(_line(sides, " a colour a side: first green, second red"))
    shown = HEX_FACINGS if hexes else tuple(FACING_MARKS)
    facings = Text.assemble(*(Text.assemble(_unit(facing=facing), " ") for facing in shown))
    lines.append(_line(facings, " facing " + " ".join(facing.value for facing in shown)))
    lines.append(_line(_unit(Pose.UPRIGHT), "  upright: bold capital letter"))
    lines.append(_line(_unit(Pose.CROUCHED), "  crouched: small letter"))
    lines.append(_line(_unit(Pose.PRONE), "  prone: small letter, underlined"))
    lines.append(_line(_unit(active=True), "  the acting unit: reverse video"))
    lines.append(_line(_unit(suppressed=True), "  suppressed: grey background (R18.4; the panel gives the markers)"))
    lines.append(_line(_unit(out="unconscious"), "  unconscious (dim, z)"))
    lines.append(_line(_unit(out="down"), "  down, 0 HP (dim, x)"))
    r18 = Text.assemble(*(Text.assemble(_unit(out=out), " ") for out in ("man_down", "dead", "surrendered")))
    lines.append(_line(r18, " man down +, dead †, surrendered _ (R18.2, R18.1.5; one that fled leaves the map)"))
    marks = Text.assemble(*(Text.assemble(_unit(state=state), " ") for state in STATE_MARKS))
    lines.append(_line(marks, " stunned *, broken !, shaken ? in place of the facing (R18.2.1, R18.1.3)"))

    lines.append(Text("Overlays (keys 1-5 switch them)", style="bold"))
    lines.append(_line(_cell(), " ", _cell(dimmed=True), "  1 sight: out of the acting unit's sight, dimmed"))
    lines.append(
        _line(
            _cell(tint="cone"),
            " ",
            _cell(tint="reach_cone"),
            "  2 watch cones: an enemy's (R16; magenta: also reachable)",
        )
    )
    lines.append(
        _line(
            _cell(tint="watch"),
            " ",
            _cell(tint="reach_watch"),
            "    your side's (cyan: also reachable)",
        )
    )
    bands = Text.assemble(*(Text.assemble(_cell(band=band), f"{BAND_WORDS[band]} ") for band in RangeBand))
    lines.append(_line("3 range bands of the weapon in hand:"))
    lines.append(_line(bands))
    lines.append(_line(_cell(covered=True), f"  4 cover: {COVER_MARK} where cover protects against the acting unit"))
    lines.append(
        _line(_cell(tint="reach"), " ", _cell(cost=4, tint="reach"), "  5 reachable (with its AP cost when asked)")
    )

    lines.append(Text("Marks", style="bold"))
    lines.append(_line(_cell(ap_left=3), "  the previewed path: AP left after each step"))
    lines.append(_line(_cell(tint="cursor"), "  the cursor"))
    lines.append(_line(_cell(tint="target"), "  the target"))
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
            yield Static(legend_text(self.hexes), id="legend-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#legend").focus()

    def action_close(self) -> None:
        self.dismiss(None)
