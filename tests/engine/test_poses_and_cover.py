"""R8 poses (pose factor, prone behind cover, aiming at prone targets) and R9 cover, through `apcombat run`."""

from __future__ import annotations

import pytest

from .builders import duel, hit_chance, modifiers

ANA_FIRST = "gm dice 6 1"  # R13.1
BOB_FIRST = "gm dice 1 6"

# A hip-high wall at 6,3: Bob at 7,3 is behind it as seen from the west.
LOW_WALL = (
    "..............",
    "..............",
    "..............",
    "......=.......",
    "..............",
    "..............",
)
# Ana at 0,3 with a hip-high wall at 1,3 to take cover behind.
ANA_COVER = (
    "..............",
    "..............",
    "..............",
    ".=............",
    "..............",
)


def behind_wall(ana_at=(1, 3), bob_at=(7, 3), **fields):
    return duel(ana_at, bob_at, rows=LOW_WALL, **fields)


@pytest.mark.parametrize(("pose", "chance"), [("upright", 65), ("crouched", 43), ("prone", 33)])
def test_pose_factor_on_shots_at_the_target(play, pose, chance):
    # R8.4, R1.1: S = 60 + close 5 = 65; crouched floor((4 x 65 + 3) / 6) = 43, prone floor(66 / 2) = 33.
    out = play(duel(b={"pose": pose}), [ANA_FIRST, "gm dice 99", "shoot ana bob"]).ok()
    attack = out.last("attack")
    assert modifiers(attack) == {"skill": 60, "range_band": 5}
    assert hit_chance(attack) == chance


def test_prone_behind_hip_high_cover_cannot_be_targeted_from_the_far_side(play):
    # R8.5: Bob prone at 7,3 behind the low wall at 6,3; Ana to the west.
    out = play(behind_wall(b={"pose": "prone"}), [ANA_FIRST, "start", "shoot ana bob"])
    out.refused(3, "cannot be seen", "R8.5")


def test_prone_behind_cover_can_be_shot_from_the_flank(play):
    # R8.5, R9.2: from 7,0 the wall is 90 degrees off the line of fire: Bob is seen (cqc +10, prone x 1/2).
    out = play(behind_wall((7, 0), b={"pose": "prone"}), [ANA_FIRST, "gm dice 99", "shoot ana bob"]).ok()
    assert hit_chance(out.last("attack")) == (60 + 10 + 1) // 2


@pytest.mark.parametrize("location", ["torso", "legs"])
def test_aimed_torso_or_legs_at_a_prone_target_is_refused(play, location):
    # R8.6 (house rule prone_shows_head, default true).
    out = play(duel(b={"pose": "prone"}), [ANA_FIRST, "start", f"shoot ana bob aimed {location}"])
    out.refused(3, "prone", "R8.6")


@pytest.mark.parametrize("location", ["head", "arm", "weapon"])
def test_aimed_head_arm_or_weapon_at_a_prone_target_is_allowed(play, location):
    # R8.6.
    play(duel(b={"pose": "prone"}), [ANA_FIRST, "gm dice 99", f"shoot ana bob aimed {location}"]).ok()


def test_aimed_torso_at_a_prone_target_without_prone_shows_head(play):
    # R8.6 house rule prone_shows_head = false: the torso may be aimed at; 65 - 5 = 60, prone: 30.
    enc = duel(b={"pose": "prone"}, house_rules={"prone_shows_head": False})
    out = play(enc, [ANA_FIRST, "gm dice 99", "shoot ana bob aimed torso"]).ok()
    assert modifiers(out.last("attack"))["aim_location"] == -5
    assert hit_chance(out.last("attack")) == 30


@pytest.mark.parametrize(("shows_head", "location"), [(True, "head"), (False, "torso")])
def test_critical_location_of_a_prone_target(play, shows_head, location):
    # R8.6: d6 2 is the head on a prone target (1-3 head), the torso otherwise (R2.2: 1-2 torso).
    enc = duel(b={"pose": "prone"}, house_rules={"prone_shows_head": shows_head})
    # to-hit 1 (a critical: LU 1), location d6 2, damage d10 5 (then the head wound's EN test: 3, passed).
    out = play(enc, [ANA_FIRST, "gm dice 1 2 5 3", "shoot ana bob"]).ok()
    fired = out.last("attack")["rounds_fired"][0]
    assert (fired["critical"], fired["location"], fired["damage"]) == (True, location, 18)
    assert out.hp("bob") == 30 - 18


def test_take_cover_next_to_a_hip_high_obstacle_costs_2_ap(play):
    # R9.1.
    out = play(behind_wall(), [BOB_FIRST, "cover bob"]).ok()
    bob = out.unit("bob")
    assert bob["in_cover"] is True and bob["ap"] == 6


@pytest.mark.parametrize("bob_at", [(7, 4), (7, 2)])
def test_a_diagonal_obstacle_gives_cover_too(play, bob_at):
    # R9.1: every neighbouring cell, diagonals included.
    out = play(behind_wall(bob_at=bob_at), [BOB_FIRST, "cover bob"]).ok()
    assert out.unit("bob")["in_cover"] is True


def test_a_wall_gives_cover(play):
    # R9.1: a wall is more than hip-high.
    rows = ("..........", "......#...", "..........")
    out = play(duel((1, 1), (7, 1), rows=rows), [BOB_FIRST, "cover bob"]).ok()
    assert out.unit("bob")["in_cover"] is True


def test_take_cover_without_an_obstacle_next_to_it_is_refused(play):
    # R9.1.
    out = play(behind_wall(bob_at=(9, 3)), [BOB_FIRST, "start", "cover bob"]).refused(3, "R9.1")
    assert out.unit("bob")["in_cover"] is False and out.ap("bob") == 8


def test_leave_cover_costs_1_ap_and_is_needed_before_moving(play):
    # R9.1.
    out = play(behind_wall(), [BOB_FIRST, "cover bob", "move bob 8,3"]).refused(3, "leave it first")
    assert out.at("bob") == (7, 3)
    out = play(behind_wall(), [BOB_FIRST, "cover bob", "uncover bob", "move bob 8,3"]).ok()
    assert out.at("bob") == (8, 3) and out.unit("bob")["in_cover"] is False
    # 2 cover + 1 uncover + about-turn from W to E (2) + one step (1).
    assert out.ap("bob") == 8 - 2 - 1 - 2 - 1


def test_leaving_cover_when_not_in_cover_is_refused(play):
    play(behind_wall(), [BOB_FIRST, "start", "uncover bob"]).refused(3, "not in cover")


@pytest.mark.parametrize(
    ("ana_at", "protected", "band"),
    [
        ((1, 3), True, 5),  # straight across the wall
        ((4, 0), True, 5),  # 45 degrees off the wall: still protected (R9.2 edge), 4.2 m
        ((5, 0), False, 5),  # 56 degrees off: flanked, 3.6 m
        ((7, 0), False, 10),  # 90 degrees off: flanked, 3 m (cqc)
        ((12, 3), False, 5),  # from behind
    ],
)
def test_cover_protects_only_when_the_obstacle_lies_between(play, ana_at, protected, band):
    # R9.2, R9.3: -40 when protected, nothing when flanked.
    script = ["gm set bob in_cover=true", ANA_FIRST, "gm dice 99", "shoot ana bob"]
    out = play(behind_wall(ana_at), script).ok()
    attack = out.last("attack")
    assert modifiers(attack).get("cover") == (-40 if protected else None)
    assert hit_chance(attack) == 60 + band - (40 if protected else 0)


def test_a_unit_next_to_cover_but_not_in_it_gets_nothing(play):
    # R9.1: cover is taken (2 AP); standing next to the wall is not enough.
    out = play(behind_wall(), [ANA_FIRST, "gm dice 99", "shoot ana bob"]).ok()
    assert "cover" not in modifiers(out.last("attack"))


@pytest.mark.parametrize(("exempts", "cover"), [("reacting_target", None), ("reacting_shooter", -40)])
def test_cover_of_a_watching_target(play, exempts, cover):
    # R9.3 house rule cover_exempts: Bob in cover stands ready (R16.1) and so shows himself — by default his
    # cover does not count; with reacting_shooter it counts against Ana, who is not reacting.
    enc = behind_wall(house_rules={"cover_exempts": exempts})
    script = ["gm set bob in_cover=true", BOB_FIRST, "react bob", "gm dice 99", "shoot ana bob"]
    out = play(enc, script).ok()
    assert out.unit("bob")["status"] == "watching"
    attack = out.last("attack")
    assert modifiers(attack).get("cover") == cover
    assert hit_chance(attack) == 65 + (cover or 0)


@pytest.mark.parametrize(("exempts", "chance"), [("reacting_target", 17), ("reacting_shooter", 43)])
def test_cover_against_a_reacting_shooter(play, exempts, chance):
    # R9.3 house rule cover_exempts: Ana watches; Bob, prone and hidden in cover (R8.5), crouches and so
    # shows himself; Ana interrupts (R16.2) and fires. By default his cover counts (-40, then crouched:
    # floor((4 x 25 + 3) / 6) = 17); with reacting_shooter her reaction shot ignores it (65 -> 43).
    enc = behind_wall(b={"pose": "prone"}, house_rules={"cover_exempts": exempts})
    script = ["gm set bob in_cover=true", ANA_FIRST, "react ana", "gm dice 3", "pose bob crouched"]
    script += ["gm dice 99", "shoot ana bob"]
    out = play(enc, script).ok()
    assert out.last("interrupt")["unit"] == "ana"
    assert hit_chance(out.last("attack")) == chance


def test_shooting_from_cover_needs_blind_fire_or_leaning_out(play):
    # R9.4, R9.5.
    enc = duel((0, 3), (7, 3), rows=ANA_COVER)
    out = play(enc, ["gm set ana in_cover=true", ANA_FIRST, "start", "shoot ana bob"])
    out.refused(4, "in cover", "blind", "lean out")


@pytest.mark.parametrize(("bob_at", "band", "blind"), [((3, 3), 10, -20), ((7, 3), 5, -35), ((10, 3), 5, -35)])
def test_blind_fire_from_cover_at_cqc_or_close_range(play, bob_at, band, blind):
    # R9.4: blind fire: unaimed, cqc -20 or close -35, the weapon's single-shot AP, still in cover after.
    enc = duel((0, 3), bob_at, rows=ANA_COVER)
    out = play(enc, [ANA_FIRST, "cover ana", "gm dice 99", "shoot ana bob blind"]).ok()
    attack = out.last("attack")
    assert modifiers(attack) == {"skill": 60, "range_band": band, "blind_fire": blind}
    assert attack["ap_cost"] == 5 and out.ap("ana") == 8 - 2 - 5
    assert out.unit("ana")["in_cover"] is True


def test_blind_fire_beyond_close_range_is_refused(play):
    # R9.4: Bob 11 m away is in the Colt's medium band.
    enc = duel((0, 3), (11, 3), rows=ANA_COVER)
    play(enc, ["gm set ana in_cover=true", ANA_FIRST, "start", "shoot ana bob blind"]).refused(4, "R9.4")


def test_blind_fire_cannot_be_aimed(play):
    # R9.4, R3.4.
    enc = duel((0, 3), (7, 3), rows=ANA_COVER)
    play(enc, ["gm set ana in_cover=true", ANA_FIRST, "start", "shoot ana bob aimed torso blind"]).refused(
        4, "blind fire", "unaimed"
    )


def test_blind_fire_without_cover_is_refused(play):
    play(duel(), [ANA_FIRST, "start", "shoot ana bob blind"]).refused(3, "needs Ana in cover")


def test_leaning_out_costs_1_ap_more_has_no_handicap_and_stays_in_cover(play):
    # R9.5.
    enc = duel((0, 3), (7, 3), rows=ANA_COVER)
    out = play(enc, ["gm set ana in_cover=true", ANA_FIRST, "gm dice 99", "shoot ana bob lean"]).ok()
    attack = out.last("attack")
    assert attack["ap_cost"] == 6 and out.ap("ana") == 2
    assert modifiers(attack) == {"skill": 60, "range_band": 5}
    assert out.unit("ana")["in_cover"] is True


def test_leaning_out_may_aim(play):
    # R9.5: no blind-fire handicap, and nothing forbids aiming: 5 + 1 aim + 1 lean = 7 AP.
    enc = duel((0, 3), (7, 3), rows=ANA_COVER)
    out = play(enc, ["gm set ana in_cover=true", ANA_FIRST, "gm dice 99", "shoot ana bob aimed torso lean"]).ok()
    assert out.last("attack")["ap_cost"] == 7 and hit_chance(out.last("attack")) == 60
