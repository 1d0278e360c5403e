"""The grids a battle map can be drawn on, by the map's `kind` (R0.1 squares, R20.1 hexes)."""

from __future__ import annotations

from apcombat.board.grid import Grid, SquareGrid
from apcombat.board.hex_grid import HexGrid
from apcombat.model import BattleMap

GRIDS: dict[str, Grid] = {"square": SquareGrid(), "hex": HexGrid()}
"""Every grid kind the board knows, by the name a map's `kind` gives it."""


def grid_for(battlemap: BattleMap) -> Grid:
    """R0.1, R20.1: the grid a battle map is drawn on, chosen by its `kind`."""
    try:
        return GRIDS[battlemap.kind]
    except KeyError:
        known = " and ".join(repr(kind) for kind in GRIDS)
        message = f"the battle map's grid kind {battlemap.kind!r} is not known; the known kinds are {known}"
        raise ValueError(message) from None
