"""R21.2: what a side knows — last-seen marks made, replaced and gone (R21.2.1, R21.2.2), the mark of an unseen
attacker (R21.2.3 a), bodies as last seen (R21.2.4)."""

from __future__ import annotations

from fog_fights import ana, fog_game, jed, moss, rat

from apcombat.engine import marks_of, view
from apcombat.model import Pose
from apcombat.model.fog_state import Mark


def _shown(game, side, unit_id):
    return next((unit for unit in view(game.state, side).units if unit.id == unit_id), None)


def _jed_walks_out_of_sight(tmp_path):
    # Ana at 4,6 sees Jed at 6,0; from 7,0 on the wall 5,1 hides him
    game = fog_game(tmp_path, jed((6, 0), facing="E"), ana((4, 6)))
    game.play("move jed 8,0")
    return game


def test_a_mark_where_the_enemy_was_last_seen(tmp_path):  # R21.2.1
    game = _jed_walks_out_of_sight(tmp_path)
    assert marks_of(game.state, "vault") == (Mark("jed", (6, 0), Pose.UPRIGHT, 1),)  # not 8,0, where it went
    assert _shown(game, "vault", "jed") is None


def test_a_mark_goes_when_the_enemy_is_seen_again(tmp_path):  # R21.2.2 (a)
    game = _jed_walks_out_of_sight(tmp_path)
    game.play("move jed 6,0")
    assert marks_of(game.state, "vault") == ()
    assert _shown(game, "vault", "jed").at == (6, 0)


def test_a_newer_mark_replaces_the_older(tmp_path):  # R21.2.1
    game = _jed_walks_out_of_sight(tmp_path)
    game.play("move jed 7,0")  # still out of sight: the mark stays where he was last seen
    assert marks_of(game.state, "vault") == (Mark("jed", (6, 0), Pose.UPRIGHT, 1),)
    game.play("end")
    game.play("end")
    game.play("move jed 6,0")  # round 2: seen again, then lost again crouched
    game.play("pose jed crouched")
    game.play("move jed 7,0")
    assert marks_of(game.state, "vault") == (Mark("jed", (6, 0), Pose.CROUCHED, 2),)


def test_a_mark_made_in_a_round_goes_at_the_end_of_the_next(tmp_path):  # R21.2.2 (b)
    game = _jed_walks_out_of_sight(tmp_path)
    game.play("end")
    game.play("end")  # the end of round 1: the mark stays
    assert game.state.round == 2
    assert marks_of(game.state, "vault") == (Mark("jed", (6, 0), Pose.UPRIGHT, 1),)
    game.play("end")
    game.play("end")  # the end of round 2: it goes
    assert game.state.round == 3
    assert marks_of(game.state, "vault") == ()


def test_an_unseen_attacker_leaves_a_mark(tmp_path):  # R21.2.3 (a), R21.5.2
    # Moss lies prone behind the low wall 8,3: R8.5 hides him from Ana, who does not see him before or after
    game = fog_game(tmp_path, moss((9, 3), pose="prone"), ana((0, 3)), seed=3)
    assert marks_of(game.state, "vault") == ()
    game.play("shoot moss ana lean")
    assert marks_of(game.state, "vault") == (Mark("moss", (9, 3), Pose.PRONE, 1),)
    assert "moss" in game.state.side("vault").slots.fog_of_war.glimpsed  # shown for that action
    assert _shown(game, "vault", "moss") is None


def _jed_lies_at_6_0(tmp_path, *more):
    game = fog_game(tmp_path, ana((6, 2)), jed((6, 0)), rat((9, 2), hidden=True), modules=more or ("fog_of_war",))
    game.play("gm hp jed -100")
    return game


def test_a_body_is_shown_as_last_seen_until_the_side_looks_again(tmp_path):  # R21.2.4
    game = _jed_lies_at_6_0(tmp_path)
    body = _shown(game, "vault", "jed")
    assert body is not None and body.down and body.at == (6, 0)
    game.play("move ana 4,3")  # 4,3 has no line to 6,0
    game.play("gm set jed hp=20")  # back in the fight, out of the vault's sight
    body = _shown(game, "vault", "jed")
    assert body is not None and body.down  # the vault is not told
    assert marks_of(game.state, "vault") == ()
    game.play("move ana 5,3")  # the line to 6,0 again: Jed seen, in the fight
    assert _shown(game, "vault", "jed").hp == 20


def test_one_that_fled_leaves_the_map_for_every_side(tmp_path):  # R21.2.4
    game = fog_game(tmp_path, ana((6, 2)), jed((6, 0)), rat((9, 2), hidden=True), modules=("fog_of_war", "morale"))
    game.play("gm morale jed broken")
    game.play("gm morale jed flees")
    assert _shown(game, "vault", "jed") is None
    assert marks_of(game.state, "vault") == ()
