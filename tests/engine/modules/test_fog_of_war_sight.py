"""R21.1: sight without facing, R8.5 one way (E21.1)."""

from __future__ import annotations

from fog_fights import ana, ben, fog_game, jed, moss

from apcombat.engine import unit_marks, view


def test_sight_has_no_facing_and_r8_5_hides_only_the_prone_one(tmp_path):  # R21.1.1, E21.1
    game = fog_game(tmp_path, ana((0, 3)), ben((2, 6)), jed((6, 3)), moss((9, 3), pose="prone"))
    assert {unit.id for unit in view(game.state, "vault").units} == {"ana", "ben", "jed"}
    assert {unit.id for unit in view(game.state, "raiders").units} == {"ana", "ben", "jed", "moss"}


def test_a_sides_marks_number_its_enemies_in_the_order_it_first_saw_them(tmp_path):  # R21.8.1
    # Moss is listed first, but lies prone behind the low wall (R8.5): the vault sees Jed first.
    game = fog_game(tmp_path, ana((0, 3)), moss((9, 3), pose="prone"), jed((6, 3)))
    assert unit_marks(game.state) == {"ana": "V1", "moss": "R1", "jed": "R2"}  # the game master's
    assert unit_marks(view(game.state, "vault")) == {"ana": "V1", "jed": "R1"}  # nothing of Moss
    game.play("gm set moss pose=upright")
    assert unit_marks(view(game.state, "vault")) == {"ana": "V1", "jed": "R1", "moss": "R2"}  # Jed keeps his


def test_a_mark_stays_when_an_enemy_seen_before_goes_out_of_sight(tmp_path):  # R21.8.1
    game = fog_game(tmp_path, ana((0, 3)), moss((9, 3), pose="prone"), jed((6, 3)))
    game.play("gm set moss pose=upright")  # the vault sees Jed (R1), then Moss (R2)
    game.play("gm set jed at=4,0")  # behind the wall: out of the vault's sight
    assert "jed" not in {unit.id for unit in view(game.state, "vault").units}
    assert unit_marks(view(game.state, "vault")) == {"ana": "V1", "moss": "R2"}  # not R1: Moss keeps his mark
