"""R21.1: sight without facing, R8.5 one way (E21.1)."""

from __future__ import annotations

from fog_fights import ana, ben, fog_game, jed, moss

from apcombat.engine import view


def test_sight_has_no_facing_and_r8_5_hides_only_the_prone_one(tmp_path):  # R21.1.1, E21.1
    game = fog_game(tmp_path, ana((0, 3)), ben((2, 6)), jed((6, 3)), moss((9, 3), pose="prone"))
    assert {unit.id for unit in view(game.state, "vault").units} == {"ana", "ben", "jed"}
    assert {unit.id for unit in view(game.state, "raiders").units} == {"ana", "ben", "jed", "moss"}
