"""R21.8.3: the log a side is shown — which lines, in which words; the dice each side numbers; an AI's reason."""

from __future__ import annotations

import attrs
import pytest
from fog_fights import ROOT, ana, ben, fog_document, fog_game, jed, moss, rat

from apcombat.content import load_encounter, load_library
from apcombat.engine import CommandError, Event, Game, parse_command, side_log
from apcombat.engine.modules.fog_of_war import FOG_OF_WAR
from apcombat.model import Pin
from apcombat.saves import load_game, save_game
from tests.engine.builders import unit, write_encounter


def texts(game: Game, side: str | None) -> list[str]:
    return [event.text for event in side_log(game.log, side)]


def after(game: Game, first: str, side: str) -> list[str]:
    """`side`'s lines from the first one starting with `first` on."""
    lines = texts(game, side)
    return lines[next(i for i, line in enumerate(lines) if line.startswith(first)) :]


def game_of(tmp_path, *units, seed=1, modules=("fog_of_war",), **rules) -> Game:
    document = fog_document(*units, modules=modules)
    document["optional_rules"] |= rules
    for side in document["side"]:
        side["reroll_points"] = 4 if "rerolls" in modules else 0
        if "rerolls" not in modules:
            del side["reroll_points"]
    encounter = load_encounter(write_encounter(tmp_path / "fog.toml", document), load_library(ROOT / "content"))
    return Game(encounter, seed=seed)


def test_own_lines_are_shown_and_unseen_turns_are_one_out_of_sight_line(tmp_path):  # R21.8.3, R21.8.1
    # Jed and Moss stand behind the wall 5,6 from Ana; Rat, at 9,0, is in her sight.
    game = fog_game(tmp_path, ana((0, 6)), jed((6, 6)), moss((7, 6)), rat((9, 0)))
    game.play_all(["end", "end", "end"])
    assert after(game, "Ana ends", "vault") == ["Ana ends the turn", "Round 1 — out of sight", "Rat's turn: 8 AP"]
    assert after(game, "Ana ends", "raiders") == [
        "Ana ends the turn",
        "Jed's turn: 8 AP",
        "Jed ends the turn",
        "Moss's turn: 8 AP",
        "Moss ends the turn",
        "Rat's turn: 8 AP",
    ]
    assert all(event.shown_to is not None for event in game.log)  # the module is on: every line says whom


def test_a_move_lists_only_the_cells_at_which_the_side_saw_the_mover(tmp_path):  # R21.8.3
    game = fog_game(tmp_path, ana((0, 6)), jed((6, 6)), rat((9, 0)))
    game.play_all(["end", "move jed 6,5 6,4 6,3 6,2"])
    assert "Jed moves, seen at 6,4, 6,3, 6,2" in texts(game, "vault")  # behind the wall at 6,6 and 6,5
    assert "Jed moves 6,6 -> 6,2: 4 AP (8 -> 4)" in texts(game, "raiders")
    vault_move = next(e for e in side_log(game.log, "vault") if e.kind == "move" and e.unit == "jed")
    assert vault_move.data == {}  # not the whole path in its numbers


def test_a_watch_reads_ends_its_turn_to_the_other_side(tmp_path):  # R21.8.3, R21.2.5
    game = fog_game(tmp_path, rat((9, 2), "W"), ana((0, 3)))
    game.play("react rat")
    assert "Rat ends its turn" in texts(game, "vault")
    assert not any("watch" in line for line in texts(game, "vault"))
    assert any(line.startswith("Rat gives up the turn to watch") for line in texts(game, "raiders"))


def test_an_unseen_watchers_perception_test_is_left_out(tmp_path):  # R21.8.3
    game = fog_game(tmp_path, rat((9, 2), "W", hidden=True), ben((0, 6)))
    game.play("react rat")
    game.play("move ben 0,5", dice=(9,))  # Rat's d10 9: it does not notice
    assert not any("perception" in line or "Rat" in line for line in after(game, "Ben's turn", "vault"))
    assert any("Rat watches Ben: perception d10 = 9" in line for line in texts(game, "raiders"))
    assert "dice: typed 1: d10 9" in texts(game, "raiders")
    assert not any(line.startswith("dice:") for line in texts(game, "vault"))  # a die it is not shown


def test_rounds_and_the_map_go_to_every_side_gm_lines_to_none(tmp_path):  # R21.8.3, R21.7.4
    game = fog_game(tmp_path, ana((0, 6)), jed((6, 6)))
    game.play("gm mod +10")
    gm = next(event for event in game.log if event.kind == "gm")
    assert gm.shown_to == frozenset()
    assert gm.for_side(None) is gm  # the game master's log holds everything
    round_line = next(event for event in game.log if event.kind == "round")
    assert round_line.shown_to == {"vault", "raiders"}


def test_initiative_names_only_the_sides_characters_and_the_enemies_it_sees(tmp_path):  # R21.8.3
    game = game_of(tmp_path, ana((0, 6)), jed((6, 6)), rat((9, 0)), initiative=True)
    game.play("start")
    vault = next(line for line in texts(game, "vault") if line.startswith("initiative"))
    raiders = next(line for line in texts(game, "raiders") if line.startswith("initiative"))
    assert "Ana" in vault and "Rat" in vault and "Jed" not in vault
    assert all(name in raiders for name in ("Ana", "Jed", "Rat"))


def test_initiative_shows_no_roll_off_with_an_enemy_the_side_does_not_see(tmp_path):  # R21.8.3, R13.1
    game = game_of(tmp_path, ana((0, 3)), jed((6, 3)), rat((9, 2), "W", hidden=True), initiative=True)
    game.play("start", dice=(6, 2, 6, 1, 5))  # Ana and Rat tie on 18, base 12, AG 6: they roll off (1, 5)
    assert "(roll-off 1)" in next(e.text for e in game.log if e.kind == "initiative")
    vault = next(line for line in texts(game, "vault") if line.startswith("initiative"))
    assert "Ana 18" in vault and "Rat" not in vault and "roll-off" not in vault  # no tie with someone unseen
    raiders = next(line for line in texts(game, "raiders") if line.startswith("initiative"))
    assert "(roll-off 1)" in raiders and "(roll-off 5)" in raiders


def test_the_dice_line_numbers_the_dice_a_side_is_shown_without_gaps(tmp_path):  # R21.8.3
    game = game_of(tmp_path, ana((0, 6)), jed((6, 6)), rat((9, 0)), initiative=True)
    game.play("start", dice=(3, 4, 5))  # the d6s of Ana, Jed and Rat, in the encounter's order
    assert "dice: typed 1: d6 3, 2: d6 5" in texts(game, "vault")  # Jed's 4 unshown, no gap
    assert "dice: typed 1: d6 3, 2: d6 4, 3: d6 5" in texts(game, "raiders")
    assert "dice: typed d6 3, d6 4, d6 5" in texts(game, None)


def test_reroll_names_n_in_the_sides_numbering_of_dice_it_is_shown(tmp_path):  # R21.8.3, R18.6.2
    game = game_of(tmp_path, rat((9, 2), "W", hidden=True), ben((0, 6)), modules=("fog_of_war", "rerolls"))
    game.play("start")
    game.play("react rat")
    game.play("move ben 0,5", dice=(9,))  # Rat's perception die: the raiders' die 1, no die of the vault's
    with pytest.raises(CommandError, match="The Vault is shown no die of the action just played"):
        game.play("reroll vault 1")
    rolls = next(line for line in texts(game, "raiders") if line.startswith("dice of this action"))
    assert "1: d10 for Rat's perception" in rolls
    game.play("reroll raiders 1")
    assert any(line.startswith("re-roll for Raiders: die 1") for line in texts(game, "raiders"))
    assert "re-roll for Raiders: the action is played again (R18.6.2)" in texts(game, "vault")


def test_an_ais_reason_is_shown_only_to_its_own_side(tmp_path):  # R21.8.3, R21.9.3
    game = fog_game(tmp_path, ana((0, 6)), rat((9, 0)))
    game.play("end", reason="Rat hides at 9,0: nothing to shoot")
    reason = next(event for event in game.log if event.kind == "ai")
    assert reason.shown_to == {"vault"}
    assert not any(line.startswith("AI") for line in texts(game, "raiders"))


def test_two_fights_that_show_a_side_the_same_give_it_the_same_log(tmp_path):  # R21.8.7, R21.8.3
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    one = fog_game(tmp_path / "one", ana((0, 6)), jed((6, 6)), rat((9, 0)))
    other = fog_game(tmp_path / "two", ana((0, 6)), jed((7, 6)), rat((9, 0)))
    one.play_all(["end", "move jed 7,6", "end"])
    other.play_all(["end", "move jed 8,5 9,6", "end"])
    assert texts(one, "vault") == texts(other, "vault")
    assert texts(one, "raiders") != texts(other, "raiders")


def test_a_saved_and_loaded_fight_rebuilds_every_sides_log(tmp_path):  # R21.8.3: "saves and replays rebuild"
    (tmp_path / "fight").mkdir()
    game = fog_game(tmp_path / "fight", ana((0, 6)), jed((6, 6)), rat((9, 0)))
    game.play_all(["end", "move jed 6,5 6,4 6,3", "end", "react rat"])
    save_game(game, tmp_path / "fight.toml")
    loaded = load_game(tmp_path / "fight.toml")
    for side in ("vault", "raiders", None):
        assert texts(loaded, side) == texts(game, side)


def test_deck_draws_of_unseen_characters_join_the_out_of_sight_line(tmp_path):  # R21.8.3, R18.5
    game = game_of(
        tmp_path, ana((0, 6)), jed((6, 6)), moss((7, 6)), rat((9, 0)), modules=("fog_of_war", "activation_deck")
    )
    game.play_all(["start", "end", "end"])
    vault = texts(game, "vault")
    assert "Raiders chose no card: they hold Jed's, their first character in the fight (R18.5.1)" not in vault
    assert not any("Jed" in line or "Moss" in line for line in vault)
    assert vault[vault.index("Ana ends the turn") + 1] == "Round 1 — out of sight"
    assert vault[vault.index("Ana ends the turn") + 2].startswith("card: Rat")


def test_what_befell_the_sides_character_names_an_unseen_enemy_so(tmp_path):  # R21.8.3, R21.5.4
    game = fog_game(tmp_path, ana((0, 6)), jed((6, 6)), rat((9, 0)))
    pinning = attrs.evolve(game.state.unit("jed"), pin=Pin(target="ana"))
    text = "Jed's covering fire as Ana leaves cover: luck d10 = 2 vs 5 — 1 hit, 9 damage, Ana at 21 HP (R17.2)"
    fire = Event("covering_fire", text, unit="jed")
    [told] = FOG_OF_WAR.tell(game.state.with_unit(pinning), game.state, parse_command("uncover ana"), [fire])
    assert told.for_side("vault").text == text.replace("Jed's", "An enemy out of sight's")
    assert told.for_side("vault").unit is None  # the subject is no one the vault may name
    assert told.for_side("raiders").text == text


def test_a_pin_on_another_sides_character_reads_ends_its_turn(tmp_path):  # R21.8.3, R21.2.5
    game = fog_game(tmp_path, ana((0, 3)), jed((6, 3)), unit("drifter", "drifters", (6, 6), facing="N"))
    text = "Jed gives up the turn to pin Ana down: 10 rounds spent (R17.1)"
    pin = Event("pin", text, {"target": "ana"}, unit="jed")
    [told] = FOG_OF_WAR.tell(game.state, game.state, parse_command("pin jed ana"), [pin])
    assert told.for_side("drifters").text == "Jed ends its turn"
    assert told.for_side("vault").text == text  # R21.5.4: the pinned character's side is told
