"""The names of the colours a side may be drawn in (`[[side]] colour = "red"`), and which one each side gets.

The names are the standard palette's, in its order; every palette (the map's three, the players' view page)
maps each name to a colour of its own, so a palette made for colour blindness keeps six colours told apart.
A side that names no colour takes one by its place in the encounter (the first side green, the second red
...), skipping those other sides named: no two sides share a colour unless two name the same one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from apcombat.model.encounter import Side

SIDE_COLOURS = ("green", "red", "cyan", "yellow", "magenta", "blue")
"""Every colour a side may name, in the standard palette's order (a side's place picks one in this order)."""


def colour_places(sides: Iterable[Side]) -> dict[str, int]:
    """Each side's colour, by side id, as its place in SIDE_COLOURS: the one it names, or else by its place
    among the sides (a colour another side names is skipped)."""
    sides = tuple(sides)
    places = {side.id: SIDE_COLOURS.index(side.colour) for side in sides if side.colour in SIDE_COLOURS}
    used = set(places.values())
    for index, side in enumerate(sides):
        if side.id in places:
            continue
        wanted = index % len(SIDE_COLOURS)
        if wanted in used:  # named by another side: the first colour nobody has, if one is left
            wanted = next((place for place in range(len(SIDE_COLOURS)) if place not in used), wanted)
        places[side.id] = wanted
        used.add(wanted)
    return places


def colour_place(sides: Iterable[Side], side_id: str) -> int:
    """The side's colour as its place in SIDE_COLOURS (0 for a side not in the fight)."""
    return colour_places(sides).get(side_id, 0)
