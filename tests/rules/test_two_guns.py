"""R11.1-R11.4: a gun in each hand."""

import attrs
import pytest

from apcombat.model import BodyLocation, Family, HouseRules, OptionalRules, ShotMode
from apcombat.rules.attack import ImpossibleAttack, effective_min_st, plan_attack, two_gun_handicap

from .builders import (
    make_flamer,
    make_melee,
    make_plan,
    make_ranges,
    make_shooter,
    make_situation,
    make_smg,
    make_special,
    make_target,
    make_weapon,
    resolve_recorded,
)

PISTOL = make_weapon(id="pistol_a", name="Pistol A", family=Family.PISTOL, min_st=4, ap_single=4)
PISTOL_B = make_weapon(id="pistol_b", name="Pistol B", family=Family.PISTOL, min_st=4, ap_single=5)
REVOLVER = make_weapon(id="revolver", name="Revolver", family=Family.REVOLVER, min_st=4, ap_single=6)
RIFLE = make_weapon(id="rifle", name="Rifle", family=Family.RIFLE, hands=2, min_st=4, ap_single=5)
MACHINE_PISTOL = make_smg(
    id="mp", name="Machine pistol", family=Family.MACHINE_PISTOL, hands=1, min_st=4, ap_burst=5, burst=3
)
SMG = make_smg(id="smg", name="SMG", family=Family.SMG, hands=2, min_st=4, ap_burst=6, burst=4)


def dual(main, offhand, st=10, perks=(), mode=ShotMode.DUAL, house_rules=None, skill=90, **kwargs):
    shooter = make_shooter(
        main, offhand=offhand, skill=skill, special=make_special(ST=st), perks=frozenset(perks), **kwargs
    )
    return make_plan(shooter=shooter, mode=mode, house_rules=house_rules)


# R11.1: AP = the higher single-shot (or burst) AP of the two + 1.
@pytest.mark.parametrize(
    ("main", "offhand", "mode", "ap"),
    [
        (PISTOL, PISTOL, ShotMode.DUAL, 5),
        (PISTOL, PISTOL_B, ShotMode.DUAL, 6),
        (REVOLVER, PISTOL, ShotMode.DUAL, 7),
        (PISTOL, REVOLVER, ShotMode.DUAL, 7),
        (MACHINE_PISTOL, SMG, ShotMode.DUAL_BURST, 7),
        (SMG, MACHINE_PISTOL, ShotMode.DUAL_BURST, 7),
    ],
)
def test_two_gun_ap(main, offhand, mode, ap):
    assert dual(main, offhand, mode=mode).ap_cost == ap


def test_two_guns_fire_both_bursts():
    # R11.1: both bursts — each gun fires its own burst length.
    plan = dual(MACHINE_PISTOL, SMG, mode=ShotMode.DUAL_BURST)
    assert [gun.rounds for gun in plan.guns] == [3, 4]
    assert [gun.offhand for gun in plan.guns] == [False, True]
    assert plan.rounds == 7


def test_both_must_be_automatic_for_two_bursts():
    # R11.1 / R4.1: both bursts, so both guns automatic.
    with pytest.raises(ImpossibleAttack, match=r"Pistol A is not an automatic weapon"):
        dual(MACHINE_PISTOL, PISTOL, mode=ShotMode.DUAL_BURST)


# R11.2: one-handed min ST +1; two-handed doubles.
@pytest.mark.parametrize(
    ("weapon", "expected"), [(PISTOL, 5), (RIFLE, 8), (make_weapon(min_st=1, hands=1), 2), (SMG, 8)]
)
def test_effective_min_st(weapon, expected):
    situation = make_situation(shooter=make_shooter(weapon, offhand=weapon), mode=ShotMode.DUAL)
    assert effective_min_st(situation, weapon) == expected
    single = make_situation(shooter=make_shooter(weapon), mode=ShotMode.SINGLE)
    assert effective_min_st(single, weapon) == weapon.min_st


@pytest.mark.parametrize(("st", "penalty"), [(4, -20), (5, 0), (3, -40)])
def test_one_handed_min_st_rises_by_one(st, penalty):
    # R11.2 with R5.1: pistols of min ST 4 need ST 5 with two guns.
    plan = dual(PISTOL, PISTOL, st=st)
    assert [gun.hit.value("strength") for gun in plan.guns] == [penalty, penalty]
    assert [gun.min_st for gun in plan.guns] == [5, 5]


@pytest.mark.parametrize(("st", "penalty"), [(8, 0), (7, -20), (6, -40), (4, -80)])
def test_two_handed_min_st_doubles(st, penalty):
    # R11.2: rifles of min ST 4 need ST 8.
    plan = dual(RIFLE, RIFLE, st=st)
    assert [gun.hit.value("strength") for gun in plan.guns] == [penalty, penalty]


def test_mixed_hands_each_gun_its_own_min_st():
    # R11.2: each gun's minimum strength changes by its own rule.
    plan = dual(PISTOL, RIFLE, st=6)
    assert [gun.min_st for gun in plan.guns] == [5, 8]
    assert [gun.hit.value("strength") for gun in plan.guns] == [0, -40]


def test_two_gun_bursts_use_the_raised_min_st():
    # R4.2: "min ST is the weapon's after R11.2": SMG min 4 -> 8 with two guns.
    plan = dual(SMG, SMG, st=9, mode=ShotMode.DUAL_BURST)
    assert plan.guns[0].hit.value("burst") == -15
    assert plan.guns[0].hit.value("strength") == 0
    plan = dual(MACHINE_PISTOL, MACHINE_PISTOL, st=7, mode=ShotMode.DUAL_BURST)  # min 4 -> 5: +2
    assert plan.guns[0].hit.value("burst") == -5


# R11.3: handicap — same weapon -25, same family -40, different families -55.
@pytest.mark.parametrize(
    ("main", "offhand", "handicap"),
    [
        (PISTOL, PISTOL, -25),
        (PISTOL, PISTOL_B, -40),
        (PISTOL, REVOLVER, -55),
        (RIFLE, RIFLE, -25),
        (RIFLE, PISTOL, -55),
    ],
)
def test_two_gun_handicap(main, offhand, handicap):
    assert two_gun_handicap(main, offhand) == handicap
    plan = dual(main, offhand)
    assert [gun.hit.value("ambidextrous") for gun in plan.guns] == [handicap, handicap]
    assert [gun.hit_chance for gun in plan.guns] == [90 + handicap, 90 + handicap]


# R11.3 (house rule ambidextrous_removes_strength, default false): the perk removes the handicap, and
# R11.2 only when the house rule says so.
@pytest.mark.parametrize(
    ("perk", "removes_strength", "handicap", "strength"),
    [
        (False, False, -55, -20),
        (False, True, -55, -20),  # the house rule alone does nothing without the perk
        (True, False, 0, -20),
        (True, True, 0, 0),
    ],
)
def test_ambidextrous_perk_and_house_rule(perk, removes_strength, handicap, strength):
    plan = dual(
        PISTOL,
        REVOLVER,
        st=4,
        perks=("ambidextrous",) if perk else (),
        house_rules=HouseRules(ambidextrous_removes_strength=removes_strength),
    )
    assert plan.guns[0].hit.value("ambidextrous") == handicap
    assert plan.guns[0].hit.value("strength") == strength


def test_house_rule_default_keeps_strength_rule():
    # R11.3: default false.
    assert HouseRules().ambidextrous_removes_strength is False


def test_two_guns_no_aimed_fire():
    # R11.1 / R3.4
    with pytest.raises(ImpossibleAttack, match="two guns cannot be aimed"):
        make_plan(shooter=make_shooter(PISTOL, offhand=PISTOL), mode=ShotMode.DUAL, location=BodyLocation.HEAD)


def test_two_guns_need_a_second_gun():
    # R11.1
    with pytest.raises(ImpossibleAttack, match="second gun"):
        make_plan(shooter=make_shooter(PISTOL), mode=ShotMode.DUAL)


@pytest.mark.parametrize("offhand", [make_melee(), make_flamer()])
def test_second_gun_must_be_a_gun(offhand):
    # R11.1: a gun in each hand.
    with pytest.raises(ImpossibleAttack, match="second gun"):
        make_plan(shooter=make_shooter(PISTOL, offhand=offhand), mode=ShotMode.DUAL)


def test_wounded_arm_forbids_two_guns():
    # R12.1 (arm: no two-gun fire) / R11.
    with pytest.raises(ImpossibleAttack, match=r"wounded arm forbids two-gun fire"):
        make_plan(shooter=make_shooter(PISTOL, offhand=PISTOL, wounds={BodyLocation.ARM}), mode=ShotMode.DUAL)


def test_other_wounds_allow_two_guns():
    # R12.1: only the arm forbids it.
    make_plan(shooter=make_shooter(PISTOL, offhand=PISTOL, wounds={BodyLocation.LEGS}), mode=ShotMode.DUAL)


def test_offhand_needs_ammo():
    # R11.1 / R19.1: each gun fires from its own magazine.
    with pytest.raises(ImpossibleAttack, match="empty"):
        make_plan(shooter=make_shooter(PISTOL, offhand=PISTOL, offhand_ammo=0), mode=ShotMode.DUAL)
    with pytest.raises(ImpossibleAttack, match=r"needs 4 rounds; only 3"):
        make_plan(shooter=make_shooter(SMG, offhand=SMG, offhand_ammo=3), mode=ShotMode.DUAL_BURST)


def test_offhand_out_of_range():
    # R1.3 for each gun: the off-hand gun's reach counts too.
    short = make_weapon(id="derringer", name="Derringer", ranges=make_ranges((1, 2, 3, 4, 5)))
    with pytest.raises(ImpossibleAttack, match=r"beyond the extreme range of the Derringer"):
        make_plan(shooter=make_shooter(PISTOL, offhand=short), mode=ShotMode.DUAL, distance_m=10)


def test_each_round_rolled_separately_main_hand_first():
    # R11.1: each shot rolled by itself to hit and for damage; order main hand, then off hand (R0.2).
    plan = dual(PISTOL, PISTOL_B, skill=100)  # 100 - 40 = 60
    result, dice = resolve_recorded(plan, [61, 60, 7])
    assert dice.sides == [100, 100, 10]
    assert [r.gun for r in result.rounds] == [0, 1]
    assert [r.hit for r in result.rounds] == [False, True]
    assert "main hand" in dice.requests[0].purpose
    assert "off-hand" in dice.requests[1].purpose
    assert result.hp_after == 23


def test_two_gun_bursts_all_rounds_separately():
    # R11.1 / R4.3: two bursts, every round rolled on its own, the main gun's burst first.
    plan = dual(MACHINE_PISTOL, MACHINE_PISTOL, st=10, mode=ShotMode.DUAL_BURST, skill=100)
    assert plan.guns[0].hit_chance == 75
    rolls = [10, 1, 80, 90, 75, 2, 76, 20, 3]
    result, _ = resolve_recorded(plan, rolls)
    assert [r.hit for r in result.rounds] == [True, False, False, True, False, True]
    assert result.hp_after == 30 - 6


def test_target_down_by_main_gun_offhand_rounds_miss():
    # R4.3 across both guns: rounds after the target is down are fired and miss, unrolled.
    plan = make_plan(
        shooter=make_shooter(PISTOL, offhand=PISTOL, skill=100), target=make_target(hp=5), mode=ShotMode.DUAL
    )
    result, dice = resolve_recorded(plan, [10, 5])
    assert dice.sides == [100, 10]
    assert [r.roll for r in result.rounds] == [10, None]
    assert result.target_down


# R11.4: the families exist as enum values.
@pytest.mark.parametrize(
    "family",
    [
        "revolver",
        "pistol",
        "energy_pistol",
        "machine_pistol",
        "oversized",
        "smg",
        "rifle",
        "shotgun",
        "assault_rifle",
        "energy_rifle",
        "sniper_rifle",
        "machine_gun",
        "gatling",
        "flamer",
        "melee",
        "unarmed",
    ],
)
def test_families(family):
    assert Family(family).value == family


def test_no_other_families():
    # R11.4: exactly the eleven table columns and the five outside them, and R22.1.1's thrown weapons.
    assert len(Family) == 17


# R0.6: with the optional rule two_guns switched off, two-gun fire is refused.
def test_two_guns_switched_off_is_refused():
    situation = make_situation(shooter=make_shooter(PISTOL, offhand=PISTOL), mode=ShotMode.DUAL)
    situation = attrs.evolve(situation, optional_rules=OptionalRules(two_guns=False))
    with pytest.raises(ImpossibleAttack, match=r"two-gun fire is switched off.*R0\.6"):
        plan_attack(situation)
    plan_attack(attrs.evolve(situation, optional_rules=OptionalRules()))
