"""Initiative (R13.1)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from apcombat.model import Special


def initiative_base(special: Special) -> int:
    """R13.1: AG + PE + LU // 2."""
    return special.AG + special.PE + special.LU // 2


@attrs.frozen
class InitiativeRoll:
    """One character's initiative as rolled."""

    unit: str
    base: int
    d6: int
    bonus: int
    agility: int
    roll_off: int = 0  # only rolled to break a complete tie

    @property
    def total(self) -> int:
        """R13.1: base + 1d6 + the game master's bonus."""
        return self.base + self.d6 + self.bonus

    @property
    def rank(self) -> tuple[int, int, int]:
        """R13.1's comparison before any roll-off: the total, then the base value, then AG (higher first)."""
        return initiative_rank(self.total, self.base, self.agility)


def initiative_rank(total: int, base: int, agility: int) -> tuple[int, int, int]:
    """R13.1: what decides who acts first short of a roll-off — total, then base value, then AG (higher first).
    A character ranked already (its total rolled earlier) compares with a newcomer's by it."""
    return (total, base, agility)


def initiative_order(rolls: Sequence[InitiativeRoll]) -> list[InitiativeRoll]:
    """R13.1: highest first; ties by higher base value, then AG, then the roll-off (higher first)."""
    return sorted(rolls, key=lambda r: (*r.rank, r.roll_off), reverse=True)


def tied_groups(rolls: Sequence[InitiativeRoll]) -> list[list[InitiativeRoll]]:
    """Groups of two or more whose total, base and AG are all equal: they roll off (R13.1)."""
    groups: dict[tuple[int, int, int], list[InitiativeRoll]] = {}
    for roll in rolls:
        groups.setdefault(roll.rank, []).append(roll)
    return [group for group in groups.values() if len(group) > 1]
