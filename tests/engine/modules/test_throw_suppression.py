"""R22.7.1 (5): suppression markers from a blast — 1 for being caught, 2 for losing HP, none for the downed,
within R18.4.1's caps; a throw is no attack on anyone (R22.2.1: no "under fire" marker); R18.4.2's -10 a marker
on the thrower's chance."""

from __future__ import annotations

from tests.engine.modules.throw_module_fights import module_game, texts
from tests.engine.throw_fights import ana, jed, kid, moss

SUPPRESSION = ("suppression",)


def markers(game) -> dict[str, int]:
    return {unit.id: unit.markers for unit in game.state.units}


def test_r22_7_1_5_one_marker_caught_two_hurt_none_down(tmp_path):  # R22.7.1 (5), R18.4.1
    game = module_game(
        tmp_path,
        ana((0, 2), thrown={"frag_grenade": 1}),
        jed((4, 2), hp=12),
        moss((5, 1)),
        kid((6, 2)),
        modules=SUPPRESSION,
    )
    game.play("gm dice 41 1 1 1")  # D = 20: inner 20, middle 13, outer 6
    events = game.play("throw ana frag_grenade 4,2")
    # Jed is down (none); Moss 6 - 4 = 2 damage (two); Kid's combat armour stops all 6 (one)
    assert markers(game) == {"ana": 0, "jed": 0, "moss": 2, "kid": 1}
    assert texts(events, "suppression") == [
        "Moss is caught in the blast (hurt): 2 suppression markers, 2 held (R18.4.1)",
        "Kid is caught in the blast (unhurt): 1 suppression marker, 1 held (R18.4.1)",
    ]


def test_r22_2_1_a_throw_gives_no_marker_to_anyone_it_does_not_catch(tmp_path):  # R22.2.1, R22.7.1 (5)
    game = module_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 1}), jed((4, 2)), modules=SUPPRESSION)
    game.play("gm dice 41")
    events = game.play("throw ana frag_grenade 7,2")  # 3 m from Jed: the blast reaches nobody
    assert markers(game) == {"ana": 0, "jed": 0} and not texts(events, "suppression")


def test_r22_7_1_5_the_caps_three_held_and_two_new_a_round(tmp_path):  # R22.7.1 (5), R18.4.1
    game = module_game(
        tmp_path,
        ana((0, 2), thrown={"frag_grenade": 2}),
        {**moss((5, 1)), "markers": 2},
        kid((6, 2)),
        modules=SUPPRESSION,
    )
    game.play("gm dice 41 1 1 1")
    events = game.play("throw ana frag_grenade 4,2")
    assert texts(events, "suppression")[0] == (
        "Moss is caught in the blast (hurt): 1 of 2 suppression markers (at most 2 new a round, 3 held), 3 held "
        "(R18.4.1)"
    )
    game.play("gm dice 41 6 6 6")  # D = 35: Kid's outer 11 - 6 = 5, hurt this time
    events = game.play("throw ana frag_grenade 4,2")
    assert texts(events, "suppression") == [
        "Moss is caught in the blast (hurt): no new suppression marker (already holds 3), 3 held (R18.4.1)",
        "Kid is caught in the blast (hurt): 1 of 2 suppression markers (at most 2 new a round, 3 held), 2 held "
        "(R18.4.1)",
    ]


def test_r22_7_1_5_no_markers_with_suppression_off(tmp_path):  # R18: the module is off
    game = module_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 1}), moss((5, 1)), kid((8, 4)))
    game.play("gm dice 41 1 1 1")
    game.play("throw ana frag_grenade 4,2")
    assert markers(game) == {"ana": 0, "moss": 0, "kid": 0}


def test_r22_2_1_suppression_costs_the_thrower_ten_a_marker(tmp_path):  # R22.2.1, R22.3.1, R18.4.2
    game = module_game(
        tmp_path, {**ana((0, 2), thrown={"frag_grenade": 1}), "markers": 2}, jed((8, 4)), modules=SUPPRESSION
    )
    game.play("gm dice 41")
    events = game.play("throw ana frag_grenade 4,2")
    throw = next(event for event in events if event.kind == "throw")
    assert throw.data["chance"] == 40  # 60 - 2 x 10
    assert "suppression         -20" in throw.data["lines"]
