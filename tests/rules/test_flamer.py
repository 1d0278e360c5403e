"""R6.1 flamethrower streams and R6.2 the burn (2d10+5 at once, then 1d10+5, then 1d10)."""

import pytest

from apcombat.dice import ScriptedDice, roll_dice
from apcombat.model import BodyLocation, DamageType, Pose, ShotMode
from apcombat.rules.attack import ImpossibleAttack
from apcombat.rules.burning import BURN_SEQUENCE, Burning, burn_at_turn_start, fire_damage

from .builders import (
    RecordingDice,
    make_armor,
    make_flamer,
    make_plan,
    make_shooter,
    make_special,
    make_target,
    make_weapon,
    resolve_recorded,
    resolve_scripted,
)


def flame_plan(skill=80, lu=1, target=None, **shooter_kwargs):
    return make_plan(
        shooter=make_shooter(make_flamer(), skill=skill, special=make_special(LU=lu), **shooter_kwargs),
        target=target or make_target(hp=60),
        mode=ShotMode.FLAME,
        distance_m=4,
    )


def test_one_second_is_one_action_of_5_ap_and_one_roll():
    # R6.1: 5 AP, one second of fuel, one roll to hit.
    plan = flame_plan()
    assert plan.ap_cost == 5
    assert plan.rounds == 1
    result, dice = resolve_recorded(plan, [90])
    assert dice.sides == [100]
    assert not result.rounds[0].hit
    assert result.burning is None


def test_flamer_uses_big_guns_skill():
    # R6.1: big guns.
    assert flame_plan(skill=65).guns[0].hit.value("skill") == 65
    assert make_flamer().skill.value == "big_guns"


def test_one_second_of_fuel_is_enough_and_an_empty_tank_is_not():
    # R6.1: one second of fuel per stream; an M12 tank holds 8 seconds.
    assert make_flamer().magazine == 8
    assert flame_plan(ammo=1).rounds == 1
    with pytest.raises(ImpossibleAttack, match="empty"):
        flame_plan(ammo=0)


def test_flame_mode_needs_a_flamer_and_a_flamer_needs_flame_mode():
    # R6.1
    with pytest.raises(ImpossibleAttack, match="flamethrower"):
        make_plan(shooter=make_shooter(make_weapon()), mode=ShotMode.FLAME)
    with pytest.raises(ImpossibleAttack, match="mode flame"):
        make_plan(shooter=make_shooter(make_flamer()), mode=ShotMode.SINGLE, distance_m=4)


def test_flamer_cannot_aim():
    # R6.1: one stream, one roll; no aimed location.
    with pytest.raises(ImpossibleAttack, match="cannot be aimed"):
        make_plan(shooter=make_shooter(make_flamer()), mode=ShotMode.FLAME, location=BodyLocation.HEAD, distance_m=4)


@pytest.mark.parametrize(("pose", "chance"), [(Pose.UPRIGHT, 75), (Pose.CROUCHED, 50), (Pose.PRONE, 38)])
def test_flamer_pose_factor(pose, chance):
    # R1.1 / R8.4: the pose factor applies to the flamer too.
    assert flame_plan(skill=75, target=make_target(pose=pose)).guns[0].hit_chance == chance


def test_hit_burns_for_2d10_plus_5_minus_fire_armour():
    # R6.2: 2d10+5 fire damage at once, reduced by the armour's fire value (not its normal value).
    target = make_target(hp=60, armor=make_armor(normal=10, fire=4))
    result, dice = resolve_recorded(flame_plan(target=target), [30, 7, 3])
    assert dice.sides == [100, 10, 10]
    hit = result.rounds[0]
    assert hit.damage_roll.total == 15
    assert hit.armor == 4
    assert hit.damage == 11
    assert hit.sets_burning
    assert result.hp_after == 49
    assert result.burning == Burning(step=1)  # next: 1d10+5 at the start of the target's turn
    assert result.burning.dice == "1d10+5"


def test_flamer_damage_type_is_fire_even_if_listed_otherwise():
    # R6.2 ruling: fire damage is reduced by the armour's *fire* value.
    plan = make_plan(
        shooter=make_shooter(make_flamer(damage_type=DamageType.NORMAL), skill=80),
        target=make_target(hp=60, armor=make_armor(normal=10, fire=2)),
        mode=ShotMode.FLAME,
        distance_m=4,
    )
    assert resolve_scripted(plan, [30, 5, 5]).rounds[0].armor == 2


def test_critical_doubles_immediate_burn_and_ignores_armour():
    # R6.2 ruling + R1.4: critical doubles the immediate 2d10+5 and ignores armour; d6 for the location.
    target = make_target(hp=60, armor=make_armor(fire=4))
    result, dice = resolve_recorded(flame_plan(lu=10, target=target), [3, 1, 7, 3])
    assert dice.sides == [100, 6, 10, 10]
    hit = result.rounds[0]
    assert hit.critical
    assert hit.location is BodyLocation.TORSO
    assert hit.armor == 0
    assert hit.damage == 30
    assert result.hp_after == 30
    assert result.burning == Burning(step=1)


def test_burning_target_killed_does_not_keep_burning():
    # R6.2 / R12.2: a target at 0 HP is out of the fight; no burn sequence follows.
    result = resolve_scripted(flame_plan(target=make_target(hp=10)), [30, 5, 5])
    assert result.target_down
    assert result.burning is None


def test_burn_sequence():
    # R6.2: 2d10+5 at once, 1d10+5 next turn, 1d10 the turn after, then it stops.
    assert BURN_SEQUENCE == ("2d10+5", "1d10+5", "1d10")
    armor = make_armor()
    dice = RecordingDice([6, 0])
    first = burn_at_turn_start(Burning(step=1), armor, dice, "Raider")
    assert first.roll.total == 11
    assert first.damage == 11
    assert first.burning_after == Burning(step=2)
    second = burn_at_turn_start(first.burning_after, armor, dice, "Raider")
    assert second.roll.total == 10  # `0` on a d10 is 10
    assert second.damage == 10
    assert second.burning_after is None
    assert dice.sides == [10, 10]
    assert "Raider" in dice.requests[0].purpose


def test_burn_at_turn_start_uses_fire_armour():
    # R6.2 ruling: fire armour reduces the later burns too, never below 0.
    armor = make_armor(normal=20, fire=8)
    step1 = burn_at_turn_start(Burning(step=1), armor, ScriptedDice([2]), "Raider")
    assert (step1.roll.total, step1.armor, step1.damage) == (7, 7, 0)
    step2 = burn_at_turn_start(Burning(step=2), armor, ScriptedDice([10]), "Raider")
    assert (step2.roll.total, step2.armor, step2.damage) == (10, 8, 2)


def test_another_hit_restarts_the_sequence():
    # R6.2 / R6.1: two seconds are two actions with two rolls; another hit starts again at 2d10+5.
    plan = flame_plan(target=make_target(hp=60))
    first = resolve_scripted(plan, [30, 5, 5])
    assert first.burning == Burning(step=1)
    # the target is already burning (it took its 1d10+5); the next hit starts the sequence again
    second_plan = flame_plan(target=make_target(hp=first.hp_after))
    second = resolve_scripted(second_plan, [30, 2, 2])
    assert second.rounds[0].damage == 9  # 2d10+5 again, not 1d10
    assert second.burning == Burning(step=1)


@pytest.mark.parametrize(("critical", "fire"), [(False, 0), (False, 3), (True, 3)])
def test_fire_damage_never_negative(critical, fire):
    # R6.2 ruling / R1.5: armour stops 0..total points, damage never below 0.
    roll = roll_dice(ScriptedDice([1]), "1d4-3", "x")
    damage, stopped = fire_damage(roll, make_armor(fire=fire), critical)
    assert (damage, stopped) == (0, 0)
