"""Table mode's throw (R22.9): `throw WHO ITEM at Ncm [lean]`, the blast waiting for `gm blast`, and E22.7."""

from __future__ import annotations

import pytest

from apcombat.engine import CommandError, Game, legal_commands
from apcombat.model import Facing, WaitingBlast
from tests.engine.throw_fights import ana, ben, jed, moss, rat, throw_game

WAITING = r"the blast of Ana's frag grenade is waiting for gm blast \(R22\.9\.2\)"


def table(tmp_path, *more, modules=(), **options):
    """E22.7's table (no cells: table mode): Ana with two frag grenades, Jed, Rat in cover, Moss; or `more`."""
    units = more or (ana(None, thrown={"frag_grenade": 2}), jed(None), rat(None), moss(None))
    game = throw_game(tmp_path, *units, rows=None, modules=modules, **options)
    if not more:
        game.play("gm set rat in_cover=true")  # behind crates (R9.1, the game master says so)
    return game


def hp(game) -> dict[str, int]:
    return {unit.id: unit.hp for unit in game.state.units}


def test_e22_7_at_the_table(tmp_path):  # R22.9.1, R22.9.2, E22.7
    game = table(tmp_path)
    game.play("gm dice 77 5 3 4")
    events = game.play("throw ana frag_grenade at 12cm")
    throw = next(event for event in events if event.kind == "throw")
    assert throw.data["chance"] == 60 and throw.data["roll"] == 77  # 4 m: close, 60 %
    waiting = next(event for event in events if event.kind == "blast_waiting")
    assert waiting.text == (
        "Ana's frag grenade scatters 2 cells (6 cm) to the table's south: lay the template there (2, 4 and 6 cm) "
        "and name who is under it (gm blast) (R22.9)"
    )
    assert game.state.blast_waiting == WaitingBlast("ana", "frag_grenade", 4.0, hit=False, direction=Facing.S, cells=2)
    game.play("gm dice 6 2 3")
    game.play("gm blast jed=middle rat=outer/covered")
    # 3d6 = 11 + 17 = 28: Jed middle 18, 0 armour against it in a leather jacket -> 10; Rat shifted out: untouched
    assert hp(game) == {"ana": 30, "jed": 10, "rat": 25, "moss": 31}
    assert game.state.blast_waiting is None


def test_a_hit_lands_on_the_point(tmp_path):  # R22.9.1
    game = table(tmp_path)
    game.play("gm dice 41")
    events = game.play("throw ana frag_grenade at 12cm")
    assert events[-1].text.startswith("Ana's frag grenade lands on the point: lay the template there (2, 4 and 6 cm)")
    assert game.state.blast_waiting == WaitingBlast("ana", "frag_grenade", 4.0)


def test_the_reach_in_centimetres(tmp_path):  # R22.2.3, R22.9.1: 9 x ST cm
    game = table(tmp_path, ben(None, thrown={"frag_grenade": 1}), jed(None))
    with pytest.raises(CommandError, match=r"Ben throws a frag grenade at most 36 cm \(9 × ST 4 cm, R22\.2\.3\)"):
        game.play("throw ben frag_grenade at 37cm")
    game.play("gm dice 1")
    game.play("throw ben frag_grenade at 36cm")
    assert game.state.blast_waiting is not None


def test_lean_at_the_table(tmp_path):  # R22.2.5: the game master says who is in cover
    game = table(tmp_path, ana(None, thrown={"frag_grenade": 2}), jed(None))
    with pytest.raises(CommandError, match=r"leaning out \(R9\.5\) needs Ana in cover"):
        game.play("throw ana frag_grenade at 12cm lean")
    game.play("cover ana")
    with pytest.raises(CommandError, match="Ana is in cover: lean out"):
        game.play("throw ana frag_grenade at 12cm")
    game.play("gm dice 41")
    events = game.play("throw ana frag_grenade at 12cm lean")
    throw = next(event for event in events if event.kind == "throw")
    assert throw.data["ap_cost"] == 5  # the throw's 4 and 1 for leaning out (R22.2.5)


def test_every_other_command_waits_for_the_blast(tmp_path):  # R22.9.2
    game = table(tmp_path)
    game.play("gm dice 41")
    game.play("throw ana frag_grenade at 12cm")
    for line in ("end", "throw ana frag_grenade at 6cm", "pose ana prone", "gm hp jed -3", "gm mod 10"):
        with pytest.raises(CommandError, match=WAITING):
            game.play(line)
    assert legal_commands(game.state) == []
    game.play("gm dice 4 2 5")  # gm dice is played while it waits
    game.play("undo")  # and undo: the dice, then the throw
    game.play("undo")
    assert game.state.blast_waiting is None and game.state.unit("ana").thrown_count("frag_grenade") == 2


def test_gm_blast_refusals(tmp_path):  # R22.9.2, R22.5.5
    game = table(tmp_path)
    with pytest.raises(CommandError, match=r"no throw is waiting for its blast.*\(R22\.9\.2\)"):
        game.play("gm blast jed=inner")
    game.play("gm hp jed -28")  # down, out of the fight (no casualties module: not a man down)
    game.play("gm dice 41")
    game.play("throw ana frag_grenade at 12cm")
    with pytest.raises(CommandError, match="no unit 'zed'"):
        game.play("gm blast zed=inner")
    with pytest.raises(CommandError, match=r"Jed is out of the fight.*\(R22\.5\.5\)"):
        game.play("gm blast jed=inner")
    with pytest.raises(CommandError, match="named twice"):
        game.play("gm blast rat=inner rat=outer")
    assert game.state.blast_waiting is not None
    game.play("gm blast")  # nobody under it
    assert game.state.blast_waiting is None and hp(game)["rat"] == 25


def test_gm_blast_on_a_map_is_refused(tmp_path):  # R22.9.2
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2)))
    with pytest.raises(CommandError, match=r"gm blast is for table mode.*\(R22\.9\.2\)"):
        game.play("gm blast jed=inner")


def test_prone_and_cover_shifts_at_the_table(tmp_path):  # R22.5.3, R22.9.2
    game = table(tmp_path, ana(None, thrown={"frag_grenade": 2}), jed(None, pose="prone"), rat(None), moss(None))
    game.play("gm dice 41")
    game.play("throw ana frag_grenade at 12cm")
    game.play("gm dice 6 2 3")  # 28
    # Jed prone: inner -> middle (18 - 0 = 18); Rat not in cover: /covered gives no shift (28 - 2 leather -> 26 ...)
    events = game.play("gm blast jed=inner rat=outer/covered moss=outer")
    caught = {event.unit: event.data["band"] for event in events if event.kind == "blast"}
    assert caught == {"jed": "middle", "rat": "outer", "moss": "outer"}
    named = next(event for event in events if event.kind == "gm_blast")
    assert named.text.endswith("; Rat, not in cover, moves no band for /covered (R22.5.3)")


def test_a_man_down_under_the_template_is_killed(tmp_path):  # R22.5.5 at the table
    game = table(tmp_path, modules=("casualties",))
    game.play("gm dice 4")  # R18.2.1: Jed's casualty d6 4: a man down
    game.play("gm hp jed -28")
    assert game.state.unit("jed").fate.value == "man_down"
    game.play("gm dice 41")
    game.play("throw ana frag_grenade at 12cm")
    events = game.play("gm blast jed=inner")  # prone: inner -> middle, his final band (R22.5.3 a)
    assert game.state.unit("jed").fate.value == "dead"
    assert not any(event.kind == "blast_damage" for event in events)  # nobody in the fight caught: no roll


def test_a_waiting_blast_survives_save_and_load(tmp_path):  # R22.9.2, saves
    from apcombat.saves import load_game, save_game

    game = table(tmp_path)
    game.play("gm dice 77 5 3 4")
    game.play("throw ana frag_grenade at 12cm")
    path = tmp_path / "save.json"
    save_game(game, path)
    loaded = load_game(path)
    assert loaded.state.blast_waiting == game.state.blast_waiting
    with pytest.raises(CommandError, match=WAITING):
        loaded.play("end")
    loaded.play("gm dice 6 2 3")
    loaded.play("gm blast jed=middle rat=outer/covered")
    assert hp(loaded)["jed"] == 10


def test_a_replay_waits_again(tmp_path):  # R22.9.2: a replay of the history plays both lines again
    game = table(tmp_path)
    game.play("gm dice 77 5 3 4")
    game.play("throw ana frag_grenade at 12cm")
    game.play("gm dice 6 2 3")
    game.play("gm blast jed=middle rat=outer/covered")
    again = Game.replay(game.start, game.seed, game.history)
    assert hp(again) == hp(game)


def rerolls_table(tmp_path):
    """E22.7's table with re-roll points on: 4 points each (R18.6.1)."""
    from apcombat.content import load_encounter, load_library
    from tests.engine.builders import write_encounter
    from tests.engine.throw_fights import ROOT, throw_document

    document = throw_document(
        ana(None, thrown={"frag_grenade": 2}), jed(None), rat(None), moss(None), rows=None, modules=("rerolls",)
    )
    document["side"] = [side | {"reroll_points": 4} for side in document["side"]]
    path = write_encounter(tmp_path / "table.toml", document)
    game = Game(load_encounter(path, load_library(ROOT / "content")), seed=1)
    game.play("start")
    game.play("gm set rat in_cover=true")
    game.play("gm dice 77 5 3 4")
    game.play("throw ana frag_grenade at 12cm")
    return game


def test_no_reroll_while_the_blast_waits(tmp_path):  # R22.9.2: the window opens after gm blast
    game = rerolls_table(tmp_path)
    with pytest.raises(CommandError, match=WAITING):
        game.play("reroll vault 1")


def test_the_two_lines_are_one_action_for_rerolls(tmp_path):  # R22.9.2, R18.6.2, E22.7
    game = rerolls_table(tmp_path)
    game.play("gm dice 6 2 3")
    events = game.play("gm blast jed=middle rat=outer/covered")
    assert [(die.place, die.value) for die in game.state.rolls] == [
        (n, v) for n, v in enumerate((77, 5, 3, 4, 6, 2, 3), 1)
    ]
    numbered = next(event for event in events if event.kind == "rolls")
    assert "1: d100 for Ana's frag grenade thrown at 12 cm" in numbered.text and "7: 3d6" in numbered.text


def test_a_reroll_of_a_damage_die_plays_both_lines_again(tmp_path):  # R22.8.2, R18.6.2
    game = rerolls_table(tmp_path)
    game.play("gm dice 6 2 3")
    game.play("gm blast jed=middle rat=outer/covered")
    game.play("gm dice 1")
    game.play("reroll vault 5")  # the first damage d6, 6 -> 1: 3d6 = 6 + 17 = 23, middle 15
    assert game.state.blast_waiting is None
    assert hp(game) == {"ana": 30, "jed": 13, "rat": 25, "moss": 31}
    assert game.state.side("vault").reroll_points == 2


def test_a_reroll_of_the_direction_waits_for_a_new_gm_blast(tmp_path):  # R22.9.2: the point moved
    game = rerolls_table(tmp_path)
    game.play("gm dice 6 2 3")
    game.play("gm blast jed=middle rat=outer/covered")
    game.play("gm dice 1")
    events = game.play("reroll vault 2")  # the d8, 5 (S) -> 1 (N)
    assert hp(game) == {"ana": 30, "jed": 28, "rat": 25, "moss": 31}  # the blast has not gone off
    assert game.state.blast_waiting == WaitingBlast("ana", "frag_grenade", 4.0, hit=False, direction=Facing.N, cells=2)
    assert any("scatters 2 cells (6 cm) to the table's north" in event.text for event in events)
    with pytest.raises(CommandError, match=WAITING):
        game.play("end")
    game.play("gm dice 6 2 3")
    game.play("gm blast moss=outer")
    assert hp(game) == {"ana": 30, "jed": 28, "rat": 25, "moss": 31 - (28 // 3 - 4)}  # metal armour
    assert game.state.unit("ana").thrown_count("frag_grenade") == 1  # one grenade, thrown once


def test_a_reroll_of_the_d100_to_a_hit_waits_again(tmp_path):  # R22.9.2
    game = rerolls_table(tmp_path)
    game.play("gm dice 6 2 3")
    game.play("gm blast jed=middle")
    game.play("gm dice 12")
    game.play("reroll vault 1")
    assert game.state.blast_waiting == WaitingBlast("ana", "frag_grenade", 4.0)


def test_casualty_dice_follow_the_gm_blast_line(tmp_path):  # R22.9.2, R18.2.1: one action
    game = table(tmp_path, modules=("casualties",))
    game.play("gm dice 41")
    events = game.play("throw ana frag_grenade at 12cm")
    assert not any(event.kind == "casualty" for event in events)
    game.play("gm dice 6 2 3 2")  # 28: Jed inner 28 -> 0 HP; his casualty d6 2: dead
    game.play("gm blast jed=inner")
    assert game.state.unit("jed").fate.value == "dead"


def test_run_json_shows_the_waiting_blast(apcombat, tmp_path):  # R22.9.2, saves and outputs
    from tests.engine.throw_fights import throw_file

    path = throw_file(tmp_path, ana(None, thrown={"frag_grenade": 2}), jed(None), rows=None)
    script = tmp_path / "lines.txt"
    script.write_text("start\ngm dice 77 5 3 4\nthrow ana frag_grenade at 12cm\n")
    out = apcombat("run", path, "--script", script, "--json")
    assert out.code == 0, out.err
    assert out.json["blast_waiting"] == {
        "thrower": "ana",
        "item": "frag_grenade",
        "distance_cm": 12.0,
        "lean": False,
        "hit": False,
        "direction": "S",
        "cells": 2,
        "scatter_cm": 6,
    }


def test_a_molotov_at_the_table_sets_the_inner_band_on_fire(tmp_path):  # R22.6.1, R22.9.2
    game = table(tmp_path, ana(None, thrown={"molotov": 1}), jed(None), rat(None), modules=("fire_spread",))
    game.play("gm dice 41")
    events = game.play("throw ana molotov at 9cm")
    assert "lay the template there (2, 4 and 4 cm)" in events[-1].text  # Molotov: blast 0.67, 1.33, 1.33 m
    with pytest.raises(CommandError, match=r"waiting for gm blast"):
        game.play("gm fire barrels on")  # the blast first (R22.9.2)
    game.play("gm dice 5 5")  # 2d10+5 = 15
    game.play("gm blast jed=inner rat=middle")
    game.play("gm fire barrels on")  # R22.9.2: then the game master names the fire it lit (R18.3.4)
    assert game.state.unit("jed").burning is not None  # the inner band burns (R22.6.1)
    assert game.state.unit("rat").burning is None
    assert [fire.name for fire in game.state.table_fires] == ["barrels"]


def test_a_reroll_after_loading_plays_both_lines_again(tmp_path):  # R18.6.2, R22.9.2: the base rebuilt by replay
    from apcombat.saves import load_game, save_game

    game = rerolls_table(tmp_path)
    game.play("gm dice 6 2 3")
    game.play("gm blast jed=middle rat=outer/covered")
    path = save_game(game, tmp_path / "after the blast.toml")
    loaded = load_game(path)
    loaded.play("gm dice 1")
    loaded.play("reroll vault 5")
    assert hp(loaded) == {"ana": 30, "jed": 13, "rat": 25, "moss": 31}
