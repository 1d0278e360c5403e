"""The map's colours, by palette (the player's setting `palette`): `standard`, `colour-blind` and `high contrast`.

The palette is read where the map is drawn (`palette_of(app)`, on every paint) and is part of every cached
line's key, so a change shows on the next frame. The side panels, the turn order and the legend take their
colours from the same palette, so a unit reads the same everywhere.

- standard: the 16 named ANSI colours (a 16-colour terminal shows them as meant); sides green, red, cyan ...
- colour-blind: the Okabe-Ito colours, told apart with deuteranopia and protanopia: sides sky blue and
  orange, no red-green pair anywhere (enemy cones vermillion, the own side's watch reddish purple, reach blue);
- high contrast: bright colours only, bold units, the floor's marks white instead of grey.

Shapes never depend on the palette: sides differ by their mark's brackets and case too (`unit_marks`).
"""

from __future__ import annotations

from typing import Any

import attrs
from rich.style import Style

from apcombat.model import RangeBand, Terrain

STANDARD = "standard"


@attrs.frozen
class Palette:
    """Every colour the map uses; glyphs are the same in every palette."""

    sides: tuple[str, ...]  # a colour for each name of `model.side_colours.SIDE_COLOURS`, in its order
    terrain: dict[Terrain, Style]
    tints: dict[str, Style]
    bands: dict[RangeBand, Style]
    floor: Style  # the floor's dot (every fifth cell, and the cells in sight with the sight overlay)
    path: Style
    cost: Style
    cover: Style
    suppressed: str  # the background of a unit holding suppression markers (R18.4)
    bold_units: bool = False  # every unit in bold, whatever its pose


_TERRAIN = {
    Terrain.FLOOR: Style(color="bright_black"),
    Terrain.WALL: Style(color="white"),
    Terrain.LOW: Style(color="yellow"),
    Terrain.STAIRS: Style(color="bright_cyan", bold=True),
    Terrain.GAP: Style(color="bright_blue", bold=True),
    Terrain.RUBBLE: Style(color="yellow"),
    Terrain.BRUSH: Style(color="green"),
    Terrain.CRATES: Style(color="bright_yellow"),
    Terrain.HUT: Style(color="yellow"),
    Terrain.BURNT: Style(color="bright_black"),
    Terrain.FIRE: Style(color="bright_red", bold=True),
}
_TINTS = {
    "reach": Style(bgcolor="blue"),
    "cone": Style(bgcolor="red"),
    "reach_cone": Style(bgcolor="magenta"),
    "watch": Style(bgcolor="green"),
    "reach_watch": Style(bgcolor="cyan"),
    "target": Style(color="black", bgcolor="bright_yellow", bold=True, dim=False, reverse=False),
    "cursor": Style(color="black", bgcolor="bright_white", bold=True, dim=False, reverse=False),
    # The editor: a problem's cell underlined as well as red (legible without colour), the next stroke grey.
    "flagged": Style(color="bright_white", bgcolor="red", underline=True),
    "stroke": Style(color="bright_white", bgcolor="bright_black", bold=True),
    # R22.5: a throw's blast being aimed, hottest in the middle; black or white glyphs on it, so a low wall or
    # a fire of the band's own colour still shows
    "blast_inner": Style(color="black", bgcolor="bright_red"),
    "blast_middle": Style(color="black", bgcolor="yellow"),
    "blast_outer": Style(color="bright_white", bgcolor="bright_black"),
}
_BANDS = {
    RangeBand.CQC: Style(color="bright_white"),
    RangeBand.CLOSE: Style(color="bright_green"),
    RangeBand.MEDIUM: Style(color="bright_cyan"),
    RangeBand.LONG: Style(color="bright_yellow"),
    RangeBand.EXTREME: Style(color="bright_magenta"),
}

# Okabe & Ito's colours, safe for the common colour blindnesses.
SKY_BLUE, ORANGE, YELLOW, PURPLE = "#56b4e9", "#e69f00", "#f0e442", "#cc79a7"
GREEN, BLUE, VERMILLION = "#009e73", "#0072b2", "#d55e00"

PALETTES: dict[str, Palette] = {
    STANDARD: Palette(
        sides=("bright_green", "bright_red", "bright_cyan", "bright_yellow", "bright_magenta", "bright_blue"),
        terrain=_TERRAIN,
        tints=_TINTS,
        bands=_BANDS,
        floor=Style(color="bright_black"),
        path=Style(color="bright_yellow", bold=True),
        cost=Style(color="white"),
        cover=Style(color="cyan", bold=True),
        suppressed="bright_black",
    ),
    "colour-blind": Palette(
        sides=(SKY_BLUE, ORANGE, "bright_white", YELLOW, PURPLE, GREEN),
        terrain=_TERRAIN
        | {
            Terrain.LOW: Style(color=YELLOW),
            Terrain.RUBBLE: Style(color=YELLOW),
            Terrain.BRUSH: Style(color=GREEN),
            Terrain.CRATES: Style(color=ORANGE),
            Terrain.HUT: Style(color=ORANGE),
            Terrain.GAP: Style(color=SKY_BLUE, bold=True),
            Terrain.STAIRS: Style(color="bright_white", bold=True),
            Terrain.FIRE: Style(color=VERMILLION, bold=True),
        },
        tints=_TINTS
        | {
            "reach": Style(bgcolor=BLUE),
            "cone": Style(bgcolor=VERMILLION),
            "reach_cone": Style(bgcolor=ORANGE),
            "watch": Style(bgcolor=PURPLE),
            "reach_watch": Style(bgcolor=SKY_BLUE),
            "target": Style(color="black", bgcolor=YELLOW, bold=True, dim=False, reverse=False),
            "blast_inner": Style(color="black", bgcolor=VERMILLION),
            "blast_middle": Style(color="black", bgcolor=ORANGE),
            "flagged": Style(color="black", bgcolor=VERMILLION, underline=True),
        },
        bands={
            RangeBand.CQC: Style(color="bright_white"),
            RangeBand.CLOSE: Style(color=SKY_BLUE),
            RangeBand.MEDIUM: Style(color=YELLOW),
            RangeBand.LONG: Style(color=ORANGE),
            RangeBand.EXTREME: Style(color=PURPLE),
        },
        floor=Style(color="bright_black"),
        path=Style(color=YELLOW, bold=True),
        cost=Style(color="white"),
        cover=Style(color=SKY_BLUE, bold=True),
        suppressed="bright_black",
    ),
    "high contrast": Palette(
        sides=("bright_yellow", "bright_cyan", "bright_magenta", "bright_green", "bright_red", "bright_white"),
        terrain=_TERRAIN
        | {
            Terrain.FLOOR: Style(color="white"),
            Terrain.WALL: Style(color="bright_white", bold=True),
            Terrain.LOW: Style(color="bright_yellow", bold=True),
            Terrain.RUBBLE: Style(color="bright_white"),
            Terrain.BURNT: Style(color="white"),
            Terrain.HUT: Style(color="bright_yellow", bold=True),
        },
        tints=_TINTS
        | {
            "reach": Style(bgcolor="bright_blue"),
            "cone": Style(bgcolor="bright_red"),
            "reach_cone": Style(bgcolor="bright_magenta"),
            "watch": Style(bgcolor="bright_green"),
            "reach_watch": Style(bgcolor="bright_cyan"),
            "blast_middle": Style(color="black", bgcolor="bright_yellow"),
            "blast_outer": Style(color="black", bgcolor="white"),
            "flagged": Style(color="bright_white", bgcolor="bright_red", bold=True, underline=True),
            "stroke": Style(color="black", bgcolor="white", bold=True),
        },
        bands=_BANDS,
        floor=Style(color="white"),
        path=Style(color="bright_white", bold=True, underline=True),
        cost=Style(color="bright_white", bold=True),
        cover=Style(color="bright_white", bold=True),
        suppressed="white",
        bold_units=True,
    ),
}


def palette(name: str) -> Palette:
    """The palette of this name (the standard one for a name it does not know)."""
    return PALETTES.get(name, PALETTES[STANDARD])


def palette_of(app: Any) -> str:
    """The name of the palette the player chose (the app's settings), `standard` for an app without settings
    (a bare map in a benchmark)."""
    return str(getattr(getattr(app, "settings", None), "palette", STANDARD))


def side_colour_at(name: str, index: int) -> str:
    """The side colour at this place of `model.side_colours.SIDE_COLOURS` (a side's own, or its place in the
    encounter: `colour_places`), in the palette `name`."""
    sides = palette(name).sides
    return sides[index % len(sides)]
