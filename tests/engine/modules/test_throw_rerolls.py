"""R22.8.1, R22.8.2: a throw's dice in order with every module on, whose each is, and `reroll SIDE N` of the d100,
the direction and a damage die (the blast moves, a hit drops the scatter dice), and of a casualty d6 (E22.6)."""

from __future__ import annotations

import pytest

from apcombat.engine import CommandError
from apcombat.model.fates import Fate
from tests.engine.modules.throw_module_fights import e22_6, hp, module_game, texts
from tests.engine.throw_fights import ana, jed, kid, moss, rat, zed

# every module that adds a die to a throw's action (fog of war's numbering is i26-fog's; the deck orders turns)
ALL_BUT_FOG = ("casualties", "morale", "suppression", "rerolls", "fire_spread")
NUMBERED = "dice of this action, for a re-roll (reroll SIDE N, R18.6.2): "
BLAST = "3d6+17 (die {} of 3) for the blast of Ana's frag grenade (R22.5.4)"


def open_ground(tmp_path, **options):
    """E22.2's line-up on map A, re-rolls on, each side with 2 points."""
    return module_game(
        tmp_path,
        ana((0, 2), thrown={"frag_grenade": 2}),
        jed((4, 2)),
        rat((4, 3)),
        moss((5, 1)),
        kid((6, 2)),
        zed((6, 3)),
        modules=("rerolls",),
        points={"vault": 2, "raiders": 2},
        **options,
    )


def numbered(events) -> list[str]:
    return [text.removeprefix(NUMBERED) for text in texts(events, "rolls")]


def test_r22_8_1_e22_6_the_dice_in_order_and_whose_they_are(tmp_path):  # R22.8.1, R22.8.2, E22.6
    game = e22_6(tmp_path, modules=("casualties", "morale", "suppression", "rerolls"), points={"raiders": 2})
    game.play("gm dice 41 4 2 5 2 6 3 5 2 4 5 4")
    events = game.play("throw ana frag_grenade 4,2")
    assert numbered(events) == [
        "1: d100 for Ana's frag grenade thrown at 4,2 (R22.3) = 41 (The Vault); "
        f"2: {BLAST.format(1)} = 4 (The Vault); 3: {BLAST.format(2)} = 2 (The Vault); "
        f"4: {BLAST.format(3)} = 5 (The Vault); "
        "5: d6 for Jed's casualty roll (R18.2.1) = 2 (Raiders); 6: d6 for Rat's casualty roll (R18.2.1) = 6 (Raiders); "
        "7: 2d6 for Rat's morale test = 3 (Raiders); 8: 2d6 for Rat's morale test = 5 (Raiders); "
        "9: 2d6 for Moss's morale test = 2 (Raiders); 10: 2d6 for Moss's morale test = 4 (Raiders); "
        "11: 2d6 for Kid's morale test = 5 (Raiders); 12: 2d6 for Kid's morale test = 4 (Raiders)"
    ]


def test_e22_6_reroll_of_jed_s_casualty_d6_keeps_every_morale_die(tmp_path):  # R22.8.2, R18.6.2, E22.6
    game = e22_6(tmp_path, modules=("casualties", "morale", "suppression", "rerolls"), points={"raiders": 2})
    game.play("gm dice 41 4 2 5 2 6 3 5 2 4 5 4")
    first = game.play("throw ana frag_grenade 4,2")
    game.play("gm dice 4")
    events = game.play("reroll raiders 5")
    assert texts(events, "reroll") == [
        "re-roll for Raiders: die 5 (d6 for Jed's casualty roll (R18.2.1): was 2, now 4), 2 points spent, 0 left; "
        "the action is played again (R18.6.2)"
    ]
    assert game.state.unit("jed").fate is Fate.MAN_DOWN
    # Jed, man down, is still lost (R18.1.2): the same tests, the same dice, the same results
    assert texts(events, "morale") == texts(first, "morale")
    assert game.state.unit("kid").morale.value == "shaken"
    # the replay starts from the state before the throw: the blast's markers are given once (R22.7.1 (5))
    assert [game.state.unit(uid).markers for uid in ("moss", "kid")] == [2, 2]


def test_r22_8_2_the_raiders_may_not_reroll_the_throw_s_dice(tmp_path):  # R22.8.2, R18.6.1
    game = open_ground(tmp_path)
    game.play("gm dice 41 4 2 5")
    game.play("throw ana frag_grenade 4,2")
    with pytest.raises(CommandError, match="was rolled for The Vault: a side re-rolls only its own"):
        game.play("reroll raiders 1")


def test_r22_8_2_a_new_direction_moves_the_blast(tmp_path):  # R22.8.2, R22.4.2, E22.3
    game = open_ground(tmp_path)
    game.play("gm dice 70 3 6 5 3 3 1")  # E22.3: E, 2 cells, lands on Kid at 6,2
    game.play("throw ana frag_grenade 4,2")
    game.play("gm dice 7")
    events = game.play("reroll vault 2")  # d8 7: W, 2 cells from 4,2: lands at 2,2
    throw = next(event for event in events if event.kind == "throw")
    assert throw.data["landing"] == [2, 2]
    # the damage dice keep their 3, 3, 1 (24): Jed at 4,2 and Ana herself at 0,2 are 2 m off, outer: 8 each
    assert hp(game) == {"ana": 22, "jed": 20, "rat": 25, "moss": 31, "kid": 26, "zed": 27}
    assert numbered(events)[0].startswith(
        "1: d100 for Ana's frag grenade thrown at 4,2 (R22.3) = 70 (The Vault); "
        "2: d8 for where Ana's frag grenade scatters (R22.4.2) = 7 (The Vault); "
    )


def test_r22_8_2_a_d100_rerolled_into_a_hit_drops_the_scatter_dice(tmp_path):  # R22.8.2, R18.6.2
    game = open_ground(tmp_path)
    game.play("gm dice 70 3 6 5 3 3 1")
    game.play("throw ana frag_grenade 4,2")
    game.play("gm dice 41")
    events = game.play("reroll vault 1")
    throw = next(event for event in events if event.kind == "throw")
    assert throw.data["hit"] and throw.data["landing"] == [4, 2]
    # D = 3+3+1+17 = 24: Jed inner 24, Rat middle 16, Moss outer 8 - 4, Kid outer 8 - 6
    assert hp(game) == {"ana": 30, "jed": 4, "rat": 9, "moss": 27, "kid": 24, "zed": 27}
    assert numbered(events) == [
        f"1: d100 for Ana's frag grenade thrown at 4,2 (R22.3) = 41 (The Vault); 2: {BLAST.format(1)} = 3 "
        f"(The Vault); 3: {BLAST.format(2)} = 3 (The Vault); 4: {BLAST.format(3)} = 1 (The Vault)"
    ]


def test_r22_8_2_a_damage_die_rerolled(tmp_path):  # R22.8.2, R22.5.4
    game = open_ground(tmp_path)
    game.play("gm dice 41 4 2 5")
    game.play("throw ana frag_grenade 4,2")
    game.play("gm dice 6")
    events = game.play("reroll vault 2")
    assert texts(events, "blast_damage") == [
        "The frag grenade's blast: 3d6+17 = [6+2+5]+17 = 30 — inner 30, middle 20, outer 10 (R22.5.4)"
    ]
    assert hp(game) == {"ana": 30, "jed": -2, "rat": 5, "moss": 25, "kid": 22, "zed": 27}
    assert game.state.side("vault").reroll_points == 0


def test_r22_8_1_the_dice_in_order_with_the_modules_on(tmp_path):  # R22.8.1, R22.7.1
    # A miss that scatters onto Jed and Rat: d100, direction, distance, damage, then the casualty d6s, then
    # the morale tests, with fires, suppression and re-rolls on too (a frag grenade lights nothing)
    game = e22_6(tmp_path, modules=ALL_BUT_FOG, points={"vault": 2, "raiders": 2})
    game.play("gm dice 70 7 1 1 4 2 5 2 6 3 5 2 4 5 4")
    events = game.play("throw ana frag_grenade 5,2")  # misses by 10: W, 1 cell: lands at 4,2
    order = [die.split(" = ")[0].split(": ", 1)[1] for die in numbered(events)[0].split("; ")]
    assert order == [
        "d100 for Ana's frag grenade thrown at 5,2 (R22.3)",
        "d8 for where Ana's frag grenade scatters (R22.4.2)",
        "2d6 (die 1 of 2) for how far Ana's frag grenade scatters (R22.4.2)",
        "2d6 (die 2 of 2) for how far Ana's frag grenade scatters (R22.4.2)",
        BLAST.format(1),
        BLAST.format(2),
        BLAST.format(3),
        "d6 for Jed's casualty roll (R18.2.1)",
        "d6 for Rat's casualty roll (R18.2.1)",
        *["2d6 for Rat's morale test"] * 2,
        *["2d6 for Moss's morale test"] * 2,
        *["2d6 for Kid's morale test"] * 2,
    ]
    assert next(event for event in events if event.kind == "throw").data["landing"] == [4, 2]


def test_r22_8_2_a_distance_die_rerolled_moves_the_blast(tmp_path):  # R22.8.2, R22.4.2, E22.3
    game = open_ground(tmp_path)
    game.play("gm dice 70 3 1 2 3 3 1")  # mild, E, 2d6 1+2 = 3: 1 cell, lands at 5,2
    events = game.play("throw ana frag_grenade 4,2")
    assert next(event for event in events if event.kind == "throw").data["landing"] == [5, 2]
    game.play("gm dice 6")
    events = game.play("reroll vault 4")  # 1+6 = 7: 2 cells, lands on Kid at 6,2 with E22.3's 24
    assert next(event for event in events if event.kind == "throw").data["landing"] == [6, 2]
    assert hp(game) == {"ana": 30, "jed": 20, "rat": 25, "moss": 27, "kid": 8, "zed": 17}
