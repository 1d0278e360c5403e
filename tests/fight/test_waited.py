"""What a human side waited through (apcombat.fight.waited), without Textual: each command of another side with
its reason, acting unit, target, shot line and effect on the viewing side's units; the stretch handed back once
when control comes back; undo takes back what it undid; hot-seat hands each side the other's commands."""

from __future__ import annotations

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game
from apcombat.fight import Fight

from .test_fight import SEED, Scripted


def duel_game() -> Game:
    game = Game(load_encounter(content_root(None) / "encounters" / "duel.toml", load_library(content_root(None))), SEED)
    game.play("start")
    return game


def ai_turn(fight: Fight) -> None:
    while fight.ai_side() is not None:
        fight.ai_step()


def test_the_stretch_lists_the_ais_commands_with_reason_target_and_effect_on_the_viewing_side() -> None:
    game = duel_game()
    fight = Fight(game, {"raiders": Scripted("shoot raider ana burst", "cover raider")})
    assert fight.viewing_side() == "vault" and fight.waiting.control_back() is None  # nothing waited yet
    game.play("end")
    game.play("gm dice 5 5 5 5 5 5")  # the burst's rounds hit
    assert fight.side_in_control() is None and fight.viewing_side() == "vault"  # the AI is in control
    hp = game.state.unit("ana").hp
    ai_turn(fight)
    stretch = fight.waiting.control_back()
    assert stretch is not None and stretch.viewing == "vault"
    shot, cover, end = stretch.actions  # the game master's line is no side's action
    assert (shot.side, shot.unit, shot.target, shot.line) == ("raiders", "raider", "ana", "shoot raider ana burst")
    assert shot.reason == "scripted: shoot raider ana burst"
    assert shot.shot[0] == game.state.unit("raider").at and shot.shot[-1] == game.state.unit("ana").at
    lost = hp - game.state.unit("ana").hp
    assert lost > 0 and shot.hp_lost() == {"ana": lost}
    (effect,) = shot.effects_on("vault")
    assert (effect.unit, effect.hp_before, effect.hp_after) == ("ana", hp, hp - lost)
    assert shot.effects_on("raiders") == ()  # the raider's own side lost nothing
    assert stretch.lines()[0].startswith("round 1: R1 Raider attacks Ana") and f"({'-'}{lost})" in stretch.lines()[0]
    assert cover.target is None and cover.effects_on("vault") == () and end.line == "end"
    assert fight.waiting.control_back() is None  # handed back once


def test_a_unit_that_goes_down_is_said_down() -> None:
    game = duel_game()
    fight = Fight(game, {"raiders": Scripted("shoot raider ana burst")})
    game.play("gm hp ana -30")
    game.play("end")
    game.play("gm dice 5 5 5 5 5 5 5 5 5")
    ai_turn(fight)
    stretch = fight.waiting.control_back()
    assert stretch is not None
    (effect,) = next(action for action in stretch.actions if action.target == "ana").effects_on("vault")
    assert effect.went_down and "down" in effect.words()


def test_undo_takes_back_what_it_undid() -> None:
    game = duel_game()
    fight = Fight(game, {"raiders": Scripted("pose raider crouched")})
    game.play("end")
    fight.ai_step()
    assert [action.line for action in fight.waiting.actions] == ["end", "pose raider crouched"]
    game.undo()
    assert [action.line for action in fight.waiting.actions] == ["end"]


def test_hot_seat_each_side_is_handed_the_others_commands_since_its_own_last() -> None:
    game = duel_game()
    fight = Fight(game, {})  # both sides human
    game.play("pose ana crouched")
    game.play("end")
    assert fight.viewing_side() == "raiders"
    stretch = fight.waiting.control_back()
    assert stretch is not None and [action.line for action in stretch.actions] == ["pose ana crouched", "end"]
    game.play("end")
    stretch = fight.waiting.control_back()
    assert stretch is not None and stretch.viewing == "vault"
    assert [action.line for action in stretch.actions] == ["end"]  # not Ana's own commands
