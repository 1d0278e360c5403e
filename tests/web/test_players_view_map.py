"""Issue 28, item 7: the battlefield on the players' page in map mode — as the page's side knows it (R21.8.1,
R21.8.6: `view(state, side)`; the fog off: everything) — its cells, the units with their marks, the side's
last-seen marks (R21.2) and the last action's line; table mode has no map."""

from __future__ import annotations

import re

from apcombat.engine import side_log, view
from apcombat.players_view import FollowedSave, fight_html
from apcombat.saves import save_game
from tests.engine.throw_fights import MAP_B, MAP_D, ana, jed, rat, throw_game

BRUSH = {"b": "brush"}  # R22.11 D's dry brush


def drawn_at(page: str, cell: tuple[int, int]) -> bool:
    """Whether the map draws a unit or a mark at `cell` (its centre)."""
    return f"translate({cell[0] + 0.5:g} {cell[1] + 0.5:g})" in page


def last_line(page: str) -> str | None:
    found = re.search(r'<polyline class="last" points="([^"]*)"', page)
    return found[1] if found else None


def side_page(game, side: str) -> str:
    """The page `apcombat serve --watch --side SIDE` shows (R21.8.6)."""
    return fight_html(view(game.state, side), side_log(game.log, side), viewing=side)


def test_the_map_shows_the_cells_and_every_unit_with_its_mark_when_the_fog_is_off(tmp_path):
    game = throw_game(tmp_path, ana((0, 2)), jed((4, 2)), rat((8, 2)), rows=MAP_B)
    page = fight_html(game.state, game.log)
    assert '<svg viewBox="0 0 10 5" role="img"' in page
    assert '<rect class="wall" x="4" y="1" width="2" height="1"/>' in page  # a row's run of walls, one shape
    assert '<rect class="wall" x="6" y="2" width="1" height="1"/>' in page
    assert all(drawn_at(page, cell) for cell in [(0, 2), (4, 2), (8, 2)])  # R21 off: everyone is known
    assert '<g class="unit s0 acting"' in page and ">V1</text>" in page and ">R2</text>" in page
    assert "Rat (R2, Raiders) at 8,2 facing north" in page  # the picture in words, for a screen reader


def test_a_sides_map_never_shows_a_hidden_enemys_cell(tmp_path):
    # R21.8.1: Rat stands behind the corner's walls, out of every vault character's sight.
    game = throw_game(tmp_path, ana((0, 2)), jed((4, 2)), rat((8, 2)), rows=MAP_B, modules=("fog_of_war",))
    vault = side_page(game, "vault")
    assert drawn_at(vault, (4, 2)) and not drawn_at(vault, (8, 2))
    assert "8,2" not in vault and not re.search(r"\bRat\b", vault) and ">R2<" not in vault
    raiders = side_page(game, "raiders")  # the raiders' page: its own Rat, and Ana whom Jed sees
    assert drawn_at(raiders, (8, 2)) and drawn_at(raiders, (0, 2))


def test_a_sides_map_shows_where_it_last_saw_an_enemy_and_only_the_cells_it_saw_it_move(tmp_path):
    game = throw_game(tmp_path, ana((0, 2)), jed((5, 4)), rows=MAP_B, modules=("fog_of_war",))
    game.play_all(["end", "move jed 7,3"])  # behind the walls at 6,2 and 6,3
    vault = side_page(game, "vault")
    assert not drawn_at(vault, (7, 3))
    assert '<g class="seen s1" transform="translate(7.5 4.5)">' in vault  # R21.2: its mark, in the raiders' red
    assert "an enemy last seen at 7,4" in vault
    assert last_line(vault) == "5.5,4.5 6.5,4.5 7.5,4.5"  # R21.8.3: the cells the vault saw it at, no more
    assert last_line(side_page(game, "raiders")) == "5.5,4.5 6.5,4.5 7.5,4.5 7.5,3.5"  # its own: the whole move


def test_the_last_actions_line_is_the_move_then_the_shot(tmp_path):
    game = throw_game(tmp_path, ana((0, 2)), jed((4, 2)), rows=MAP_D, legend=BRUSH)
    game.play("move ana 1,2")
    page = fight_html(game.state, game.log)
    assert last_line(page) == "0.5,2.5 1.5,2.5"
    assert "the last action: Ana moves 0,2 -&gt; 1,2" in page
    game.play("shoot ana jed")
    page = fight_html(game.state, game.log)
    assert last_line(page) == "1.5,2.5 4.5,2.5"  # from the shooter to its target
    assert "the last action: Ana attacks Jed" in page
    assert '<rect class="brush" x="2" y="1" width="3" height="1"/>' in page  # R18.3.1: dry brush


def test_the_last_actions_words_leave_out_hp_the_page_hides(tmp_path):
    game = throw_game(tmp_path, ana((0, 2)), jed((1, 2)), rows=MAP_D, legend=BRUSH, seed=2)
    game.play_all(["gm show raiders hidden", "shoot ana jed"])
    assert game.log[-1].text.endswith("8 damage (28 -> 20 HP)")  # the game master's log says it
    page = fight_html(game.state, game.log)
    words = re.search(r"<title id=\"map-words\">(.*)</title>", page)
    assert words is not None and "the last action: Ana attacks Jed: 1 hit, 8 damage." in words[1]
    assert " HP" not in words[1]


def test_fires_are_drawn_where_the_brush_burns(tmp_path):
    game = throw_game(tmp_path, ana((0, 0)), jed((6, 3)), rows=MAP_D, legend=BRUSH, modules=("fire_spread",))
    game.play_all(["gm fire 2,1 on", "gm fire 3,1 on"])
    page = fight_html(game.state, game.log)
    assert '<rect class="fire" x="2" y="1" width="2" height="1"/>' in page  # R18.3.1
    assert '<rect class="brush" x="4" y="1" width="1" height="1"/>' in page


def test_table_mode_has_no_map(save):
    assert "<svg" not in FollowedSave(save).view().html and 'class="field"' in FollowedSave(save).view().html


def test_a_saved_map_fight_is_followed_with_its_map(tmp_path):
    game = throw_game(tmp_path, ana((0, 2)), jed((4, 2)), rows=MAP_B)
    game.play("move ana 1,2")
    save_game(game, tmp_path / "autosave.toml")
    page = FollowedSave(tmp_path / "autosave.toml").view().html
    assert '<div class="field with-map">' in page and last_line(page) == "0.5,2.5 1.5,2.5"


def test_a_unit_out_of_the_fight_is_drawn_grey_and_said_down(tmp_path):
    game = throw_game(tmp_path, ana((0, 2)), jed((4, 2)), rows=MAP_B)
    game.play("gm hp jed -28")  # R12.2: down at 0 HP
    page = fight_html(game.state, game.log)
    assert '<g class="unit s1 down" transform="translate(4.5 2.5)">' in page
    assert "Jed (R1, Raiders) at 4,2 facing north (down)" in page
