"""R18.3 spreading fires through `apcombat run` scripts with `gm dice`: flamers lighting flammable cells hit
or miss (the miss's d8, d6 on hexes), characters caught in fires at most once an action, the end-of-round
d6 of every fire in reading order, smoke blocking sight, paths and jumps refusing fires, `gm fire` on a map
and by name in table mode."""

from __future__ import annotations

import pytest

from .builders import duel, encounter, first_in_file_order, unit

START = "gm dice 6 1"  # R13.1: Ana first, then Bob
LEGEND = {",": "brush", "%": "crates", "^": "hut"}

# Brush around Bob's cell 4,3 (the centre of a 3 x 3 patch); floor elsewhere.
BRUSH = (
    "............",
    "............",
    "...,,,......",
    "...,,,......",
    "...,,,......",
    "............",
    "............",
)


def fiery(data: dict, on: bool = True) -> dict:
    """The encounter with spreading fires switched on (R18.3) and the flammable legend."""
    data["modules"] = {"fire_spread": on}
    if "map" in data:
        data["map"]["legend"] = LEGEND
    return data


def flamer_duel(rows=BRUSH, bob_at=(4, 3), **fields) -> dict:
    """Ana (ST 6, a flamer: big guns 60) at 1,3 facing E against Bob (30 HP, no armour)."""
    return fiery(duel((1, 3), bob_at, rows=rows, a={"weapons": ["flamer"], "ST": 6}, **fields))


def fire_texts(out) -> list[str]:
    return [event["text"] for event in out.events("fire")]


def caught(out) -> list[tuple[str, list[int], int]]:
    """Every character set burning by a fire (R18.3.1): who, the 2d10 and HP after."""
    return [(e["unit"], e["roll"], e["hp"]) for e in out.events("burning") if e.get("fire")]


def test_r18_3_2_a_flamer_hit_lights_the_targets_flammable_cell_and_burns_it_once(play):
    # R18.3.2: a hit (d100 10) sets Bob burning and his brush on fire; R18.3.1: the cell catching fire does
    # not burn him a second time in the same action: the only damage is the hit's 2d10+5 (5+5+5 = 15).
    out = play(flamer_duel(), [START, "gm dice 10 5 5", "flame ana bob"]).ok()
    assert out.hp("bob") == 15 and caught(out) == []
    assert fire_texts(out) == ["the brush at 4,3 catches fire (R18.3.2)"]
    assert out.data["fires"] == [[4, 3]]


def test_r18_3_2_a_miss_lights_the_targets_cell_and_the_d8_neighbour(play):
    # R18.3.2: a miss (d100 99) still lights Bob's brush: caught in it he takes 2d10+5 = 3+4+5 = 12
    # (R18.3.1); the d8 (2: NE) splashes onto 5,2, brush too.
    out = play(flamer_duel(), [START, "gm dice 99 3 4 2", "flame ana bob"]).ok()
    assert caught(out) == [("bob", [3, 4], 18)] and out.hp("bob") == 18
    assert fire_texts(out) == [
        "the brush at 4,3 catches fire (R18.3.2)",
        "Ana's missed stream splashes NE of 4,3 (d8 = 2): the brush at 5,2 catches fire (R18.3.2)",
    ]
    assert out.data["fires"] == [[5, 2], [4, 3]]  # reading order


@pytest.mark.parametrize(
    ("d8", "direction", "cell"),
    [
        (1, "N", (4, 2)),
        (2, "NE", (5, 2)),
        (3, "E", (5, 3)),
        (4, "SE", (5, 4)),
        (5, "S", (4, 4)),
        (6, "SW", (3, 4)),
        (7, "W", (3, 3)),
        (8, "NW", (3, 2)),
    ],
)
def test_r18_3_2_the_d8_of_a_miss_names_each_neighbour(play, d8, direction, cell):
    # R18.3.2: 1 N, 2 NE, ... 8 NW. Bob stands on floor in the middle of the brush: only the splash burns.
    rows = [*BRUSH]
    rows[3] = "...,.,......"
    out = play(flamer_duel(rows=rows), [START, f"gm dice 99 {d8}", "flame ana bob"]).ok()
    x, y = cell
    assert fire_texts(out) == [
        f"Ana's missed stream splashes {direction} of 4,3 (d8 = {d8}): the brush at {x},{y} catches fire (R18.3.2)"
    ]
    assert out.data["fires"] == [[x, y]] and out.hp("bob") == 30


def test_r18_3_2_a_splash_onto_ground_that_does_not_burn_lights_nothing(play):
    # R18.3.2: Bob on floor, the d8 (3: E) onto floor: nothing burns, and nothing else is rolled.
    out = play(flamer_duel(rows=duel()["map"]["rows"]), [START, "gm dice 99 3", "flame ana bob"]).ok()
    assert fire_texts(out) == ["Ana's missed stream splashes E of 4,3 (d8 = 3): 5,3 does not burn (R18.3.2)"]
    assert out.data["fires"] == []


HEX_BRUSH = ("," * 9,) * 7


@pytest.mark.parametrize(
    ("d6", "direction", "cell"),
    [(1, "E", (5, 3)), (2, "NE", (5, 2)), (3, "NW", (4, 2)), (4, "W", (3, 3)), (5, "SW", (4, 4)), (6, "SE", (5, 4))],
)
def test_r18_3_2_on_a_hex_map_a_miss_rolls_d6(play, d6, direction, cell):
    # R18.3.2, R20.1: on hexes d6 — 1 E, 2 NE, 3 NW, 4 W, 5 SW, 6 SE; Bob at 4,3, an odd row (shifted east).
    data = flamer_duel(rows=HEX_BRUSH)
    data["map"]["kind"] = "hex"
    out = play(data, [START, f"gm dice 99 1 1 {d6}", "flame ana bob"]).ok()
    x, y = cell
    assert fire_texts(out)[1] == (
        f"Ana's missed stream splashes {direction} of 4,3 (d6 = {d6}): the brush at {x},{y} catches fire (R18.3.2)"
    )
    assert sorted(map(tuple, out.data["fires"])) == sorted([(4, 3), cell])


def test_r18_3_1_the_splash_sets_whoever_stands_there_burning(play):
    # R18.3.1: Cid stands NE of Bob; the miss's d8 (2) lights his brush: 2d10+5 = 6+6+5 = 17.
    units = [
        unit("ana", "a", (1, 3), facing="E", weapons=["flamer"], ST=6),
        unit("bob", "b", (4, 3), facing="W"),
        unit("cid", "b", (5, 2), facing="W"),
    ]
    rows = [*BRUSH]
    rows[3] = "...,.,......"
    out = play(fiery(encounter(units, rows)), [first_in_file_order(3), "start", "gm dice 99 2 6 6", "flame ana bob"])
    assert caught(out.ok()) == [("cid", [6, 6], 13)]


def test_with_fire_spread_off_a_flamer_lights_nothing(play):
    # R18: the module off, brush is only floor and a miss rolls no direction: the 77 after Ana's 99 is Bob's
    # to-hit roll, not a d8.
    data = fiery(flamer_duel(), on=False)
    out = play(data, [START, "gm dice 99 77", "flame ana bob", "end", "shoot bob ana"]).ok()
    assert fire_texts(out) == [] and "fires" not in out.data
    assert out.hp("bob") == 30 and out.last("attack")["rounds_fired"][0]["roll"] == 77


def test_r18_3_3_fires_roll_d6_in_reading_order_at_the_end_of_the_round(play):
    # R18.3.4: the game master lights two fires before the first round; R18.3.3 at the end of round 1 they
    # roll in reading order: 5,2 first (row 2), then 3,3: 1 goes out (burnt), 4 burns on.
    script = [START, "gm fire 3,3 on", "gm fire 5,2 on", "start", "end", "gm dice 1 4", "end"]
    out = play(flamer_duel(), script).ok()
    assert fire_texts(out) == [
        "the fire at 5,2 goes out (d6 = 1): the ground is burnt (R18.3.3)",
        "the fire at 3,3 burns on (d6 = 4) (R18.3.3)",
    ]
    assert out.data["fires"] == [[3, 3]] and out.data["burnt"] == [[5, 2]]
    assert out.round == 2


def test_r18_3_3_a_six_spreads_to_the_nearest_flammable_cell_ties_in_reading_order(play):
    # R18.3.3: the fire at 4,3 (d6 6) spreads to the nearest flammable cell not on fire: 4,2, 3,3, 5,3 and
    # 4,4 are all 1 m away; reading order takes 4,2 (row 2).
    rows = [*BRUSH]
    script = [START, "gm fire 4,3 on", "start", "end", "gm dice 6", "end"]
    out = play(flamer_duel(rows=rows, bob_at=(8, 3)), script).ok()
    assert fire_texts(out) == ["the fire at 4,3 spreads (d6 = 6): the brush at 4,2 catches fire (R18.3.3)"]
    assert out.data["fires"] == [[4, 2], [4, 3]]


def test_r18_3_3_spreading_reaches_4_m_and_no_farther(play):
    # R18.3.3: a lone hut 4 m east of the fire catches (distance <= 4 m); 5 m away nothing is within reach
    # and the fire burns on.
    rows = ["." * 12] * 3 + [",...^......."] + ["." * 12] * 3
    out = play(flamer_duel(rows=rows, bob_at=(8, 5)), [START, "gm fire 0,3 on", "start", "end", "gm dice 6", "end"])
    assert fire_texts(out.ok()) == ["the fire at 0,3 spreads (d6 = 6): the hut at 4,3 catches fire (R18.3.3)"]
    rows[3] = ",....^......"
    out = play(flamer_duel(rows=rows, bob_at=(8, 5)), [START, "gm fire 0,3 on", "start", "end", "gm dice 6", "end"])
    assert fire_texts(out.ok()) == [
        "the fire at 0,3 would spread (d6 = 6), but nothing flammable is within 4 m: it burns on (R18.3.3)"
    ]


def test_r18_3_3_a_cell_that_caught_fire_this_round_is_not_rolled_until_the_next(play):
    # R18.3.3: the brush Ana's missed stream lights in round 1 (Bob caught: 1+1+5; the d8, 5, splashes S onto
    # floor) is not rolled at the end of round 1. At the end of round 2 its 6 spreads to 5,3, which comes
    # after it in reading order and is not rolled in that same end of round. Bob starts his turns of rounds 1
    # and 2 in the fire: 1+1+5 each (R18.3.1).
    rows = ["............", "............", "............", "....,,......", "............"]
    script = [START, "gm dice 99 1 1 5 1 1", "flame ana bob", "end", "end"]
    out = play(flamer_duel(rows=rows), script).ok()
    assert out.round == 2 and not [text for text in fire_texts(out) if "R18.3.3" in text]
    assert out.data["fires"] == [[4, 3]]
    # Round 2: Bob walks out of the fire.
    out = play(flamer_duel(rows=rows), [*script, "gm dice 1 1", "end", "move bob 4,4", "gm dice 6", "end"]).ok()
    assert out.round == 3 and out.at("bob") == (4, 4)
    assert [text for text in fire_texts(out) if "R18.3.3" in text] == [
        "the fire at 4,3 spreads (d6 = 6): the brush at 5,3 catches fire (R18.3.3)"
    ]
    assert out.data["fires"] == [[4, 3], [5, 3]]


def test_r18_3_1_a_character_starting_its_turn_in_a_fire_restarts_its_burn(play):
    # R18.3.4: lit under Ana before the first round, the fire catches her at once: 2d10+5 = 2+2+5 = 9.
    # R18.3.1: starting her turn in it she takes 2d10+5 again (3+3+5 = 11) instead of her burn's 1d10+5 tick.
    out = play(flamer_duel(), ["gm dice 2 2", "gm fire 1,3 on", START, "gm dice 3 3", "start"]).ok()
    assert caught(out) == [("ana", [2, 2], 22), ("ana", [3, 3], 11)]  # ST 6: 31 HP
    assert [e["text"] for e in out.events("burning") if e.get("fire")][1] == (
        "Ana starts the turn in the fire at 1,3: 2d10+5 = [3+3]+5 = 11 fire damage, 22 -> 11 HP; burning, the burn "
        "started again (R18.3.1)"
    )


def test_r18_3_1_a_path_through_a_fire_is_refused(play):
    # R18.3.1: a fire is never entered or crossed; in a corridor the move is refused, on open ground the path
    # goes round it.
    corridor = ["############", "#..........#", "############"]
    data = flamer_duel(rows=corridor, bob_at=(10, 1))
    data["unit"][0]["at"] = [1, 1]
    out = play(data, [START, "gm fire 4,1 on", "start", "move ana 6,1"]).refused(4, "no path around the obstacles")
    assert out.at("ana") == (1, 1)
    out = play(data, [START, "gm fire 4,1 on", "start", "move ana 4,1"]).refused(4, "4,1 is on fire")
    out = play(flamer_duel(), [START, "gm fire 2,3 on", "start", "move ana 3,3"]).ok()
    assert [2, 3] not in out.last("move")["path"]


def test_r7_3_a_diagonal_step_past_a_fire_is_refused(play):
    # R7.3 ruling, R18.3.1: from 1,3 to 2,2 squeezes between 2,3 and 1,2; with 2,3 burning the step goes
    # round (two steps, not the one diagonal).
    out = play(flamer_duel(), [START, "gm fire 2,3 on", "start", "move ana 2,2"]).ok()
    assert out.last("move")["path"] == [[1, 2], [2, 2]]


def test_r18_3_1_a_character_in_a_fire_may_walk_out(play):
    out = play(flamer_duel(), ["gm dice 1 1", "gm fire 1,3 on", START, "gm dice 1 1", "start", "move ana 1,4"])
    assert out.ok().at("ana") == (1, 4)


def test_r18_3_1_jumps_refuse_fires(play):
    # R18.3.1: a jump may not land in a fire, nor pass through one, nor by a corner of one (R7.3).
    data = flamer_duel(bob_at=(11, 0))
    script = [START, "gm fire 3,3 on", "start"]
    play(data, [*script, "jump ana 3,3"]).refused(4, "cannot land on 3,3", "on fire")
    play(data, [*script, "jump ana 4,3"]).refused(4, "through the fire at 3,3")
    corner = [START, "gm fire 2,2 on", "start", "jump ana 3,1"]  # 1,3 -> 3,1 passes the corner of 2,2 and 1,2
    play(data, corner).refused(4, "through the fire at 2,2")


def test_r18_3_1_fires_block_sight_and_burnt_ground_does_not(play):
    # R18.3.1: smoke: Ana cannot shoot Bob through the fire at 3,3; R18.3.4: put out, the cell is burnt and
    # sight is back.
    data = fiery(duel((1, 3), (5, 3), rows=BRUSH))
    play(data, [START, "gm fire 3,3 on", "start", "shoot ana bob"]).refused(4, "line of sight")
    out = play(data, [START, "gm fire 3,3 on", "gm fire 3,3 off", "start", "gm dice 99", "shoot ana bob"]).ok()
    assert out.data["burnt"] == [[3, 3]] and out.data["fires"] == []


def test_r18_3_4_gm_fire_refusals(play):
    data = flamer_duel(rows=["#...........", *list(BRUSH[1:])])
    play(data, [START, "gm fire 0,0 on"]).refused(2, "a wall, which does not burn")
    play(data, [START, "gm fire 20,0 on"]).refused(2, "outside")
    play(data, [START, "gm fire 4,2 off"]).refused(2, "no fire at 4,2")
    play(data, [START, "gm fire 4,2 on", "gm fire 4,2 on"]).refused(3, "already on fire")
    play(data, [START, "gm fire barn on"]).refused(2, "on a map a fire is a cell")
    play(fiery(duel(rows=BRUSH), on=False), [START, "gm fire 4,2 on"]).refused(2, "fire_spread", "[modules]")


def test_r18_3_4_table_mode_fires_by_name_rolled_in_the_order_lit(play):
    # R18.3.4: fires marked by name; at the end of the round each rolls d6 in the order lit ("barn" first):
    # 6 spreads naming no cell, 1 goes out. "shed", lit during round 1, waits for the next round.
    data = fiery(duel(rows=None))
    script = [START, "gm fire barn on", "gm fire hay on", "start", "gm fire shed on", "end", "gm dice 6 1", "end"]
    out = play(data, script).ok()
    texts = fire_texts(out)
    assert texts == [
        "the fire barn spreads (d6 = 6): the game master places a new fire on the nearest thing that burns "
        "within 4 m (gm fire NAME on), or it burns on if none (R18.3.3, R18.3.4)",
        "the fire hay goes out (d6 = 1): the ground is burnt (R18.3.3)",
    ]
    assert out.data["fires"] == ["barn", "shed"]
    play(data, [START, "gm fire 3,4 on"]).refused(2, "table mode has no map")
    play(data, [START, "gm fire barn off"]).refused(2, "no fire called barn")


def test_r18_3_2_table_mode_asks_the_game_master_what_burns(play):
    # R18.3.2 in table mode: the program cannot judge the ground; it says so, and rolls a miss's d8.
    data = fiery(duel(rows=None, a={"weapons": ["flamer"], "ST": 6}))
    out = play(data, [START, "gm dice 99 7", "flame ana bob at 9cm"]).ok()
    assert fire_texts(out) == [
        "if the ground under Bob burns, the game master lights it: gm fire NAME on (R18.3.2)",
        "Ana's missed stream splashes W of Bob (d8 = 7): if the ground there burns, the game master lights it: "
        "gm fire NAME on (R18.3.2)",
    ]


def test_r18_2_1_a_spreading_fire_casualty_rolls_its_d6_before_the_next_fire_rolls(play):
    # R18.2.1, R18.3.3 (issue 22 item 7): the fire at 4,2 (first in reading order, d6 6) spreads to the
    # brush under Cid (5 HP): caught, 2d10+5 = 1+1+5 = 7 brings him to -2 HP (R18.3.1), and his casualty d6
    # (6: stunned) is rolled at once — before the fire at 10,6 rolls its d6 (1: it goes out).
    rows = ["." * 12, "." * 12, "....,.......", "....,.......", "." * 12, "." * 12, "..........,."]
    units = [unit("ana", "a", (1, 3), facing="E"), unit("bob", "b", (8, 3)), unit("cid", "b", (4, 3), hp=5)]
    data = fiery(encounter(units, rows))
    data["modules"]["casualties"] = True
    script = [first_in_file_order(3), "gm fire 4,2 on", "gm fire 10,6 on", "start", "end", "end"]
    out = play(data, [*script, "gm dice 6 1 1 6 1", "end"]).ok()
    end_of_round = [e["text"] for e in out.events() if e["kind"] in ("fire", "burning", "casualty")][-4:]
    assert end_of_round == [
        "the fire at 4,2 spreads (d6 = 6): the brush at 4,3 catches fire (R18.3.3)",
        "Cid is caught in the fire at 4,3: 2d10+5 = [1+1]+5 = 7 fire damage, 5 -> -2 HP; burning (R18.3.1)",
        "Cid at -2 HP rolls for the casualty: d6 = 6 — stunned: 1 HP, prone, its next turn lost but for moving, "
        "turning, poses and cover (R18.2.1)",
        "the fire at 10,6 goes out (d6 = 1): the ground is burnt (R18.3.3)",
    ]
    assert out.data["fires"] == [[4, 2], [4, 3]] and out.hp("cid") == 1


def test_r18_3_1_a_shot_refused_through_smoke_names_the_fire(play):
    # R18.3.1 (issue 22 item 7): the refusal says what is in the way: the fire at 3,3, not a wall.
    data = fiery(duel((1, 3), (5, 3), rows=BRUSH))
    out = play(data, [START, "gm fire 3,3 on", "start", "shoot ana bob"]).refused(4)
    assert out.error["reason"] == (
        "Ana has no line of sight to Bob: the fire at 3,3 is in the way (its smoke blocks sight, R18.3.1)"
    )
    walled = [*BRUSH]
    walled[3] = "...,#,......"
    out = play(fiery(duel((1, 3), (5, 3), rows=walled)), [START, "start", "shoot ana bob"]).refused(3)
    assert out.error["reason"] == "Ana has no line of sight to Bob: a wall is in the way"
