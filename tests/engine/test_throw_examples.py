"""R22.11's worked examples E22.1-E22.5, each a test, played through the command language."""

from __future__ import annotations

import pytest

from apcombat.engine import CommandError
from tests.engine.throw_fights import MAP_B, MAP_C, ana, ben, jed, kid, moss, rat, throw_game, zed


def hp(game) -> dict[str, int]:
    return {unit.id: unit.hp for unit in game.state.units}


def open_ground(tmp_path, **options):
    return throw_game(
        tmp_path,
        ana((0, 2), thrown={"frag_grenade": 2}),
        jed((4, 2)),
        rat((4, 3)),
        moss((5, 1)),
        kid((6, 2)),
        zed((6, 3)),
        **options,
    )


def test_e22_1_reach_cost_and_chance(tmp_path):  # R22.2.2, R22.2.3, R22.3.1
    game = open_ground(tmp_path)
    game.play("gm dice 41 4 2 5")
    events = game.play("throw ana frag_grenade 4,2")
    throw = next(event for event in events if event.kind == "throw")
    assert throw.data["chance"] == 60 and throw.data["ap_cost"] == 4
    assert game.state.unit("ana").ap == 4 and game.state.unit("ana").thrown_count("frag_grenade") == 1


def test_e22_1_ben_reaches_12_m(tmp_path):  # R22.2.3
    game = throw_game(tmp_path, ben((0, 0), thrown={"frag_grenade": 1}), jed((8, 4)), rows=(".............",) * 5)
    with pytest.raises(CommandError, match=r"Ben throws a frag grenade at most 12 m \(3 × ST 4, R22.2.3\)"):
        game.play("throw ben frag_grenade 12,1")  # 12.04 m


def test_e22_2_a_hit(tmp_path):  # R22.3.2, R22.5.1, R22.5.4
    game = open_ground(tmp_path)
    game.play("gm dice 41 4 2 5")
    game.play("throw ana frag_grenade 4,2")
    assert hp(game) == {"ana": 30, "jed": 0, "rat": 7, "moss": 26, "kid": 23, "zed": 27}
    assert game.state.unit("jed").down


def test_e22_3_a_mild_miss_cut_to_half_the_distance(tmp_path):  # R22.4.2, R22.4.3
    game = open_ground(tmp_path)
    game.play("gm dice 70 3 6 5 3 3 1")
    events = game.play("throw ana frag_grenade 4,2")
    assert events[0].text == (
        "Ana throws a frag grenade at 4,2: 60 %, d100 70 — misses by 10: mild deviation; d8 3 (E), 2d6 6+5 = 11: "
        "4 cells, at most 2 (half of 4 m): lands at 6,2 (R22.4)"
    )
    assert hp(game) == {"ana": 30, "jed": 20, "rat": 25, "moss": 27, "kid": 8, "zed": 17}


def test_e22_4_off_target_stopped_by_a_wall_and_the_wall_stops_the_blast(tmp_path):  # R22.2.4, R22.4.3, R22.5.2
    game = throw_game(tmp_path, ana((0, 4), thrown={"frag_grenade": 2}), rat((5, 3)), jed((7, 2)), rows=MAP_B)
    with pytest.raises(CommandError, match=r"Ana has no line to 7,2 \(R22.2.4\)"):
        game.play("throw ana frag_grenade 7,2")
    game.play("gm dice 91 3 4 4 2 6 4")
    events = game.play("throw ana frag_grenade 4,2")
    assert events[0].data["landing"] == [5, 2]
    assert hp(game) == {"ana": 30, "rat": 6, "jed": 28}


def test_e22_5_prone_in_cover_both_crouched_and_the_thrower_in_his_own_blast(tmp_path):  # R22.5.3, R22.5.4
    game = throw_game(
        tmp_path,
        ben((0, 4), thrown={"dynamite": 1}),
        jed((2, 3)),
        rat((1, 2), pose="prone"),
        zed((0, 2), pose="crouched"),
        moss((4, 2)),
        kid((4, 3), pose="prone"),
        rows=MAP_C,
    )
    game.play("gm set moss in_cover=true")
    game.play("gm dice 33 3 5 2 6")
    events = game.play("throw ben dynamite 2,2")
    assert events[0].data["chance"] == 55 and game.state.unit("ben").ap == 2
    bands = {event.unit: event.data["band"] for event in events if event.kind == "blast"}
    assert bands == {"ben": "outer", "jed": "inner", "rat": "middle", "zed": "middle", "moss": "outer"}
    assert hp(game) == {"ben": 15, "jed": -14, "rat": -3, "zed": 5, "moss": 21, "kid": 26}
