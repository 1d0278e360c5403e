"""R18.2 Casualties: the d6 at 0 HP, first aid and the bleeding of a man down."""

from __future__ import annotations

from enum import StrEnum

from apcombat.model import Character, Skill

CASUALTY_DIE = 6
"""R18.2.1, R18.2.3: both rolls are a d6."""

AID_AP = 4
"""R18.2.2: treating a man down costs 4 AP."""


class Casualty(StrEnum):
    """R18.2.1: what the d6 of a character brought to 0 HP or below says."""

    STUNNED = "stunned"  # 6
    MAN_DOWN = "man down"  # 3-5
    DEAD = "dead"  # 1-2


def casualty_of(d6: int) -> Casualty:
    """R18.2.1: 6 stunned, 3-5 man down, 1-2 dead."""
    if d6 >= 6:
        return Casualty.STUNNED
    return Casualty.MAN_DOWN if d6 >= 3 else Casualty.DEAD


def bleeds_to_death(d6: int) -> bool:
    """R18.2.3: an untreated man down dies on a 1 at the end of the round."""
    return d6 == 1


def first_aid_skill(character: Character) -> int:
    """R18.2.2: the `first_aid` skill, 2 x (PE + IN) when the character file gives none."""
    given = character.skills.get(Skill.FIRST_AID)
    return given if given is not None else 2 * (character.special.PE + character.special.IN)
