"""QA of R22's refusals: each one sentence that names its rule (R22.2.1), also where the wrong form of `throw` is
typed for the mode (a cell at the table, a distance on a map) and where `gm set WHO thrown.ID=N` is refused."""

from __future__ import annotations

import pytest

from apcombat.engine import CommandError
from tests.engine.throw_fights import ana, jed, throw_game


def test_a_distance_on_a_map_names_the_rule(tmp_path):  # R22.2.1: on a map a throw aims at a cell X,Y
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2)))
    with pytest.raises(
        CommandError, match=r"^'at Ncm' is for table mode; on the map throw at a cell X,Y \(R22\.2\.1\)$"
    ):
        game.play("throw ana frag_grenade at 12cm")


def test_a_cell_at_the_table_names_the_rule(tmp_path):  # R22.9.1: at the table a throw aims at a distance
    game = throw_game(tmp_path, ana(None, thrown={"frag_grenade": 2}), jed(None), rows=None)
    with pytest.raises(CommandError, match=r"e\.g\. throw ana frag_grenade at 12cm \(R22\.9\.1\)$"):
        game.play("throw ana frag_grenade 4,2")


@pytest.mark.parametrize("count", ["100", "-1", "two", "1.5", ""])
def test_a_count_outside_0_to_99_names_the_rule(tmp_path, count):  # R22.1.2: 0 to 99
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2)))
    with pytest.raises(
        CommandError, match=r"^thrown\.frag_grenade must be a whole number from 0 to 99, .* \(R22\.1\.2\)$"
    ):
        game.play(f"gm set ana thrown.frag_grenade={count}")
    assert game.state.unit("ana").thrown_count("frag_grenade") == 2


def test_gm_set_thrown_with_no_weapon_named(tmp_path):  # R22.1.2: thrown.ID, the ID not left out
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2)))
    with pytest.raises(CommandError) as refused:
        game.play("gm set ana thrown.=1")
    assert str(refused.value) == ("thrown.: name the thrown weapon after the dot, e.g. thrown.frag_grenade=2 (R22.1.2)")


def test_the_log_throws_a_stick_of_dynamite(tmp_path):  # R22.10: "Dynamite (a lit stick)", never "a dynamite"
    game = throw_game(tmp_path, ana((0, 2), thrown={"dynamite": 1}), jed((8, 4)))  # out of the blast
    game.play("gm dice 10")
    events = game.play("throw ana dynamite 4,2")
    assert events[0].text.startswith("Ana throws a stick of dynamite at 4,2: ")
    with pytest.raises(CommandError, match=r"^Ana has no stick of dynamite left \(R22\.1\.2\)$"):
        game.play("throw ana dynamite 4,2")
