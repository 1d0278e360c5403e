"""The battlefield: a grid of terrain cells, 1 m each (R0.1), read from rows of text with a legend."""

from __future__ import annotations

from enum import StrEnum

import attrs

from apcombat.model.converters import as_frozenset, as_tuple

Cell = tuple[int, int]  # (x, y) from the top-left, 0-based


class Terrain(StrEnum):
    """What a cell holds."""

    FLOOR = "floor"
    WALL = "wall"  # blocks movement and sight; hip-high and more, so it gives cover (R9.1)
    LOW = "low"  # hip-high obstacle: blocks movement, not sight; gives cover (R9)
    STAIRS = "stairs"  # stairs or ladder: climbed at R7.1's climbing rate
    GAP = "gap"  # crossed only by jumping (R15)
    RUBBLE = "rubble"  # every step into it costs double (R7.4)
    # R18.3.1: flammable terrain, each like the plain terrain it stands for until it burns.
    BRUSH = "brush"  # dry brush: floor that burns
    CRATES = "crates"  # wooden crates: a low obstacle that burns
    HUT = "hut"  # a hut's wooden walls: a wall that burns
    BURNT = "burnt"  # R18.3.3: burnt ground, open floor that no longer burns
    FIRE = "fire"  # R18.3.1: a burning cell, never entered or crossed, its smoke blocks sight

    @property
    def blocks_movement(self) -> bool:
        return self in (Terrain.WALL, Terrain.LOW, Terrain.GAP, Terrain.CRATES, Terrain.HUT, Terrain.FIRE)

    @property
    def blocks_sight(self) -> bool:
        return self in (Terrain.WALL, Terrain.HUT, Terrain.FIRE)

    @property
    def gives_cover(self) -> bool:
        """R9.1: at least hip-high (a fire is smoke and flame: it hides, it does not stop a bullet)."""
        return self in (Terrain.WALL, Terrain.LOW, Terrain.CRATES, Terrain.HUT)

    @property
    def flammable(self) -> bool:
        """R18.3.1: a flamer's stream or a spreading fire can set it on fire."""
        return self in (Terrain.BRUSH, Terrain.CRATES, Terrain.HUT)

    @property
    def described(self) -> str:
        """The terrain in a sentence: "the cell 3,4 is {described}"."""
        return _DESCRIBED.get(self, self.value)

    @property
    def plain(self) -> Terrain:
        """The plain terrain this one plays as (brush and burnt ground are floor, crates low, a hut a wall)."""
        return _PLAIN.get(self, self)


_PLAIN = {
    Terrain.BRUSH: Terrain.FLOOR,
    Terrain.CRATES: Terrain.LOW,
    Terrain.HUT: Terrain.WALL,
    Terrain.BURNT: Terrain.FLOOR,
}

_DESCRIBED = {
    Terrain.WALL: "a wall",
    Terrain.LOW: "a low obstacle",
    Terrain.GAP: "a gap",
    Terrain.CRATES: "wooden crates",
    Terrain.HUT: "a hut's wooden wall",
    Terrain.BURNT: "burnt ground",
    Terrain.FIRE: "on fire (R18.3.1)",
}

DEFAULT_LEGEND: dict[str, Terrain] = {
    ".": Terrain.FLOOR,
    "#": Terrain.WALL,
    "=": Terrain.LOW,
    "H": Terrain.STAIRS,
    "_": Terrain.GAP,
    ":": Terrain.RUBBLE,
}


_ROWS_READ: dict[tuple[tuple[str, Terrain], ...], dict[str, tuple[Terrain, ...]]] = {}
_ROWS_KEPT = 4096
"""Rows of text already read through a legend, by legend: the editor makes a new map for every edit, and on a
big map (1,000 rows of 1,000 cells) reading every row again took 50 ms an edit; an edit changes a few rows."""


def _read_rows(legend: dict[str, Terrain], rows: tuple[str, ...]) -> tuple[tuple[Terrain, ...], ...]:
    meaning = legend.__getitem__
    read = _ROWS_READ.setdefault(tuple(legend.items()), {})
    if len(read) + len(rows) > _ROWS_KEPT:
        read.clear()
        if len(_ROWS_READ) > 16:
            _ROWS_READ.clear()
            read = _ROWS_READ.setdefault(tuple(legend.items()), {})
    terrain = []
    for row in rows:
        known = read.get(row)
        if known is None:
            known = read[row] = tuple(map(meaning, row))  # map() over a row: the fastest read of a new one
        terrain.append(known)
    return tuple(terrain)


def _terrain_rows(instance: BattleMap) -> tuple[tuple[Terrain, ...], ...]:
    rows = _read_rows(instance.legend, instance.rows)
    if not instance.fires and not instance.burnt:
        return rows
    # R18.3: the ground as the fires left it: burnt cells, then the cells burning now.
    changed = [list(row) for row in rows]
    for cells, terrain in ((instance.burnt, Terrain.BURNT), (instance.fires, Terrain.FIRE)):
        for x, y in cells:
            if 0 <= y < len(changed) and 0 <= x < len(changed[y]):
                changed[y][x] = terrain
    return tuple(tuple(row) for row in changed)


@attrs.frozen
class BattleMap:
    """Rows of text, one character a cell, read through a legend; `kind` names the grid (square).

    R18.3: `fires` are the cells burning now and `burnt` the cells a fire left burnt; both change the
    terrain the rows give (`at`), so everything that reads the map (sight, paths, jumps, cover) sees them.
    A map never changes: a fire lit or put out makes a new map."""

    rows: tuple[str, ...] = attrs.field(converter=as_tuple)
    legend: dict[str, Terrain] = attrs.field(factory=lambda: dict(DEFAULT_LEGEND))
    kind: str = "square"
    fires: frozenset[Cell] = attrs.field(factory=frozenset, converter=as_frozenset)
    burnt: frozenset[Cell] = attrs.field(factory=frozenset, converter=as_frozenset)
    terrain: tuple[tuple[Terrain, ...], ...] = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(_terrain_rows, takes_self=True)
    )

    def __attrs_post_init__(self) -> None:
        widths = {len(row) for row in self.rows}
        if len(widths) > 1:
            raise ValueError(f"every map row must be as long as the first; found widths {sorted(widths)}")
        unknown = sorted(set().union(*self.rows) - set(self.legend))
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

    def burning(self, cell: Cell) -> bool:
        """R18.3.1: whether the cell is a fire."""
        return cell in self.fires

    def with_fire(self, cell: Cell, on: bool) -> BattleMap:
        """R18.3: this map with the cell set on fire, or (off) put out and left burnt."""
        if on:
            return attrs.evolve(self, fires=self.fires | {cell})
        return attrs.evolve(self, fires=self.fires - {cell}, burnt=self.burnt | {cell})
