"""Table mode (no map): the game master measures moves, turns, jumps and distances in centimetres
(3 cm = 1 m, R0.1), through `apcombat run`."""

from __future__ import annotations

import pytest

from apcombat.engine import CommandError, distance_reading, distances_read, format_command, parse_command

from .builders import duel, hit_chance, modifiers

START = "gm dice 6 1"  # R13.1: Ana first, then Bob


def table(**ana):
    return duel(rows=None, a={"facing": "E"} | ana)


def test_table_mode_units_have_no_cell(play):
    out = play(table(), [START, "move ana 3cm"]).ok()
    assert out.at("ana") is None and out.at("bob") is None


@pytest.mark.parametrize(
    ("pose", "command", "rate", "ap", "left"),
    [
        ("upright", "move ana 12cm", 30, 4, 0),  # R7.1 walking
        ("upright", "move ana 12cm walk", 30, 4, 0),
        ("upright", "move ana 12cm run", 45, 3, 15),  # R14.1: 135 mm bought
        ("upright", "move ana 4cm climb", 20, 2, 0),  # R7.1 stairs and ladders
        ("crouched", "move ana 4cm crouched", 20, 2, 0),  # R8.2
        ("prone", "move ana 2cm prone", 10, 2, 0),
        ("crouched", "move ana 3cm", 20, 2, 10),  # walking crouched goes at the crouched rate
    ],
)
def test_moves_measured_on_the_table(play, pose, command, rate, ap, left):
    out = play(table(pose=pose), [START, command]).ok()
    move = out.last("move")
    assert (move["rate_mm"], move["ap_before"] - move["ap_after"]) == (rate, ap)
    assert (f", {left} mm left" in move["text"]) is bool(left)


def test_table_moves_carry_movement_over(play):
    # R7.1: 4 cm buys 2 AP (60 mm) with 20 mm left; the next 1 cm is paid by it.
    out = play(table(), [START, "move ana 4cm", "move ana 1cm"]).ok()
    assert out.ap("ana") == 6


def test_table_moves_in_the_wrong_pose_or_running_when_not_allowed_are_refused(play):
    play(table(pose="crouched"), [START, "start", "move ana 2cm prone"]).refused(3, "change pose first")
    play(table(pose="crouched"), [START, "start", "move ana 2cm run"]).refused(3, "R14.1")
    play(table(), [START, "gm set ana wounds=legs", "move ana 2cm run"]).refused(3, "R7.2")
    out = play(table(), [START, "gm set ana wounds=legs", "move ana 3cm"]).ok()
    assert out.ap("ana") == 6  # R7.2: 15 mm per AP


def test_a_map_move_in_table_mode_and_a_table_move_on_the_map_are_refused(play):
    play(table(), [START, "start", "move ana 2,3"]).refused(3, "table mode")
    play(duel(), [START, "start", "move ana 3cm"]).refused(3, "on the map a move goes to a cell")


@pytest.mark.parametrize(
    ("bare", "written"),
    [
        ("move ana 6", "move ana 6cm"),  # R0.1: a bare number is the table's unit, centimetres
        ("move ana 4.5 run", "move ana 4.5cm run"),
        ("jump ana 3", "jump ana 3cm"),
        ("shoot ana bob at 21", "shoot ana bob at 21cm"),
        ("throw ana grenade at 12", "throw ana grenade at 12cm"),
        ("pin ana bob at 30", "pin ana bob at 30cm"),
    ],
)
def test_a_bare_number_is_read_as_centimetres(bare, written):
    assert parse_command(bare) == parse_command(written)
    assert format_command(parse_command(bare)) == written


def test_a_bare_number_moves_as_far_as_the_same_in_cm(play):
    # R7.1: 6 cm is 60 mm walking, 2 AP, whether the unit is written or not.
    out = play(table(), [START, "move ana 6"]).ok()
    assert (
        out.ap("ana") == 6
        and out.last("move")["text"] == play(table(), [START, "move ana 6cm"]).ok().last("move")["text"]
    )


def test_on_the_map_a_bare_number_says_to_write_a_cell(play):
    play(duel(), [START, "start", "move ana 6"]).refused(
        3, "on the map a move goes to a cell, not a distance: write move ana X,Y"
    )
    play(duel(), [START, "start", "jump ana 3"]).refused(3, "on the map a jump lands on a cell: write jump ana X,Y")
    play(duel(), [START, "start", "shoot ana bob at 21"]).refused(3, "is for table mode")


@pytest.mark.parametrize(
    ("line", "reading"),
    [
        ("move ana 6", "6 → 6 cm (2 m)"),
        ("move ana 12.5cm crouched", "12.5cm → 12.5 cm (4.17 m)"),
        ("shoot ana bob aimed head at 850", "850 → 850 cm (283.33 m)"),
        ("throw ana grenade at 9 lean", "9 → 9 cm (3 m)"),
        ("move ana 3,4", ""),
        ("move ana 6,", ""),
        ("gm hp ana 6", ""),
    ],
)
def test_how_a_line_s_distance_was_read(line, reading):
    assert distances_read(line) == reading


def test_a_throw_at_a_bare_number_says_both_ways_to_write_it():
    with pytest.raises(CommandError, match=r"^'12' is no place: at the table write at 12 \(cm\), on a map a cell X,Y"):
        parse_command("throw ana grenade 12")


def test_how_a_distance_box_read_what_was_typed():
    assert distance_reading("6") == "6 → 6 cm (2 m)"
    assert distance_reading(" ") == ""
    assert distance_reading("6,5") == "'6,5' is not a distance: write centimetres like 25 or 25cm"


@pytest.mark.parametrize(
    ("turns", "facing", "ap"),
    [
        (["turn ana 45"], "SE", 0),
        (["turn ana -90"], "N", 1),
        (["turn ana 180"], "W", 2),
        (["turn ana 90", "turn ana 90"], "W", 2),  # R7.3: charged as one turn of 180
        (["turn ana 90", "turn ana -90"], "E", 1),  # and back: 1 AP already paid, nothing more
        (["turn ana N"], "N", 1),  # facing names work too
    ],
)
def test_turns_in_degrees(play, turns, facing, ap):
    # R7.3: Ana faces E.
    out = play(table(), [START, *turns]).ok()
    assert out.unit("ana")["facing"] == facing and out.ap("ana") == 8 - ap


def test_standing_jump_on_the_table(play):
    # R15: 3 cm = 1 m, max (5 + 6) / 6 = 1.83 m: +0; walking 1 m + 1 m = 60 mm: 2 AP, + 1 standing.
    out = play(table(), [START, "gm dice 50", "jump ana 3cm"]).ok()
    jump = out.last("jump")
    assert (jump["needed"], jump["landed"], jump["ap_before"] - jump["ap_after"]) == (50, True, 3)
    play(table(), [START, "start", "jump ana 6cm"]).refused(3, "R15.1")


def test_jump_right_after_a_table_move_is_from_movement(play):
    # R15.1: after a move, max 5.5 m: 2 m leaves 3 whole metres (+30); 90 mm of walking, no standing AP.
    out = play(table(), [START, "move ana 3cm", "gm dice 81 4", "jump ana 6cm"]).ok()
    jump = out.last("jump")
    assert (jump["needed"], jump["landed"], jump["damage"]) == (80, False, 4)
    assert out.ap("ana") == 8 - 1 - 3 and out.unit("ana")["pose"] == "prone" and out.hp("ana") == 26


@pytest.mark.parametrize(
    ("distance", "band", "bonus"), [("9cm", "cqc", 10), ("21cm", "close", 5), ("60cm", "medium", 0)]
)
def test_attacks_at_a_measured_distance(play, distance, band, bonus):
    # R0.1, R1.3: the distance the game master measured, 3 cm a metre.
    out = play(table(), [START, "gm dice 99", f"shoot ana bob at {distance}"]).ok()
    attack = out.last("attack")
    assert attack["band"] == band and hit_chance(attack) == 60 + bonus


def test_a_shot_without_the_distance_is_refused_in_table_mode_and_with_one_on_the_map(play):
    play(table(), [START, "start", "shoot ana bob"]).refused(3, "say how far")
    play(duel(), [START, "start", "shoot ana bob at 21cm"]).refused(3, "is for table mode")


def test_close_combat_on_the_table(play):
    # R10.1: neighbours unless measured; a measured 2 m is out of reach.
    out = play(table(weapons=["knife"]), [START, "gm dice 99", "melee ana bob"]).ok()
    assert modifiers(out.last("attack")) == {"skill": 40}
    play(table(weapons=["knife"]), [START, "start", "melee ana bob at 6cm"]).refused(3, "adjacent")


def test_cover_on_the_table_is_the_game_masters_call(play):
    # R9.1: no map to check: taking cover is allowed; R9.3: shots at the covered unit take -40.
    out = play(table(), [START, "cover ana", "end", "gm dice 99", "shoot bob ana at 21cm"]).ok()
    assert out.unit("ana")["in_cover"] is True and modifiers(out.last("attack"))["cover"] == -40
