"""R21.5: attacks only on an enemy the attacker sees, refusals that tell nothing (R21.5.1); R21.2.5's ruling on
R9.3's reacting target under the fog."""

from __future__ import annotations

import pytest
from fog_fights import ana, ben, fog_game, jed, moss

from apcombat.engine import CommandError, legal_commands, parse_command, preview


def _refusal(game, line):
    with pytest.raises(CommandError) as refused:
        game.play(line)
    return str(refused.value)


def test_an_unseen_enemy_and_no_enemy_get_the_same_words(tmp_path):  # R21.5.1, E21.1
    game = fog_game(tmp_path, ana((0, 3)), ben((2, 6)), jed((6, 3)), moss((9, 3), pose="prone"))
    assert _refusal(game, "shoot ana moss") == "Ana sees no enemy moss (R21.5.1)"
    assert _refusal(game, "shoot ana nobody") == "Ana sees no enemy nobody (R21.5.1)"
    assert _refusal(game, "melee ana moss") == "Ana sees no enemy moss (R21.5.1)"


def test_a_command_naming_a_unit_outside_the_view(tmp_path):  # R21.5.1
    game = fog_game(tmp_path, ana((0, 3)), ben((2, 6)), jed((6, 3)), moss((9, 3), pose="prone"))
    assert _refusal(game, "move moss 9,4") == "no unit moss in The Vault's view"
    assert _refusal(game, "move nobody 9,4") == "no unit nobody in The Vault's view"
    assert _refusal(game, "pin ana moss") == "The Vault sees no enemy moss (R21.5.4)"
    for line in ("move nobody 1,1", "shoot ana nobody", "turn nobody N"):
        assert "moss" not in _refusal(game, line)  # a refusal names only units in the view
    assert "moss" not in legal_commands(game.state).__str__()


def test_the_attacker_itself_must_see_the_enemy(tmp_path):  # R21.5.1: not its side
    # the walls 3,1-5,1 and 3,2 hide Jed at 4,2 from Ben at 0,0; Ana at 4,4 sees him
    game = fog_game(tmp_path, ben((0, 0)), ana((4, 4)), jed((4, 2)))
    assert _refusal(game, "shoot ben jed") == "Ben sees no enemy jed (R21.5.1)"
    assert not any(line.startswith(("shoot ben jed", "melee ben jed")) for line in legal_commands(game.state))


def test_seen_enemies_are_attacked_as_before(tmp_path):  # R21.5.1
    game = fog_game(tmp_path, ana((0, 3)), jed((6, 3)))
    assert preview(game.state, parse_command("shoot ana jed")).allowed
    assert "shoot ana jed" in legal_commands(game.state)


def _chance_against(tmp_path, jed_line, modules=("fog_of_war",)):
    # Jed in cover at 7,3 behind the low wall 8,3; Ana shoots across it from 9,4 (R9.2)
    game = fog_game(tmp_path, jed((7, 3), facing="E"), ana((9, 4)), modules=modules)
    game.play("gm set jed in_cover=true")
    game.play(jed_line)
    return preview(game.state, parse_command("shoot ana jed")).expected_hits


def test_a_watch_never_lifts_the_reacting_penalty_under_the_fog(tmp_path):  # R21.2.5, R9.3
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "c").mkdir()
    (tmp_path / "d").mkdir()
    assert _chance_against(tmp_path / "a", "react jed") == _chance_against(tmp_path / "b", "end")
    off = ()
    assert _chance_against(tmp_path / "c", "react jed", off) != _chance_against(tmp_path / "d", "end", off)
