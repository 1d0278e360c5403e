"""R22.7: a blast's aftermath with casualties and morale on — E22.6 exactly (two downed by one blast, their
casualty d6s in the encounter's order, then the morale tests), and a man down killed by a blast (R22.5.5)."""

from __future__ import annotations

from apcombat.model.fates import Fate
from tests.engine.modules.throw_module_fights import e22_6, hp, man_down, module_game, morale, texts
from tests.engine.throw_fights import ana, ben, jed, kid, moss, rat, zed

E22_6_DICE = "gm dice 41 4 2 5 2 6 3 5 2 4 5 4"


def test_e22_6_two_down_casualty_dice_in_order_then_morale(tmp_path):  # R22.7.1, R22.7.2, E22.6
    game = e22_6(tmp_path)
    game.play(E22_6_DICE)
    events = game.play("throw ana frag_grenade 4,2")
    kinds = [event.kind for event in events if event.kind in ("blast", "suppression", "casualty", "morale")]
    # R22.7.1: (4) the damage, (5) the markers, (8) the casualty d6s, (9) the morale tests
    assert kinds == ["blast"] * 4 + ["suppression"] * 2 + ["casualty"] * 2 + ["morale"] * 3
    assert hp(game) == {"ana": 30, "ben": 29, "jed": -16, "rat": 1, "moss": 26, "kid": 23}
    assert texts(events, "casualty") == [
        "Jed at -16 HP rolls for the casualty: d6 = 2 — dead: out of the fight for good (R18.2.1)",
        "Rat at -8 HP rolls for the casualty: d6 = 6 — stunned: 1 HP, prone, its next turn lost but for moving, "
        "turning, poses and cover (R18.2.1)",
    ]
    # R18.1.2 (a): Jed lost (Rat is stunned, not lost); Moss, a leader in sight within 5 m, lends his M 8
    assert texts(events, "morale") == [
        "Rat tests morale, Jed was lost within 5 m (R18.1.2 a): 2d6 = 3+5 = 8 vs 8 (Moss's M 8 (leader)) — passes",
        "Moss tests morale, Jed was lost within 5 m (R18.1.2 a): 2d6 = 2+4 = 6 vs 8 (M 8) — passes",
        "Kid tests morale, Jed was lost within 5 m (R18.1.2 a): 2d6 = 5+4 = 9 vs 8 (Moss's M 8 (leader)) — fails: "
        "shaken (R18.1.3)",
    ]
    assert game.state.unit("jed").fate is Fate.DEAD
    assert [game.state.unit(uid).markers for uid in ("jed", "rat", "moss", "kid")] == [0, 0, 2, 2]


def test_e22_6_no_victory_before_the_casualty_dice(tmp_path):  # R22.7.1 (10)
    # The last two raiders downed by one blast: both roll their d6 before the fight is judged.
    game = module_game(
        tmp_path,
        ana((0, 2), thrown={"frag_grenade": 1}),
        morale(jed((4, 2), hp=12), 7),
        morale(rat((4, 3), hp=10), 7),
        modules=("casualties", "morale"),
    )
    game.play("gm dice 41 4 2 5 6 6")
    events = game.play("throw ana frag_grenade 4,2")
    assert len(texts(events, "casualty")) == 2
    assert not game.state.finished  # both stunned: 1 HP each, still in the fight
    assert hp(game) == {"ana": 30, "jed": 1, "rat": 1}


def test_r22_5_5_a_man_down_in_the_landing_cell_is_killed_without_dice(tmp_path):  # R22.5.5, R22.7.1 (3)
    game = module_game(
        tmp_path,
        ana((0, 2), thrown={"frag_grenade": 1}),
        ben((0, 0)),
        man_down(morale(jed((4, 2)), 7)),
        morale(moss((6, 4)), 8),
        modules=("casualties", "morale"),
    )
    game.play("gm dice 41")  # nobody in the fight caught: no damage dice (R22.5.4)
    events = game.play("throw ana frag_grenade 4,2")
    # prone: inner -> middle, still killed
    assert texts(events, "dead") == ["Jed, a man down, is killed by the blast (middle band, R22.5.5)"]
    assert game.state.unit("jed").fate is Fate.DEAD
    assert not [event for event in events if event.kind == "blast_damage"]
    # R18.1.2: Jed was lost when he went man down; dying now is no new loss, so Moss does not test
    assert not texts(events, "morale")


def test_r22_5_5_a_prone_man_down_one_cell_away_lives(tmp_path):  # R22.5.5: prone shifts middle to outer
    game = module_game(
        tmp_path,
        ana((0, 2), thrown={"frag_grenade": 1}),
        man_down(jed((4, 3))),
        kid((8, 4)),
        modules=("casualties",),
    )
    game.play("gm dice 41")
    events = game.play("throw ana frag_grenade 4,2")
    assert game.state.unit("jed").fate is Fate.MAN_DOWN
    assert not texts(events, "dead")


def test_r22_5_5_a_man_down_killed_beside_a_hurt_enemy_rolls_damage_once(tmp_path):  # R22.5.4, R22.5.5
    game = module_game(
        tmp_path,
        ana((0, 2), thrown={"frag_grenade": 1}),
        man_down(jed((4, 2))),
        rat((4, 3)),
        modules=("casualties",),
    )
    game.play("gm dice 41 4 2 5")
    events = game.play("throw ana frag_grenade 4,2")
    assert [event.kind for event in events if event.kind in ("dead", "blast_damage", "blast")] == [
        "dead",
        "blast_damage",
        "blast",
    ]
    assert hp(game)["rat"] == 7 and game.state.unit("jed").fate is Fate.DEAD


def test_a_downed_raider_with_casualties_off_simply_goes_down(tmp_path):  # R22.7.1 (8): else down, R12.2
    game = module_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 1}), jed((4, 2), hp=12), kid((8, 4)))
    game.play("gm dice 41 4 2 5")
    events = game.play("throw ana frag_grenade 4,2")
    assert not texts(events, "casualty") and game.state.unit("jed").down


def test_r22_7_2_two_lost_to_one_blast_count_at_the_round_s_end(tmp_path):  # R22.7.2, R18.1.2 (c)
    game = module_game(
        tmp_path,
        ana((0, 2), thrown={"frag_grenade": 1}),
        morale(jed((4, 2), hp=12), 7),
        morale(rat((4, 3), hp=10), 7),
        morale(moss((5, 1)), 8, leader=True),
        morale(kid((6, 2)), 6),
        morale(zed((12, 4)), 7),  # 8.2 m from Jed: sees no friend lost within 5 m
        rows=(".............",) * 5,
        modules=("casualties", "morale"),
    )
    game.play("gm dice 41 4 2 5 1 1 2 2 2 2")  # Jed and Rat dead; Moss and Kid pass (a)
    events = game.play("throw ana frag_grenade 4,2")
    assert [text.split(" tests")[0] for text in texts(events, "morale")] == ["Moss", "Kid"]
    game.play("end")  # Ana; then Moss, Kid and Zed end their turns
    game.play("end")
    game.play("end")
    game.play("gm dice 3 3")
    events = game.play("end")
    # (c): the raiders lost two this round; Moss and Kid already tested this round, Zed tests now
    assert texts(events, "morale") == [
        "Zed tests morale, its side lost 2 this round (R18.1.2 c): 2d6 = 3+3 = 6 vs 7 (M 7) — passes"
    ]


def test_e22_6_one_lost_asks_no_test_at_the_round_s_end(tmp_path):  # E22.6, R18.1.2 (c)
    game = e22_6(tmp_path, modules=("casualties", "morale"))
    game.play(E22_6_DICE)
    game.play("throw ana frag_grenade 4,2")
    ended = []
    while game.state.round == 1:  # Ana, Ben, Rat, Moss and Kid end their turns: the round's end
        ended += game.play("end")
    assert "round 2 begins" in texts(ended)
    assert not [text for text in texts(ended, "morale") if "R18.1.2 c" in text]
