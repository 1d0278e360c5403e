"""What the players' view shows beyond HP (issue 28, item 7): `gm show reasons|statuses on|off` is a line of the
command language — logged as a game master's line, undone and redone, kept in saves — and both are off in a new
fight."""

from __future__ import annotations

import pytest
from save_helpers import duel_game

from apcombat.engine import CommandError, GmShowSwitch, format_command
from apcombat.model import HpShown, PlayersShown
from apcombat.saves import load_game, save_game


def test_both_switches_are_off_in_a_new_fight():
    assert duel_game().state.players_shown == PlayersShown(reasons=False, statuses=False)


def test_gm_show_turns_a_switch_on_and_off_and_says_so_in_a_gm_line():
    game = duel_game()
    events = game.play("gm show reasons on")
    assert game.state.players_shown == PlayersShown(reasons=True, statuses=False)
    assert [(event.kind, event.text) for event in events] == [
        ("gm", "game master: the players' view shows the AI's reasons")  # R21.7.4: never shown to the players
    ]
    events = game.play("gm show statuses on")
    assert events[0].text == "game master: the players' view shows the statuses of enemies whose HP it hides"
    game.play("gm show reasons off")
    assert game.state.players_shown == PlayersShown(reasons=False, statuses=True)
    assert game.history[-1].line == "gm show reasons off"


def test_a_switch_is_undone_and_redone():
    game = duel_game()
    game.play_all(["gm show statuses on"])
    game.undo()
    assert game.state.players_shown.statuses is False
    game.redo()
    assert game.state.players_shown.statuses is True


def test_the_switches_come_back_from_a_save(tmp_path):
    game = duel_game()
    game.play_all(["gm show reasons on", "gm show statuses on"])
    loaded = load_game(save_game(game, tmp_path / "shown.toml"))
    assert loaded.state.players_shown == PlayersShown(reasons=True, statuses=True) and loaded.state == game.state
    loaded.undo()
    assert loaded.state.players_shown == PlayersShown(reasons=True, statuses=False)


def test_a_side_called_reasons_still_has_its_hp_shown():
    # The last word tells the two lines apart: on|off is a switch, exact|words|hidden a side's HP.
    assert format_command(GmShowSwitch("reasons", True)) == "gm show reasons on"
    game = duel_game()
    with pytest.raises(CommandError, match="no side 'reasons': the sides are vault, raiders"):
        game.play("gm show reasons exact")
    game.play("gm show raiders hidden")
    assert game.state.side("raiders").hp_shown is HpShown.HIDDEN


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("gm show reasons", "missing on or off"),
        ("gm show statuses maybe", "'maybe': gm show statuses takes on or off"),
        ("gm show raiders on", "'raiders': only reasons and statuses are turned on or off"),
        ("gm show reasons on now", "unexpected 'now'"),
    ],
)
def test_a_wrong_switch_is_one_sentence_with_its_usage(line, message):
    with pytest.raises(CommandError) as refused:
        duel_game().play(line)
    assert str(refused.value).startswith(message)
    assert str(refused.value).endswith("usage: gm show SIDE exact|words|hidden, or gm show reasons|statuses on|off")
