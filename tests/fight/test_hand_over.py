"""Hot-seat under the fog of war, Textual-free (R21.8.2 c, R21.8.5, R21.8.8): when the screen must show another
human side's view and so needs a hand-over — before round 1's first turn, at each turn of a character of
another side, at the start and the end of an interruption by another side's watcher, before each side's
choice of the activation deck, before another side's re-roll window, during an AI side's turns — whose view
`Fight.viewing_side()` is then, and what undo may take back from a side's view."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from apcombat.ai.decision import Decision
from apcombat.content import load_encounter, load_library
from apcombat.engine import Game, deck_summary, parse_command, view
from apcombat.fight import Fight, HandOver, StepInOffer
from apcombat.model import Encounter
from tests.engine.builders import write_encounter
from tests.engine.modules.fog_fights import ROOT, ana, ben, fog_document, fog_game, jed, rat

BOTH_HUMAN = {"vault": "human", "raiders": "human"}


def take(fight: Fight) -> HandOver | None:
    """The hand-over due now, taken as the app takes it (Enter, or at once for an AI's)."""
    hand_over = fight.hand_over()
    if hand_over is not None:
        fight.handed_over(hand_over)
    return hand_over


def handed_to(fight: Fight) -> str | None:
    """The side whose player the hand-over due now calls (None: no hand-over), taking it."""
    hand_over = take(fight)
    return hand_over.side if hand_over is not None else None


def e21_5(folder: Path, **options: Any) -> Game:
    """R21.11's yard, both sides `human` (unless told): Ana, Jed, Ben, Rat act in that order; Rat hidden at
    9,2 facing W (with the fog of war on: hidden needs it, R21.10.2); Ben at 0,6 below Rat's cone (E21.4)."""
    fog = "fog_of_war" in options.get("modules", ("fog_of_war",))
    units = (ana((0, 0), "E"), jed((6, 4), "W"), ben((0, 6)), rat((9, 2), "W", hidden=fog))
    return _game(folder, *units, **({"controls": BOTH_HUMAN} | options))


def to_round_2_with_rat_on_watch(game: Game, fight: Fight) -> None:
    """Round 1 in hot-seat: each turn behind its hand-over; Rat stands watch (E21.5)."""
    assert [handed_to(fight)] == ["vault"]  # the first hand-over comes before round 1's first turn
    game.play("end")  # Ana
    assert handed_to(fight) == "raiders"
    game.play("end")  # Jed
    assert handed_to(fight) == "vault"
    game.play("end")  # Ben
    assert handed_to(fight) == "raiders"
    game.play("react rat")  # R21.3.3: it stays hidden
    assert (game.state.round, game.state.active) == (2, "ana")


def test_r21_8_5_each_turn_of_another_sides_character_and_each_interruption_is_handed_over(tmp_path: Path) -> None:
    game = e21_5(tmp_path)
    fight = Fight(game, {})
    assert fight.viewing_side() == "vault"  # the first human side's, behind the first hand-over
    to_round_2_with_rat_on_watch(game, fight)
    hand_over = take(fight)
    assert hand_over == HandOver(
        "vault",
        "Round 2 — pass the keyboard to The Vault's player: press Enter when only they can see the screen",
    )
    assert fight.viewing_side() == "vault" and fight.hand_over() is None  # taken: the vault's view goes on
    assert "rat" not in {unit.id for unit in view(game.state, "vault").units}
    game.play("end")  # Ana
    assert fight.viewing_side() == "vault"  # the screen shows the vault's view until the raiders take it
    assert handed_to(fight) == "raiders" and fight.viewing_side() == "raiders"
    assert view(game.state, "raiders").unit("rat").hidden  # its own side knows it is hidden
    game.play("end")  # Jed
    assert handed_to(fight) == "vault"
    game.play_all(["gm dice 4", "move ben 0,5 0,4"])  # into Rat's watch: PE 6, d10 = 4 (E21.4)
    assert game.state.interrupt is not None and game.state.active == "rat"
    assert handed_to(fight) == "raiders"  # the interruption's start
    game.play_all(["shoot rat ben lean", "end"])
    assert game.state.active == "ben" and handed_to(fight) == "vault"  # and its end
    game.play("pose ben crouched")  # Ben goes on: his own side's view, no hand-over
    assert fight.hand_over() is None


def test_the_set_up_before_round_1_is_everyones_and_its_cover_starts_the_fight(tmp_path: Path) -> None:
    game = _game(tmp_path, ana((0, 0), "E"), jed((6, 4), "W"), start=False, controls=BOTH_HUMAN)
    fight = Fight(game, {})
    hand_over = fight.hand_over()
    assert hand_over is not None and hand_over.starts_fight and "press Enter to roll initiative" in hand_over.text
    game.play("start")
    assert fight.hand_over() == HandOver(
        "vault", "Round 1 — pass the keyboard to The Vault's player: press Enter when only they can see the screen"
    )


def test_an_ai_sides_turns_are_nobodys_view_and_the_next_human_side_is_handed_the_keyboard(tmp_path: Path) -> None:
    units = (ana((0, 0), "E"), jed((6, 4), "W"), ben((0, 6)), rat((9, 2), "W", hidden=True))
    document = fog_document(*units, controls={"vault": "human", "raiders": "human"})
    document["side"].append({"id": "scavs", "name": "Scavs", "control": "ai"})
    document["unit"].append({**ana((9, 6), "W"), "id": "sal", "side": "scavs"})
    game = Game(load_encounter(write_encounter(tmp_path / "three.toml", document), load_library(ROOT / "content")))
    game.play("start")
    fight = Fight(game, {"scavs": Scripted()})
    for side in ("vault", "raiders", "vault", "raiders"):
        assert handed_to(fight) == side
        game.play("end")
    assert game.state.active == "sal"
    hand_over = take(fight)
    assert hand_over == HandOver(None, "Round 1 — the AI side Scavs acts", ai="scavs")
    assert fight.hand_over() == hand_over  # the cover stays while the AI plays
    step = fight.next_ai()
    assert step is not None and not getattr(step, "pause", True)  # nobody watches: no pause
    fight.ai_step()
    assert game.state.round == 2 and handed_to(fight) == "vault"  # Ana's side takes the keyboard again


def test_r18_5_1_each_side_chooses_its_held_card_behind_its_own_hand_over_in_side_order(tmp_path: Path) -> None:
    game = e21_5(tmp_path, modules=("fog_of_war", "activation_deck"))
    fight = Fight(game, {})
    assert handed_to(fight) == "vault"  # the deck asks the sides in side order
    game.play("hold vault ana")
    assert handed_to(fight) == "raiders"
    game.play("hold raiders rat")
    assert game.state.active == "ana" and handed_to(fight) == "vault"  # the held cards, in side order


def test_r21_8_1_a_held_card_out_of_the_sides_sight_is_named_in_no_view(tmp_path: Path) -> None:
    # R21.8.1, R18.5.1: the turn order's deck line in the raiders' view, Ana held and unseen: "one out of sight".
    game = e21_5(tmp_path, modules=("fog_of_war", "activation_deck"))
    game.play("hold vault ana")
    raiders = view(game.state, "raiders")
    assert "ana" not in {unit.id for unit in raiders.units}
    assert deck_summary(raiders) == "Deck: The Vault > Raiders; Raiders chooses a card (held: one out of sight)"


def test_r21_8_5_another_sides_re_roll_window_comes_behind_its_hand_over_and_closes_on_enter(tmp_path: Path) -> None:
    game = e21_5(tmp_path, modules=("fog_of_war", "rerolls"), points=4)
    fight = Fight(game, {})
    to_round_2_with_rat_on_watch(game, fight)
    game.play("end")  # Ana
    game.play("end")  # Jed
    assert handed_to(fight) == "vault"
    game.play_all(["gm dice 9", "move ben 0,5"])  # Rat's perception test fails: its die is the raiders'
    assert game.state.interrupt is None and game.state.active == "ben"
    assert fight.reroll_window() == "raiders"  # the vault (acting) has no die of its own in that action
    assert handed_to(fight) == "raiders"
    fight.pass_reroll("raiders")  # Enter: no re-roll
    assert fight.reroll_window() is None and handed_to(fight) == "vault"  # Ben goes on


def test_r21_8_5_a_re_roll_closes_the_window(tmp_path: Path) -> None:
    game = e21_5(tmp_path, modules=("fog_of_war", "rerolls"), points=4)
    fight = Fight(game, {})
    to_round_2_with_rat_on_watch(game, fight)
    game.play_all(["end", "end"])
    take(fight)
    game.play_all(["gm dice 9", "move ben 0,5"])
    assert handed_to(fight) == "raiders"
    game.play_all(["gm dice 2", "reroll raiders 1"])  # now a success: Rat interrupts
    assert fight.reroll_window() is None and game.state.active == "rat" and fight.hand_over() is None


def test_r21_8_5_undo_takes_back_only_what_was_played_since_the_last_hand_over(tmp_path: Path) -> None:
    game = e21_5(tmp_path)
    fight = Fight(game, {})
    take(fight)
    assert fight.undo_refusal(0) is not None  # `start` came before the first hand-over: everyone's
    game.play("pose ana crouched")
    assert fight.undo_refusal(len(game.history) - 1) is None
    game.play("end")
    take(fight)  # the raiders'
    refusal = fight.undo_refusal(len(game.history) - 1)
    assert refusal is not None and refusal.startswith("nothing to undo since the keyboard was handed over")


def test_r21_8_8_undo_never_takes_back_a_command_that_showed_the_side_an_enemy(tmp_path: Path) -> None:
    game = fog_game(tmp_path, ana((4, 0), "E"), jed((4, 2), "N"), controls=BOTH_HUMAN)
    fight = Fight(game, {})
    take(fight)
    assert "jed" not in game.state.side("vault").seen  # the wall 4,1 between them
    game.play("move ana 5,0 6,0 7,1")
    assert "jed" in game.state.side("vault").seen
    assert fight.undo_refusal(len(game.history) - 1) == "cannot undo: it showed The Vault Jed (R21.8.8)"


def test_r21_8_8_one_human_side_against_the_ai_has_the_same_limit_and_the_game_master_none(tmp_path: Path) -> None:
    units = (ana((4, 0), "E"), jed((4, 2), "N"))
    game = fog_game(tmp_path, *units, controls={"vault": "human", "raiders": "ai"})
    fight = Fight(game, {"raiders": Scripted()})
    assert fight.hand_over() is None and fight.viewing_side() == "vault"  # R21.8.2 (b): no hand-over
    game.play("move ana 5,0 6,0 7,1")
    assert fight.undo_refusal(len(game.history) - 1) == "cannot undo: it showed The Vault Jed (R21.8.8)"
    game.play("pose ana crouched")  # shows nothing new: taken back
    assert fight.undo_refusal(len(game.history) - 1) is None
    gm = fog_game(tmp_path, *units, controls={"vault": "gm", "raiders": "human"})
    gm.play("move ana 5,0 6,0 7,1")
    assert Fight(gm, {}).undo_refusal(len(gm.history) - 1) is None  # R21.8.2 (a): the game master undoes anything


def test_with_the_fog_off_hot_seat_is_as_before(tmp_path: Path) -> None:
    game = e21_5(tmp_path, modules=())
    fight = Fight(game, {})
    assert fight.hand_over() is None and fight.viewing_side() == "vault"
    game.play("end")
    assert fight.hand_over() is None and fight.viewing_side() == "raiders"  # the acting side, as ever
    assert fight.undo_refusal(len(game.history) - 1) is None


class Scripted:
    """An AI that ends its turn."""

    def decide(self, state: Encounter, rng: random.Random) -> Decision:
        return Decision("end", "scripted: end")


def _game(folder: Path, *units: dict[str, Any], points: int = 0, start: bool = True, **options: Any) -> Game:
    """A fog fight of `units` (seed 1), each side holding `points` re-roll points (R18.6.1); started unless told."""
    document = fog_document(*units, **options)
    for side in document["side"]:
        side.update({"reroll_points": points} if points else {})
    path = write_encounter(folder / "fog.toml", document)
    game = Game(load_encounter(path, load_library(ROOT / "content")), seed=1)
    if start:
        game.play("start")
    return game


def test_r21_8_5_the_keyboard_commands_only_the_shown_sides_characters_and_choices(tmp_path: Path) -> None:
    game = e21_5(tmp_path)
    fight = Fight(game, {})
    take(fight)
    game.play("end")  # Ana
    take(fight)  # the raiders'
    for line in ("delay ana", "pose ben crouched", "hold vault ana", "reroll vault 1"):
        refusal = fight.command_refusal(parse_command(line))
        assert refusal == (
            "the keyboard is Raiders': only its own characters and choices take commands now (R21.8.5)"
        ), line
    assert fight.command_refusal(parse_command("pose jed crouched")) is None
    assert fight.command_refusal(parse_command("gm hp ben -1")) is None  # the game master's lines are the table's


def test_r18_6_2_a_gm_line_in_the_window_reopens_no_window_that_was_closed(tmp_path: Path) -> None:
    game = e21_5(tmp_path, modules=("fog_of_war", "rerolls"), points=4)
    fight = Fight(game, {})
    to_round_2_with_rat_on_watch(game, fight)
    game.play_all(["end", "end"])
    take(fight)
    game.play_all(["gm dice 9", "move ben 0,5"])
    assert handed_to(fight) == "raiders"
    fight.pass_reroll("raiders")
    game.play("gm dice 3")  # the engine's window stays open (R18.6.2); the raiders closed theirs
    assert fight.reroll_window() is None and handed_to(fight) == "vault"


def test_r21_8_1_a_step_in_offer_names_no_enemy_out_of_sight(tmp_path: Path) -> None:
    units = (ana((0, 0), "E"), rat((9, 2), "W", hidden=True), ben((0, 6)))
    game = _game(tmp_path, *units, controls={"vault": "human", "raiders": "ai"})
    fight = Fight(game, {"raiders": Scripted()})
    game.play("delay ana")  # R13.3: Ana waits; Rat, hidden, acts next
    offer = fight.next_ai()
    assert isinstance(offer, StepInOffer) and "Rat" not in offer.question + str(offer.options)
    assert offer.question == "An enemy out of sight (AI) is about to act: a delayed unit may step in first (R13.3)"


def test_r21_8_8_gm_back_from_a_sides_view_is_refused_as_undo_would_be(tmp_path: Path) -> None:
    # The issue-28 ruling: `gm back` is many undos at once, so from a side's view it keeps what was seen too.
    units = (ana((4, 0), "E"), jed((4, 2), "N"))
    game = fog_game(tmp_path, *units, controls={"vault": "human", "raiders": "ai"})
    fight = Fight(game, {"raiders": Scripted()})
    game.play("gm snapshot before")
    game.play("move ana 5,0 6,0 7,1")  # shows the Vault Jed
    back = parse_command("gm back before")
    assert back is not None
    assert fight.command_refusal(back) == "cannot undo: it showed The Vault Jed (R21.8.8)"
    game.play("gm snapshot seen")
    game.play("pose ana crouched")  # shows nothing new
    assert fight.command_refusal(back) is not None
    seen = parse_command("gm back seen")
    assert seen is not None and fight.command_refusal(seen) is None
    unknown = parse_command("gm back nowhere")
    assert unknown is not None and fight.command_refusal(unknown) is None  # the game's refusal names the snapshots
    gm = fog_game(tmp_path, *units, controls={"vault": "gm", "raiders": "human"})
    gm.play_all(["gm snapshot before", "move ana 5,0 6,0 7,1"])
    assert Fight(gm, {}).command_refusal(back) is None  # R21.8.2 (a): the game master goes back anywhere


def test_r21_8_2_from_a_sides_view_a_newcomer_joins_a_side_of_the_fight_not_a_new_one(tmp_path: Path) -> None:
    # Issue 28: a new side is the game master's, and a `gm` side turns the screen into the game master's, which
    # shows everything (R21.8.2 a): one human side's view, or hot-seat's, would show every hidden enemy.
    units = (ana((4, 0), "E"), jed((4, 2), "N"))
    for controls in ({"vault": "human", "raiders": "ai"}, BOTH_HUMAN):
        game = fog_game(tmp_path, *units, controls=controls)
        fight = Fight(game, {side: Scripted() for side, control in controls.items() if control == "ai"})
        new_side = parse_command("gm add rex raider bystanders 0,4")
        assert new_side is not None and "bring the newcomer in on a side of the fight" in str(
            fight.command_refusal(new_side)
        )
        joins = parse_command("gm add rex raider raiders 0,4")
        assert joins is not None and fight.command_refusal(joins) is None
    gm = fog_game(tmp_path, *units, controls={"vault": "gm", "raiders": "human"})
    assert Fight(gm, {}).command_refusal(new_side) is None  # the game master's screen: any side
