"""The names of the colours a side may be drawn in (`[[side]] colour = "red"`), and which one each side gets.

The names are the standard palette's, in its order; every palette (the map's three, the players' view page)
maps each name to a colour of its own, so a palette made for colour blindness keeps six colours told apart.
A side that names no colour takes one by its place in the encounter (the first side green, the second red
...); where another side names that one, the first colour no side has.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from apcombat.model.encounter import Side

SIDE_COLOURS = ("green", "red", "cyan", "yellow", "magenta", "blue")
"""Every colour a side may name, in the standard palette's order (a side's place picks one in this order)."""


def colour_places(sides: Iterable[Side]) -> dict[str, int]:
    """Each side's colour, by side id in the sides' order, as its place in SIDE_COLOURS: the one it names;
    else the one of its place among the sides, unless another side names that one: then the first colour
    nobody has (only the sides whose colour is taken change)."""
    sides = tuple(sides)
    named = {side.id: SIDE_COLOURS.index(side.colour) for side in sides if side.colour in SIDE_COLOURS}
    places = {side.id: index % len(SIDE_COLOURS) for index, side in enumerate(sides) if side.id not in named}
    taken = set(named.values())
    used = taken | set(places.values())
    for side_id, place in places.items():
        if place in taken:
            free = next((free for free in range(len(SIDE_COLOURS)) if free not in used), place)
            places[side_id] = free
            used.add(free)
    return {side.id: named[side.id] if side.id in named else places[side.id] for side in sides}


def colour_place(sides: Iterable[Side], side_id: str) -> int:
    """The side's colour as its place in SIDE_COLOURS (0 for a side not in the fight)."""
    return colour_places(sides).get(side_id, 0)
