"""Re-roll points (R18.6) through the engine's Game: a refused command leaves the window open, a replay of the
history and undo give the same fight, and `legal_commands` offers exactly the re-rolls a side may buy."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from apcombat.content import load_encounter, load_library
from apcombat.content.paths import content_root
from apcombat.engine import CommandError, Game, legal_commands

sys.path.insert(0, str(Path(__file__).resolve().parent / "modules"))
from suppression_fights import fight


@pytest.fixture(scope="module")
def start(tmp_path_factory: pytest.TempPathFactory):
    path = fight(tmp_path_factory.mktemp("rerolls"), {"rerolls": True, "suppression": True}, points=(4, 2))
    return load_encounter(path, load_library(content_root()))


def test_r18_6_2_a_refused_command_does_not_close_the_window(start) -> None:
    game = Game(start, seed=1)
    game.play_all(["start", "gm dice 99", "shoot ana raider"])
    with pytest.raises(CommandError):
        game.play("shoot ana bob")
    with pytest.raises(CommandError):
        game.play("reroll raiders 1")
    game.play("gm dice 10 5")
    assert game.play("reroll vault 1")[0].text.startswith("re-roll for Vault: die 1")
    assert game.state.side("vault").reroll_points == 2


def test_r18_6_2_legal_commands_offer_the_sides_own_dice_while_it_has_points(start) -> None:
    # R18.6.1, R18.6.2: the active unit's side, its own dice, two points a re-roll; closed by the next command.
    game = Game(start, seed=1)
    game.play_all(["start", "gm dice 10 5", "shoot ana raider"])
    lines = legal_commands(game.state)
    assert [line for line in lines if line.startswith("reroll")] == ["reroll vault 1", "reroll vault 2"]
    game.play_all(["reroll vault 2", "reroll vault 2"])
    assert not [line for line in legal_commands(game.state) if line.startswith("reroll")]  # no points left
    game = Game(start, seed=1)
    game.play_all(["start", "gm dice 10 5", "shoot ana raider", "turn ana N"])
    assert not [line for line in legal_commands(game.state) if line.startswith("reroll")]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**16), places=st.lists(st.integers(1, 3), max_size=2))
def test_r18_6_2_a_replay_and_undo_reproduce_the_re_rolls(start, seed, places) -> None:
    # R18.6.2: the reroll is in the history, so Game.replay (and the load-time check) gives the same fight;
    # undo steps back over it.
    game = Game(start, seed=seed)
    game.play_all(["start", "gm set ana ap=20", "shoot ana raider"])
    before = game.state
    for place in places:
        with contextlib.suppress(CommandError):  # a die the shot did not roll
            game.play(f"reroll vault {place}")
    replayed = Game.replay(start, seed, game.history)
    assert replayed.state == game.state
    assert [event.text for event in replayed.log] == [event.text for event in game.log]
    while len(game.history) > 3:
        game.undo()
    assert game.state == before
