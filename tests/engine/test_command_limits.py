"""What the fuzz round left (issue 29): a line of the command language names at most so many cells and dice —
more than any real turn uses (docs/scripting.md) — and is refused in one sentence before anything is built."""

from __future__ import annotations

import pytest

from apcombat.engine import CommandError, Game
from apcombat.model import limits
from tests.engine.modules.fog_fights import ana, fog_game, jed


def _game(tmp_path) -> Game:
    return fog_game(tmp_path, ana((0, 6)), jed((6, 6)), modules=())


def test_a_move_naming_more_cells_than_any_turn_walks_is_refused(tmp_path):
    # R14.1, R7.1: 50 AP running buy 75 steps; a move names at most 100 cells
    game = _game(tmp_path)
    before = game.state
    with pytest.raises(CommandError) as refused:
        game.play("move ana " + " ".join(["1,6", "0,6"] * 1_000_000))
    message = str(refused.value)
    assert message.startswith("the line names 2,000,000 cells: at most 100 (no unit's AP walks farther, R7.1)")
    assert len(message) < 200 and "\n" not in message
    assert game.state == before


def test_a_move_of_the_most_cells_is_read(tmp_path):
    game = _game(tmp_path)
    words = " ".join(["1,6", "0,6"] * (limits.MOST_WAYPOINTS // 2))
    with pytest.raises(CommandError) as refused:
        game.play(f"move ana {words}")  # read, then refused by the rules: Ana's 8 AP do not walk 100 steps
    assert "the line names" not in str(refused.value)


def test_a_gm_dice_line_of_more_dice_than_a_burst_rolls_is_refused(tmp_path):
    # R0.2, R4.1: a burst fires at most 100 rounds; a line gives at most 1,000 dice
    game = _game(tmp_path)
    with pytest.raises(CommandError) as refused:
        game.play("gm dice " + " ".join(["7"] * 3_000_000))
    message = str(refused.value)
    assert message.startswith(
        "the line names 3,000,000 dice: at most 1,000 (a burst of 100 rounds rolls fewer, R4.1: the rest on a new line)"
    )
    assert "\n" not in message
    assert [entry for entry in game.log if "next rolls" in entry.text] == []


def test_the_most_dice_a_line_gives_are_taken(tmp_path):
    game = _game(tmp_path)
    game.play("gm dice " + " ".join(["7"] * limits.MOST_DICE_TYPED))
    assert game.log[-1].text.startswith("game master: the next rolls are 7 7")
