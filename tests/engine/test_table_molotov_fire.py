"""R22.6.2 at the table: with `fire_spread` on, the game master names `inner` a character standing where a Molotov's
fire catches (R22.9.2), and he is caught in the inner band whatever his shifts and set burning — as on a map."""

from __future__ import annotations

from tests.engine.throw_fights import ana, jed, rat, throw_game


def molotov_on_two_prone(tmp_path, modules):
    game = throw_game(
        tmp_path,
        ana(None, thrown={"molotov": 1}),
        jed(None, pose="prone"),
        rat(None, pose="prone"),
        rows=None,
        modules=modules,
    )
    game.play("gm dice 41 5 5")  # a hit; 2d10+5 = 15
    game.play("throw ana molotov at 9cm")
    return game, game.play("gm blast jed=inner rat=middle")


def test_named_inner_where_a_fire_catches_is_inner_whatever_his_shifts(tmp_path):  # R22.6.2, R22.9.2
    game, events = molotov_on_two_prone(tmp_path, ("fire_spread",))
    texts = [event.text for event in events]
    assert "Jed is caught in the inner band (its cell catches fire): 15 damage, 28 -> 13 HP (R22.5.4)" in texts
    assert game.state.unit("jed").burning is not None  # R22.6.1: set burning
    assert game.state.unit("rat").hp == 20 and game.state.unit("rat").burning is None  # prone: middle -> outer


def test_without_fire_spread_a_prone_inner_is_shifted(tmp_path):  # R22.6.3, R22.5.3 (a)
    game, _ = molotov_on_two_prone(tmp_path, ())
    assert game.state.unit("jed").hp == 18 and game.state.unit("jed").burning is None  # middle: 10


def test_a_frag_grenade_lights_nothing_so_prone_is_shifted(tmp_path):  # R22.6.3
    game = throw_game(
        tmp_path, ana(None, thrown={"frag_grenade": 1}), jed(None, pose="prone"), rows=None, modules=("fire_spread",)
    )
    game.play("gm dice 41 5 5 5")  # 3d6+17 = 32
    game.play("throw ana frag_grenade at 9cm")
    game.play("gm blast jed=inner")
    assert game.state.unit("jed").hp == 28 - 21  # prone: inner -> middle, ⌊64/3⌋
