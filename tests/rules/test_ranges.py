"""R1.3: range bands, the range modifier, the two best ranges, and shots beyond extreme range."""

import pytest

from apcombat.model import RangeBand
from apcombat.rules.attack import ImpossibleAttack
from apcombat.rules.ranges import best_ranges, in_best_ranges, range_band

from .builders import make_plan, make_ranges, make_shooter, make_weapon

WEAPON = make_weapon(ranges=make_ranges((3, 10, 20, 40, 60), (10, 5, 0, -20, -40)))


# R1.3: the band of d is the first whose maximum is >= d; beyond extreme there is none.
@pytest.mark.parametrize(
    ("distance", "band"),
    [
        (0.0, RangeBand.CQC),
        (1.0, RangeBand.CQC),
        (3.0, RangeBand.CQC),
        (3.01, RangeBand.CLOSE),
        (10.0, RangeBand.CLOSE),
        (10.5, RangeBand.MEDIUM),
        (20.0, RangeBand.MEDIUM),
        (39.9, RangeBand.LONG),
        (40.0, RangeBand.LONG),
        (40.1, RangeBand.EXTREME),
        (60.0, RangeBand.EXTREME),
        (60.01, None),
        (500.0, None),
    ],
)
def test_range_band(distance, band):
    assert range_band(WEAPON, distance) == band


def test_equal_maxima_pick_the_first_band():
    # R1.3: "the first whose maximum is >= d" — a melee weapon with all bands at 1.5 m is cqc.
    weapon = make_weapon(ranges=make_ranges((1.5,) * 5, (0, 0, 0, 0, 0)))
    assert range_band(weapon, 1.5) == RangeBand.CQC


# R1.3: the band's modifier is a named line of the breakdown.
@pytest.mark.parametrize(("distance", "mod"), [(2, 10), (7, 5), (15, 0), (30, -20), (55, -40)])
def test_range_modifier_applies(distance, mod):
    plan = make_plan(shooter=make_shooter(WEAPON, skill=60), distance_m=distance)
    gun = plan.guns[0]
    assert gun.hit.value("range_band") == mod
    assert gun.hit_chance == 60 + mod


@pytest.mark.parametrize("distance", [60.01, 61, 1000])
def test_beyond_extreme_is_impossible(distance):
    # R1.3: beyond `extreme` a shot is impossible; the refusal says why.
    with pytest.raises(ImpossibleAttack, match=r"beyond the extreme range.*R1\.3"):
        make_plan(shooter=make_shooter(WEAPON), distance_m=distance)


def test_exactly_at_extreme_is_possible():
    # R1.3: the extreme band includes its maximum.
    assert make_plan(shooter=make_shooter(WEAPON), distance_m=60).band == RangeBand.EXTREME


# R1.3: the two best ranges are the two highest modifiers; ties go to the nearer band.
@pytest.mark.parametrize(
    ("mods", "best"),
    [
        ((10, 5, 0, -20, -40), (RangeBand.CQC, RangeBand.CLOSE)),
        ((0, 10, 5, -10, -30), (RangeBand.CLOSE, RangeBand.MEDIUM)),
        ((-10, 0, 10, 5, -15), (RangeBand.MEDIUM, RangeBand.LONG)),
        ((5, 5, 5, 0, 0), (RangeBand.CQC, RangeBand.CLOSE)),  # three-way tie: the two nearest
        ((10, 0, 0, 0, 0), (RangeBand.CQC, RangeBand.CLOSE)),  # tie for second: the nearer
        ((-10, 0, 5, 0, -5), (RangeBand.CLOSE, RangeBand.MEDIUM)),  # close beats long at 0
        ((0, 0, 0, 0, 0), (RangeBand.CQC, RangeBand.CLOSE)),
        ((-40, -30, -20, -10, 0), (RangeBand.LONG, RangeBand.EXTREME)),
    ],
)
def test_best_ranges(mods, best):
    weapon = make_weapon(ranges=make_ranges((3, 10, 20, 40, 60), mods))
    assert best_ranges(weapon) == best


def test_in_best_ranges():
    # R1.3 / R16.1: a distance in one of the two best bands.
    assert in_best_ranges(WEAPON, 2)
    assert in_best_ranges(WEAPON, 10)
    assert not in_best_ranges(WEAPON, 15)
    assert not in_best_ranges(WEAPON, 100)
