"""What makes an attack impossible before its chances are worked out (R0.6, R3, R4.1, R6.1, R8.5, R8.6,
R9.4, R9.5, R10.1, R11, R12), and the choices a player is offered from it."""

from __future__ import annotations

from collections.abc import Callable

from apcombat.model import BodyLocation, FromCover, Pose, Shot, ShotMode, ShotSituation, Weapon

PRONE_HIDDEN = (BodyLocation.TORSO, BodyLocation.LEGS)  # R8.6
TWO_GUN_MODES = (ShotMode.DUAL, ShotMode.DUAL_BURST)
BURST_MODES = (ShotMode.BURST, ShotMode.DUAL_BURST)
SINGLE_MODES = (ShotMode.SINGLE, ShotMode.AIMED, ShotMode.DUAL)


class ImpossibleAttack(Exception):
    """An attack the rules refuse; the message says why, naming the rule."""


def refuse_impossible(situation: ShotSituation) -> None:
    """Raise ImpossibleAttack naming the rule when the attack cannot be made at all."""
    shooter, target = situation.shooter, situation.target
    weapon = shooter.weapon
    if target.hp <= 0:
        raise ImpossibleAttack(f"{target.name} is already down (R12.2)")
    if BodyLocation.WEAPON in shooter.wounds and situation.criticals.effect(BodyLocation.WEAPON).breaks_weapon:
        raise ImpossibleAttack(
            f"{shooter.name}'s {weapon.name} is broken by a critical hit (R12.1): it cannot attack until repaired"
        )
    _refuse_switched_off(situation)
    _refuse_wrong_mode(situation)
    _refuse_wrong_aim(situation)
    _refuse_wrong_cover(situation)


def attack_options(situation: ShotSituation) -> dict[ShotMode, tuple[FromCover, ...]]:
    """What a player may choose before any other check: each attack mode the weapons in hand allow, with
    the ways of firing from cover it allows there (R3.4, R4.1, R6.1, R8.5, R9.4, R9.5, R10.1, R11.1, R12.1).

    The situation's own mode, location and from_cover are ignored; range, ammunition, sight and AP are
    judged by `plan_attack` once the choice is made.
    """
    options: dict[ShotMode, tuple[FromCover, ...]] = {}
    for mode in ShotMode:
        location = BodyLocation.HEAD if mode is ShotMode.AIMED else None
        if _refused(_refuse_wrong_mode, _with_shot(situation, Shot(mode=mode, location=location))):
            continue
        ways = tuple(
            way
            for way in FromCover
            if not _refused(
                _refuse_wrong_cover, _with_shot(situation, Shot(mode=mode, location=location, from_cover=way))
            )
        )
        if ways:
            options[mode] = ways
    return options


def _with_shot(situation: ShotSituation, shot: Shot) -> ShotSituation:
    """The situation with another shot (built directly: an AI asks this thousands of times a decision)."""
    return ShotSituation(
        situation.shooter, situation.target, shot, situation.house_rules, situation.criticals, situation.optional_rules
    )


def _refused(check: Callable[[ShotSituation], None], situation: ShotSituation) -> bool:
    try:
        check(situation)
    except ImpossibleAttack:
        return True
    return False


def _refuse_wrong_mode(situation: ShotSituation) -> None:
    """The mode against the weapons in hand: R4.1, R6.1, R10.1, R11.1, R12.1 and R0.6 for two guns."""
    mode = situation.shot.mode
    if mode in TWO_GUN_MODES and not situation.optional_rules.two_guns:
        raise ImpossibleAttack("two-gun fire is switched off in [optional_rules] (R0.6)")
    _refuse_wrong_weapon(mode, situation.shooter.weapon)
    if mode in TWO_GUN_MODES:
        _refuse_wrong_two_guns(situation)


def _refuse_switched_off(situation: ShotSituation) -> None:
    """R0.6: an optional rule switched off in [optional_rules] allows no attack that needs it."""
    optional, shot = situation.optional_rules, situation.shot
    if not optional.poses:
        for who, pose in (
            (situation.shooter.name, situation.shooter.pose),
            (situation.target.name, situation.target.pose),
        ):
            if pose is not Pose.UPRIGHT:
                raise ImpossibleAttack(
                    f"{who} cannot be {pose.value}: poses are switched off in [optional_rules] (R0.6)"
                )
    if shot.reaction and not optional.reaction:
        raise ImpossibleAttack("reactions are switched off in [optional_rules] (R0.6)")


def _refuse_wrong_weapon(mode: ShotMode, weapon: Weapon) -> None:
    if weapon.is_thrown:
        raise ImpossibleAttack(f"the {weapon.name} is a thrown weapon: it is thrown at a cell, never fired (R22.2)")
    if mode is ShotMode.MELEE:
        if not weapon.is_close_combat:
            raise ImpossibleAttack(
                f"the {weapon.name} is a firearm: close combat needs a melee or unarmed weapon (R10.1)"
            )
        return
    if weapon.is_close_combat:
        raise ImpossibleAttack(f"the {weapon.name} is a close-combat weapon: use mode melee (R10.1)")
    if mode is ShotMode.FLAME and not weapon.is_flamer:
        raise ImpossibleAttack(f"mode flame needs a flamethrower (R6.1); the {weapon.name} is not one")
    if mode is not ShotMode.FLAME and weapon.is_flamer:
        raise ImpossibleAttack(f"the {weapon.name} fires one-second streams: use mode flame (R6.1)")
    if mode in SINGLE_MODES and not weapon.fires_single:
        raise ImpossibleAttack(f"the {weapon.name} fires bursts only: use mode burst (R4.1)")
    if mode in BURST_MODES and not weapon.automatic:
        raise ImpossibleAttack(f"the {weapon.name} is not an automatic weapon: it cannot fire bursts (R4.1)")


def _refuse_wrong_aim(situation: ShotSituation) -> None:
    shot, target, house = situation.shot, situation.target, situation.house_rules
    mode = shot.mode
    if shot.location is not None and mode not in (ShotMode.AIMED, ShotMode.MELEE):
        reasons = {
            ShotMode.BURST: "a burst cannot be aimed (R3.4)",
            ShotMode.DUAL_BURST: "a burst cannot be aimed (R3.4)",
            ShotMode.DUAL: "two guns cannot be aimed (R3.4, R11.1)",
            ShotMode.FLAME: "a flamer stream cannot be aimed at a location (R6.1)",
            ShotMode.SINGLE: "an unaimed shot names no location: use mode aimed to aim (R3.1)",
        }
        raise ImpossibleAttack(reasons[mode])
    if mode is ShotMode.AIMED and shot.location is None:
        raise ImpossibleAttack("an aimed shot names its location: head, torso, arm, legs or weapon (R3.2)")
    if shot.extra_ap < 0:
        raise ImpossibleAttack(f"extra AP for aiming cannot be negative (got {shot.extra_ap})")
    if shot.extra_ap > 0 and shot.location is None:
        raise ImpossibleAttack("extra AP buy aim only for an aimed attack (R3.1)")
    cap = house.aim_max_extra_ap
    if cap is not None and shot.extra_ap > cap:
        raise ImpossibleAttack(
            f"the house rule aim_max_extra_ap allows at most {cap} extra AP, not {shot.extra_ap} (R3.1)"
        )
    if (
        mode is ShotMode.AIMED
        and house.prone_shows_head
        and target.pose is Pose.PRONE
        and shot.location in PRONE_HIDDEN
    ):
        assert shot.location is not None
        raise ImpossibleAttack(
            f"{target.name} is prone and shows only head and arms: "
            f"aim at head, arm or weapon, not {shot.location.value} (R8.6)"
        )


def _refuse_wrong_cover(situation: ShotSituation) -> None:
    """R9.4, R9.5: from cover a character shoots only blind or leaning out; R8.5: prone behind hip-high
    cover between it and the target, only leaning out. Blind fire: single shots and bursts only."""
    shooter, shot = situation.shooter, situation.shot
    if shot.mode is ShotMode.MELEE:
        if shot.from_cover is not FromCover.NONE:
            raise ImpossibleAttack("close combat is not fought from cover: from_cover must be none (R9.4, R10.1)")
        return
    hidden, name, target = shooter.hidden_behind_cover, shooter.name, situation.target.name
    if shot.from_cover is FromCover.NONE:
        if hidden:
            raise ImpossibleAttack(
                f"{name} lies prone behind cover facing {target}: lean out (+1 AP) to shoot across it (R8.5, R9.5)"
            )
        if shooter.in_cover:
            raise ImpossibleAttack(
                f"{name} is in cover: fire blind, lean out (+1 AP) or leave cover first (R9.4, R9.5)"
            )
        return
    if shot.from_cover is FromCover.LEAN_OUT:
        if not (shooter.in_cover or hidden):
            raise ImpossibleAttack(f"leaning out (R9.5) needs {name} in cover")
        return
    if not shooter.in_cover:
        raise ImpossibleAttack(f"blind fire (R9.4) needs {name} in cover")
    if hidden:
        raise ImpossibleAttack(
            f"{name} lies prone behind cover facing {target}: lean out (+1 AP) to shoot across it, "
            "not blind fire (R8.5, R9.5)"
        )
    if shot.mode is ShotMode.AIMED:
        raise ImpossibleAttack("blind fire from cover is unaimed only (R3.4, R9.4)")
    if shot.mode not in (ShotMode.SINGLE, ShotMode.BURST):
        raise ImpossibleAttack("blind fire from cover allows only single shots and bursts (R9.4)")


def _refuse_wrong_two_guns(situation: ShotSituation) -> None:
    shooter = situation.shooter
    offhand = shooter.offhand
    if offhand is None:
        raise ImpossibleAttack(f"two-gun fire needs a second gun: {shooter.name} has no off-hand weapon (R11.1)")
    for location in shooter.wounds:
        if situation.criticals.effect(location).forbids_two_guns:
            raise ImpossibleAttack(f"{shooter.name}'s wounded {location.value} forbids two-gun fire (R12.1)")
    if offhand.is_close_combat or offhand.is_flamer:
        raise ImpossibleAttack(f"the {offhand.name} cannot be fired as a second gun (R11.1)")
    _refuse_wrong_weapon(situation.shot.mode, offhand)
