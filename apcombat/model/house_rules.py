"""The switches of RULES.md a game master can flip: [house_rules] and [optional_rules] (R0.6)."""

from __future__ import annotations

from enum import StrEnum

import attrs


class CoverExempts(StrEnum):
    """R9.3: whose reaction makes cover not count."""

    REACTING_TARGET = "reacting_target"
    REACTING_SHOOTER = "reacting_shooter"


class HexTurns(StrEnum):
    """R20.2: how turns are charged on hex maps: by facing steps (one step free) or by R7.3's degrees."""

    BY_STEPS = "by_steps"
    BY_DEGREES = "by_degrees"


@attrs.frozen
class HouseRules:
    """Every house rule of RULES.md with its default."""

    aim_max_extra_ap: int | None = None  # R3.1
    prone_shows_head: bool = True  # R8.6
    cover_exempts: CoverExempts = CoverExempts.REACTING_TARGET  # R9.3
    ambidextrous_removes_strength: bool = False  # R11.3
    reroll_initiative_each_round: bool = False  # R13.2
    hex_turns: HexTurns = HexTurns.BY_STEPS  # R20.2
    surrender: bool = True  # R18.1.5


@attrs.frozen
class OptionalRules:
    """R0.6: the source's optional rules, each on unless the encounter switches it off."""

    initiative: bool = True
    reaction: bool = True
    covering_fire: bool = True
    poses: bool = True
    jumping: bool = True
    running: bool = True
    two_guns: bool = True
