"""A save of today's rules loads only when its state follows from its start and history: the history is
played again on load, and a save that does not agree is refused naming the first field that differs. A save
written under other rules loads its saved state with a one-line warning (issue 9, item 5)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from save_helpers import any_actions, duel, edit, play, set_field

from apcombat.engine import CommandError, Game
from apcombat.rules.version import RULES_VERSION
from apcombat.saves import SaveError, list_saves, load_game, open_save, replay_save, save_game


def hp_of_raider(path: Path) -> int:
    return tomllib.loads(path.read_text(encoding="utf-8"))["state"]["units"][1]["hp"]


def test_a_save_of_todays_rules_records_them_and_loads_without_a_warning(saved, game):
    assert f"\nrules_version = {RULES_VERSION}\n" in saved.read_text(encoding="utf-8")
    opened = open_save(saved)
    assert opened.warning is None
    assert (opened.game.state, opened.game.dice.snapshot(), opened.game.history) == (
        game.state,
        game.dice.snapshot(),
        game.history,
    )
    assert opened.game.log == game.log  # played again: the whole fight's log is there


def test_a_state_edited_by_hand_is_refused_naming_the_first_field_that_differs(saved):
    hp = hp_of_raider(saved)
    edit(saved, set_field("state.units.1.hp", hp + 7))
    before = saved.read_bytes()
    with pytest.raises(SaveError) as refused:
        load_game(saved)
    assert str(refused.value) == (
        f"saves/x.toml: state.units[1].hp: the history gives {hp} but the save says {hp + 7}; the save was changed "
        "after it was written: to go on from what its history gives, replay it "
        "(apcombat run saves/x.toml --replay)"
    )
    assert saved.read_bytes() == before  # nothing written
    assert replay_save(saved).state.unit("raider").hp == hp  # the way out the message names works
    assert [info.problem for info in list_saves(saved.parent)] == [str(refused.value)]


EDITS = {
    "a pose": (
        set_field("state.units.0.pose", "prone"),
        'state.units[0].pose: the history gives "upright" but the save says "prone"',
    ),
    "a facing": (
        set_field("state.units.0.facing", "W"),
        'state.units[0].facing: the history gives "E" but the save says "W"',
    ),
    "the round": (set_field("state.round", 7), "state.round: the history gives 2 but the save says 7"),
    "the dice": (set_field("dice.queued", [1]), "dice.queued[0]: the history gives 5 but the save says 1"),
    "a command dropped": (
        lambda document: document["history"].pop(),  # the last `end`: Ana's turn has not begun
        "state.units[0].ap: the history gives 8 but the save says 0",
    ),
}


@pytest.mark.parametrize("change, message", EDITS.values(), ids=EDITS.keys())
def test_a_save_that_does_not_follow_from_its_history_is_refused(saved, change, message):
    edit(saved, change)
    with pytest.raises(SaveError) as refused:
        load_game(saved)
    assert str(refused.value).startswith(f"saves/x.toml: {message}")
    assert "\n" not in str(refused.value)


def test_an_illegal_command_in_the_history_is_refused(saved):
    # Raider's shot is well formed, but it is not the raider's turn after the first `end`.
    edit(saved, set_field("history.1.line", "shoot raider ana"))
    with pytest.raises(SaveError, match=r"^saves/x\.toml: history\[1\]: 'shoot raider ana' cannot be played again: "):
        load_game(saved)


def test_a_save_written_under_other_rules_loads_its_state_with_a_warning(saved, game):
    # A state that today's rules would not reach from its history: it is what the game master had on the
    # table, so it is kept, with one line saying the history belongs to other rules.
    hp = hp_of_raider(saved)
    edit(saved, set_field("rules_version", 1))
    edit(saved, set_field("state.units.1.hp", hp + 7))
    opened = open_save(saved)
    assert opened.game.state.unit("raider").hp == hp + 7
    assert opened.game.history == game.history
    assert opened.warning == (
        f"saves/x.toml: written under rules version 1 and this apcombat plays version {RULES_VERSION}: the fight "
        "goes on from its saved state, but undo cannot go back past the load and a replay of its history may not "
        "reach the same state"
    )
    with pytest.raises(CommandError, match="cannot undo what was played before the game was loaded"):
        opened.game.play("undo")
    again = save_game(opened.game, "saves/again.toml")
    assert "\nrules_version = 1\n" in again.read_text(encoding="utf-8")  # still the rules it was played under
    assert open_save(again).game.state == opened.game.state
    assert list_saves(Path("saves"))[0].problem is None


def test_undo_after_a_load_goes_back_through_the_replayed_fight(saved, game):
    loaded = load_game(saved)
    for _ in range(len(game.history)):
        assert loaded.play("undo") == game.play("undo")
        assert (loaded.state, loaded.dice.snapshot()) == (game.state, game.dice.snapshot())


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(
    seed=st.integers(0, 2**32),
    script=any_actions(max_size=20),
    unit=st.integers(0, 10),
    field=st.sampled_from(["hp", "ap", "carried_mm", "initiative_bonus", "sacrificed_ap", "ran_ap", "turn_paid"]),
    change=st.sampled_from([-1, 1, 5]),
)
def test_any_number_of_a_unit_changed_by_hand_is_found(in_tmp, seed, script, unit, field, change):
    # Whatever the fight, a number of the saved state that its history does not give is named.
    game = Game(duel(), seed=seed)
    play(game, script)
    path = save_game(game, Path("saves/x.toml"))
    index = unit % len(game.state.units)
    saved = getattr(game.state.units[index], field)
    edit(path, set_field(f"state.units.{index}.{field}", saved + change))
    named = rf"^saves/x\.toml: state\.units\[{index}\]\.{field}: "
    over_max = field == "hp" and saved + change > game.state.units[index].character.hit_points
    if saved + change < 0 or over_max:
        with pytest.raises(SaveError, match=named):  # refused before the history is played, naming the field
            load_game(path)
        return
    with pytest.raises(SaveError, match=rf"{named}the history gives {saved} but the save says {saved + change};"):
        load_game(path)
