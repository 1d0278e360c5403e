"""R22.3.2, R22.4.1 and R22.5.2-R22.5.7 one by one on the map: no critical, where a hit lands, who is reached
(friends and the thrower alike, walls stop a blast, low walls and crates do not), no wound, the map unchanged,
a building's walls and furniture."""

from __future__ import annotations

from tests.engine.throw_fights import MAP_A, ana, ben, jed, moss, rat, throw_game


def caught(events) -> dict[str, str]:
    return {event.unit: event.data["band"] for event in events if event.kind == "blast"}


def test_a_roll_under_the_critical_chance_is_a_plain_hit(tmp_path):  # R22.3.2, R22.5.6: no critical, no wound
    game = throw_game(tmp_path, ana((0, 2), LU=10, skills={"throwing": 150}, thrown={"frag_grenade": 2}), jed((4, 2)))
    game.play("gm dice 1 6 6 6")
    events = game.play("throw ana frag_grenade 4,2")
    assert events[0].data["chance"] == 95 and events[0].data["hit"]  # the clamp to 95 (R22.3.1)
    assert not any("critical" in event.kind or "critical" in event.text.lower() for event in events)
    assert game.state.unit("jed").wounds == frozenset() and game.state.unit("jed").hp == 28 - 35


def test_a_96_always_misses_off_target(tmp_path):  # R22.3.2, R0.3, R22.4.2
    game = throw_game(tmp_path, ana((0, 2), skills={"throwing": 150}, thrown={"frag_grenade": 2}), jed((8, 4)))
    game.play("gm dice 96 3 1 1")
    event = game.play("throw ana frag_grenade 4,2")[0]
    assert (event.data["hit"], event.data["scatter"], event.data["landing"]) == (False, "off target", [5, 2])


def test_friends_the_thrower_and_enemies_are_caught_alike(tmp_path):  # R22.5.2
    game = throw_game(tmp_path, ana((1, 2), thrown={"frag_grenade": 2}), ben((2, 3)), jed((2, 2)), rows=MAP_A)
    game.play("gm dice 1 1 1 1")
    assert caught(game.play("throw ana frag_grenade 2,2")) == {"ana": "middle", "ben": "middle", "jed": "inner"}


def test_walls_stop_a_blast_low_walls_and_crates_do_not(tmp_path):  # R22.5.2
    rows = (".......", "...#...", ".=...%.", ".......", ".......", ".......", ".......")
    game = throw_game(
        tmp_path,
        ana((3, 6), thrown={"dynamite": 1}),
        jed((3, 0)),  # 2 m, behind the wall 3,1: not reached
        rat((0, 2)),  # 3 m, across the low wall 1,2: outer
        moss((6, 2)),  # 3 m, across the crates 5,2: outer
        rows=rows,
        legend={"%": "crates"},
    )
    game.play("gm dice 1 1 1 1 1")
    assert caught(game.play("throw ana dynamite 3,2")) == {"rat": "outer", "moss": "outer"}


def test_the_map_does_not_change(tmp_path):  # R22.5.6: walls, crates and huts stand; no fire without burns
    rows = (".......", "..#%^..", ".......")
    game = throw_game(
        tmp_path,
        ana((0, 2), thrown={"dynamite": 1}),
        jed((6, 0)),
        rows=rows,
        legend={"%": "crates", "^": "hut"},
        modules=("fire_spread",),
    )
    before = game.state.map
    game.play("gm dice 1 1 1 1 1")
    game.play("throw ana dynamite 3,2")
    assert game.state.map == before


def test_inside_a_building_its_wall_stops_the_blast_and_furniture_gives_cover(tmp_path):  # R22.5.7
    rows = (
        "#########",
        "#..%....#",
        "#.......#",
        "#########",
        ".........",
    )
    game = throw_game(
        tmp_path,
        ana((7, 2), thrown={"dynamite": 1}),
        moss((1, 2)),  # 1 m: inner
        ben((3, 2)),  # 2.24 m: outer
        jed((4, 1)),  # 3 m, outer, in cover behind the crates 3,1: shifted out
        rat((1, 4)),  # 3 m, outside behind the building's wall: not reached
        rows=rows,
        legend={"%": "crates"},
    )
    game.play_all(["gm set jed in_cover=true", "gm dice 1 1 1 1 1"])
    assert caught(game.play("throw ana dynamite 1,1")) == {"moss": "inner", "ben": "outer"}
