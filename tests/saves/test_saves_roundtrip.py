"""A save restores the game exactly: the same bytes when saved again, the same play when continued, the same
state when replayed from the start."""

from __future__ import annotations

import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from save_helpers import actions, duel, duel_game, play

from apcombat.engine import Game, HistoryEntry
from apcombat.model import (
    BodyLocation,
    Burning,
    CriticalEffect,
    CriticalTable,
    Exhaustion,
    Interrupt,
    Pin,
    Watch,
)
from apcombat.saves import FORMAT_VERSION, SaveFile, load_game, replay_save, save_game, save_text

PLAYED = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 2**64 - 1)


def saved_and_loaded(game: Game) -> tuple[bytes, Game]:
    with tempfile.TemporaryDirectory() as folder:
        path = save_game(game, Path(folder) / "x.toml")
        return path.read_bytes(), load_game(path)


@PLAYED
@given(seed=seeds, script=actions())
def test_saving_a_loaded_game_gives_the_same_bytes(seed, script):
    game = duel_game(seed, script)
    written, loaded = saved_and_loaded(game)
    again, _ = saved_and_loaded(loaded)
    assert again == written
    assert written.decode("utf-8") == save_text(SaveFile.of(game))
    assert all(-(2**63) <= number < 2**63 for number in integers(tomllib.loads(written.decode("utf-8"))))


def integers(value: object) -> Iterator[int]:
    """Every integer in a TOML document (TOML integers are signed 64-bit)."""
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        for item in value:
            yield from integers(item)
    elif isinstance(value, int):
        yield value


@PLAYED
@given(seed=seeds, before=actions(), after=actions())
def test_a_loaded_game_goes_on_exactly_as_the_unsaved_one(seed, before, after):
    game = duel_game(seed, before)
    _, loaded = saved_and_loaded(game)
    assert (loaded.state, loaded.dice.snapshot(), loaded.history) == (game.state, game.dice.snapshot(), game.history)
    assert play(loaded, after) == play(game, after)
    assert loaded.dice.snapshot() == game.dice.snapshot()
    assert loaded.history == game.history


@PLAYED
@given(seed=seeds, script=actions(max_size=20))
def test_a_replayed_save_reaches_the_saved_state(seed, script):
    game = duel_game(seed, script)
    with tempfile.TemporaryDirectory() as folder:
        replayed = replay_save(save_game(game, Path(folder) / "x.toml"))
    assert replayed.state == game.state
    assert replayed.dice.snapshot() == game.dice.snapshot()
    assert replayed.history == game.history


def test_undo_after_loading_restores_the_state_before_the_last_command(game):
    _, loaded = saved_and_loaded(game)
    loaded.play("undo")
    game.play("undo")
    assert (loaded.state, loaded.dice.snapshot(), loaded.history) == (game.state, game.dice.snapshot(), game.history)


def test_typed_in_dice_are_kept_with_their_command(in_tmp):
    game = Game(duel(), seed=3, ask=lambda request: 6)
    game.play("end")  # initiative: one d6 each, typed in
    assert game.history == [HistoryEntry("end", typed_dice=(6, 6))]
    path = save_game(game, "saves/typed")
    assert path == Path("saves/typed.toml")
    assert "typed_dice = [\n    6,\n    6,\n]" in path.read_text(encoding="utf-8")
    assert replay_save(path).state == game.state


def test_the_file_holds_what_restores_the_game_and_nothing_derived(saved, game):
    text = saved.read_text(encoding="utf-8")
    assert text.startswith(f"format_version = {FORMAT_VERSION}\nseed = 7\n")
    for section in ("[dice]", "[start]", "[state]", "[[start.units]]", "[state.map]"):
        assert f"\n{section}\n" in text
    assert "{ line = " in text  # the history
    for derived in ("terrain", "saved_at", "log", "status", "events"):
        assert f"{derived} =" not in text


def test_every_part_of_a_state_survives_a_save(in_tmp):
    ana, raider = duel().units
    wounded = attrs.evolve(
        raider,
        wounds=frozenset({BodyLocation.LEGS, BodyLocation.ARM, BodyLocation.HEAD}),
        watch=Watch(tested=frozenset({"ana"})),
        turn_degrees=-67.5,
        recent_steps=("N", "NE"),
        initiative=14,
    )
    pinning = attrs.evolve(ana, pin=Pin("raider"), burning=Burning(2), exhaustion=Exhaustion(20, 2), ap=3)
    criticals = CriticalTable({BodyLocation.HEAD: CriticalEffect(BodyLocation.HEAD, "ouch", hit_mod=-5)})
    state = attrs.evolve(
        duel(),
        units=(pinning, wounded),
        criticals=criticals,
        modules={"morale": True},
        round=3,
        order=("raider", "ana"),
        active="ana",
        interrupt=Interrupt(watcher="raider", interrupted="ana"),
        gm_force_hit=False,
        gm_modifier=-10,
    )
    game = Game.resume(duel(), 1, [], state, Game(duel(), 1).dice.snapshot())
    text = save_game(game, "saves/all").read_text(encoding="utf-8")
    assert 'wounds = [\n    "arm",\n    "head",\n    "legs",\n]' in text  # sets are written sorted
    loaded = load_game("saves/all.toml")
    assert loaded.state == state
    assert save_game(loaded, "saves/again").read_text(encoding="utf-8") == text


def test_moves_turns_and_shots_survive_a_save(in_tmp):
    game = Game(duel(), seed=7)  # Ana wins the initiative
    game.play_all(["end", "end", "turn ana NE", "move ana 3,5", "shoot ana raider", "end"])
    assert game.state.unit("ana").at == (3, 5)
    written, loaded = saved_and_loaded(game)
    assert loaded.state == game.state
    assert saved_and_loaded(loaded)[0] == written
    assert play(loaded, [("shoot {active} {enemy}", 0), ("end", 0)]) == play(
        game, [("shoot {active} {enemy}", 0), ("end", 0)]
    )
