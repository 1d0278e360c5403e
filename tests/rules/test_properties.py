"""Properties of the rules layer over arbitrary situations (R0.2, R1.1, R1.2, R1.4, R1.5, R8.4)."""

from __future__ import annotations

import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from apcombat.dice import DiceRequest, SeededDice
from apcombat.model import (
    BodyLocation,
    CoverExempts,
    DamageType,
    Family,
    FromCover,
    HouseRules,
    Pose,
    ShotMode,
    Skill,
    Special,
)
from apcombat.rules.attack import ImpossibleAttack, plan_attack
from apcombat.rules.chance import MODIFIER_ORDER, apply_pose_factor
from apcombat.rules.resolve import resolve_attack

from .builders import (
    make_armor,
    make_flamer,
    make_machine_gun,
    make_melee,
    make_ranges,
    make_shooter,
    make_situation,
    make_smg,
    make_target,
    make_weapon,
)

FIREARM_SKILLS = (Skill.SMALL_GUNS, Skill.ENERGY_WEAPONS, Skill.BIG_GUNS)
GUN_FAMILIES = (Family.PISTOL, Family.REVOLVER, Family.RIFLE, Family.SMG, Family.ASSAULT_RIFLE)

attribute = st.integers(1, 10)
specials = st.builds(Special, ST=attribute, PE=attribute, EN=attribute, AG=attribute, LU=attribute)
poses = st.sampled_from(list(Pose))
locations = st.sampled_from(list(BodyLocation))


@st.composite
def ranges(draw):
    steps = draw(st.lists(st.floats(0.5, 40, allow_nan=False), min_size=5, max_size=5))
    maxes = tuple(sum(steps[: i + 1]) for i in range(5))
    mods = tuple(draw(st.lists(st.integers(-60, 30), min_size=5, max_size=5)))
    return make_ranges(maxes, mods)


@st.composite
def gun_fields(draw):
    return {
        "id": draw(st.sampled_from(["gun_a", "gun_b", "gun_c"])),
        "family": draw(st.sampled_from(GUN_FAMILIES)),
        "skill": draw(st.sampled_from(FIREARM_SKILLS)),
        "hands": draw(st.sampled_from([1, 2])),
        "min_st": draw(st.integers(1, 10)),
        "crit_bonus": draw(st.integers(0, 30)),
        "burst_tuning": draw(st.integers(0, 30)),
        "bipod": draw(st.booleans()),
        "damage": draw(st.sampled_from(["1d10", "2d6+3", "1d4", "3d8-2", "2d10+5", "1d4-3"])),
        "damage_type": draw(st.sampled_from(list(DamageType))),
        "ranges": draw(ranges()),
    }


@st.composite
def situations(draw):
    """Mostly possible attacks of every mode; the test rejects the few the rules refuse."""
    mode = draw(st.sampled_from(list(ShotMode)))
    fields = draw(gun_fields())
    offhand = None
    if mode in (ShotMode.BURST, ShotMode.DUAL_BURST):
        if mode is ShotMode.BURST and draw(st.booleans()):
            weapon = make_machine_gun(**{**fields, "skill": Skill.BIG_GUNS, "family": Family.MACHINE_GUN})
        else:
            weapon = make_smg(**fields)
        if mode is ShotMode.DUAL_BURST:
            offhand = make_smg(**draw(gun_fields()))
    elif mode is ShotMode.FLAME:
        weapon = make_flamer(min_st=fields["min_st"], ranges=fields["ranges"], crit_bonus=fields["crit_bonus"])
    elif mode is ShotMode.MELEE:
        weapon = make_melee(skill=draw(st.sampled_from([Skill.MELEE, Skill.UNARMED])), crit_bonus=fields["crit_bonus"])
    else:
        weapon = make_weapon(**fields)
        if mode is ShotMode.DUAL:
            offhand = make_weapon(**draw(gun_fields()))
    location = draw(locations) if mode is ShotMode.AIMED or (mode is ShotMode.MELEE and draw(st.booleans())) else None
    extra_ap = draw(st.integers(0, 6)) if location is not None else 0
    in_cover = draw(st.booleans())
    from_cover = FromCover.NONE
    if in_cover and mode in (ShotMode.SINGLE, ShotMode.BURST, ShotMode.AIMED):
        from_cover = draw(st.sampled_from(list(FromCover)))
        if mode is ShotMode.AIMED and from_cover is FromCover.BLIND:
            from_cover = FromCover.LEAN_OUT
    reach = weapon.ranges.extreme.max
    if from_cover is FromCover.BLIND:
        reach = weapon.ranges.close.max
    distance = draw(st.floats(0, reach, allow_nan=False))
    skill = draw(st.integers(0, 300))
    shooter = make_shooter(
        weapon,
        skill=skill,
        special=draw(specials),
        offhand=offhand,
        perks=draw(st.sets(st.sampled_from(["ambidextrous", "more_criticals"]))),
        pose=draw(poses),
        in_cover=in_cover,
        exhaustion=draw(st.sampled_from([0, 10, 20, 40])),
        wounds=draw(st.sets(st.sampled_from([BodyLocation.ARM, BodyLocation.LEGS, BodyLocation.HEAD]))),
        crit_chance=draw(st.none() | st.integers(0, 50)),
    )
    target = make_target(
        hp=draw(st.integers(1, 120)),
        pose=draw(poses),
        in_cover=draw(st.booleans()),
        reacting=draw(st.booleans()),
        armor=make_armor(normal=draw(st.integers(0, 12)), fire=draw(st.integers(0, 12))),
        special=draw(specials),
        skills={Skill.MELEE: draw(st.integers(0, 120)), Skill.UNARMED: draw(st.integers(0, 120))},
        exhaustion=draw(st.sampled_from([0, 10, 20, 40])),
    )
    house = HouseRules(
        prone_shows_head=draw(st.booleans()),
        cover_exempts=draw(st.sampled_from(list(CoverExempts))),
        ambidextrous_removes_strength=draw(st.booleans()),
    )
    return make_situation(
        shooter=shooter,
        target=target,
        house_rules=house,
        mode=mode,
        location=location,
        extra_ap=extra_ap,
        distance_m=distance,
        from_cover=from_cover,
        reaction=draw(st.booleans()),
        gm_modifier=draw(st.integers(-150, 150)),
    )


def planned(situation):
    try:
        return plan_attack(situation)
    except ImpossibleAttack:
        assume(False)
        raise  # unreachable


def is_subsequence(names, order):
    position = iter(order)
    return all(name in position for name in names)


@settings(max_examples=400)
@given(situations())
def test_hit_chance_within_0_and_95(situation):
    # R1.1: clamped to 0..95, whatever the skills, modifiers, poses and distances.
    for gun in planned(situation).guns:
        assert 0 <= gun.hit_chance <= 95


@settings(max_examples=400)
@given(situations())
def test_breakdown_sums_to_total_in_rule_order(situation):
    # R1.2: the named modifiers sum to S, in the rule book's order; then the pose factor and the clamp.
    for gun in planned(situation).guns:
        hit = gun.hit
        names = [m.name for m in hit.modifiers]
        assert sum(m.value for m in hit.modifiers) == hit.total
        assert names[0] == "skill"
        assert len(set(names)) == len(names)
        assert is_subsequence(names, MODIFIER_ORDER)
        if situation.shot.mode is ShotMode.MELEE:
            assert hit.pose is None and hit.chance == max(0, min(95, hit.total))  # R10.1
        else:
            assert hit.pose is situation.target.pose  # R1.1: the pose factor on every shot
            expected = {
                Pose.UPRIGHT: hit.total,
                Pose.CROUCHED: math.floor((4 * hit.total + 3) / 6),
                Pose.PRONE: math.floor((hit.total + 1) / 2),
            }[hit.pose]
            assert hit.chance == max(0, min(95, expected))


@settings(max_examples=300)
@given(situations())
def test_crit_chance_never_above_hit_chance(situation):
    # R1.4: capped at the hit chance.
    for gun in planned(situation).guns:
        assert 0 <= gun.crit_chance <= gun.hit_chance


@settings(max_examples=300)
@given(situations(), st.integers(0, 2**64 - 1))
def test_same_seed_same_result(situation, seed):
    # R0.2: a seeded game replays exactly.
    plan = planned(situation)
    assert resolve_attack(plan, SeededDice(seed)) == resolve_attack(plan, SeededDice(seed))


@settings(max_examples=400)
@given(situations(), st.integers(0, 2**64 - 1))
def test_hp_never_rises(situation, seed):
    # R1.5 (never below 0 damage), R4.3, R12.2: HP only go down, round after round.
    plan = planned(situation)
    result = resolve_attack(plan, SeededDice(seed))
    assert result.hp_after <= result.hp_before
    hp = result.hp_before
    for round_ in result.rounds:
        assert round_.damage >= 0
        armour = situation.target.armor
        assert 0 <= round_.armor <= max(armour.values.values(), default=0)  # R1.5
        assert round_.hp_after <= hp
        assert round_.hp_after == hp - round_.damage
        hp = round_.hp_after
        if round_.roll is None:  # R4.3: only after the target went down
            assert hp <= 0 and not round_.hit
        if round_.critical:  # R1.4
            assert round_.hit and round_.armor == 0 and round_.wound is not None
    assert hp == result.hp_after
    assert len(result.rounds) == plan.rounds
    assert 0 <= result.hits <= plan.rounds


@settings(max_examples=200)
@given(situations(), st.integers(0, 2**64 - 1))
def test_hit_iff_roll_within_chance(situation, seed):
    # R1.1: a roll <= the hit chance hits (close combat: unless defended, R10.2).
    plan = planned(situation)
    result = resolve_attack(plan, SeededDice(seed))
    for round_ in result.rounds:
        if round_.roll is None:
            continue
        gun = plan.guns[round_.gun]
        if round_.hit:
            assert round_.roll <= gun.hit_chance
            assert round_.critical == (round_.roll <= gun.crit_chance)
        elif round_.defence is None:
            assert round_.roll > gun.hit_chance


@given(st.integers(-500, 500))
def test_pose_factor_formulas(s):
    # R1.1 / R8.4: rounding half up, exactly the published formulas.
    assert apply_pose_factor(s, Pose.CROUCHED) == (4 * s + 3) // 6
    assert apply_pose_factor(s, Pose.PRONE) == (s + 1) // 2


@given(st.integers(0, 2**64 - 1), st.integers(0, 50), st.integers(1, 40))
def test_seeded_state_save_restore(seed, before, after):
    # R0.2: a saved state continues identically.
    dice = SeededDice(seed)
    request = DiceRequest(sides=100, purpose="test")
    for _ in range(before):
        dice.roll(request)
    saved = dice.state
    expected = [dice.roll(request) for _ in range(after)]
    restored = SeededDice.from_state(list(saved))
    assert [restored.roll(request) for _ in range(after)] == expected


@given(st.integers(0, 2**64 - 1), st.integers(2, 1000))
def test_rolls_within_faces(seed, sides):
    # R0.2: every roll is a face of the die.
    dice = SeededDice(seed)
    request = DiceRequest(sides=sides, purpose="test")
    for _ in range(20):
        assert 1 <= dice.roll(request) <= sides


@settings(max_examples=30)
@given(st.integers(0, 2**64 - 1), st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20, 100]))
def test_every_face_reachable(seed, sides):
    # R0.2: every face of a die can come up (50 rolls a face: missing one has chance < 1e-19).
    dice = SeededDice(seed)
    request = DiceRequest(sides=sides, purpose="test")
    faces = {dice.roll(request) for _ in range(50 * sides)}
    assert faces == set(range(1, sides + 1))
