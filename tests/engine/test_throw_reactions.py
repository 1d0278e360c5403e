"""R22.8.3: a throw and the reactions (R16) and covering fire (R17) — the lean-out throw enters watches after
the blast, an interrupting watcher throws only at the entering enemy's cell from its sacrificed AP, and a pinned
thrower leaning out faces covering fire before the throw's AP and dice (R22.7.1 step 0)."""

from __future__ import annotations

import pytest

from apcombat.engine import CommandError, legal_commands
from tests.engine.throw_fights import MAP_A, MAP_C, ana, jed, rat, throw_game


def kinds(events) -> list[str]:
    return [event.kind for event in events]


def watched(tmp_path, pose: str | None = None):
    """Jed watches from 6,2 facing W; Ana (2 frag grenades) at 2,2 behind map C's low wall."""
    game = throw_game(tmp_path, jed((6, 2), facing="W"), ana((2, 2), pose=pose, thrown={"frag_grenade": 2}), rows=MAP_C)
    game.play("react jed")
    return game


def test_a_lean_out_throw_enters_a_watch_after_the_blast(tmp_path):  # R22.8.3, R22.7.1 (7), R8.5, R9.5
    game = watched(tmp_path, pose="prone")  # prone behind the low wall: hidden from Jed until she leans out
    game.play("gm dice 1 1")  # d100 1: a hit on 5,0 (nobody caught: no damage dice); Jed's perception d10 1
    events = game.play("throw ana frag_grenade 5,0 lean")
    assert kinds(events) == ["throw", "interrupt"]
    assert game.state.active == "jed" and game.state.unit("ana").ap == 3  # 4 + 1 AP, after the throw


def test_a_throw_without_leaning_out_enters_no_watch(tmp_path):  # R22.8.3: only a lean-out shows the thrower
    game = throw_game(tmp_path, jed((6, 2), facing="W"), ana((1, 4), pose="prone", thrown={"frag_grenade": 2}))
    game.play("react jed")
    game.play("gm dice 1")
    events = game.play("throw ana frag_grenade 4,4")
    assert "interrupt" not in kinds(events) and "reaction" not in kinds(events)


def interrupted(tmp_path):
    """Jed (2 frag grenades) watches from 8,2 facing W; Ana walks from 8,0 into his sight at 5,1 and is
    spotted (perception d10 1 vs PE 5): Jed interrupts with his 8 sacrificed AP."""
    game = throw_game(
        tmp_path, jed((8, 2), facing="W", thrown={"frag_grenade": 2}), ana((8, 0)), rat((0, 4)), rows=MAP_A
    )
    game.play_all(["react jed", "gm dice 1", "move ana 7,0 6,0 5,1"])
    assert game.state.active == "jed"
    return game


def test_an_interrupting_watcher_throws_only_at_the_entering_enemys_cell(tmp_path):  # R22.8.3, R16.2
    game = interrupted(tmp_path)
    with pytest.raises(CommandError, match=r"Jed may throw only at Ana's cell 5,1 \(R22.8.3\)"):
        game.play("throw jed frag_grenade 4,1")
    game.play("gm dice 1 4 2 5")
    events = game.play("throw jed frag_grenade 5,1")
    assert events[0].data["landing"] == [5, 1] and events[0].data["ap_after"] == 4  # from his sacrificed 8 AP
    assert game.state.unit("ana").hp == 30 - 28  # inner: 3d6+17 = 28
    assert game.state.unit("jed").thrown_count("frag_grenade") == 1


def test_an_interrupting_watcher_may_not_start_a_new_watch(tmp_path):  # R16.2
    game = interrupted(tmp_path)
    with pytest.raises(CommandError, match=r"R16\.2: during an interruption Jed may only attack Ana"):
        game.play("react jed")


def pinned(tmp_path, hp: int | None = None):
    """Rat (a Grease Gun, LU 6) pins Ana, in cover behind map C's low wall at 2,2 (2 frag grenades)."""
    game = throw_game(
        tmp_path,
        rat((6, 2), facing="W", weapons=["grease_gun"], LU=6),
        ana((2, 2), hp=hp, thrown={"frag_grenade": 2}),
        rows=MAP_C,
    )
    game.play_all(["gm set ana in_cover=true", "pin rat ana"])
    return game


def test_a_pinned_thrower_leaning_out_faces_covering_fire_first(tmp_path):  # R22.8.3, R17.2, R22.8.1
    game = pinned(tmp_path)
    game.play("gm dice 7 1")  # the luck d10 first (7 > LU 6: no hit), then the throw's d100
    events = game.play("throw ana frag_grenade 5,0 lean")
    assert kinds(events)[:2] == ["covering_fire", "throw"]
    assert events[0].data["roll"] == 7 and events[1].data["roll"] == 1
    assert game.state.unit("ana").ap == 3 and game.state.unit("ana").thrown_count("frag_grenade") == 1


def test_a_thrower_downed_by_covering_fire_makes_no_throw_and_spends_nothing(tmp_path):  # R22.2.1, R22.7.1 (0)
    game = pinned(tmp_path, hp=3)
    game.play("gm dice 1 10 10 10 10 10")  # luck d10 1 vs 6: 5 hits of 1d10+3
    events = game.play("throw ana frag_grenade 5,0 lean")
    assert "throw" not in kinds(events) and "covering_fire" in kinds(events)
    ana_now = game.state.unit("ana")
    assert ana_now.down and ana_now.thrown_count("frag_grenade") == 2


def test_an_interrupting_watcher_is_listed_only_the_throw_at_the_enemys_cell(tmp_path):  # R22.8.3, R16.2
    game = interrupted(tmp_path)
    assert [line for line in legal_commands(game.state) if line.startswith("throw")] == ["throw jed frag_grenade 5,1"]
