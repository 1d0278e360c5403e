"""Weapons as the weapon list describes them (R1.3, R4, R5, R6, R11, R19)."""

from __future__ import annotations

import attrs

from apcombat.model.enums import DamageType, Family, RangeBand, Skill


@attrs.frozen
class BandSpec:
    """One range band: its farthest distance in metres and its hit modifier."""

    max: float
    mod: int


@attrs.frozen
class Ranges:
    """R1.3: the five bands of a weapon, nearest first."""

    cqc: BandSpec
    close: BandSpec
    medium: BandSpec
    long: BandSpec
    extreme: BandSpec

    def band(self, band: RangeBand) -> BandSpec:
        spec: BandSpec = getattr(self, band._value_)
        return spec

    def in_order(self) -> tuple[tuple[RangeBand, BandSpec], ...]:
        return (
            (RangeBand.CQC, self.cqc),
            (RangeBand.CLOSE, self.close),
            (RangeBand.MEDIUM, self.medium),
            (RangeBand.LONG, self.long),
            (RangeBand.EXTREME, self.extreme),
        )


@attrs.frozen
class Weapon:
    """One entry of content/weapons.toml."""

    id: str
    name: str
    family: Family
    skill: Skill
    hands: int
    min_st: int
    ap_single: int
    ap_burst: int
    burst: int
    magazine: int
    ammo: str
    damage: str
    damage_type: DamageType
    crit_bonus: int
    bipod: bool
    ranges: Ranges
    burst_tuning: int = 0
    ap_reload: int = 2

    @property
    def automatic(self) -> bool:
        """R4.1: only weapons with a burst length can fire bursts."""
        return self.burst > 0 and self.ap_burst > 0

    @property
    def fires_single(self) -> bool:
        return self.ap_single > 0

    @property
    def is_close_combat(self) -> bool:
        return self.skill in (Skill.MELEE, Skill.UNARMED)

    @property
    def is_flamer(self) -> bool:
        return self.family is Family.FLAMER

    @property
    def is_firearm(self) -> bool:
        return not self.is_close_combat

    @property
    def is_heavy_automatic(self) -> bool:
        """R5.2: the automatic big guns (machine guns and gatlings), flamers excepted."""
        return self.skill is Skill.BIG_GUNS and self.automatic and not self.is_flamer
