"""R22.2: every refusal of a throw on the map, each one sentence naming its rule, and what a refusal leaves
untouched (no AP, no item spent). R22.11's characters and maps (tests/engine/throw_fights.py)."""

from __future__ import annotations

import pytest

from apcombat.dice import SeededDice
from apcombat.engine import CommandError, Game, Throw, apply, parse_command, preview
from apcombat.model import with_fields
from apcombat.model.fates import MoraleState
from tests.engine.throw_fights import MAP_A, MAP_B, MAP_C, ana, ben, jed, rat, throw_encounter, throw_game

WIDE = (".................",) * 5
"""17 x 5 open ground: room for a throw beyond 15 m."""


def refused(game: Game, line: str) -> str:
    """The refusal's sentence; the state is unchanged by it (R22.2.1: a refused throw pays nothing)."""
    before = game.state
    with pytest.raises(CommandError) as error:
        game.play(line)
    assert game.state == before
    return str(error.value)


def two_on_open_ground(tmp_path, **more):
    return throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}, **more), jed((4, 2)))


def test_an_item_not_carried_names_what_is_carried(tmp_path):  # R22.1.2, R22.2.1
    game = two_on_open_ground(tmp_path)
    assert refused(game, "throw ana molotov 4,2") == "Ana carries no molotov: frag grenade × 2 (R22.1.2)"


def test_a_character_carrying_nothing_thrown(tmp_path):  # R22.1.2
    game = throw_game(tmp_path, ana((0, 2)), jed((4, 2)))
    assert refused(game, "throw ana frag_grenade 4,2") == "Ana carries no frag_grenade: no thrown weapons (R22.1.2)"


def test_an_item_of_thousands_of_letters_is_not_repeated_in_full(tmp_path):  # R22.1.2
    game = two_on_open_ground(tmp_path)
    reason = refused(game, "throw ana " + "x" * 5000 + " 4,2")
    assert reason == "Ana carries no 'xxxxxxxxxxxxxxxxxxxxxxxx'… (5,000 characters): frag grenade × 2 (R22.1.2)"


def test_an_item_with_a_control_character_is_quoted_escaped(tmp_path):  # R22.1.2
    # Found by fuzzing: the escape was written back raw, to the terminal that `apcombat run` writes its error to.
    game = two_on_open_ground(tmp_path)
    reason = refused(game, "throw ana \x1b[2Jx 4,2")
    assert reason == "Ana carries no '\\x1b[2jx': frag grenade × 2 (R22.1.2)"


def test_none_left(tmp_path):  # R22.1.2, R22.2.1: every throw made uses one ITEM
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 1, "molotov": 1}), jed((4, 2)))
    game.play("gm dice 41 4 2 5")
    game.play("throw ana frag_grenade 8,0")
    game.play("gm set ana ap=8")
    assert refused(game, "throw ana frag_grenade 4,2") == "Ana has no frag grenade left: molotov cocktail × 1 (R22.1.2)"


def test_off_the_map(tmp_path):  # R22.2.3
    game = two_on_open_ground(tmp_path)
    assert refused(game, "throw ana frag_grenade 9,2") == "9,2 is off the map (R22.2.3)"


def test_a_wall_and_a_huts_wall(tmp_path):  # R22.2.3
    rows = (".....#...", "....^....", ".........", ".........", ".........")
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((8, 4)), rows=rows, legend={"^": "hut"})
    assert refused(game, "throw ana frag_grenade 5,0") == "5,0 is a wall: a throw lands on open ground (R22.2.3)"
    assert refused(game, "throw ana frag_grenade 4,1") == (
        "4,1 is a hut's wooden wall: a throw lands on open ground (R22.2.3)"
    )


def test_out_of_reach_by_strength(tmp_path):  # R22.2.3, E22.1: Ben, ST 4, 12 m
    game = throw_game(tmp_path, ben((0, 0), thrown={"frag_grenade": 1}), jed((16, 4)), rows=WIDE)
    assert refused(game, "throw ben frag_grenade 12,1") == "Ben throws a frag grenade at most 12 m (3 × ST 4, R22.2.3)"
    game.play("gm dice 1 1 1 1")
    assert game.play("throw ben frag_grenade 12,0")[0].kind == "throw"  # exactly 12 m: in reach


def test_out_of_reach_by_the_weapons_extreme_max(tmp_path):  # R22.2.3: 3 × ST 6 = 18 m, but 15 m at most
    game = throw_game(tmp_path, ana((0, 0), ST=6, thrown={"frag_grenade": 1}), jed((16, 4)), rows=WIDE)
    assert refused(game, "throw ana frag_grenade 16,0") == (
        "Ana throws a frag grenade at most 15 m (its farthest range, R22.2.3)"
    )


def test_out_of_line_behind_a_wall(tmp_path):  # R22.2.4, E22.4
    game = throw_game(tmp_path, ana((0, 4), thrown={"frag_grenade": 2}), jed((7, 2)), rows=MAP_B)
    assert refused(game, "throw ana frag_grenade 7,2") == "Ana has no line to 7,2 (R22.2.4)"


def test_a_fire_blocks_the_line_but_may_be_the_target(tmp_path):  # R22.2.3, R22.2.4
    game = throw_game(
        tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 0)), rows=MAP_A, modules=("fire_spread",)
    )
    game.play("gm fire 2,2 on")
    assert refused(game, "throw ana frag_grenade 4,2") == "Ana has no line to 4,2 (R22.2.4)"
    game.play("gm dice 1")
    assert game.play("throw ana frag_grenade 2,2")[0].data["landing"] == [2, 2]  # a fire is a target


def test_a_low_wall_does_not_block_the_line(tmp_path):  # R22.2.4: a throw arcs over low obstacles
    game = throw_game(tmp_path, ana((1, 2), thrown={"frag_grenade": 2}), jed((5, 2)), rows=MAP_C)
    game.play("gm dice 1 1 1 1")
    assert game.play("throw ana frag_grenade 5,2")[0].data["landing"] == [5, 2]


@pytest.mark.parametrize(("word", "rule"), [("blind", "R22.2.5"), ("aimed", "R22.2.6"), ("burst", "R22.2.6")])
def test_no_blind_aimed_or_burst_throw(tmp_path, word, rule):  # R22.2.5, R22.2.6
    game = two_on_open_ground(tmp_path)
    assert refused(game, f"throw ana frag_grenade 4,2 {word}").startswith(f"a throw is never {word} ({rule})")


def test_lean_out_of_cover_is_refused(tmp_path):  # R22.2.5, R9.5
    game = two_on_open_ground(tmp_path)
    assert refused(game, "throw ana frag_grenade 4,2 lean") == "leaning out (R9.5) needs Ana in cover (R22.2.5)"


def test_from_cover_only_leaning_out_for_one_ap_more_staying_in_cover(tmp_path):  # R22.2.2, R22.2.5
    game = throw_game(tmp_path, ana((2, 2), thrown={"frag_grenade": 2}), jed((5, 2)), rows=MAP_C)
    game.play("gm set ana in_cover=true")
    assert refused(game, "throw ana frag_grenade 5,2") == (
        "Ana is in cover: lean out (+1 AP) or leave cover to throw (R22.2.5)"
    )
    game.play("gm dice 41 1 1 1")
    event = game.play("throw ana frag_grenade 5,2 lean")[0]
    assert event.data["ap_cost"] == 5 and game.state.unit("ana").ap == 3
    assert game.state.unit("ana").in_cover


def test_prone_behind_hip_high_cover_only_leaning_out(tmp_path):  # R22.2.5, R8.5
    game = throw_game(tmp_path, ana((2, 2), pose="prone", thrown={"frag_grenade": 2}), jed((5, 2)), rows=MAP_C)
    assert refused(game, "throw ana frag_grenade 5,2") == (
        "Ana lies prone behind cover facing 5,2: lean out (+1 AP) to throw across it (R8.5, R22.2.5)"
    )
    game.play("gm dice 41 1 1 1")
    assert game.play("throw ana frag_grenade 5,2 lean")[0].data["ap_cost"] == 5


def test_prone_in_the_open_throws_without_leaning(tmp_path):  # R22.2.6: the thrower's pose changes nothing
    game = two_on_open_ground(tmp_path, pose="prone")
    game.play("gm dice 41 1 1 1")
    event = game.play("throw ana frag_grenade 4,2")[0]
    assert (event.data["chance"], event.data["ap_cost"]) == (60, 4)
    assert refused(game, "throw ana frag_grenade 4,2 lean") == "leaning out (R9.5) needs Ana in cover (R22.2.5)"


def test_not_enough_ap(tmp_path):  # R22.2.2
    game = two_on_open_ground(tmp_path)
    game.play("gm set ana ap=3")
    assert refused(game, "throw ana frag_grenade 4,2") == "Ana needs 4 AP to throw and has 3 (R22.2.2)"


def test_not_enough_ap_to_lean_out(tmp_path):  # R22.2.2: +1 AP leaning out
    game = throw_game(tmp_path, ana((2, 2), thrown={"frag_grenade": 2}), jed((5, 2)), rows=MAP_C)
    game.play_all(["gm set ana in_cover=true ap=4"])
    assert (
        refused(game, "throw ana frag_grenade 5,2 lean") == "Ana needs 5 AP to lean out and throw and has 4 (R22.2.2)"
    )


def _acting(tmp_path, **changes):
    """Ana acting on map A with the morale and casualties modules, changed as given (a state built by hand:
    no command makes a character shaken at will)."""
    encounter = throw_encounter(
        tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2)), modules=("morale", "casualties")
    )
    game = Game(encounter, seed=1)
    game.play("start")
    state = game.state
    return state.with_unit(with_fields(state.unit("ana"), **changes))


@pytest.mark.parametrize(
    ("changes", "sentence"),
    [
        ({"morale": MoraleState.SHAKEN}, "Ana is shaken: it may not attack, watch or pin (R18.1.3)"),
        ({"morale": MoraleState.BROKEN}, "(R18.1.3)"),
        ({"stunned": True}, "Ana is stunned: this turn it may only move, turn, change pose, take or leave cover"),
    ],
)
def test_shaken_broken_and_stunned_characters_may_not_throw(tmp_path, changes, sentence):  # R18.1.3, R18.2.1
    state = _acting(tmp_path, **changes)
    command = parse_command("throw ana frag_grenade 4,2")
    assert command is not None
    with pytest.raises(CommandError, match=sentence.replace("(", r"\(").replace(")", r"\)")):
        apply(state, command, SeededDice(1))


def test_a_state_as_built_by_hand_throws_when_steady(tmp_path):  # the refusals above are the modules'
    state = _acting(tmp_path)
    command = parse_command("throw ana frag_grenade 4,2")
    assert command is not None
    after, _ = apply(state, command, SeededDice(1))
    assert after.unit("ana").thrown_count("frag_grenade") == 1


def test_the_throwers_own_cell_is_a_target(tmp_path):  # R22.2.3: the thrower's own cell is allowed
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), rat((1, 2)), jed((8, 4)))
    game.play("gm dice 5 4 2 5")
    events = game.play("throw ana frag_grenade 0,2")
    assert events[0].data["landing"] == [0, 2] and events[0].data["chance"] == 70  # cqc +10
    bands = {event.unit: event.data["band"] for event in events if event.kind == "blast"}
    assert bands == {"ana": "inner", "rat": "middle"}


def test_the_preview_gives_the_same_ap_refusal(tmp_path):  # R22.2.2: the app says what apply would
    game = two_on_open_ground(tmp_path)
    game.play("gm set ana ap=3")
    seen = preview(game.state, Throw("ana", "frag_grenade", (4, 2), None, False))
    assert not seen.allowed and seen.reason == "Ana needs 4 AP to throw and has 3 (R22.2.2)"
