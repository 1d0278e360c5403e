"""R22.4.3 and R22.5 on the map, squares and hexes (R20): the scatter walk stopped by a wall, a corner and the
map's edge, a miss landing back in its target cell, every band by distance and its edges, shifts against bands,
damage rolled once per blast and armour per damage type."""

from __future__ import annotations

import pytest

from apcombat.board.blast import scatter_walk
from apcombat.board.kinds import grid_for
from apcombat.model import BattleMap, Facing
from tests.engine.throw_fights import MAP_A, MAP_C, ana, ben, jed, kid, moss, rat, throw_game, zed


def bands(events) -> dict[str, str]:
    return {event.unit: event.data["band"] for event in events if event.kind == "blast"}


def landing(events) -> list[int]:
    return next(event for event in events if event.kind == "throw").data["landing"]


# --- the walk on squares (R22.4.3) -----------------------------------------------------------------------


def walk(rows, start, facing, cells, kind="square"):
    battlemap = BattleMap(rows=rows, kind=kind)
    return scatter_walk(battlemap, grid_for(battlemap), start, facing, cells)


def test_a_walk_stops_before_a_wall():  # R22.4.3
    assert walk(("....#....",), (1, 0), Facing.E, 5) == [(1, 0), (2, 0), (3, 0)]


def test_a_walk_stops_at_the_maps_edge():  # R22.4.3
    assert walk((".....",) * 3, (3, 1), Facing.E, 4) == [(3, 1), (4, 1)]


def test_a_diagonal_step_between_two_walls_is_not_made():  # R22.4.3, R21.1.1 (b)'s corner rule, walls only
    rows = ("....", ".#..", "..#.", "....")
    assert walk(rows, (1, 2), Facing.NE, 2) == [(1, 2)]  # 2,1 would pass between the walls 1,1 and 2,2


def test_a_diagonal_step_past_one_wall_is_made():  # R22.4.3: both squeeze cells must be walls
    rows = ("....", ".#..", "....", "....")
    assert walk(rows, (1, 2), Facing.NE, 2) == [(1, 2), (2, 1), (3, 0)]


def test_low_walls_and_fires_do_not_stop_a_walk():  # R22.4.3: it flies over them
    battlemap = BattleMap(rows=("..=..",), fires=frozenset({(3, 0)}))
    assert scatter_walk(battlemap, grid_for(battlemap), (0, 0), Facing.E, 4)[-1] == (4, 0)


def test_a_miss_lands_back_in_its_target_cell_against_a_wall(tmp_path):  # R22.4.3
    rows = ("......", "......", ".....#", "......")
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2)), rows=rows)
    game.play("gm dice 70 3 6 5 1 1 1")  # mild, d8 3 (E): 2 cells, but 5,2 is a wall
    events = game.play("throw ana frag_grenade 4,2")
    assert landing(events) == [4, 2] and events[0].data["hit"] is False
    assert events[0].text.endswith(
        "at most 2 (half of 4 m) — stopped by a wall or the map's edge: lands at 4,2 (R22.4)"
    )


def test_a_miss_stopped_by_the_maps_edge(tmp_path):  # R22.4.3
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((8, 4)), rows=MAP_A)
    game.play("gm dice 99 5 6 6 1 1 1")  # off target, d8 5 (S): 8 cells, at most 3 (half of 6.32 m)
    events = game.play("throw ana frag_grenade 6,4")
    assert landing(events) == [6, 4]
    assert "8 cells, at most 3 (half of 6.32 m) — stopped by a wall or the map's edge" in events[0].text


def test_a_miss_cut_to_one_cell_at_a_short_distance(tmp_path):  # R22.4.2: max(1, ⌊d / 2⌋)
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((8, 4)), rows=MAP_A)
    game.play("gm dice 99 3 6 6")
    events = game.play("throw ana frag_grenade 1,2")
    assert landing(events) == [2, 2] and "8 cells, at most 1 (half of 1 m, at least 1)" in events[0].text


# --- hexes (R20, R22.4.2, R22.4.3) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("facing", "path"),
    [
        (Facing.E, [(4, 2), (5, 2), (6, 2)]),
        (Facing.NE, [(4, 2), (4, 1), (5, 0)]),  # odd-r: an even row's NE is up-left, an odd row's up-right
        (Facing.NW, [(4, 2), (3, 1), (3, 0)]),
        (Facing.W, [(4, 2), (3, 2), (2, 2)]),
        (Facing.SW, [(4, 2), (3, 3), (3, 4)]),
        (Facing.SE, [(4, 2), (4, 3), (5, 4)]),
    ],
)
def test_the_walk_on_hexes_in_each_of_the_six_directions(facing, path):  # R22.4.3, R20.1 odd-r
    assert walk(MAP_A, (4, 2), facing, 2, kind="hex") == path


def test_a_hex_walk_stops_before_a_wall_with_no_corner_rule():  # R22.4.3: hex neighbours share an edge
    rows = (".........", ".........", ".........", "....#....", ".........")
    assert walk(rows, (4, 2), Facing.SE, 3, kind="hex") == [(4, 2)]  # 4,3 is the wall
    assert walk(rows, (3, 2), Facing.SE, 2, kind="hex") == [(3, 2), (3, 3), (4, 4)]  # past the wall's side


def test_a_miss_on_hexes_rolls_a_d6_and_walks_odd_r(tmp_path):  # R22.4.2, R22.4.3
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((8, 4)), hexes=True)
    game.play("gm dice 70 2 6 5")  # mild, d6 2 (NE), 2d6 11: 4 cells, at most 2
    events = game.play("throw ana frag_grenade 4,2")
    assert landing(events) == [5, 0] and "d6 2 (NE)" in events[0].text


def test_every_band_on_hexes(tmp_path):  # R22.5.1, R20.3: 1, 6 and 12 hexes for a grenade
    game = throw_game(
        tmp_path,
        ana((0, 2), thrown={"frag_grenade": 2}),
        jed((4, 2)),  # 0 hexes: inner
        rat((4, 1)),  # 1 hex (NE of an even row): middle
        moss((5, 0)),  # 2 hexes: outer
        kid((6, 2)),  # 2 hexes: outer
        zed((7, 2)),  # 3 hexes: none
        hexes=True,
    )
    game.play("gm dice 1 1 1 1")
    events = game.play("throw ana frag_grenade 4,2")
    assert bands(events) == {"jed": "inner", "rat": "middle", "moss": "outer", "kid": "outer"}


def test_dynamite_bands_on_hexes(tmp_path):  # R22.10: 7, 12 and 18 hexes: 1, 2 and 3 m
    game = throw_game(
        tmp_path,
        ben((0, 2), thrown={"dynamite": 1}),
        jed((5, 2)),  # 1 hex: inner
        rat((4, 0)),  # 2 hexes: middle
        moss((7, 2)),  # 3 hexes: outer
        kid((8, 2)),  # 4 hexes: none
        hexes=True,
    )
    game.play("gm dice 1 1 1 1 1")
    assert bands(game.play("throw ben dynamite 4,2")) == {"jed": "inner", "rat": "middle", "moss": "outer"}


# --- bands on squares: edges, shifts, damage once, armour (R22.5) --------------------------------------------


def test_a_character_exactly_on_a_bands_edge_is_in_that_band(tmp_path):  # R22.5.1: "up to"
    game = throw_game(
        tmp_path,
        ben((0, 4), thrown={"dynamite": 1}),
        jed((5, 2)),  # 1 m: inner (dynamite's inner is up to 1.0)
        rat((4, 0)),  # 2 m: middle (up to 2.0)
        moss((7, 2)),  # 3 m: outer (up to 3.0)
        kid((6, 0)),  # 2.83 m: outer
        zed((7, 1)),  # 3.16 m: none
        rows=MAP_A,
    )
    game.play("gm dice 1 1 1 1 1")
    assert bands(game.play("throw ben dynamite 4,2")) == {
        "jed": "inner",
        "rat": "middle",
        "kid": "outer",
        "moss": "outer",
    }


def test_shifts_move_bands_out_never_in(tmp_path):  # R22.5.3: prone one, cover one, at most two
    game = throw_game(
        tmp_path,
        ben((0, 0), thrown={"dynamite": 1}),
        jed((2, 2), pose="prone"),  # inner by distance, prone: middle
        rat((4, 2), pose="prone"),  # 2 m middle; prone and behind the low wall 3,2: none
        moss((4, 3)),  # 2.24 m outer, in cover behind 3,3 (below): none
        kid((1, 2), pose="crouched"),  # 1 m inner; crouching gives nothing
        rows=MAP_C,
    )
    game.play("gm set moss in_cover=true")
    game.play("gm dice 1 1 1 1 1")
    events = game.play("throw ben dynamite 2,2")
    assert bands(events) == {"ben": "outer", "jed": "middle", "kid": "inner"}  # Ben at 2.83 m


def test_damage_is_rolled_once_for_the_whole_blast(tmp_path):  # R22.5.4
    game = throw_game(
        tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2)), rat((4, 3)), kid((6, 2)), zed((3, 2))
    )
    game.play("gm dice 41 4 2 5 6 6 6")  # three d6 for the blast; the last three are left
    events = game.play("throw ana frag_grenade 4,2")
    assert [event.kind for event in events].count("blast_damage") == 1
    damage = next(event for event in events if event.kind == "blast_damage").data
    assert damage == {"roll": [4, 2, 5], "damage": 28}
    # inner 28, middle 18, outer 9 — minus each one's armour against explosives (R1.5)
    assert {e.unit: e.data["damage"] for e in events if e.kind == "blast"} == {
        "jed": 28,
        "rat": 18,
        "kid": 3,
        "zed": 12,
    }


def test_no_damage_roll_when_nobody_is_caught(tmp_path):  # R22.5.4, R22.8.1
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((8, 4)))
    game.play("gm dice 1 6")
    events = game.play("throw ana frag_grenade 4,2")
    assert [event.kind for event in events] == ["throw"]
    assert list(game.dice.queue.remaining) == [6]


@pytest.mark.parametrize(
    ("item", "typed", "rolled", "kid_takes", "moss_takes"),
    [
        ("frag_grenade", "1 1 1 1", 20, 20 - 6, 13 - 4),  # explosive: combat armour 6, metal 4
        ("plasma_grenade", "1 1 1 1 1 1", 45, 45 - 4, 30 - 4),  # plasma: combat 4, metal 4
        ("molotov", "1 1 1", 7, 7 - 4, 0),  # fire: combat 4, metal 4 (⌊14/3⌋ = 4 - 4)
    ],
)
def test_armour_meets_the_weapons_damage_type(tmp_path, item, typed, rolled, kid_takes, moss_takes):  # R22.5.4
    game = throw_game(tmp_path, ana((0, 0), thrown={item: 1}), kid((3, 2)), moss((3, 3)))
    game.play(f"gm dice {typed}")
    events = game.play(f"throw ana {item} 3,2")
    assert next(event for event in events if event.kind == "blast_damage").data["damage"] == rolled
    assert {e.unit: e.data["damage"] for e in events if e.kind == "blast"} == {"kid": kid_takes, "moss": moss_takes}


def test_armour_never_makes_damage_negative(tmp_path):  # R22.5.4, R1.5: never below 0
    game = throw_game(tmp_path, ana((0, 0), thrown={"frag_grenade": 1}), kid((2, 2)), jed((8, 4)))
    game.play("gm dice 1 1 1 1")  # 20: outer ⌊20/3⌋ = 6, Kid's combat armour stops 6
    events = game.play("throw ana frag_grenade 4,2")
    kid_line = next(e for e in events if e.kind == "blast" and e.unit == "kid")
    assert kid_line.text == "Kid is caught in the outer band (2 m): 6 - 6 armour = 0 damage, 26 -> 26 HP (R22.5.4)"
