"""The battlefield: a grid of terrain cells, 1 m each (R0.1), read from rows of text with a legend."""

from __future__ import annotations

from enum import StrEnum

import attrs

Cell = tuple[int, int]  # (x, y) from the top-left, 0-based


class Terrain(StrEnum):
    """What a cell holds."""

    FLOOR = "floor"
    WALL = "wall"  # blocks movement and sight; hip-high and more, so it gives cover (R9.1)
    LOW = "low"  # hip-high obstacle: blocks movement, not sight; gives cover (R9)
    STAIRS = "stairs"  # stairs or ladder: climbed at R7.1's climbing rate
    GAP = "gap"  # crossed only by jumping (R15)
    RUBBLE = "rubble"  # every step into it costs double (R7.4)

    @property
    def blocks_movement(self) -> bool:
        return self in (Terrain.WALL, Terrain.LOW, Terrain.GAP)

    @property
    def blocks_sight(self) -> bool:
        return self is Terrain.WALL

    @property
    def gives_cover(self) -> bool:
        """R9.1: at least hip-high."""
        return self in (Terrain.WALL, Terrain.LOW)


DEFAULT_LEGEND: dict[str, Terrain] = {
    ".": Terrain.FLOOR,
    "#": Terrain.WALL,
    "=": Terrain.LOW,
    "H": Terrain.STAIRS,
    "_": Terrain.GAP,
    ":": Terrain.RUBBLE,
}


def _terrain_rows(instance: BattleMap) -> tuple[tuple[Terrain, ...], ...]:
    return tuple(tuple(instance.legend[ch] for ch in row) for row in instance.rows)


@attrs.frozen
class BattleMap:
    """Rows of text, one character a cell, read through a legend; `kind` names the grid (square)."""

    rows: tuple[str, ...] = attrs.field(converter=tuple)
    legend: dict[str, Terrain] = attrs.field(factory=lambda: dict(DEFAULT_LEGEND))
    kind: str = "square"
    terrain: tuple[tuple[Terrain, ...], ...] = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(_terrain_rows, takes_self=True)
    )

    def __attrs_post_init__(self) -> None:
        widths = {len(row) for row in self.rows}
        if len(widths) > 1:
            raise ValueError(f"every map row must be as long as the first; found widths {sorted(widths)}")
        unknown = sorted({ch for row in self.rows for ch in row} - set(self.legend))
        if unknown:
            raise ValueError(f"map characters missing from the legend: {''.join(unknown)!r}")

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    @property
    def height(self) -> int:
        return len(self.rows)

    def inside(self, cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height

    def at(self, cell: Cell) -> Terrain:
        x, y = cell
        return self.terrain[y][x]
