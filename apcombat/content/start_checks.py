"""What an encounter file may not say of how its sides and units start, beyond each table's own values: a
unit in cover where no cover can be taken (R9.1), two sides of one colour (their units must be told apart)."""

from __future__ import annotations

from collections.abc import Iterable

from apcombat.board.cover import can_take_cover
from apcombat.board.kinds import grid_for
from apcombat.content.diagnose import Finding
from apcombat.model.battlemap import BattleMap
from apcombat.model.encounter import Side, Unit

IN_THE_OPEN = "in the open: a unit starts in cover only beside a wall or hip-high obstacle (R9.1)"


def cover_findings(units: Iterable[Unit], battle_map: BattleMap | None) -> list[tuple[str, list[Finding]]]:
    """Each unit that starts in cover (`cover = true`) where taking cover would be refused, by unit id. A
    hidden unit is left to `hidden_findings` (hidden implies cover, R21.3.2); in table mode the game master
    judges the cover (R21.7.3)."""
    if battle_map is None:
        return []
    grid = grid_for(battle_map)
    return [
        (unit.id, [("cover", f"is true at {unit.at[0]},{unit.at[1]}, {IN_THE_OPEN}")])
        for unit in units
        if unit.in_cover and not unit.hidden and unit.at is not None and not can_take_cover(battle_map, grid, unit.at)
    ]


def colour_findings(sides: Iterable[Side]) -> list[tuple[str, list[Finding]]]:
    """Each side naming a colour an earlier side named, by side id: sides are told apart by their colour."""
    first: dict[str, str] = {}
    found: list[tuple[str, list[Finding]]] = []
    for side in sides:
        if side.colour is None:
            continue
        if side.colour in first:
            taken = f"is {side.colour!r}, as side {first[side.colour]!r} is: give each side a colour of its own"
            found.append((side.id, [("colour", taken)]))
        else:
            first[side.colour] = side.id
    return found
