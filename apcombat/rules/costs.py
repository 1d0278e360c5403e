"""AP costs of actions (R2.1, R3.1, R4.1, R6.1, R8.1, R9.1, R9.5, R10.1, R11.1, R19.1)."""

from __future__ import annotations

from apcombat.model import FromCover, Pose, ShotMode, Weapon

LEAN_OUT_AP = 1  # R9.5
AIM_AP = 1  # R3.1: an aimed shot costs at least one AP more
TWO_GUNS_AP = 1  # R11.1
TAKE_COVER_AP = 2  # R9.1
LEAVE_COVER_AP = 1  # R9.1
SWAP_WEAPON_AP = 1  # R19.1

# R8.1: upright <-> crouched and crouched <-> prone 2 AP; upright <-> prone 4 AP.
_POSE_RANK = {Pose.UPRIGHT: 0, Pose.CROUCHED: 1, Pose.PRONE: 2}


def pose_change_cost(before: Pose, after: Pose) -> int:
    """R8.1: 2 AP a step between neighbouring poses."""
    return 2 * abs(_POSE_RANK[before] - _POSE_RANK[after])


def reload_cost(weapon: Weapon) -> int:
    """R19.1: the weapon's ap_reload (default 2)."""
    return weapon.ap_reload


def attack_cost(
    mode: ShotMode,
    weapon: Weapon,
    offhand: Weapon | None = None,
    extra_ap: int = 0,
    aimed: bool = False,
    from_cover: FromCover = FromCover.NONE,
) -> int:
    """AP of one attack.

    Single R2.1, aimed R3.1 (+1 + extra), burst R4.1, two guns R11.1 (the higher AP + 1), flamer R6.1,
    close combat R10.1 (aimed like R3.1), leaning out R9.5 (+1).
    """
    if mode in (ShotMode.DUAL, ShotMode.DUAL_BURST):
        if offhand is None:
            raise ValueError("two-gun fire needs an off-hand weapon")
        if mode is ShotMode.DUAL:
            cost = max(weapon.ap_single, offhand.ap_single) + TWO_GUNS_AP
        else:
            cost = max(weapon.ap_burst, offhand.ap_burst) + TWO_GUNS_AP
    elif mode is ShotMode.BURST:
        cost = weapon.ap_burst
    else:
        cost = weapon.ap_single
    if mode is ShotMode.AIMED or (mode is ShotMode.MELEE and aimed):
        cost += AIM_AP + extra_ap
    if from_cover is FromCover.LEAN_OUT:
        cost += LEAN_OUT_AP
    return cost
