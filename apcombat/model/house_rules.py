"""The switches of RULES.md a game master can flip in an encounter's [house_rules] table."""

from __future__ import annotations

from enum import StrEnum

import attrs


class CoverExempts(StrEnum):
    """R9.3: whose reaction makes cover not count."""

    REACTING_TARGET = "reacting_target"
    REACTING_SHOOTER = "reacting_shooter"


@attrs.frozen
class HouseRules:
    """Every house rule of RULES.md with its default."""

    aim_max_extra_ap: int | None = None  # R3.1
    prone_shows_head: bool = True  # R8.6
    cover_exempts: CoverExempts = CoverExempts.REACTING_TARGET  # R9.3
    ambidextrous_removes_strength: bool = False  # R11.3
    reroll_initiative_each_round: bool = False  # R13.2
