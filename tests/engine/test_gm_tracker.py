"""What a game master reaches for (issue 13, item 3): `gm hp`, `gm condition` and `gm order`, on a map and in
table mode; each is logged, undone and redone, and comes back from a save."""

from __future__ import annotations

from pathlib import Path

import pytest

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import CommandError, Game
from apcombat.model import BodyLocation, Burning, Exhaustion
from apcombat.saves import load_game, save_game

from .builders import duel, encounter, first_in_file_order, unit, write_encounter

START = "gm dice 6 1"  # R13.1: Ana first, then Bob


@pytest.fixture(params=["map", "table"])
def new_game(request, tmp_path: Path):
    """`new_game(data=None)`: a Game of the duel (or of `data`) on a map and in table mode."""
    library = load_library(content_root())

    def build(data=None) -> Game:
        data = data or (duel(rows=None) if request.param == "table" else duel())
        path = write_encounter(tmp_path / "encounter.toml", data)
        return Game(load_encounter(path, library), seed=3)

    return build


def played(game: Game, *lines: str) -> Game:
    for line in lines:
        game.play(line)
    return game


def checked_round_trip(game: Game, tmp_path: Path) -> Game:
    """Undo then redo the last line, then save and load: the state is the same each time."""
    state = game.state
    game.undo()
    assert game.state != state
    game.redo()
    assert game.state == state
    loaded = load_game(save_game(game, tmp_path / "fight"))
    assert loaded.state == state
    return loaded


def gm_text(game: Game) -> str:
    return [event.text for event in game.log if event.kind == "gm"][-1]


# --- gm hp ---------------------------------------------------------------------------------------------


def test_gm_hp_hurts_and_heals_and_is_logged(new_game, tmp_path):
    game = played(new_game(), START, "start", "gm hp bob -12")
    assert game.state.unit("bob").hp == 18
    assert gm_text(game) == "game master: Bob -12 HP, 30 -> 18 HP"
    checked_round_trip(game, tmp_path)
    game.play("gm hp bob +5")
    assert game.state.unit("bob").hp == 23
    checked_round_trip(game, tmp_path)


def test_gm_hp_heals_no_higher_than_the_most_hp(new_game):
    # R0.5: the most HP a character has.
    game = played(new_game(), START, "start", "gm hp ana -3", "gm hp ana +50")
    assert game.state.unit("ana").hp == 30 and gm_text(game).endswith("27 -> 30 HP")


def test_gm_hp_hurts_by_n_above_the_most_hp_a_game_master_set(new_game):
    game = played(new_game(), START, "start", "gm set bob hp=40", "gm hp bob -5")
    assert game.state.unit("bob").hp == 35


def test_gm_hp_to_zero_downs_the_unit_and_ends_the_fight(new_game, tmp_path):
    # R12.2: at 0 HP a character is down and out of the fight; R6.2: its fire stops.
    game = played(new_game(), START, "start", "gm condition bob burning 2", "gm hp bob -40")
    bob = game.state.unit("bob")
    assert bob.hp == 0 and bob.down and bob.burning is None
    assert [e.text for e in game.log if e.kind == "down"][-1] == "Bob is down (R12.2)"
    assert game.state.finished and game.state.winner == "a"
    checked_round_trip(game, tmp_path)


def test_the_acting_unit_brought_to_zero_ends_its_turn(new_game):
    # R12.2: a unit down is out of the fight; the turn passes to the next in order.
    game = new_game(trio())
    played(game, first_in_file_order(3), "start", "end", "gm hp bob -30")
    assert game.state.unit("bob").down and game.state.active == "cy"


def trio() -> dict:
    """Table mode: Ana (side a) against Bob and Cy (side b)."""
    return encounter([unit("ana", "a"), unit("bob", "b"), unit("cy", "b")], rows=None)


CY_DOWN = (first_in_file_order(2), "gm set cy hp=0", "start")  # R12.2: Cy is down from the start


def test_gm_hp_brings_a_downed_unit_back_acting_from_the_next_round(new_game, tmp_path):
    # R12.2 with the game master's word (as R18.2.2's first aid): healed above 0, back in the fight.
    game = played(new_game(trio()), *CY_DOWN)
    assert game.state.order == ("ana", "bob")
    game.play("gm hp cy +4")
    assert game.state.unit("cy").hp == 4 and not game.state.unit("cy").down
    assert game.state.order == ("ana", "bob", "cy") and "cy" in game.state.taken
    checked_round_trip(game, tmp_path)
    played(game, "end", "end")  # Ana, then Bob: round 2 begins with Ana
    assert game.state.round == 2
    played(game, "end", "end")
    assert game.state.active == "cy"


def test_gm_set_hp_brings_a_downed_unit_back_as_gm_hp_does(new_game):
    # R12.2: `gm set WHO hp=N` is the same word of the game master as `gm hp WHO +N`.
    game = played(new_game(trio()), *CY_DOWN)
    game.play("gm set cy hp=6")
    assert game.state.unit("cy").hp == 6 and not game.state.unit("cy").down
    assert game.state.order == ("ana", "bob", "cy")
    assert "Cy is back in the fight" in [e.text for e in game.log]
    game.play("gm set cy hp=0")
    assert game.state.unit("cy").down and "Cy is down (R12.2)" in [e.text for e in game.log]


@pytest.mark.parametrize(
    ("lines", "reason"),
    [
        (["gm hp bob 5"], "write the change with its sign, +N to heal or -N to hurt"),
        (["gm hp bob +many"], "the change must be a whole number from -999 to 999, not '+many'"),
        (["gm hp bob"], "missing the change"),
        (["gm hp zed -3"], "no unit 'zed': the units are ana, bob"),
        (["gm hp bob +3"], "Bob already has 30 HP, the most it has (R0.5)"),
        (["gm set bob hp=0", "gm hp bob +5"], "the fight is over: Bob cannot come back into it"),
    ],
)
def test_gm_hp_refused_in_one_sentence(new_game, lines, reason):
    game = played(new_game(), START, "start")
    with pytest.raises(CommandError) as refused:
        played(game, *lines)
    assert reason in str(refused.value)


def test_gm_hp_on_a_unit_already_down_is_refused(new_game):
    game = played(new_game(trio()), *CY_DOWN)
    with pytest.raises(CommandError, match="Cy is already down at 0 HP"):
        game.play("gm hp cy -2")


# --- gm condition -------------------------------------------------------------------------------------


def test_burning_set_burns_at_the_turn_starts_and_goes_out(new_game, tmp_path):
    # R6.2: 1d10+5 at the start of the next turn, 1d10 at the one after, then it stops.
    game = played(new_game(), START, "start", "gm condition bob burning 2")
    assert game.state.unit("bob").burning == Burning(step=1)
    assert gm_text(game) == "game master: Bob is burning: 2 burns to come, 1d10+5 next (R6.2)"
    checked_round_trip(game, tmp_path)
    played(game, "end")
    assert game.state.unit("bob").burning == Burning(step=2) and game.state.unit("bob").hp < 30
    played(game, "end", "end")
    assert game.state.unit("bob").burning is None


def test_burning_off_puts_the_fire_out(new_game, tmp_path):
    game = played(new_game(), START, "start", "gm condition bob burning 1", "gm condition bob burning off")
    assert game.state.unit("bob").burning is None and gm_text(game) == "game master: Bob is no longer burning"
    checked_round_trip(game, tmp_path)


def test_exhaustion_counts_down_at_the_end_of_its_turns(new_game, tmp_path):
    # R14.3: the penalty lasts until the end of the character's N-th following turn.
    game = played(new_game(), START, "start", "gm condition ana exhaustion 2 -40")
    assert game.state.unit("ana").exhaustion == Exhaustion(40, 2)
    assert gm_text(game) == "game master: Ana is exhausted: -40 for 2 turns (R14.3)"
    checked_round_trip(game, tmp_path)
    played(game, "end")
    assert game.state.unit("ana").exhaustion == Exhaustion(40, 1)
    played(game, "end", "end")
    assert not game.state.unit("ana").exhaustion.active


def test_exhaustion_keeps_the_penalty_in_force_or_takes_20(new_game):
    game = played(new_game(), START, "start", "gm condition ana exhaustion 3")
    assert game.state.unit("ana").exhaustion == Exhaustion(20, 3)
    game.play("gm condition ana exhaustion 3 10")
    game.play("gm condition ana exhaustion 5")
    assert game.state.unit("ana").exhaustion == Exhaustion(10, 5)
    game.play("gm condition ana exhaustion off")
    assert not game.state.unit("ana").exhaustion.active


def test_unconscious_loses_turns_then_comes_to(new_game, tmp_path):
    # R12.1: an unconscious character loses its turns, counted down at each.
    game = played(new_game(trio()), first_in_file_order(3), "gm condition bob unconscious 2")
    assert gm_text(game) == "game master: Bob is unconscious for 2 rounds (R12.1)"
    checked_round_trip(game, tmp_path)
    played(game, "start", "end")  # Bob's turn in round 1 is lost
    assert game.state.active == "cy" and game.state.unit("bob").unconscious_rounds == 1
    played(game, "end", "end")  # and in round 2
    assert game.state.active == "cy" and game.state.unit("bob").unconscious_rounds == 0
    played(game, "end", "end")
    assert game.state.round == 3 and game.state.active == "bob"


def test_knocking_out_the_last_enemy_standing_ends_the_fight(new_game):
    game = played(new_game(), START, "start", "gm condition bob unconscious 1")
    assert game.state.finished and game.state.winner == "a"


def test_unconscious_off_brings_it_round(new_game, tmp_path):
    game = played(new_game(), START, "gm condition bob unconscious 3", "gm condition bob unconscious off")
    assert game.state.unit("bob").unconscious_rounds == 0 and gm_text(game) == "game master: Bob comes to"
    checked_round_trip(game, tmp_path)


def test_head_wound_costs_ap_at_the_next_turn_and_is_cleared(new_game, tmp_path):
    # R12.1: head — lose 2 AP next turn.
    game = played(new_game(), START, "start", "gm condition bob head 2")
    bob = game.state.unit("bob")
    assert BodyLocation.HEAD in bob.wounds and bob.ap_loss_next_turn == 2
    checked_round_trip(game, tmp_path)
    played(game, "end")
    assert game.state.unit("bob").ap == game.state.unit("bob").character.ap_per_round - 2
    game.play("gm condition bob head off")
    assert BodyLocation.HEAD not in game.state.unit("bob").wounds
    assert gm_text(game) == "game master: Bob no longer has a head wound"
    checked_round_trip(game, tmp_path)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (
            "gm condition ana poisoned 2",
            "no condition 'poisoned': the conditions are burning, exhaustion, unconscious and head",
        ),
        ("gm condition ana burning 3", "the burns to come (or off) must be a whole number from 1 to 2, not '3'"),
        ("gm condition ana burning", "missing how long (a number) or off"),
        ("gm condition ana unconscious 0", "the rounds unconscious (or off) must be a whole number from 1 to 99"),
        ("gm condition ana exhaustion 2 -30", "exhaustion's penalty must be 10, 20 or 40 (R14.2), not '30'"),
        ("gm condition ana head 2 more", "unexpected 'more'"),
        ("gm condition", "missing the unit"),
    ],
)
def test_gm_condition_refused_in_one_sentence(new_game, line, reason):
    game = played(new_game(), START, "start")
    with pytest.raises(CommandError) as refused:
        game.play(line)
    assert reason in str(refused.value)


def test_a_condition_on_a_downed_unit_is_refused(new_game):
    game = played(new_game(trio()), *CY_DOWN)
    with pytest.raises(CommandError, match=r"Cy is down and out of the fight \(R12.2\)"):
        game.play("gm condition cy burning 2")


# --- gm order -----------------------------------------------------------------------------------------


def test_gm_order_moves_a_unit_in_the_initiative_order(new_game, tmp_path):
    # R13.2: every character takes one turn in initiative order; the game master moves one in it.
    game = new_game(trio())
    played(game, first_in_file_order(3), "start", "gm order cy 1")
    assert game.state.order == ("cy", "ana", "bob")
    assert gm_text(game) == "game master: Cy moves to place 1 in the initiative order: Cy, Ana, Bob"
    checked_round_trip(game, tmp_path)
    played(game, "end")  # Ana has acted; Cy has not, and comes first of those left
    assert game.state.active == "cy"
    played(game, "end", "end")
    assert game.state.round == 2 and game.state.active == "cy"


def test_gm_order_puts_a_unit_last(new_game):
    game = new_game(trio())
    played(game, first_in_file_order(3), "start", "gm order bob 3", "end")
    assert game.state.active == "cy" and game.state.order == ("ana", "cy", "bob")


@pytest.mark.parametrize(
    ("lines", "reason"),
    [
        (["start", "gm order ana 3"], "the place must be 1 to 2: there are 2 in the order"),
        (["start", "gm order ana 0"], "the place must be a whole number from 1"),
        (["start", "gm order ana"], "missing the place in the initiative order"),
        (["gm order ana 1"], "there is no initiative order before the first round"),
    ],
)
def test_gm_order_refused_in_one_sentence(new_game, lines, reason):
    game = played(new_game(), START)
    with pytest.raises(CommandError) as refused:
        played(game, *lines)
    assert reason in str(refused.value)


def test_the_new_lines_through_apcombat_run(play):
    out = play(duel(), [START, "start", "gm hp bob -5", "gm condition bob burning 1", "gm order bob 1"]).ok()
    assert out.hp("bob") == 25
    assert [e["text"] for e in out.events("gm")][-1].startswith("game master: Bob moves to place 1")
    out = play(duel(), [START, "start", "gm condition bob stunned 1"]).refused(3, "no condition 'stunned'")
