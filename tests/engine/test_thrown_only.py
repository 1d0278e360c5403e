"""A character carrying thrown weapons and no gun (`weapons = []`, R22.1.2: a thrown weapon is never in
`weapons`): `apcombat check` accepts it, so every command and the legal list must take it without a traceback."""

from __future__ import annotations

import pytest

from apcombat.engine import CommandError, legal_commands
from tests.engine.throw_fights import ana, jed, throw_game


def grenadier_only(tmp_path):
    return throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}, weapons=[]), jed((4, 2)))


def test_reload_with_no_gun_is_one_sentence(tmp_path):  # R19.1, R22.1.2
    game = grenadier_only(tmp_path)
    assert game.state.unit("ana").weapons == ()
    with pytest.raises(CommandError, match=r"^Ana has nothing to reload$"):
        game.play("reload ana")


def test_the_legal_list_of_a_thrower_with_no_gun_names_its_throws(tmp_path):  # R22.2.1, legal_commands
    game = grenadier_only(tmp_path)
    lines = legal_commands(game.state)
    assert "throw ana frag_grenade 4,2" in lines
    assert not any(line.startswith("reload") for line in lines)


def test_swap_with_no_gun_says_so(tmp_path):  # R19.1, R22.1.2: the grenade stays on the belt
    game = grenadier_only(tmp_path)
    with pytest.raises(
        CommandError, match=r"^Ana carries no weapon to take in hand: a thrown weapon never is \(R22\.1\.2\)$"
    ):
        game.play("swap ana")
