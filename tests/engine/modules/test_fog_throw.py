"""R22.8.4: thrown weapons under the fog of war — the hidden thrower and the hidden characters a blast catches
revealed (R21.3.4, R21.4.2 b and e), the log each side is shown (R21.8.1, R21.8.3: the landing cell to every
side, the thrower only to a side that sees it, the damage to the characters it sees and to its own, the
thrower's side hearing the scream), no mark of the thrower (R21.2.3), the dice each side numbers.

The wall (8 x 6): a wall at 4,2-4,4. Ana at 0,0 sees 5,1 past the wall's end; Jed, hidden at 5,2 beside the
wall, is 1 m from 5,1 and has no line to Ana; Rat at 7,4 has none either.
"""

from __future__ import annotations

import pytest

from apcombat.content import load_encounter, load_library
from apcombat.engine import CommandError, Game, legal_commands, side_log, view
from apcombat.fight import Fight
from apcombat.model.fates import Fate
from tests.engine.builders import write_encounter
from tests.engine.throw_fights import MAP_C, ROOT, ana, jed, kid, rat, throw_document, throw_game

WALL = (
    "........",
    "........",
    "....#...",
    "....#...",
    "....#...",
    "........",
)

FOG = ("fog_of_war",)


def texts(game: Game, side: str | None) -> list[str]:
    return [event.text for event in side_log(game.log, side)]


def from_throw(game: Game, side: str | None) -> list[str]:
    """`side`'s lines from the throw's (or the reveal before it) on."""
    lines = texts(game, side)
    first = next(i for i, line in enumerate(lines) if "throw" in line or " lands " in line)
    return lines[first:]


def over_the_wall(tmp_path, *more, jed_hp: int | None = None, modules=FOG, **options) -> Game:
    hp = {} if jed_hp is None else {"hp": jed_hp}
    return throw_game(
        tmp_path,
        ana((0, 0), thrown={"frag_grenade": 2}),
        jed((5, 2), hidden=True, in_cover=True, **hp),
        rat((7, 4)),
        *more,
        rows=WALL,
        modules=modules,
        **options,
    )


# R22.8.4, R21.4.2 (e): the blast reveals every hidden character it catches.


def test_the_blast_reveals_a_hidden_character_it_catches(tmp_path):  # R21.4.2 e, R21.4.4, R22.7.1 (6)
    game = over_the_wall(tmp_path)
    game.play("throw ana frag_grenade 5,1", dice=(30, 4, 4, 1))  # hits; 3d6+17 = 26, middle band 17
    assert not game.state.unit("jed").hidden
    assert from_throw(game, None)[-2:] == [
        "Jed is caught in the middle band (1 m): 17 damage, 28 -> 11 HP (R22.5.4)",
        "Jed is revealed: it is caught in the blast (R21.4.2 e)",  # step 6, after the damage (R22.7.1)
    ]


def test_only_the_hidden_characters_caught_after_the_shifts_are_revealed(tmp_path):  # R22.5.3, R21.4.2 e
    # Map C, the blast at 2,2: Jed, hidden behind the low wall at 3,2, is 2 m away — the outer band, shifted out
    # by the cover, so reached, not caught: he stays hidden. Rat, hidden at 2,3, 1 m away, is caught.
    game = throw_game(
        tmp_path,
        ana((0, 2), thrown={"frag_grenade": 2}),
        jed((4, 2), hidden=True, in_cover=True),
        rat((2, 3), hidden=True, in_cover=True),
        rows=MAP_C,
        modules=FOG,
    )
    game.play("throw ana frag_grenade 2,2", dice=(30, 4, 4, 1))
    assert game.state.unit("jed").hidden and not game.state.unit("rat").hidden
    revealed = [line for line in texts(game, None) if "revealed" in line]
    assert revealed == ["Rat is revealed: it is caught in the blast (R21.4.2 e)"]


def test_a_hidden_character_caught_is_revealed_even_when_its_armour_stops_it_all(tmp_path):  # R21.4.2 e
    # "catches it in a blast": caught in the outer band for 0 HP, it is revealed all the same.
    game = throw_game(
        tmp_path,
        ana((0, 0), thrown={"frag_grenade": 2}),
        kid((5, 2), hidden=True, in_cover=True),  # in combat armour
        rows=WALL,
        modules=FOG,
    )
    game.play("throw ana frag_grenade 6,1", dice=(30, 1, 1, 1))  # 20: outer 6, 1.41 m from 6,1
    assert game.state.unit("kid").hp == 26
    assert "Kid is revealed: it is caught in the blast (R21.4.2 e)" in texts(game, None)


def test_a_blast_needs_no_sight_of_the_character_it_catches(tmp_path):  # R22.2.4, R21.5.1, R21.4.4, R22.8.4
    # Map C: a throw aims at a cell — one where a hidden enemy stands is accepted like any other. Jed, revealed
    # by the blast, is then seen by Ana across the low wall: the vault is shown his damage.
    game = throw_game(
        tmp_path,
        ana((0, 2), thrown={"frag_grenade": 2}),
        jed((4, 2), hidden=True, in_cover=True),
        rows=MAP_C,
        modules=FOG,
    )
    game.play("throw ana frag_grenade 4,2", dice=(30, 4, 4, 1))
    assert from_throw(game, "vault")[-2:] == [
        "Jed is caught in the inner band (0 m): 26 damage, 28 -> 2 HP (R22.5.4)",
        "Jed is revealed: it is caught in the blast (R21.4.2 e)",
    ]
    assert "jed" in {unit.id for unit in view(game.state, "vault").units}


# R22.8.4, R21.3.4: a throw reveals a hidden thrower.


def test_a_hidden_thrower_is_revealed_as_it_throws(tmp_path):  # R21.3.4, R21.4.2 b
    # Hidden behind the low wall (in cover), Jed throws leaning out (R22.2.5) at Ana's cell.
    game = throw_game(
        tmp_path,
        jed((4, 2), hidden=True, in_cover=True, thrown={"frag_grenade": 1}, skills={"throwing": 60}),
        ana((0, 2)),
        rows=MAP_C,
        modules=FOG,
    )
    with pytest.raises(CommandError, match="lean out"):
        game.play("throw jed frag_grenade 0,2")  # from cover, not leaning out (R22.2.5): refused, reveals nothing
    assert game.state.unit("jed").hidden
    game.play("throw jed frag_grenade 0,2 lean", dice=(30, 1, 1, 1))
    assert not game.state.unit("jed").hidden
    lines = texts(game, "vault")
    reveal = lines.index("Jed is revealed: it throws a frag grenade (R21.4.2 b)")
    assert lines[reveal + 1].startswith("Jed leans out and throws a frag grenade at 0,2")  # before its AP and its d100


# R22.8.4, R21.8.1, R21.8.3: what each side is shown.


def test_a_side_that_does_not_see_the_thrower_is_shown_only_the_landing_cell(tmp_path):  # R21.8.1, R21.8.3
    game = over_the_wall(tmp_path)
    game.play("throw ana frag_grenade 5,1", dice=(30, 4, 4, 1))
    # R22.8.4's ruling: Jed, revealed, is still out of the vault's sight behind the wall. The vault is shown its
    # throw and its damage roll — someone was caught, it hears the scream — not who, nor where, nor how badly.
    assert from_throw(game, "vault") == [
        "Ana throws a frag grenade at 5,1: 60 %, d100 30 — hits: lands at 5,1 (R22.3)",
        "The frag grenade's blast: 3d6+17 = [4+4+1]+17 = 26 — inner 26, middle 17, outer 8 (R22.5.4)",
    ]
    assert "jed" not in {unit.id for unit in view(game.state, "vault").units}
    assert from_throw(game, "raiders") == [
        "A frag grenade, thrown out of sight, lands at 5,1 (R22.8.4)",
        "Jed is caught in the middle band (1 m): 17 damage, 28 -> 11 HP (R22.5.4)",  # its own: shown
        "Jed is revealed: it is caught in the blast (R21.4.2 e)",
    ]
    landing = next(e for e in side_log(game.log, "raiders") if e.kind == "throw")
    assert landing.unit is None and landing.data == {}  # nothing names the thrower (R22.8.4)
    raiders = game.state.side("raiders").slots.fog_of_war
    assert raiders.marks == () and "ana" not in raiders.seen  # no mark of the thrower (R21.2.3)
    assert "ana" not in {unit.id for unit in view(game.state, "raiders").units}


def test_a_miss_shows_every_side_where_it_landed_not_where_it_was_aimed(tmp_path):  # R21.8.1, R22.4
    game = over_the_wall(tmp_path)
    # d100 70 misses by 10 (mild); d8 5 (S), 2d6 1+1: 1 cell, stopped by nothing: lands at 5,2 on Jed
    game.play("throw ana frag_grenade 5,1", dice=(70, 5, 1, 1, 1, 1, 1))
    assert next(e for e in game.log if e.kind == "throw").data["landing"] == [5, 2]
    assert from_throw(game, "raiders")[0] == "A frag grenade, thrown out of sight, lands at 5,2 (R22.8.4)"
    assert not any("5,1" in line for line in texts(game, "raiders"))  # the cell aimed at is Ana's to know


def test_the_thrower_is_shown_to_a_side_that_sees_it(tmp_path):  # R22.8.4, R21.8.3
    # Rat stands in the open at 6,0, in Ana's sight: the raiders are shown the whole throw.
    game = throw_game(
        tmp_path,
        ana((0, 0), thrown={"frag_grenade": 2}),
        jed((5, 2), hidden=True, in_cover=True),
        rat((6, 0)),
        rows=WALL,
        modules=FOG,
    )
    game.play("throw ana frag_grenade 5,1", dice=(30, 4, 4, 1))
    raiders = from_throw(game, "raiders")
    assert raiders[0] == "Ana throws a frag grenade at 5,1: 60 %, d100 30 — hits: lands at 5,1 (R22.3)"
    assert raiders[1].startswith("The frag grenade's blast: 3d6+17")  # Ana's dice, seen
    assert any(line.startswith("Rat is caught in the outer band (1.41 m)") for line in raiders)
    assert raiders[-1] == "Jed is revealed: it is caught in the blast (R21.4.2 e)"


def test_a_blast_that_catches_no_one_rolls_no_damage(tmp_path):  # R22.8.4: no scream, no damage dice
    game = over_the_wall(tmp_path)
    game.play("throw ana frag_grenade 3,0", dice=(30,))
    assert from_throw(game, "vault") == ["Ana throws a frag grenade at 3,0: 70 %, d100 30 — hits: lands at 3,0 (R22.3)"]
    assert from_throw(game, "raiders") == ["A frag grenade, thrown out of sight, lands at 3,0 (R22.8.4)"]


def test_each_side_numbers_the_dice_it_is_shown(tmp_path):  # R21.8.3, R22.8.4
    # Jed (11 HP) is brought to 0 by the blast: with casualties on, his d6 is the raiders' only die; the
    # vault, which does not see him, is shown Ana's four dice and not his.
    game = over_the_wall(tmp_path, jed_hp=11, modules=(*FOG, "casualties"))
    game.play("throw ana frag_grenade 5,1", dice=(30, 4, 4, 1, 6))
    damage = "3d6+17 (die {} of 3) {}"
    ana_dice = f"1: d100 30, 2: {damage.format(1, 4)}, 3: {damage.format(2, 4)}, 4: {damage.format(3, 1)}"
    assert dice_lines(game, "vault") == [f"dice: typed {ana_dice}"]
    assert dice_lines(game, "raiders") == ["dice: typed 1: d6 6"]
    assert "A frag grenade, thrown out of sight, lands at 5,1 (R22.8.4)" in texts(game, "raiders")
    assert any(line.startswith("Jed at -6 HP rolls for the casualty: d6 = 6") for line in texts(game, "raiders"))


def dice_lines(game: Game, side: str) -> list[str]:
    return [line for line in texts(game, side) if line.startswith("dice:")]


def test_a_re_roll_that_moves_the_blast_shows_every_side_the_new_landing_cell(tmp_path):  # R21.8.8, R22.8.2
    document = throw_document(
        ana((0, 0), thrown={"frag_grenade": 2}),
        jed((5, 2), hidden=True, in_cover=True),
        rat((7, 4)),
        rows=WALL,
        modules=(*FOG, "rerolls"),
    )
    for side in document["side"]:
        side["reroll_points"] = 4
    game = Game(load_encounter(write_encounter(tmp_path / "fog.toml", document), load_library(ROOT / "content")))
    game.play("start")
    # d100 70 misses by 10; d8 5 (S), 2d6 1+1: 1 cell, on Jed at 5,2. The vault re-rolls the d8 (its die 2): 3 (E).
    game.play("throw ana frag_grenade 5,1", dice=(70, 5, 1, 1, 4, 4, 1))
    with pytest.raises(CommandError, match="Raiders is shown no die"):
        game.play("reroll raiders 1")  # every die is Ana's, none shown to the raiders (R21.8.3)
    game.play("reroll vault 2", dice=(3,))
    raiders = texts(game, "raiders")
    assert raiders[-3:] == [
        "re-roll for The Vault: the action is played again (R18.6.2)",
        "A frag grenade, thrown out of sight, lands at 6,1 (R22.8.4)",
        "Jed is caught in the outer band (1.41 m): 8 damage, 28 -> 20 HP (R22.5.4)",
    ]
    assert not game.state.unit("jed").hidden  # the first play revealed him: the replay starts so (R21.8.8)


def test_a_blast_that_downs_an_unseen_enemy_leaves_it_as_last_seen(tmp_path):  # R21.2.4, R22.8.4
    # Jed, seen at 5,1, steps behind the wall to 5,2; the vault throws at its mark: he goes down out of sight,
    # and the vault's picture of him stays the mark it had — alive at 5,1.
    game = throw_game(
        tmp_path,
        ana((0, 0), thrown={"frag_grenade": 2}),
        jed((5, 1), hp=10),
        rat((7, 4)),
        rows=WALL,
        modules=FOG,
    )
    game.play_all(["end", "move jed 5,2", "end", "end"])
    before = game.state.side("vault").slots.fog_of_war
    assert [(mark.unit, mark.at) for mark in before.marks] == [("jed", (5, 1))]
    assert "throw ana frag_grenade 5,1" in legal_commands(game.state)  # at the mark (R21.9.2)
    game.play("throw ana frag_grenade 5,1", dice=(30, 4, 4, 1))
    assert game.state.unit("jed").down
    after = game.state.side("vault").slots.fog_of_war
    assert after.marks == before.marks and after.last_seen == before.last_seen
    assert not any("Jed" in line for line in from_throw(game, "vault"))
    assert "Jed is down (R12.2)" in texts(game, "raiders")


def test_a_throw_whose_blast_landed_cannot_be_undone_from_a_sides_view(tmp_path):  # R21.8.8, R22.8.4
    # The vault hears the scream: undone, the throw would have scouted the wall's end for free.
    game = over_the_wall(tmp_path)
    game.play("pose ana crouched")
    assert game.undo_refused("vault") is None  # shows nothing new
    game.play("throw ana frag_grenade 3,0", dice=(30,))  # caught no one: that too is news
    refusal = "The Vault cannot undo the last command: it showed The Vault something new, and what was seen stays seen"
    assert game.undo_refused("vault") == f"{refusal} (R21.8.8)"
    assert "A frag grenade, thrown out of sight, lands at 3,0 (R22.8.4)" in texts(game, "raiders")


def test_hot_seat_names_only_where_the_blast_landed_when_it_refuses_an_undo(tmp_path):  # R21.8.8, R22.8.4
    # Jed, revealed by the blast, is not in the vault's sight: the refusal must not name him.
    game = over_the_wall(tmp_path)
    fight = Fight(game, {})  # both sides human: hot-seat (R21.8.2 c)
    hand_over = fight.hand_over()
    assert hand_over is not None and hand_over.side == "vault"
    fight.handed_over(hand_over)
    game.play("throw ana frag_grenade 5,1", dice=(30, 4, 4, 1))
    refusal = fight.undo_refusal(len(game.history) - 1)
    assert refusal == "cannot undo: it showed The Vault where a blast landed (R21.8.8)"


def test_a_thrower_leaning_out_is_shown_to_the_sides_that_see_it_during_the_throw(tmp_path):  # R22.2.5, R21.1.1 c
    # Map C: Jed lies prone behind the low wall at 3,2 (R8.5: Ana does not see him). He leans out to throw at
    # her cell: seen during the action, his throw is the vault's to read — and he leaves no mark (R21.2.3).
    game = throw_game(
        tmp_path,
        jed((4, 2), pose="prone", thrown={"frag_grenade": 1}, skills={"throwing": 60}),
        ana((0, 2)),
        rows=MAP_C,
        modules=FOG,
    )
    assert "jed" not in game.state.side("vault").slots.fog_of_war.seen
    game.play("throw jed frag_grenade 0,2 lean", dice=(30, 1, 1, 1))
    assert from_throw(game, "vault")[0].startswith("Jed leans out and throws a frag grenade at 0,2")
    vault = game.state.side("vault").slots.fog_of_war
    assert "jed" not in vault.seen and vault.marks == ()


def test_a_man_down_killed_by_a_blast_is_told_only_where_the_side_sees_the_body(tmp_path):  # R21.2.4, R22.5.5
    # Open ground: the vault sees Jed's body at 4,2 and is told he is killed. Behind the wall, a miss at 5,1
    # scatters onto Jed's body at 5,2, out of the vault's line: it is not told, and its picture does not change.
    for folder in ("open", "wall"):
        (tmp_path / folder).mkdir()
    open_ground = throw_game(
        tmp_path / "open",
        ana((0, 2), thrown={"frag_grenade": 2}),
        jed((4, 2)),
        rat((8, 4)),
        modules=(*FOG, "casualties"),
    )
    walled = over_the_wall(tmp_path / "wall", modules=(*FOG, "casualties"))
    # a hit at 4,2; a miss by 10 at 5,1, d8 5 (S), 2d6 1+1: 1 cell, onto 5,2 — no one in the fight caught
    for game, line, dice in ((open_ground, "4,2", (30,)), (walled, "5,1", (70, 5, 1, 1))):
        game.play("gm set jed hp=0", dice=(4,))  # the casualty d6 4: a man down (R18.2.1)
        game.play(f"throw ana frag_grenade {line}", dice=dice)
        assert game.state.unit("jed").fate is Fate.DEAD
    killed = "Jed, a man down, is killed by the blast (middle band, R22.5.5)"  # prone: inner -> middle
    assert killed in texts(open_ground, "vault")
    assert killed in texts(walled, None) and not any("killed" in line for line in texts(walled, "vault"))
    assert "jed" not in {unit.id for unit in view(walled.state, "vault").units}


def test_on_hexes_the_blast_reveals_a_hidden_character_it_catches(tmp_path):  # R20, R21.4.2 e, R22.8.4
    # Map C read as hexes: Jed hidden at 4,2 beside the low wall; Ana throws from 0,2 onto his hex. Hidden, he
    # sees her throw (R21.1.1 d hides him from her, not her from him).
    game = throw_game(
        tmp_path,
        ana((0, 2), facing="E", thrown={"frag_grenade": 2}),
        jed((4, 2), facing="W", hidden=True, in_cover=True),
        rows=MAP_C,
        hexes=True,
        modules=FOG,
    )
    game.play("throw ana frag_grenade 4,2", dice=(30, 4, 4, 1))
    assert not game.state.unit("jed").hidden
    assert from_throw(game, "vault")[-1] == "Jed is revealed: it is caught in the blast (R21.4.2 e)"
    assert from_throw(game, "raiders")[0].startswith("Ana throws a frag grenade at 4,2")


def test_while_you_waited_tells_an_unseen_throwers_blast_by_its_landing_not_by_a_mark(tmp_path):  # R22.8.4
    # Jed, seen at 3,0 (the vault's mark of him), steps out of Ana's sight to 4,3 and throws at 3,0: the vault
    # is shown where the blast landed and its damage, never who threw it — "hurt by an enemy out of sight from
    # the east", the direction of its mark of Jed, named the thrower (a blast makes no mark of it, R21.2.3).
    from apcombat.fight import action_of

    rows = ("......", "..#...", "..#...", "..#...", "......")
    game = throw_game(
        tmp_path, ana((1, 0)), jed((3, 0), thrown={"frag_grenade": 1}), rat((5, 4)), rows=rows, modules=FOG
    )
    game.play_all(["end", "move jed 4,3", "end", "end", "end"])
    assert [(mark.unit, mark.at) for mark in game.state.side("vault").slots.fog_of_war.marks] == [("jed", (3, 0))]
    before = game.state
    events = game.play("throw jed frag_grenade 3,0", dice=(1, 4, 4, 1))
    action = action_of(before, game.state, events, game.history[-1], len(game.history))
    assert action is not None
    told = action.told_to("vault")
    assert "from the" not in told and "Jed" not in told and "R1" not in told
    assert told == "round 2: A frag grenade, thrown out of sight, lands at 3,0 (R22.8.4) — Ana 30 → 22 HP (-8)"
