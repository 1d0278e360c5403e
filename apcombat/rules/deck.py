"""The activation deck (R18.5): the sides' order from their d6, and which card a draw's die names."""

from __future__ import annotations

from collections.abc import Sequence

from apcombat.model.deck import SideRoll


def tied_sides(rolls: Sequence[SideRoll]) -> list[list[str]]:
    """R18.5.1: groups of two or more sides whose dice so far are all equal: only they roll again, among
    themselves (a side that rolled alone keeps its place)."""
    groups: dict[tuple[int, ...], list[str]] = {}
    for roll in rolls:
        groups.setdefault(roll.rolls, []).append(roll.side)
    return [group for group in groups.values() if len(group) > 1]


def side_order(rolls: Sequence[SideRoll]) -> list[SideRoll]:
    """R18.5.1: highest first. Tied sides re-rolled among themselves, so comparing each side's dice in the
    order rolled (first the d6, then each re-roll) decides every tie; the sort is stable for equal dice."""
    return sorted(rolls, key=lambda roll: tuple(-value for value in roll.rolls))


def going_last(sides: Sequence[str], winner: str) -> tuple[str, ...]:
    """R18.5.1: the side that rolled highest chose to act last instead; the others keep their order."""
    return (*[side for side in sides if side != winner], winner)


def drawn_card(cards: Sequence[str], face: int) -> str:
    """R18.5.2: a draw is a roll of d(cards left) counting the cards in the order the encounter lists the
    characters: face 1 is the first of them."""
    if not 1 <= face <= len(cards):
        raise ValueError(f"a draw from {len(cards)} cards cannot be {face}")
    return cards[face - 1]
