"""R18: the optional rule modules an encounter's `[modules]` table switches on, by their keys.

`Module` is the list of their keys, in their rules' order, that `apcombat check` (content, below the engine)
takes; the engine's parts (`apcombat.engine.modules.REGISTRY`) carry the same keys, words and rules, and a test
keeps the two agreeing. A later module joins by its part, its registry line and a line here.
"""

from __future__ import annotations

from enum import StrEnum


class Module(StrEnum):
    """One optional rule module: its value is its key in an encounter's `[modules]` table, `words` how a
    sentence names it, `rule` the rule that describes it."""

    words: str
    rule: str

    def __new__(cls, key: str, words: str, rule: str) -> Module:
        module = str.__new__(cls, key)
        module._value_ = key
        module.words = words
        module.rule = rule
        return module

    MORALE = "morale", "morale", "R18.1"
    CASUALTIES = "casualties", "casualties", "R18.2"
    FIRE_SPREAD = "fire_spread", "spreading fires", "R18.3"
    SUPPRESSION = "suppression", "suppression", "R18.4"
    ACTIVATION_DECK = "activation_deck", "activation deck", "R18.5"
    REROLLS = "rerolls", "re-roll points", "R18.6"
    FOG_OF_WAR = "fog_of_war", "fog of war", "R21"


MODULES = tuple(module.value for module in Module)
"""Every module key, in R18's order."""
