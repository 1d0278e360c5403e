"""The terrains a map is painted with, each with its glyph in the encounter file's legend and its key in the
editor; and the legend character a painted terrain is written with."""

from __future__ import annotations

import attrs

from apcombat.model.battlemap import DEFAULT_LEGEND, Terrain


@attrs.frozen
class Paint:
    """One terrain the editor paints: the glyph a file writes it with by default and the editor's key for it."""

    terrain: Terrain
    glyph: str
    key: str
    words: str


PAINTS: tuple[Paint, ...] = (
    Paint(Terrain.FLOOR, ".", "1", "floor"),
    Paint(Terrain.WALL, "#", "2", "wall"),
    Paint(Terrain.LOW, "=", "3", "low wall (hip-high cover)"),
    Paint(Terrain.STAIRS, "H", "4", "stairs or ladder"),
    Paint(Terrain.GAP, "_", "5", "gap (jumped, R15)"),
    Paint(Terrain.RUBBLE, ":", "6", "rubble (double cost, R7.4)"),
    Paint(Terrain.BRUSH, '"', "7", "dry brush (burns, R18.3)"),
    Paint(Terrain.CRATES, "%", "8", "wooden crates (low, burn)"),
    Paint(Terrain.HUT, "^", "9", "hut's wooden wall (burns)"),
    Paint(Terrain.BURNT, ",", "0", "burnt ground"),
)
"""Every terrain of the encounter format, in the editor's order (a fire is lit on a cell, not painted: R18.3.4)."""

PAINT_OF = {paint.terrain: paint for paint in PAINTS}

_SPARE_GLYPHS = "abcdefgijkmnopqrstuvwxyzABCDEFGIJKLMNOPQRSTUVWXYZ!$&*+-/;<>?@|~"
"""Glyphs for a terrain whose usual one the file's legend already gives to another terrain."""


def glyph_for(legend: dict[str, Terrain], terrain: Terrain) -> tuple[str, dict[str, Terrain]]:
    """The legend character that draws `terrain` and the legend with it: the usual glyph if the legend already
    means it, else any glyph the legend gives that terrain, else the usual glyph (or a spare one) added."""
    usual = PAINT_OF[terrain].glyph
    if legend.get(usual) is terrain:
        return usual, legend
    given = next((glyph for glyph, meant in legend.items() if meant is terrain), None)
    if given is not None:
        return given, legend
    glyph = usual if usual not in legend else next(ch for ch in _SPARE_GLYPHS if ch not in legend)
    return glyph, {**legend, glyph: terrain}


def default_legend() -> dict[str, Terrain]:
    """The legend a new map starts with (the encounter format's defaults)."""
    return dict(DEFAULT_LEGEND)
