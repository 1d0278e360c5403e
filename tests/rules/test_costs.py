"""AP costs of attacks and actions: R2.1, R3.1, R4.1, R6.1, R8.1, R9.1, R9.5, R10.1, R11.1, R19.1."""

import pytest

from apcombat.model import FromCover, Pose, ShotMode
from apcombat.rules.costs import (
    LEAVE_COVER_AP,
    SWAP_WEAPON_AP,
    TAKE_COVER_AP,
    attack_cost,
    pose_change_cost,
    reload_cost,
)

from .builders import make_flamer, make_melee, make_smg, make_weapon


# R8.1: upright <-> crouched and crouched <-> prone 2 AP; upright <-> prone 4 AP.
@pytest.mark.parametrize(
    ("before", "after", "ap"),
    [
        (Pose.UPRIGHT, Pose.CROUCHED, 2),
        (Pose.CROUCHED, Pose.UPRIGHT, 2),
        (Pose.CROUCHED, Pose.PRONE, 2),
        (Pose.PRONE, Pose.CROUCHED, 2),
        (Pose.UPRIGHT, Pose.PRONE, 4),
        (Pose.PRONE, Pose.UPRIGHT, 4),
        (Pose.UPRIGHT, Pose.UPRIGHT, 0),
    ],
)
def test_pose_change_cost(before, after, ap):
    assert pose_change_cost(before, after) == ap


def test_cover_and_equipment_costs():
    # R9.1: take cover 2 AP, leave 1 AP; R19.1: swap weapon 1 AP, reload ap_reload (default 2).
    assert (TAKE_COVER_AP, LEAVE_COVER_AP, SWAP_WEAPON_AP) == (2, 1, 1)
    assert reload_cost(make_weapon()) == 2
    assert reload_cost(make_weapon(ap_reload=3)) == 3


@pytest.mark.parametrize(
    ("mode", "weapon", "kwargs", "ap"),
    [
        (ShotMode.SINGLE, make_weapon(ap_single=5), {}, 5),  # R2.1
        (ShotMode.AIMED, make_weapon(ap_single=5), {"extra_ap": 2}, 8),  # R3.1
        (ShotMode.BURST, make_smg(ap_burst=6), {}, 6),  # R4.1
        (ShotMode.FLAME, make_flamer(), {}, 5),  # R6.1
        (ShotMode.MELEE, make_melee(ap_single=3), {}, 3),  # R10.1
        (ShotMode.MELEE, make_melee(ap_single=3), {"aimed": True, "extra_ap": 1}, 5),  # R10.1 + R3.1
        (ShotMode.SINGLE, make_weapon(ap_single=5), {"from_cover": FromCover.LEAN_OUT}, 6),  # R9.5
        (ShotMode.SINGLE, make_weapon(ap_single=5), {"from_cover": FromCover.BLIND}, 5),  # R9.4
        (ShotMode.DUAL, make_weapon(ap_single=5), {"offhand": make_weapon(ap_single=3)}, 6),  # R11.1
        (ShotMode.DUAL_BURST, make_smg(ap_burst=5), {"offhand": make_smg(ap_burst=7)}, 8),  # R11.1
    ],
)
def test_attack_cost(mode, weapon, kwargs, ap):
    assert attack_cost(mode, weapon, **kwargs) == ap


def test_two_guns_without_offhand_is_an_error():
    # R11.1
    with pytest.raises(ValueError, match="off-hand"):
        attack_cost(ShotMode.DUAL, make_weapon())
