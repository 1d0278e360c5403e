"""Weapons as the weapon list describes them (R1.3, R4, R5, R6, R11, R19, R22.1)."""

from __future__ import annotations

import attrs

from apcombat.model.enums import DamageType, Family, RangeBand, Skill, WeaponKind


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


Blast = tuple[float, float, float]
"""R22.1.1: a thrown weapon's `blast`, the greatest distances in metres of its inner, middle and outer bands."""


@attrs.frozen(kw_only=True)
class Weapon:
    """One entry of content/weapons.toml: held in the hand, or thrown (R22.1.1: `kind`, `blast`, `burns`)."""

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
    ammo: str = ""  # R22.1.1: a thrown weapon has none
    damage: str
    damage_type: DamageType
    crit_bonus: int
    bipod: bool
    ranges: Ranges
    burst_tuning: int = 0
    ap_reload: int = 2
    kind: WeaponKind = WeaponKind.HELD
    blast: Blast | None = None  # R22.5.1: thrown weapons only
    burns: bool = False  # R22.6: a burning weapon (the Molotov)

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
    def is_thrown(self) -> bool:
        """R22.1.1: carried in a unit's `thrown`, never in hand."""
        return self.kind is WeaponKind.THROWN

    @property
    def is_firearm(self) -> bool:
        return not self.is_close_combat and not self.is_thrown

    @property
    def is_heavy_automatic(self) -> bool:
        """R5.2: the automatic big guns (machine guns and gatlings), flamers excepted."""
        return self.skill is Skill.BIG_GUNS and self.automatic and not self.is_flamer
