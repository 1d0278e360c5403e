"""The victory screen's summary counts a side's throws (R22): a throw is an attack aimed at a cell (R22.2.1), so
it is one of the side's shots, a hit when the d100 hits (R22.3.2), and its blast's damage to the enemies it
catches is the side's damage dealt — a fight won with grenades said 0 shots and 0 damage."""

from __future__ import annotations

from apcombat.engine import side_summary
from tests.engine.throw_fights import ana, jed, rat, throw_game


def test_a_throws_blast_counts_as_the_throwers_sides_shot_hit_and_damage(tmp_path):
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2)), rat((5, 2)))
    game.play("gm dice 41 4 2 5")  # R22.3.2: 41 hits (60 %); the damage 3d6 4+2+5
    game.play("throw ana frag_grenade 4,2")
    game.play("gm dice 99 3 2 2")  # a miss scattering 2d6 2+2, wherever it lands
    game.play("throw ana frag_grenade 4,2")
    blasts = [event for event in game.log if event.kind == "blast"]
    dealt = sum(event.data["damage"] for event in blasts if event.unit in ("jed", "rat"))
    assert dealt > 0
    summary = side_summary(game.state, game.log)
    assert summary["vault"] == {"shots": 2, "hits": 1, "damage": dealt}
    assert summary["raiders"] == {"shots": 0, "hits": 0, "damage": 0}
