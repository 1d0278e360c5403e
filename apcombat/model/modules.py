"""R18: the optional rule modules an encounter's `[modules]` table switches on, by their keys."""

from __future__ import annotations

from enum import StrEnum


class Module(StrEnum):
    """One optional rule module of R18; its value is the key an encounter's `[modules]` table uses."""

    MORALE = "morale"  # R18.1
    CASUALTIES = "casualties"  # R18.2
    FIRE_SPREAD = "fire_spread"  # R18.3
    SUPPRESSION = "suppression"  # R18.4
    ACTIVATION_DECK = "activation_deck"  # R18.5
    REROLLS = "rerolls"  # R18.6


MODULE_TITLES = {
    Module.MORALE: "morale",
    Module.CASUALTIES: "casualties",
    Module.FIRE_SPREAD: "spreading fires",
    Module.SUPPRESSION: "suppression",
    Module.ACTIVATION_DECK: "activation deck",
    Module.REROLLS: "re-roll points",
}
"""Each module as a sentence names it."""

MODULES = tuple(module.value for module in Module)
"""Every module key, in R18's order."""
