"""R22.1.2: the players' view shows each character's thrown weapons left ("frag grenade × 2"); under the fog of
war a side's page shows its own characters' only — an enemy's belt is not known."""

from __future__ import annotations

from apcombat.engine import view
from apcombat.players_view import fight_html
from tests.engine.throw_fights import MAP_A, ana, jed, throw_game


def test_the_page_lists_every_characters_thrown_weapons_without_the_fog(tmp_path):
    game = throw_game(
        tmp_path, ana((0, 2), thrown={"frag_grenade": 2, "molotov": 1}), jed((4, 2), thrown={"dynamite": 1})
    )
    page = fight_html(game.state, [])
    assert "frag grenade × 2, molotov cocktail × 1" in page  # R22.1.2
    assert "dynamite × 1" in page
    game.play("throw ana frag_grenade 4,2")
    assert "frag grenade × 1, molotov cocktail × 1" in fight_html(game.state, [])


def test_under_the_fog_a_sides_page_shows_its_own_belts_only(tmp_path):
    game = throw_game(
        tmp_path,
        ana((0, 2), thrown={"frag_grenade": 2}),
        jed((4, 2), thrown={"dynamite": 1}),
        rows=MAP_A,
        modules=("fog_of_war",),
    )
    seen = view(game.state, "vault")
    assert "Jed" in fight_html(seen, [], viewing="vault")  # in sight on open ground
    page = fight_html(seen, [], viewing="vault")
    assert "frag grenade × 2" in page and "dynamite" not in page
    raiders = fight_html(view(game.state, "raiders"), [], viewing="raiders")
    assert "dynamite × 1" in raiders and "frag grenade" not in raiders
