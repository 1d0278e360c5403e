"""A unit's HP as the players' view shows it: exactly, as a wound word, or not at all (`gm show`)."""

from __future__ import annotations

from apcombat.model import HpShown, Unit

WOUND_WORDS = (
    (1.0, "unhurt"),
    (0.75, "grazed"),
    (0.5, "hurt"),
    (0.25, "badly hurt"),
    (0.0, "near death"),
)
"""A wound word for the share of its most HP a unit has left: the first whose share it reaches (above 0 HP)."""


def wound_word(unit: Unit) -> str:
    """How hurt a unit looks: "unhurt" at its most HP, then "grazed", "hurt", "badly hurt", "near death", and
    "down" at 0 HP (R12.2)."""
    if unit.down:
        return "down"
    left = unit.hp / max(1, unit.character.hit_points)
    return next(word for share, word in WOUND_WORDS if left >= share)


def hp_shown(unit: Unit, shown: HpShown) -> str:
    """The unit's HP as its side's setting shows it: "18/31 HP", a wound word, or "" when hidden."""
    if shown is HpShown.EXACT:
        return f"{unit.hp}/{unit.character.hit_points} HP"
    if shown is HpShown.WORDS:
        return wound_word(unit)
    return ""
