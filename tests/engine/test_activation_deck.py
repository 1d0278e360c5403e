"""The activation deck (R18.5) through the engine: what `legal_commands` offers while the sides choose and
in a turn, replays and undo of deck draws, and the AI's choices (both levels)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hang_watchdog import watchdog

from apcombat.ai.baseline import BaselineLevel
from apcombat.ai.tactical import TacticalLevel
from apcombat.ai.tactical.planner import FailingDice
from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import CommandError, Game, apply, legal_commands, parse_command, preview
from apcombat.engine.modules.activation_deck.deck import side_asked
from apcombat.model import Encounter

from .builders import encounter, unit, write_encounter

WATCHDOG_S = 60  # only catches a hang: the look-ahead's dice once tied for ever here


def deck_fight(tmp_path: Path, raider_at: tuple[int, int] = (5, 0), bob_at: tuple[int, int] = (11, 6)) -> Encounter:
    """Ana and Cid (vault) against Raider and Bob (raiders) on the open 12 x 7 map, the deck on."""
    units = [
        unit("ana", "vault", (0, 0), facing="E"),
        unit("cid", "vault", (0, 6), facing="E"),
        unit("raider", "raiders", raider_at, facing="W"),
        unit("bob", "raiders", bob_at, facing="W"),
    ]
    data = encounter(units)
    data["modules"] = {"activation_deck": True}
    return load_encounter(write_encounter(tmp_path / "deck.toml", data), load_library(content_root()))


def chosen_game(tmp_path: Path, d6: str = "6 2") -> Game:
    game = Game(deck_fight(tmp_path), seed=5)
    game.play(f"gm dice {d6}")
    game.play("start")
    return game


def test_r18_5_1_the_side_asked_is_offered_last_and_its_cards(tmp_path: Path) -> None:
    # R18.5.1: the winner first: going last, then its cards; once it holds, the other side is asked.
    game = chosen_game(tmp_path)
    assert side_asked(game.state) == "vault"
    assert legal_commands(game.state) == ["last vault", "hold vault ana", "hold vault cid"]
    game.play("hold vault cid")
    assert side_asked(game.state) == "raiders"
    assert legal_commands(game.state) == ["hold raiders raider", "hold raiders bob"]
    game.play("hold raiders bob")
    assert side_asked(game.state) is None and game.state.active == "cid"


def test_r18_5_3_delay_is_never_listed_with_the_deck(tmp_path: Path) -> None:
    # R18.5.3: no delay with the deck; end is still offered.
    game = chosen_game(tmp_path)
    game.play_all(["hold vault ana", "hold raiders raider"])
    lines = legal_commands(game.state)
    assert "end" in lines and not any(line.startswith("delay") for line in lines)
    with pytest.raises(CommandError, match=r"no delay with the activation deck \(R18.5.3\)"):
        game.play("delay ana")


def test_r18_5_2_a_replay_and_undo_keep_the_deck_draws(tmp_path: Path) -> None:
    # R18.5.2: the draws go through the dice source: a replay of the history reaches the same state, and undo
    # steps back over a draw.
    game = chosen_game(tmp_path)
    game.play_all(["hold vault ana", "hold raiders raider", "end", "end", "end"])
    replayed = Game.replay(game.start, game.seed, game.history)
    assert replayed.state == game.state
    before = Game.replay(game.start, game.seed, game.history[:-1]).state
    game.play("undo")
    assert game.state == before
    assert game.state.deck is not None and game.state.deck.cards_left == 1  # one drawn, one to come


@pytest.mark.parametrize("level", [BaselineLevel(), TacticalLevel()], ids=["baseline", "tactical"])
def test_r18_5_1_the_ai_holds_the_card_that_can_shoot_first(tmp_path: Path, level) -> None:
    # R18.5.1: Raider stands 5 m from Ana in the open, Bob far away: the raiders' AI holds Raider's card.
    game = chosen_game(tmp_path, d6="2 6")
    decision = level.decide(game.state, random.Random(1))
    assert decision.line == "hold raiders raider", decision.reason
    assert "R18.5.1" in decision.reason


@pytest.mark.parametrize("level", [BaselineLevel(), TacticalLevel()], ids=["baseline", "tactical"])
def test_r18_5_1_the_ai_goes_last_when_nobody_can_hit_anybody(tmp_path: Path, level) -> None:
    # R18.5.1: behind a wall nobody sees anybody: the winner lets the enemy move first.
    units = [
        unit("ana", "vault", (0, 0), facing="E"),
        unit("raider", "raiders", (11, 0), facing="W"),
    ]
    data = encounter(units, rows=("......#.....", "......#.....", "......#....."))
    data["modules"] = {"activation_deck": True}
    start = load_encounter(write_encounter(tmp_path / "walled.toml", data), load_library(content_root()))
    game = Game(start, seed=5)
    game.play_all(["gm dice 2 6", "start"])
    decision = level.decide(game.state, random.Random(1))
    assert decision.line == "last raiders", decision.reason
    game.play(decision.line)
    assert legal_commands(game.state) == ["hold vault ana"]


def test_r18_5_the_ais_play_a_deck_fight_to_the_end_with_no_illegal_line() -> None:
    # R18.5: baseline against tactical on the shipped deck encounter: every choice and turn legal.
    from apcombat.sim.match import play_match

    start = load_encounter(content_root() / "encounters" / "scrapyard_cards.toml", load_library(content_root()))
    result = play_match(start, seed=3, ais={"scavengers": "baseline", "raiders": "tactical"}, max_rounds=8)
    assert dict(result.illegal) == {"baseline": 0, "tactical": 0}
    holds = [entry.line for entry in result.history if entry.line.startswith("hold ")]
    assert holds and all(entry.reason for entry in result.history if entry.line.startswith("hold "))


def test_r18_5_the_players_view_shows_the_held_cards_and_the_cards_left(tmp_path: Path) -> None:
    # R18.5.1: the page beside the table says whom the deck asks, then the held cards and the cards left.
    from apcombat.players_view.page import fight_html

    game = chosen_game(tmp_path)
    assert "Deck: Vault &gt; Raiders; Vault chooses a card" in fight_html(game.state, [])
    game.play_all(["hold vault cid", "hold raiders bob"])
    assert "Deck: Vault &gt; Raiders; held Cid ✓, Bob; 3 cards left" in fight_html(game.state, [])  # Cid acts


def test_r18_5_1_dice_that_tie_a_hundred_times_running_are_refused_and_nothing_changes(tmp_path: Path) -> None:
    # R18.5.1 (issue 22 item 0): the sides' d6 and every re-roll show 6 — a hundred re-rolls tied after the
    # first d6: the command is refused in one sentence instead of rolling for ever; state and dice as before.
    game = Game(deck_fight(tmp_path), seed=5)
    game.play("gm dice " + " ".join(["6"] * (2 + 2 * 100)))
    before, dice, history = game.state, game.dice.snapshot(), list(game.history)
    with watchdog(WATCHDOG_S), pytest.raises(CommandError) as refused:
        game.play("start")
    assert str(refused.value) == (
        "the sides' activation d6 tied again 100 times running, which fair dice do not do: nothing was played — "
        "give the command again with other dice (R18.5.1)"
    )
    assert game.state == before and game.dice.snapshot() == dice and game.history == history


def test_r18_5_1_a_tie_of_99_re_rolls_is_still_rolled_out(tmp_path: Path) -> None:
    # R18.5.1: 99 tied re-rolls, the hundredth breaks the tie: the round begins.
    game = Game(deck_fight(tmp_path), seed=5)
    game.play("gm dice " + " ".join(["6"] * (2 + 2 * 99)) + " 2 3")
    game.play("start")
    assert game.state.deck is not None and game.state.deck.sides == ("raiders", "vault")


def last_card(tmp_path: Path) -> Game:
    """Round 1 with the deck, at its last card (Cid's): his `end` ends the round and rolls the sides' d6."""
    game = chosen_game(tmp_path)
    game.play_all(["hold vault ana", "hold raiders raider", "end", "end", "end"])
    assert game.state.active == "cid" and game.state.deck is not None and game.state.deck.cards_left == 0
    return game


def test_r18_5_1_the_tactical_look_ahead_ending_the_round_breaks_the_tie(tmp_path: Path) -> None:
    # Issue 22 item 0: the look-ahead's dice show their lowest face, so both sides' d6 are 1; the re-rolls
    # for the tie step up (1, then 2) and the round begins, instead of tying for ever.
    state = last_card(tmp_path).state
    with watchdog(WATCHDOG_S):
        after, _ = apply(state, parse_command("end"), FailingDice())
    assert after.round == 2 and after.deck is not None
    assert [(roll.side, roll.rolls) for roll in after.deck.rolls] == [("raiders", (1, 2)), ("vault", (1, 1))]


def test_r18_5_1_the_preview_of_the_end_that_ends_the_round_plays_it_out(tmp_path: Path) -> None:
    # The preview plays the command with every die low, then every die high: the tie breaks both ways, so it
    # says what the end costs and which roll decides the rest.
    shown = preview(last_card(tmp_path).state, parse_command("end"))
    assert shown.allowed and shown.lines == ("0 AP; the outcome needs a roll: d6 for Vault's activation d6 (R18.5.1)",)
