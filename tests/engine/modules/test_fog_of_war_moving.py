"""R21.6: moving under the fog — the stop on a new sighting (R21.6.1), paths, previews and jumps judged on the
side's view, bumping into an unseen character (R21.6.2); R21.9.2: `legal_commands` and `preview` by the view."""

from __future__ import annotations

import pytest
from fog_fights import ana, fog_game, jed, moss, rat
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apcombat.engine import CommandError, apply, legal_commands, parse_command, preview, view
from apcombat.engine.game import Game


def test_a_move_stops_after_the_step_that_shows_a_new_enemy(tmp_path):  # R21.6.1
    game = fog_game(tmp_path, ana((9, 0), facing="W"), jed((4, 6)))
    assert "jed" not in {unit.id for unit in view(game.state, "vault").units}
    events = game.play("move ana 4,0")
    ana_now = game.state.unit("ana")
    assert ana_now.at == (6, 0)  # 8,0 and 7,0 have no line to 4,6; 6,0 has: the move stops there
    assert ana_now.ap == 5  # the AP of the three steps taken, and no more
    move = next(event for event in events if event.kind == "move")
    assert move.data["path"] == [[8, 0], [7, 0], [6, 0]]
    assert "jed" in {unit.id for unit in view(game.state, "vault").units}
    game.play("move ana 4,0")  # the move goes on with the AP left (R16.2's interrupted move)
    assert game.state.unit("ana").at == (4, 0)


def test_an_enemy_seen_before_stops_no_move(tmp_path):  # R21.6.1
    game = fog_game(tmp_path, ana((0, 0), facing="S"), jed((4, 6)))
    game.play("move ana 0,6")  # every cell of column 0 has the line to 4,6
    assert game.state.unit("ana").at == (0, 6)


def test_a_move_with_the_fog_off_walks_on(tmp_path):  # R21: with the module off nothing applies
    game = fog_game(tmp_path, ana((9, 0), facing="W"), jed((4, 6)), modules=())
    game.play("move ana 4,0")
    assert game.state.unit("ana").at == (4, 0)


def _run_up(folder):
    """Ana runs up two steps east to 6,3 (R15.1); Moss lies prone at 9,3 behind the low wall 8,3 (R8.5)."""
    game = fog_game(folder, ana((4, 3), facing="E"), moss((9, 3), pose="prone"))
    game.play("move ana 6,3")
    return game


def test_a_jump_onto_an_unseen_character_is_not_made_and_costs_nothing(tmp_path):  # R21.6.2
    # Moss lies prone behind the low wall 8,3: Ana at 6,3 does not see him (R8.5), so 9,3 looks free to her
    game = _run_up(tmp_path)
    assert "moss" not in {unit.id for unit in view(game.state, "vault").units}
    assert "jump ana 9,3" in legal_commands(game.state)  # listed: her side's view shows the cell free
    events = game.play("jump ana 9,3")
    texts = [event.text for event in events]
    assert "the landing cell 9,3 is taken: Moss is there (R21.6.2)" in texts
    assert game.state.unit("ana").at == (6, 3)
    assert game.state.unit("ana").ap == 6  # no AP spent on the jump
    # she has bumped into him: her side sees him until he leaves the cell (R21.1.2)
    assert "moss" in game.state.side("vault").slots.fog_of_war.seen
    assert ("moss", (9, 3)) in game.state.side("vault").slots.fog_of_war.bumped
    assert "jump ana 9,3" not in legal_commands(game.state)
    with pytest.raises(CommandError, match="occupied"):
        game.play("jump ana 9,3")


def test_the_bump_ends_when_the_bumped_one_leaves_its_cell(tmp_path):  # R21.1.2, R21.6.2
    game = _run_up(tmp_path)
    game.play("jump ana 9,3")
    game.play("end")  # Moss's turn
    game.play("move moss 9,4")
    fog = game.state.side("vault").slots.fog_of_war
    assert fog.bumped == ()


def test_paths_go_through_the_cells_of_unseen_characters(tmp_path):  # R21.6.2, R21.9.2
    # Rat lies hidden at 9,2: the vault's view shows the cell free, so Ana's walk north goes through it
    game = fog_game(tmp_path, ana((9, 5), facing="N"), rat((9, 2), hidden=True))
    seen = preview(game.state, parse_command("move ana 9,0"))
    assert seen.allowed
    assert [step.cell for step in seen.path] == [(9, 4), (9, 3), (9, 2), (9, 1), (9, 0)]
    assert "move ana 9,0" in legal_commands(game.state)


def _vault_and_rat(folder, rat_at):
    folder.mkdir(parents=True, exist_ok=True)
    return fog_game(folder, ana((0, 0), facing="E"), jed((2, 2)), rat(rat_at, hidden=True))


HIDING_PLACES = [(9, 2), (9, 3), (7, 3), (6, 6), (4, 2), (6, 5)]
"""Cells of the yard beside a wall or a low obstacle, far from Ana at 0,0."""


def test_legal_lines_depend_only_on_the_view(tmp_path):  # R21.9.2, R21.8.7
    one, other = _vault_and_rat(tmp_path / "one", (9, 2)), _vault_and_rat(tmp_path / "two", (6, 6))
    assert view(one.state, "vault").units == view(other.state, "vault").units
    assert legal_commands(one.state) == legal_commands(other.state)
    assert preview(one.state, parse_command("move ana 9,2")) == preview(other.state, parse_command("move ana 9,2"))


def test_every_listed_line_is_accepted_on_the_real_state(tmp_path):  # R21.9.2
    game = _vault_and_rat(tmp_path, (4, 2))
    dice = Game(game.state, seed=1).dice_source
    for line in legal_commands(game.state):
        apply(game.state, parse_command(line), dice)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rat_at=st.sampled_from(HIDING_PLACES))
def test_legal_lines_are_the_same_wherever_the_hidden_enemy_is(tmp_path_factory, rat_at):  # R21.9.2
    folder = tmp_path_factory.mktemp("fog")
    game, base = _vault_and_rat(folder / "one", rat_at), _vault_and_rat(folder / "base", (9, 2))
    assert legal_commands(game.state) == legal_commands(base.state)
