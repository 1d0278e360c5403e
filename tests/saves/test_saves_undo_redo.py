"""Redo plays an undone command again exactly as it went: the same state and dice, and the same events in
the log and in the Markdown export as when it was first played (issue 9, item 3)."""

from __future__ import annotations

from pathlib import Path

from save_helpers import duel

from apcombat.engine import Game
from apcombat.engine.log_export import log_markdown
from apcombat.saves import load_game, save_game
from apcombat.saves.agreement import quickly_agreeing_game

SHOT = ["end", "end", "gm force hit", "shoot ana raider"]  # seed 7: Ana acts first; the shot hits for 4


def shot_game() -> tuple[Game, list]:
    game = Game(duel(), seed=7)
    events = game.play_all(SHOT)
    return game, events[-1:]


def test_a_redone_shot_shows_its_hit_and_damage_again():
    game, shot = shot_game()
    assert shot[0].text == "Ana attacks Raider: 1 hit, 4 damage (33 -> 29 HP)"
    after = (game.state, game.dice.snapshot())
    game.play("undo")
    assert game.state.unit("raider").hp == 33
    redone = game.play("redo")
    assert [event.text for event in redone] == ["redone: shoot ana raider", shot[0].text]
    assert redone[1:] == shot  # the breakdown and the rolls too
    assert (game.state, game.dice.snapshot()) == after
    assert game.log[-2:] == redone


def test_the_markdown_export_of_a_redone_shot_has_its_breakdown_and_damage():
    game, _ = shot_game()
    first = log_markdown(game.state, game.log)
    game.play_all(["undo", "redo"])
    exported = log_markdown(game.state, game.log)
    assert "- undone: shoot ana raider\n- redone: shoot ana raider\n- Ana attacks Raider: 1 hit, 4 damage" in exported
    shot_part = first[first.index("- Ana attacks Raider") :]
    assert exported.endswith(shot_part)
    assert "damage 1d10+4 = [2]+4 = 6 - 2 armour = 4 -> Raider at 29 HP" in exported


def test_redo_after_a_load_shows_the_same_events(in_tmp):
    game, shot = shot_game()
    game.play("undo")
    loaded = load_game(save_game(game, Path("saves/undone")))
    assert loaded.play("redo")[1:] == shot
    game.play("redo")
    assert (loaded.state, loaded.log[-1]) == (game.state, game.log[-1])


def test_redo_in_dice_mode_replays_the_typed_dice_without_asking_again():
    asked = []

    def person(request):
        asked.append(request.sides)
        return 1  # a d100 of 1: a critical hit; then every die typed as 1

    game = Game(duel(), seed=7)
    game.play_all(["end", "end"])
    game.dice.ask = person
    shot = game.play("shoot ana raider")
    typed = len(asked)
    assert typed and game.history[-1].typed_dice
    game.play("undo")
    assert game.play("redo")[1:] == shot
    assert len(asked) == typed


def test_undo_and_redo_after_a_load_keep_the_typed_dice_exact(in_tmp):
    game = Game(duel(), seed=7, ask=lambda request: 6)
    game.play_all(["end", "end", "shoot ana raider", "gm dice 4"])
    path = save_game(game, Path("saves/typed"))
    assert quickly_agreeing_game(path.read_text(encoding="utf-8")) is not None  # typed dice: [[history]] tables
    loaded = load_game(path)
    for line in ["undo", "undo", "redo", "undo", "undo", "redo", "redo", "redo"]:
        assert loaded.play(line) == game.play(line)
        assert (loaded.state, loaded.dice.snapshot(), loaded.history) == (
            game.state,
            game.dice.snapshot(),
            game.history,
        )
