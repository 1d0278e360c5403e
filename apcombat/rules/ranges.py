"""Range bands (R1.3)."""

from __future__ import annotations

from apcombat.model import RangeBand, Weapon


def range_band(weapon: Weapon, distance_m: float) -> RangeBand | None:
    """R1.3: the first band whose maximum is >= the distance; None beyond extreme (no shot)."""
    for band, spec in weapon.ranges.in_order():
        if distance_m <= spec.max:
            return band
    return None


def best_ranges(weapon: Weapon) -> tuple[RangeBand, RangeBand]:
    """R1.3: the two bands with the highest modifiers, ties to the nearer band (used by R16.1)."""
    order = list(RangeBand)
    ranked = sorted(order, key=lambda band: (-weapon.ranges.band(band).mod, order.index(band)))
    first, second = sorted(ranked[:2], key=order.index)
    return first, second


def in_best_ranges(weapon: Weapon, distance_m: float) -> bool:
    """R16.1: whether a distance falls in one of the weapon's two best ranges."""
    band = range_band(weapon, distance_m)
    return band is not None and band in best_ranges(weapon)
