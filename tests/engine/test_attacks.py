"""R1-R6 shooting, R10 close combat, R11 two guns, R12 wounds, R19 equipment, through `apcombat run`.

Ana (small guns 60) at 1,3 shoots Bob at 8,3: 7 m, the Colt's close band (+5), so a plain shot hits on 65.
"""

from __future__ import annotations

import pytest

from .builders import duel, encounter, first_in_file_order, hit_chance, modifiers, unit

START = "gm dice 6 1"  # R13.1: Ana first, then Bob


def fired(outcome, index=0):
    return outcome.last("attack")["rounds_fired"][index]


def test_single_shot_hits_rolls_damage_and_spends_a_round(play):
    # R2.1 the single-shot AP, R1.1-R1.2 the breakdown, R1.5 damage 1d10+4, R1.4 critical chance LU 1.
    out = play(duel(), [START, "gm dice 30 5", "shoot ana bob"]).ok()
    attack = out.last("attack")
    assert (attack["ap_cost"], attack["ap_before"], attack["ap_after"]) == (5, 8, 3)
    assert modifiers(attack) == {"skill": 60, "range_band": 5}
    assert (hit_chance(attack), attack["guns"][0]["crit_chance"], attack["band"]) == (65, 1, "close")
    assert fired(out) | {"gun": 0} == {
        "gun": 0,
        "roll": 30,
        "hit": True,
        "critical": False,
        "location": None,
        "damage": 9,
        "armor": 0,
        "wound": None,
        "damage_roll": [5],
        "defence_roll": None,
        "unconscious_rounds": None,
    }
    assert out.hp("bob") == 21 and out.unit("ana")["ammo"] == 6 and out.ap("ana") == 3


def test_a_roll_over_the_chance_misses_and_rolls_nothing_else(play):
    # R1.1: 66 > 65 misses; no damage die is rolled, so the next queued number goes to Bob's shot.
    out = play(duel(), [START, "gm dice 66 5", "shoot ana bob", "end", "shoot bob ana"]).ok()
    first, second = out.events("attack")
    assert first["rounds_fired"][0]["hit"] is False and out.hp("bob") == 30
    assert second["rounds_fired"][0]["roll"] == 5


def test_armour_stops_points_of_every_hit(play):
    # R1.5: leather armour stops 2 normal damage.
    out = play(duel(b={"armor": "leather_armor"}), [START, "gm dice 30 5", "shoot ana bob"]).ok()
    assert (fired(out)["damage"], fired(out)["armor"]) == (7, 2) and out.hp("bob") == 23


def test_a_critical_hit_ignores_armour_doubles_damage_and_wounds(play):
    # R1.4: roll 1 <= LU 1; R2.2 location d6 1 = torso; (5 + 4) x 2 = 18 through leather armour.
    out = play(duel(b={"armor": "leather_armor"}), [START, "gm dice 1 1 5", "shoot ana bob"]).ok()
    assert fired(out) | {"gun": 0} == {
        "gun": 0,
        "roll": 1,
        "hit": True,
        "critical": True,
        "location": "torso",
        "damage": 18,
        "armor": 0,
        "wound": "torso",
        "damage_roll": [5],
        "defence_roll": None,
        "unconscious_rounds": None,
    }
    assert out.hp("bob") == 12 and "torso" in out.last("wound")["text"]


@pytest.mark.parametrize(("d6", "location"), [(1, "torso"), (2, "torso"), (3, "legs"), (4, "arm"), (6, "weapon")])
def test_unaimed_critical_location(play, d6, location):
    # R2.2 (5, the head, is in the wound tests: it rolls an EN test).
    out = play(duel(), [START, f"gm dice 1 {d6} 5", "shoot ana bob"]).ok()
    assert fired(out)["location"] == location and fired(out)["wound"] == location


@pytest.mark.parametrize(
    ("aim", "ap", "chance", "crit"),
    [
        ("torso", 6, 60, 4),  # R3.2 -5, R3.3 +3
        ("arm", 6, 40, 14),  # -25, +13
        ("weapon", 6, 30, 19),  # -35, +18
        ("legs", 6, 25, 21),  # -40, +20
        ("head", 6, 15, 15),  # -50, +25: capped at the hit chance (R1.4)
        ("arm +1", 7, 50, 14),  # R3.1: +10 per extra AP
        ("torso +2", 8, 80, 4),
    ],
)
def test_aimed_shot_costs_and_chances(play, aim, ap, chance, crit):
    # R3.1-R3.3: single-shot AP + 1 + extra AP.
    out = play(duel(), [START, "gm dice 99", f"shoot ana bob aimed {aim}"]).ok()
    attack = out.last("attack")
    assert (attack["ap_cost"], hit_chance(attack), attack["guns"][0]["crit_chance"]) == (ap, chance, crit)
    assert out.ap("ana") == 8 - ap


def test_an_aimed_critical_lands_on_the_named_location_without_a_d6(play):
    # R3.3: torso crit chance 4; the roll of 4 is a critical on the torso; the next die is the damage.
    out = play(duel(), [START, "gm dice 4 5", "shoot ana bob aimed torso"]).ok()
    assert (fired(out)["critical"], fired(out)["location"], fired(out)["damage"]) == (True, "torso", 18)


def test_extra_aim_ap_beyond_what_is_left_is_refused(play):
    # R3.1: no cap beyond the AP available (house rule aim_max_extra_ap unset): +3 would cost 9 AP.
    out = play(duel(), [START, "start", "shoot ana bob aimed torso +3"]).refused(3, "needs 9 AP")
    assert out.ap("ana") == 8


def test_a_burst_cannot_be_aimed(play):
    # R3.4.
    enc = duel(a={"weapons": ["grease_gun"]})
    play(enc, [START, "start", "shoot ana bob aimed torso burst"]).refused(3, "R3.4")


def test_a_burst_rolls_every_round_and_spends_them(play):
    # R4.1: the Grease Gun fires 3 rounds for 6 AP; R4.2 -25 at ST 5 = min ST; close +10: 45 a round;
    # R4.3 each round to-hit then its damage (1d10+3).
    enc = duel(a={"weapons": ["grease_gun"]})
    out = play(enc, [START, "gm dice 10 4 90 40 6", "shoot ana bob burst"]).ok()
    attack = out.last("attack")
    assert attack["ap_cost"] == 6 and attack["guns"][0]["rounds"] == 3
    assert modifiers(attack) == {"skill": 60, "range_band": 10, "burst": -25} and hit_chance(attack) == 45
    rounds = attack["rounds_fired"]
    assert [(r["roll"], r["hit"], r["damage"]) for r in rounds] == [(10, True, 7), (90, False, 0), (40, True, 9)]
    assert out.hp("bob") == 30 - 16 and out.unit("ana")["ammo"] == 27


@pytest.mark.parametrize(("strength", "burst"), [(5, -25), (6, -15), (7, -5), (8, None)])
def test_burst_penalty_falls_with_strength_above_the_minimum(play, strength, burst):
    # R4.2: max(0, 25 - 10 x (ST - min ST)).
    enc = duel(a={"weapons": ["grease_gun"], "ST": strength})
    out = play(enc, [START, "gm dice 99 99 99", "shoot ana bob burst"]).ok()
    assert modifiers(out.last("attack")).get("burst") == burst


def test_rounds_after_the_target_went_down_are_fired_and_miss(play):
    # R4.3: Bob (7 HP) falls to the first round; the other two are fired, roll nothing and miss.
    enc = duel(a={"weapons": ["grease_gun"]}, b={"hp": 7})
    out = play(enc, [START, "gm dice 10 4", "shoot ana bob burst"]).ok()
    rounds = out.last("attack")["rounds_fired"]
    assert [(r["roll"], r["hit"]) for r in rounds] == [(10, True), (None, False), (None, False)]
    assert out.unit("ana")["ammo"] == 27 and out.unit("bob")["status"] == "down"


def test_a_single_shot_weapon_cannot_fire_a_burst(play):
    # R4.1.
    play(duel(), [START, "start", "shoot ana bob burst"]).refused(3, "not an automatic weapon", "R4.1")


def test_each_point_of_strength_below_the_minimum_costs_20(play):
    # R5.1: the Peacemaker needs ST 4; ST 2 is -40.
    out = play(duel(a={"weapons": ["peacemaker"], "ST": 2}), [START, "gm dice 99", "shoot ana bob"]).ok()
    assert modifiers(out.last("attack"))["strength"] == -40


@pytest.mark.parametrize(("pose", "heavy"), [("upright", -30), ("prone", None)])
def test_heavy_machine_gun_bursts_unless_rested_on_the_bipod(play, pose, heavy):
    # R5.2: the M60 (min ST 7) held at ST 7: -30 a round; R5.3 a prone shooter rests the bipod.
    enc = duel(a={"weapons": ["m60"], "ST": 7, "pose": pose})
    out = play(enc, [START, "gm dice " + " 99" * 10, "shoot ana bob burst"]).ok()
    assert modifiers(out.last("attack")).get("heavy") == heavy


def test_two_guns_fire_together_as_one_action(play):
    # R11.1: AP = the higher single-shot AP + 1; each gun rolls to hit and damage separately.
    # R11.3: the same weapon twice -25; R11.2 min ST 3 + 1 = 4 <= ST 5: no strength penalty.
    enc = duel(a={"weapons": ["colt_1911", "colt_1911"]})
    out = play(enc, [START, "gm dice 30 5 50", "dual ana bob"]).ok()
    attack = out.last("attack")
    assert attack["ap_cost"] == 6 and out.ap("ana") == 2
    for gun in (0, 1):
        assert modifiers(attack, gun) == {"skill": 60, "range_band": 5, "ambidextrous": -25}
        assert hit_chance(attack, gun) == 40
    assert [(r["gun"], r["roll"], r["hit"], r["damage"]) for r in attack["rounds_fired"]] == [
        (0, 30, True, 9),
        (1, 50, False, 0),
    ]
    assert out.hp("bob") == 21 and out.unit("ana")["ammo"] == 6


@pytest.mark.parametrize(
    ("second", "handicap"),
    [("colt_1911", -25), ("pistol_10mm", -40), ("peacemaker", -55)],
)
def test_two_gun_handicap_by_family(play, second, handicap):
    # R11.3: same weapon -25, same family -40, different families -55.
    enc = duel(a={"weapons": ["colt_1911", second]})
    out = play(enc, [START, "gm dice 99 99", "dual ana bob"]).ok()
    assert modifiers(out.last("attack"), 1)["ambidextrous"] == handicap


def test_the_ambidextrous_perk_removes_the_two_gun_handicap(play):
    # R11.3.
    enc = duel(a={"weapons": ["colt_1911", "peacemaker"], "perks": ["ambidextrous"]})
    out = play(enc, [START, "gm dice 99 99", "dual ana bob"]).ok()
    assert "ambidextrous" not in modifiers(out.last("attack"), 0) and hit_chance(out.last("attack"), 1) == 65


def test_two_gun_bursts(play):
    # R11.1: both bursts: the higher burst AP + 1; every round of both rolled (5 + 5, all missing here);
    # R11.2 the Micro-Uzi's min ST 3 + 1 = 4, so R4.2 gives -(25 - 10) = -15.
    enc = duel(a={"weapons": ["micro_uzi", "micro_uzi"]})
    out = play(enc, [START, "gm dice" + " 99" * 10, "dual ana bob burst"]).ok()
    attack = out.last("attack")
    assert attack["ap_cost"] == 6 and len(attack["rounds_fired"]) == 10
    assert modifiers(attack, 1) == {"skill": 60, "range_band": 5, "burst": -15, "ambidextrous": -25}
    assert out.unit("ana")["ammo"] == 15


def test_two_guns_cannot_be_aimed(play):
    # R3.4, R11.1: the command does not even take the option.
    enc = duel(a={"weapons": ["colt_1911", "colt_1911"]})
    play(enc, [START, "start", "dual ana bob aimed torso"]).refused(3, "not an option of dual")


def test_two_gun_fire_needs_a_second_gun(play):
    # R11.1.
    enc = duel(a={"weapons": ["colt_1911", "knife"]})
    play(enc, [START, "start", "dual ana bob"]).refused(3, "second gun", "R11.1")


@pytest.mark.parametrize(("pose", "chance"), [("upright", 65), ("crouched", 43)])
def test_flamer_stream_sets_the_target_burning(play, pose, chance):
    # R6.1: 5 AP, one second of fuel, one roll (big guns 60, close +5, the pose factor R1.1);
    # R6.2: 2d10+5 at once.
    enc = duel((1, 3), (5, 3), a={"weapons": ["flamer"], "ST": 6}, b={"pose": pose})
    out = play(enc, [START, "gm dice 30 3 4", "flame ana bob"]).ok()
    attack = out.last("attack")
    assert attack["ap_cost"] == 5 and hit_chance(attack) == chance
    assert fired(out)["damage"] == 12 and out.hp("bob") == 18
    assert out.unit("ana")["ammo"] == 7  # seconds of fuel
    assert out.last("burning")["unit"] == "bob"


def test_burning_hurts_at_the_start_of_the_targets_next_two_turns_then_stops(play):
    # R6.2: 1d10+5 at the start of Bob's next turn, 1d10 at the start of the one after, then nothing.
    enc = duel((1, 3), (5, 3), a={"weapons": ["flamer"], "ST": 6})
    script = [START, "gm dice 30 3 4", "flame ana bob", "gm dice 2", "end"]
    out = play(enc, script).ok()
    assert out.hp("bob") == 18 - 7 and out.active == "bob"
    out = play(enc, [*script, "end", "gm dice 3", "end", "end", "end"]).ok()
    burns = [e for e in out.events("burning") if "roll" in e]
    assert [(e["roll"], e["damage"], e["hp"]) for e in burns] == [([2], 7, 11), ([3], 3, 8)]
    assert "goes out" in burns[-1]["text"]
    assert out.round == 3 and out.active == "bob" and out.hp("bob") == 8


def test_fire_armour_reduces_the_burn(play):
    # R6.2 ruling: metal armour stops 4 fire damage of the stream and of each burn.
    enc = duel((1, 3), (5, 3), a={"weapons": ["flamer"], "ST": 6}, b={"armor": "metal_armor"})
    out = play(enc, [START, "gm dice 30 3 4", "flame ana bob", "gm dice 2", "end"]).ok()
    assert out.hp("bob") == 30 - (12 - 4) - (7 - 4)


def test_another_hit_restarts_the_burn(play):
    # R6.2: Bob burned once (1d10+5); a new hit in round 2 starts again: 2d10+5, then 1d10+5 again.
    enc = duel((1, 3), (5, 3), a={"weapons": ["flamer"], "ST": 6})
    script = [START, "gm dice 30 3 4", "flame ana bob", "gm dice 2", "end", "end"]
    script += ["gm dice 30 1 1", "flame ana bob", "gm dice 4", "end"]
    out = play(enc, script).ok()
    burns = [e for e in out.events("burning") if "roll" in e]
    assert [(e["roll"], e["damage"]) for e in burns] == [([2], 7), ([4], 9)]
    assert out.hp("bob") == 30 - 12 - 7 - 7 - 9


def test_a_flamer_fires_streams_only(play):
    # R6.1.
    enc = duel((1, 3), (5, 3), a={"weapons": ["flamer"], "ST": 6})
    play(enc, [START, "start", "shoot ana bob"]).refused(3, "use mode flame", "R6.1")


def melee_duel(bob_at=(2, 3), weapon="knife", **bob):
    return duel((1, 3), bob_at, a={"weapons": [weapon]}, b=bob)


def test_close_combat_hit_through_a_failed_parry(play):
    # R10.1: knife 3 AP, melee 40, no range band, no pose factor; R10.2 Bob upright parries on
    # max(melee, unarmed) = 40: 70 fails; damage 1d6 = 3.
    out = play(melee_duel(), [START, "gm dice 20 70 3", "melee ana bob"]).ok()
    attack = out.last("attack")
    assert attack["ap_cost"] == 3 and modifiers(attack) == {"skill": 40} and attack["band"] is None
    assert fired(out)["hit"] is True and out.hp("bob") == 27


def test_close_combat_parried_by_an_upright_defender(play):
    # R10.2: the defender's 30 <= 40 turns the hit into a miss; no damage is rolled.
    out = play(melee_duel(), [START, "gm dice 20 30", "melee ana bob"]).ok()
    assert fired(out)["hit"] is False and out.hp("bob") == 30


@pytest.mark.parametrize("pose", ["crouched", "prone"])
def test_crouched_or_prone_defenders_cannot_parry_and_no_pose_factor(play, pose):
    # R8.3, R10.2: no defence roll (the next die is the damage); R1.1 no pose factor in close combat.
    out = play(melee_duel(pose=pose), [START, "gm dice 20 3", "melee ana bob"]).ok()
    assert hit_chance(out.last("attack")) == 40 and out.hp("bob") == 27


def test_close_combat_reaches_diagonal_neighbours_only(play):
    # R10.1: adjacent only (1.41 m diagonally is adjacent; 2 m is not).
    play(melee_duel((2, 4)), [START, "gm dice 99", "melee ana bob"]).ok()
    play(melee_duel((3, 3)), [START, "start", "melee ana bob"]).refused(3, "adjacent", "R10.1")


def test_unarmed_and_aimed_blows(play):
    # R10.1: fists use unarmed (40), 3 AP; an aimed blow costs 1 AP more and takes the location's penalty.
    out = play(melee_duel(weapon="fists"), [START, "gm dice 99", "melee ana bob aimed head"]).ok()
    attack = out.last("attack")
    assert attack["ap_cost"] == 4 and modifiers(attack) == {"skill": 40, "aim_location": -50}


def test_close_combat_needs_a_close_combat_weapon_and_a_gun_needs_shooting(play):
    # R10.1.
    play(duel((1, 3), (2, 3)), [START, "start", "melee ana bob"]).refused(3, "firearm", "R10.1")
    play(melee_duel(), [START, "start", "shoot ana bob"]).refused(3, "close-combat weapon", "R10.1")


def test_reload_refills_from_spare_ammunition(play):
    # R19.1: the Colt's ap_reload is 2; spare 45acp: two magazines (14), one round taken.
    out = play(duel(), [START, "gm dice 99", "shoot ana bob", "reload ana"]).ok()
    reload = out.last("reload")
    assert (reload["loaded"], reload["spare"], reload["ap_before"], reload["ap_after"]) == (7, 13, 3, 1)
    assert out.unit("ana")["ammo"] == 7


def test_reload_takes_only_what_is_spare(play):
    # R19.1: 2 loaded, 1 spare: 3 after reloading. The Peacemaker reloads in 3 AP.
    enc = duel(a={"weapons": ["peacemaker"], "ammo": {"45_colt": 1}})
    out = play(enc, [START, "gm set ana ammo=2", "reload ana"]).ok()
    assert out.unit("ana")["ammo"] == 3 and out.ap("ana") == 5


@pytest.mark.parametrize(
    ("setup", "reason"),
    [("gm set ana hp=30", "already full"), ("gm set ana ammo=3", "no spare")],
)
def test_reload_refused(play, setup, reason):
    enc = duel(a={"ammo": {"45acp": 0}})
    play(enc, [START, setup, "start", "reload ana"]).refused(4, reason)


def test_an_empty_gun_cannot_fire(play):
    # R19.1.
    play(duel(), [START, "gm set ana ammo=0", "start", "shoot ana bob"]).refused(4, "empty", "R19.1")


def test_swapping_weapons_costs_1_ap(play):
    # R19.1: the next carried weapon comes in hand.
    enc = duel(a={"weapons": ["colt_1911", "knife"]})
    out = play(enc, [START, "swap ana"]).ok()
    assert out.unit("ana")["weapon"] == "knife" and out.ap("ana") == 7 and out.unit("ana")["ammo"] == 0
    out = play(enc, [START, "swap ana", "swap ana"]).ok()
    assert out.unit("ana")["weapon"] == "colt_1911" and out.ap("ana") == 6
    play(duel(), [START, "start", "swap ana"]).refused(3, "only one weapon")


def test_a_weapon_wound_breaks_the_weapon_in_hand(play):
    # R12.1 weapon: Ana's aimed shot at Bob's weapon (30, crit 19) rolls 10: a critical; Bob's Colt breaks.
    # R19.1: it cannot fire (nor with two guns); his other gun can, after a swap.
    enc = duel(b={"weapons": ["colt_1911", "pistol_10mm"]})
    script = [START, "gm dice 10 5", "shoot ana bob aimed weapon", "end"]
    out = play(enc, [*script, "shoot bob ana"]).refused(5, "broken")
    assert fired(out)["wound"] == "weapon" and out.hp("bob") == 12
    play(enc, [*script, "dual bob ana"]).refused(5, "broken")
    out = play(enc, [*script, "swap bob", "gm dice 99", "shoot bob ana"]).ok()
    assert out.unit("bob")["weapon"] == "pistol_10mm" and out.last("attack")["ap_cost"] == 5


def three_units():
    """Ana (side a) against Bob and Cid (side b): one of them can be out without ending the fight."""
    return encounter(
        [
            unit("ana", "a", (1, 3), facing="E"),
            unit("bob", "b", (8, 3), facing="W"),
            unit("cid", "b", (8, 5), facing="W"),
        ]
    )


HEAD_SHOT = [first_in_file_order(3), "shoot ana bob aimed head"]  # 15 to hit, critical on 15 or less


def test_head_wound_passed_en_test_costs_2_ap_next_turn(play):
    # R12.1 head: critical (roll 10), damage 18, EN test d10 3 <= EN 5: conscious; 2 AP lost next turn.
    out = play(three_units(), [HEAD_SHOT[0], "gm dice 10 5 3", HEAD_SHOT[1], "end"]).ok()
    assert fired(out)["wound"] == "head" and out.hp("bob") == 12
    assert out.active == "bob" and out.ap("bob") == 6
    assert "lost to a head wound" in out.last("turn")["text"]


def test_head_wound_failed_en_test_knocks_out_for_1d3_rounds(play):
    # R12.1 head: EN test 8 > 5 fails; 1d3 = 2: Bob loses his turns in rounds 1 and 2 and acts in round 3,
    # with 2 AP fewer (the head wound's loss falls on his first turn awake: the code's reading).
    script = [HEAD_SHOT[0], "gm dice 10 5 8 2", HEAD_SHOT[1]]
    out = play(three_units(), script).ok()
    assert out.unit("bob")["status"] == "unconscious" and out.winner is None
    assert out.last("unconscious")["rounds"] == 2
    out = play(three_units(), [*script, "end"]).ok()
    assert out.active == "cid" and out.last("unconscious")["rounds_left"] == 1
    out = play(three_units(), [*script, "end", "end", "end"]).ok()
    assert out.round == 2 and out.active == "cid" and out.last("unconscious")["rounds_left"] == 0
    out = play(three_units(), [*script, "end", "end", "end", "end", "end"]).ok()
    assert out.round == 3 and out.active == "bob" and out.ap("bob") == 6
    assert out.unit("bob")["status"] == "ready"


def test_a_side_with_nobody_conscious_loses(play):
    # R12.2 with R12.1: the code counts an unconscious character as not standing, so a knock-out of the
    # last enemy wins the fight.
    out = play(duel(), [START, "gm dice 10 5 8 2", "shoot ana bob aimed head"]).ok()
    assert out.winner == "a" and out.hp("bob") == 12


def test_arm_wound_forbids_two_guns_and_hinders_two_handed_weapons(play):
    # R12.1 arm: no two-gun fire; -20 with a two-handed weapon.
    enc = duel(a={"weapons": ["colt_1911", "colt_1911"]})
    play(enc, [START, "gm set ana wounds=arm", "start", "dual ana bob"]).refused(4, "forbids two-gun", "R12.1")
    out = play(enc, [START, "gm set ana wounds=arm", "gm dice 99", "shoot ana bob"]).ok()
    assert "wounds" not in modifiers(out.last("attack"))  # the Colt is one-handed
    enc = duel(a={"weapons": ["grease_gun"]})
    out = play(enc, [START, "gm set ana wounds=arm", "gm dice 99", "shoot ana bob"]).ok()
    assert modifiers(out.last("attack"))["wounds"] == -20


def test_down_at_zero_hp_and_the_other_side_wins(play):
    # R12.2: 9 damage on 9 HP; the fight is over.
    out = play(duel(b={"hp": 9}), [START, "gm dice 30 5", "shoot ana bob"]).ok()
    assert out.hp("bob") == 0 and out.unit("bob")["status"] == "down"
    assert out.winner == "a" and out.active is None and out.last("victory")["side"] == "a"
    play(duel(b={"hp": 9}), [START, "gm dice 30 5", "shoot ana bob", "end"]).refused(4, "the fight is over")


def test_a_downed_unit_is_skipped_and_cannot_be_attacked(play):
    # R12.2: out of the fight; Cid still stands, so no winner yet.
    enc = three_units()
    enc["unit"][1]["hp"] = 9
    script = [first_in_file_order(3), "gm dice 30 5", "shoot ana bob"]
    out = play(enc, script).ok()
    assert out.winner is None and out.unit("bob")["status"] == "down"
    play(enc, [*script, "gm dice 99", "shoot ana bob"]).refused(5, "already down")
    out = play(enc, [*script, "end"]).ok()
    assert out.active == "cid"
    out = play(enc, [*script, "end", "end"]).ok()
    assert out.round == 2 and out.active == "ana"
