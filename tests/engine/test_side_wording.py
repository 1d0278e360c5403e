"""How the log names a side (issue 22 item 10): the AI's deck choice says whose it is, and a side's name takes
its verb and possessive by one rule — a name ending in "s" is plural ("Raiders hold", "Raiders'"), any other
singular ("Vault holds", "Vault's")."""

from __future__ import annotations

from pathlib import Path

import pytest

from apcombat.dice import DiceRequest
from apcombat.engine import CommandError, Game

from .test_activation_deck import chosen_game, deck_fight


def test_r18_5_1_the_log_names_the_side_an_ai_chose_a_card_for(tmp_path: Path) -> None:
    # R18.5.1: the sides choose before anyone acts: the log's AI line names the side, not "?".
    game = chosen_game(tmp_path, d6="2 6")
    events = game.play("hold raiders raider", reason="Raider can shoot first")
    assert events[0].text == "AI (Raiders) hold raiders raider: Raider can shoot first"


def test_r18_5_1_a_plural_side_name_takes_a_plural_verb_and_a_singular_one_a_singular(tmp_path: Path) -> None:
    game = chosen_game(tmp_path, d6="2 6")
    said = [event.text for event in game.play("hold raiders raider")]
    assert "Raiders hold Raider's card (R18.5.1)" in said
    with pytest.raises(CommandError, match=r"^Raiders already hold Raider's card this round"):
        game.play("hold raiders bob")
    said = [event.text for event in game.play("end")]  # play begins: Vault chose nothing
    assert "Vault chose no card: it holds Ana's, its first character in the fight (R18.5.1)" in said


def test_r18_5_1_a_plural_side_name_takes_an_apostrophe_alone(tmp_path: Path) -> None:
    game = chosen_game(tmp_path, d6="2 6")
    with pytest.raises(CommandError, match=r"no unit 'zed': Raiders' characters are raider, bob$"):
        game.play("hold raiders zed")
    with pytest.raises(CommandError, match=r"no unit 'zed': Vault's characters are ana, cid$"):
        game.play("hold vault zed")


def test_r18_5_1_a_side_that_chose_nothing_is_they_when_its_name_is_plural(tmp_path: Path) -> None:
    game = chosen_game(tmp_path, d6="6 2")
    game.play("hold vault ana")
    said = [event.text for event in game.play("end")]
    assert "Raiders chose no card: they hold Raider's, their first character in the fight (R18.5.1)" in said


def test_r18_5_1_the_activation_d6_asked_of_a_person_names_the_side_by_the_rule(tmp_path: Path) -> None:
    asked: list[str] = []

    def ask(request: DiceRequest) -> int:
        asked.append(request.purpose)
        return 3 if "Vault" in request.purpose else 5

    game = Game(deck_fight(tmp_path), seed=5, ask=ask)
    game.play("start")
    assert "Raiders' activation d6 (R18.5.1)" in asked and "Vault's activation d6 (R18.5.1)" in asked
