"""A save restores the game exactly: the same bytes when saved again, the same play when continued, the same
state when replayed from the start."""

from __future__ import annotations

import contextlib
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from save_helpers import ENCOUNTERS, Action, actions, any_actions, duel, duel_game, play, shipped

from apcombat.content import content_root, load_library
from apcombat.engine import CommandError, Game, HistoryEntry
from apcombat.model import (
    AiDice,
    AiRole,
    AiSettings,
    BodyLocation,
    Burning,
    Control,
    CriticalEffect,
    CriticalTable,
    Effort,
    Encounter,
    Exhaustion,
    Facing,
    HouseRules,
    HpShown,
    Interrupt,
    OptionalRules,
    Pin,
    PlayersShown,
    Pose,
    RolledDie,
    Side,
    TableFire,
    ThrownStock,
    Unit,
    WaitingBlast,
    Watch,
    with_fields,
)
from apcombat.model.deck import Deck, SideRoll
from apcombat.model.fates import Edge, Fate, MoraleState
from apcombat.model.fog_state import Mark, Sighting
from apcombat.rules.version import RULES_VERSION
from apcombat.saves import FORMAT_VERSION, SaveFile, load_game, replay_save, save_game, save_text
from apcombat.saves.agreement import quickly_agreeing_game

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


def same_game(loaded: Game, game: Game) -> bool:
    """Whether two games are in the same place: state, dice, history and what redo would play."""
    return (loaded.state, loaded.dice.snapshot(), loaded.history, loaded.redo_entries) == (
        game.state,
        game.dice.snapshot(),
        game.history,
        game.redo_entries,
    )


def loads_again(game: Game) -> None:
    """A save of `game` loads as the same game and saves again to the same bytes, and the quick way of
    checking it against its history applies (the load stays cheap)."""
    written, loaded = saved_and_loaded(game)
    assert same_game(loaded, game)
    assert saved_and_loaded(loaded)[0] == written
    quick = quickly_agreeing_game(written.decode("utf-8"))
    assert quick is not None and same_game(quick, game)


EVERY_ENCOUNTER = pytest.mark.parametrize("name", [path.stem for path in ENCOUNTERS])


@EVERY_ENCOUNTER
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, before=any_actions(max_size=30), after=any_actions(max_size=15))
def test_every_encounter_saved_at_any_moment_loads_and_goes_on_exactly(name, seed, before, after):
    # Issue 9, item 1: whatever a fight holds, map or table mode, its save loads, saves again to the same
    # bytes, and the loaded game goes on exactly as the unsaved one.
    saved_after_and_goes_on_exactly(name, seed, before, after)


def test_a_refusal_names_a_queued_die_alike_before_and_after_a_load():
    # Found by the property: `gm dice 4 4`, an end whose roll takes one 4, then an end whose deck draw (a d3,
    # R18.5.2) cannot take the other. The refusal named that die by its place among the numbers as queued
    # ("scripted roll 2"), the loaded game by its place among those left ("scripted roll 1").
    before = [(48, 0), (0, 0), (12, 0), (306, 0), (256, 129), (0, 0), (0, 0), (0, 0)]
    saved_after_and_goes_on_exactly("scrapyard_cards", 0, before, [(0, 0)])


def saved_after_and_goes_on_exactly(name: str, seed: int, before: list[Action], after: list[Action]) -> None:
    """Play `before` on a shipped encounter (a save after every turn loads as the game), save, load, and play
    `after` on both: the same steps, the same game."""
    game = Game(shipped(name), seed=seed)
    game.turn_listeners.append(loads_again)  # as the program autosaves: after every turn
    play(game, before)
    loads_again(game)
    written, loaded = saved_and_loaded(game)
    assert same_game(loaded, game)
    assert saved_and_loaded(loaded)[0] == written
    assert play(loaded, after) == play(game, after)
    assert same_game(loaded, game)


@pytest.mark.parametrize(
    ("name", "script"),
    [
        ("table_brawl", ["start", "move drifter 9cm", "end"]),
        ("table_brawl", ["start", "move drifter 12cm run", "turn drifter 90", "end", "move rocco 6cm", "end"]),
        ("duel", ["end", "end", "move ana 3,5", "jump ana 5,5", "end"]),
    ],
)
def test_a_save_after_moves_and_jumps_loads_and_goes_on(in_tmp, name, script):
    # Issue 9, item 1: `start`, `move drifter 9cm`, `end` in table mode wrote a save that could not be read.
    game = Game(shipped(name), seed=0)
    for line in script:
        with contextlib.suppress(CommandError):  # whoever does not act now is refused: the others go on
            game.play(line)
    assert [entry.line for entry in game.history if entry.line.startswith(("move", "jump"))]
    written, loaded = saved_and_loaded(game)
    assert same_game(loaded, game)
    assert saved_and_loaded(loaded)[0] == written
    assert play(loaded, [(0, 0), (1, 0)]) == play(game, [(0, 0), (1, 0)])


def test_a_save_with_a_unit_standing_in_a_fire_loads_and_goes_on(in_tmp):
    # R18.3.1: a cell may catch fire under a character; the save of that moment loads (its state is checked
    # as an encounter's units are), and the fires, the burnt ground and the fresh fires go on as before.
    game = Game(shipped("brush_fire"), seed=3)
    for line in ("gm fire 2,12 on", "gm fire 13,8 off", "start", "gm fire 3,11 on"):
        game.play(line)
    assert game.state.map is not None and (2, 12) in game.state.map.fires and game.state.fresh_fires == {(3, 11)}
    written, loaded = saved_and_loaded(game)
    assert same_game(loaded, game) and saved_and_loaded(loaded)[0] == written
    assert play(loaded, [(0, 0), (1, 0)]) == play(game, [(0, 0), (1, 0)])


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
    assert text.startswith(f"format_version = {FORMAT_VERSION}\nrules_version = {RULES_VERSION}\nseed = 7\n")
    for section in ("[dice]", "[start]", "[state]", "[[start.units]]", "[state.map]"):
        assert f"\n{section}\n" in text
    assert "{ line = " in text  # the history
    for derived in ("terrain", "saved_at", "log", "status", "events"):
        assert f"{derived} =" not in text


THROWN = load_library(content_root()).weapons
"""The shipped weapon list, for its thrown weapons (R22.10)."""


def test_every_part_of_a_state_survives_a_save(in_tmp):
    # Every field of a unit and of the encounter, each away from its default: a save must read back whatever
    # the state holds (a field added to the model fails here until it is given a value below).
    ana, raider = duel().units
    unit_values = {
        "ap": 3,
        "at": (2, 3),
        "facing": Facing.SE,
        "pose": Pose.CROUCHED,
        "armor": raider.armor,
        "weapons": (*ana.weapons[:1], attrs.evolve(ana.weapons[0], loaded=2, broken=True)),
        "in_hand": 1,
        "offhand": 0,
        "ammo": {"45_acp": 7, "10mm": 3},
        "in_cover": True,
        "wounds": frozenset({BodyLocation.LEGS, BodyLocation.ARM, BodyLocation.HEAD}),
        "exhaustion": Exhaustion(20, 2),
        "burning": Burning(2),
        "unconscious_rounds": 2,
        "ap_loss_next_turn": 4,
        "carried_mm": 12,
        "carried_rate": 45,
        "recent_steps": (Facing.N, Facing.NE),
        "turn_degrees": -67.5,
        "turn_paid": 1,
        "sacrificed_ap": 5,
        "ran_ap": 4,
        "spent_ap": True,
        "initiative": 14,
        "initiative_bonus": -2,
        "watch": Watch(tested=frozenset({"raider"})),
        "pin": Pin("raider"),
        "ai_role": AiRole.SNIPER,
        "note": "has the key to the vault; flees at 10 HP",
        "morale": MoraleState.BROKEN,  # R18.1.3
        "fate": Fate.MAN_DOWN,  # R18.2.1
        "stunned": True,
        "times_stunned": 2,  # R18.2.4
        "start": (1, 1),  # R18.1.3
        "gm_friends_near": True,  # R18.1.1 table mode
        "gm_leader_near": "raider",
        "markers": 3,  # R18.4
        "markers_new": 2,
        "markers_round": 3,
        "hidden": True,  # R21.3
        "quietly_revealed": True,  # R21.4.3
        "thrown": (ThrownStock(THROWN["molotov"], 1), ThrownStock(THROWN["frag_grenade"], 0)),  # R22.1.2
    }
    ai_values = {"level": "random", "effort": Effort.HIGH, "aggression": 0.8, "caution": 0.25}
    side_values = {
        "control": Control.AI,
        "ai": AiSettings(**ai_values),
        "hp_shown": HpShown.HIDDEN,
        "edge": Edge.W,  # R18.1.3
        "reroll_points": 6,  # R18.6.1
        "colour": "magenta",  # its colour on the map
        # R21: what the side knows of its enemies (a mark in table mode has no cell)
        "seen": frozenset({"raider"}),
        "marks": (Mark("raider", (3, 2), Pose.PRONE, 2), Mark("ghost", None, Pose.CROUCHED, 3)),
        "ever_seen": ("raider", "ghost"),
        "last_seen": (Sighting("raider", (3, 2), Facing.SW, Pose.PRONE, True, 7, "colt_1911", Fate.NONE, 2),),
        "bumped": (("raider", (3, 2)),),
        "told": frozenset({"raider"}),
        "glimpsed": frozenset({"ghost"}),
        "glimpsed_at": (("ghost", (1, 2)), ("raider", (3, 2))),  # R21.8.3
    }
    encounter_values = {
        "map": attrs.evolve(duel().map, fires={(2, 1), (1, 2)}, burnt={(3, 1)}),  # R18.3
        "description": "Every field set",
        "house_rules": HouseRules(
            aim_max_extra_ap=3, prone_shows_head=False, reroll_initiative_each_round=True, surrender=False
        ),
        "optional_rules": OptionalRules(jumping=False, two_guns=False),
        "modules": {"morale": True, "casualties": False},
        "criticals": CriticalTable({BodyLocation.HEAD: CriticalEffect(BodyLocation.HEAD, "ouch", hit_mod=-5)}),
        "round": 3,
        "order": ("raider", "ana"),
        "taken": ("raider",),
        "delayed": ("raider",),
        "pre_empted": "raider",
        "active": "ana",
        "interrupt": Interrupt(watcher="raider", interrupted="ana"),
        "gm_modifier": -10,
        "gm_force_hit": False,
        "winner": "raiders",
        "finished": True,
        # Both halves of a generator from 2^63 up: TOML's signed 64-bit integers hold them as negatives.
        "ai_dice": (AiDice("raiders", ((1 << 64) - 3, (1 << 63) + 5)), AiDice("vault", (12, 7))),
        "sides": tuple(with_fields(side, **side_values) for side in duel().sides),
        # R18.5: the activation deck mid-round: the sides' d6 (a tie re-rolled), a held card to play, the deck.
        "deck": Deck(
            sides=("vault", "raiders"),
            rolls=(SideRoll("raiders", (4, 6)), SideRoll("vault", (4, 2))),
            went_last=True,
            choosing=False,
            held=(("vault", "ana"), ("raiders", "raider")),
            to_play=("raider",),
            cards=("ana",),
        ),
        "lost": ("raider",),  # R18.1.2
        "morale_tested": ("ana",),
        "gm_next_to": ("ana", "raider"),  # R18.2.2 table mode
        "fresh_fires": frozenset({(2, 1)}),  # R18.3.3
        "table_fires": (TableFire("barn"), TableFire("hay", fresh=True)),  # R18.3.4
        "rolls": (RolledDie(1, 100, "Ana's shot at Raider", 37, "d100", "ana"), RolledDie(2, 6, "a d6", 4)),  # R18.6
        "gm_near": ("ana", "raider"),  # R18.4.4
        "view_of": "vault",  # R21.8: a side's view, as an AI is handed it
        "blast_waiting": WaitingBlast("ana", "molotov", 4.5, lean=True, hit=False, direction=Facing.SW, cells=2),
        "players_shown": PlayersShown(reasons=True, statuses=True),
        "reroll_base": None,  # R18.6.2: never saved, rebuilt from the history (test_a_reroll_survives_a_save)
    }
    for model, values in (
        (Unit, unit_values),
        (Encounter, encounter_values),
        (Side, side_values),
        (AiSettings, ai_values),
    ):
        defaults = {field.name for field in attrs.fields(model) if field.default is not attrs.NOTHING} - {"slots"}
        if "slots" in attrs.fields_dict(model):  # the modules' state, by its flat names
            slots = attrs.resolve_types(attrs.fields_dict(model)["slots"].default.factory)
            defaults |= {name for slot in attrs.fields(slots) for name in attrs.fields_dict(slot.type)}
        assert defaults <= set(values), f"give {model.__name__}'s {sorted(defaults - set(values))} a value here"
    everything = with_fields(ana, **unit_values)
    assert all(getattr(everything, name) != getattr(ana, name) for name in unit_values if name != "armor")
    state = with_fields(duel(), units=(everything, attrs.evolve(raider, hp=-3)), **encounter_values)
    # Under other rules, so that the state is kept as it is, not checked against an empty history.
    # The armour it wears and the spare ammunition it has (no command changes those, but a reload's).
    start = attrs.evolve(duel(), units=(attrs.evolve(ana, armor=raider.armor, ammo=unit_values["ammo"]), raider))
    game = Game.resume(start, 1, [], state, Game(duel(), 1).dice.snapshot(), rules_version=1)
    text = save_game(game, "saves/all").read_text(encoding="utf-8")
    assert 'wounds = [\n    "arm",\n    "head",\n    "legs",\n]' in text  # sets are written sorted
    loaded = load_game("saves/all.toml")
    assert loaded.state == state
    assert save_game(loaded, "saves/again").read_text(encoding="utf-8") == text


def test_a_reroll_survives_a_save(in_tmp):
    # R18.6.2, R18.4: the last action's dice and the suppression markers are saved; the state before the action,
    # which a re-roll plays again from, is rebuilt from the history, so a loaded game re-rolls as the live one.
    start = duel()
    sides = tuple(with_fields(side, reroll_points=4) for side in start.sides)
    start = attrs.evolve(start, sides=sides, modules={"rerolls": True, "suppression": True})
    game = Game(start, seed=7)
    game.play_all(["end", "end", "shoot ana raider", "reroll vault 1"])
    written, loaded = saved_and_loaded(game)
    assert "reroll_base" not in written.decode()
    assert loaded.state == game.state and loaded.state.rolls
    assert [event.text for event in loaded.play("reroll vault 2")] == [
        event.text for event in game.play("reroll vault 2")
    ]
    assert loaded.state == game.state and loaded.state.side("vault").reroll_points == 0


def test_an_ai_sides_settings_and_the_units_roles_survive_a_save(in_tmp):
    bold = AiSettings("random", Effort.LOW, aggression=0.75, caution=0.1)
    sides = tuple(attrs.evolve(side, ai=bold) if side.control is Control.AI else side for side in duel().sides)
    units = tuple(attrs.evolve(unit, ai_role=role) for unit, role in zip(duel().units, AiRole, strict=False))
    game = Game(attrs.evolve(duel(), sides=sides, units=units), seed=7)
    game.play_all(["end", "end"])
    written, loaded = saved_and_loaded(game)
    assert 'level = "random"' in written.decode() and 'ai_role = "hold"' in written.decode()
    assert loaded.state.side("raiders").ai == loaded.start.side("raiders").ai == bold
    assert [unit.ai_role for unit in loaded.state.units] == [AiRole.ASSAULT, AiRole.HOLD]


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
