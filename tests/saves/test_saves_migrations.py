"""Saves of older formats are upgraded one format at a time by MIGRATIONS before they are checked."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from save_helpers import duel

import apcombat.saves.migrations as migrations
from apcombat.engine import Game
from apcombat.model import Facing, PlayersShown
from apcombat.model.fates import Edge, Fate, MoraleState
from apcombat.rules.version import RULES_VERSION
from apcombat.saves import FORMAT_VERSION, MIGRATIONS, SaveError, load_game, open_save, save_game, upgrade


def version_0_from(document: dict[str, Any]) -> dict[str, Any]:
    """A made-up format 0: the history a plain list of lines (no typed dice), the dice state a table."""
    old = dict(document, format_version=0)
    del old["rules_version"]  # format 2 added it
    old["history"] = [entry["line"] for entry in document.get("history", [])]
    old["dice"] = {"state": document["dice"]["seeded"][0], "increment": document["dice"]["seeded"][1]}
    return old


def from_version_0(document: dict[str, Any]) -> dict[str, Any]:
    """The migration format 0 -> 1 that made-up format would have (then the real 1 -> 2 runs)."""
    dice = document.pop("dice")
    document["dice"] = {"seeded": [dice["state"], dice["increment"]]}
    document["history"] = [{"line": line} for line in document["history"]]
    return document


@pytest.fixture
def played() -> Game:
    """A game with a history and no queued dice, which format 0 could hold."""
    game = Game(duel(), seed=11)
    game.play_all(["gm bonus ana 2", "end", "gm set ana pose=crouched", "gm mod -10"])
    return game


@pytest.fixture
def version_0(in_tmp: Path, played: Game) -> Path:
    """`played` saved in the made-up format 0, as saves/old.toml."""
    document = tomllib.loads(save_game(played, "saves/new.toml").read_text(encoding="utf-8"))
    path = Path("saves/old.toml")
    path.write_text(tomli_w.dumps(version_0_from(document)), encoding="utf-8")
    return path


def test_an_older_save_is_upgraded_and_loads_as_the_game_was(version_0, played, monkeypatch):
    monkeypatch.setitem(MIGRATIONS, 0, from_version_0)
    before = version_0.read_bytes()
    loaded = load_game(version_0)
    assert (loaded.state, loaded.history, loaded.dice.snapshot()) == (
        played.state,
        played.history,
        played.dice.snapshot(),
    )
    assert len(loaded.history) == 4
    assert version_0.read_bytes() == before  # loading never rewrites the file


def test_without_the_migration_an_older_save_is_refused(version_0):
    with pytest.raises(SaveError, match=r"^saves/old\.toml: format_version: format 0 is too old: this apcombat"):
        load_game(version_0)


def test_a_migration_that_meets_a_damaged_document_is_one_clear_error(version_0, monkeypatch):
    monkeypatch.setitem(MIGRATIONS, 0, from_version_0)
    document = tomllib.loads(version_0.read_text(encoding="utf-8"))
    del document["dice"]["increment"]
    version_0.write_text(tomli_w.dumps(document), encoding="utf-8")
    with pytest.raises(SaveError, match=r"^saves/old\.toml: cannot upgrade it from format 0 to 1: 'increment'$"):
        load_game(version_0)


def test_upgrading_goes_one_format_at_a_time_and_leaves_the_document_given_alone():
    steps = {0: lambda d: d | {"zero": True}, 1: lambda d: d | {"one": d["zero"]}}
    document = {"format_version": 0, "nested": {"kept": 1}}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(migrations, "FORMAT_VERSION", 2)
        upgraded = upgrade(document, "old.toml", steps)
    assert upgraded == {"format_version": 2, "nested": {"kept": 1}, "zero": True, "one": True}
    assert document == {"format_version": 0, "nested": {"kept": 1}}


FORMAT_1 = Path(__file__).parent / "format_1"
"""Saves written by apcombat before issue 9 (format 1, commit eb6ffd7), kept as they were written."""


def format_1_save(name: str) -> Path:
    """A copy of a format-1 save in ./saves."""
    Path("saves").mkdir(exist_ok=True)
    return Path(shutil.copy(FORMAT_1 / f"{name}.toml", Path("saves") / f"{name}.toml"))


def test_a_format_1_save_loads_its_state_with_a_warning_about_its_rules(in_tmp):
    # Issue 9, item 5: `apcombat run duel.toml --seed 7 --save ...` before issue 9, after a move, a forced hit
    # for 4 damage, a pose undone, an end and `gm dice 3 4`; written under rules version 1.
    path = format_1_save("duel")
    before = path.read_bytes()
    opened = open_save(path)
    assert opened.warning is not None
    assert opened.warning.startswith(
        f"saves/duel.toml: written under rules version 1 and this apcombat plays version {RULES_VERSION}"
    )
    game = opened.game
    ana, raider = game.state.units
    assert (ana.at, ana.facing, raider.hp, game.state.round, game.state.active) == ((3, 5), Facing.E, 29, 2, "raider")
    assert [entry.line for entry in game.history][-3:] == ["shoot ana raider", "end", "gm dice 3 4"]
    assert game.dice.snapshot().queued == (3, 4)
    assert path.read_bytes() == before  # loading never rewrites the file
    game.play("end")  # the fight goes on
    again = save_game(game, "saves/again")
    assert again.read_text(encoding="utf-8").startswith(f"format_version = {FORMAT_VERSION}\nrules_version = 1\n")
    assert load_game(again).state == game.state


def test_a_format_1_table_mode_save_made_after_a_move_loads_and_goes_on(in_tmp):
    # Issue 9, item 1: the save `start`, `move drifter 9cm`, `end` wrote, which could not be read back
    # ("recent_steps[0]: 'moved' is not one of N, NE, ..."): the migration records the steps straight ahead.
    game = load_game(format_1_save("table_brawl"))
    drifter = game.state.unit("drifter")
    assert (drifter.ap, drifter.recent_steps) == (0, (Facing.E, Facing.E))  # its turn is over
    events = game.play("move rocco 6cm")
    assert events[0].text.startswith("Rocco walks 6 cm")


FORMAT_4 = Path(__file__).parent / "format_4"
"""A save of format 4 (before issue 13's dice typed in one line): the saloon brawl, Drifter's shot with the
dice typed when asked (to hit 20, damage 3), then his turn ended."""


def test_a_format_4_save_with_typed_dice_loads_and_its_log_calls_them_typed(in_tmp):
    Path("saves").mkdir(exist_ok=True)
    path = Path(shutil.copy(FORMAT_4 / "table_brawl_typed.toml", "saves/typed.toml"))
    game = load_game(path)
    shot = game.history[2]
    assert (shot.line, shot.typed_dice, shot.rolled_dice) == ("shoot drifter raider_1 at 9cm", (20, 3), ())
    assert game.state.unit("raider_1").hp == 26
    replayed = Game.replay(game.start, game.seed, game.history)
    assert "dice: typed d100 20, 1d8+6 3" in [event.text for event in replayed.log]
    game.play("end")  # the fight goes on, and is saved in today's format
    again = save_game(game, "saves/again")
    assert again.read_text(encoding="utf-8").startswith(f"format_version = {FORMAT_VERSION}\n")
    assert load_game(again).state == game.state


FORMAT_5 = Path(__file__).parent / "format_5"
"""A save of format 5 (before hex maps, R20): the duel, Ana turned NE and moved to 4,4."""


def test_a_format_5_save_loads_and_goes_on_in_todays_format(in_tmp):
    Path("saves").mkdir(exist_ok=True)
    path = Path(shutil.copy(FORMAT_5 / "duel.toml", "saves/duel.toml"))
    game = load_game(path)
    assert game.state.map is not None and game.state.map.kind == "square"
    assert game.state.unit("ana").at == (4, 4)
    assert Game.replay(game.start, game.seed, game.history).state == game.state
    game.play("turn ana S")  # the fight goes on, and is saved in today's format
    again = save_game(game, "saves/again")
    assert again.read_text(encoding="utf-8").startswith(f"format_version = {FORMAT_VERSION}\n")
    assert load_game(again).state == game.state


FORMAT_6 = Path(__file__).parent / "format_6"
"""A save of format 6 (before the R18 modules did anything): the saloon brawl with `casualties = true`, Drifter's
shot with typed dice, then `gm hp raider_1 -40` downing Raider Jed outright."""


def test_a_format_6_save_loads_with_its_modules_off_and_goes_on_in_todays_format(in_tmp):
    # R18: a format-6 game was played while its [modules] switches did nothing; it goes on as it was played.
    Path("saves").mkdir(exist_ok=True)
    path = Path(shutil.copy(FORMAT_6 / "table_brawl.toml", "saves/brawl.toml"))
    game = load_game(path)
    assert game.start.modules == {} and game.state.modules == {}
    raider = game.state.unit("raider_1")
    assert raider.hp == 0 and raider.down  # down as R12.2 says, no casualty d6 rolled for it
    assert Game.replay(game.start, game.seed, game.history).state == game.state
    game.play("end")  # the fight goes on, and is saved in today's format
    again = save_game(game, "saves/again")
    assert again.read_text(encoding="utf-8").startswith(f"format_version = {FORMAT_VERSION}\n")
    assert load_game(again).state == game.state


FORMAT_7 = Path(__file__).parent / "format_7"
"""Saves of format 7 (the R18 modules' state beside the core's fields): `last_stand`, a walk of legal lines over
the last stand with all six modules on (round 7: the deck with held cards, markers, a shaken, a surrendered and
a dead character, re-roll points spent), and `gang_fight`, examples/gang_fight.txt (R18.1.2's losses and tests)."""


def test_a_format_7_save_loads_its_modules_state_into_the_slots_and_goes_on_in_todays_format(in_tmp):
    Path("saves").mkdir(exist_ok=True)
    path = Path(shutil.copy(FORMAT_7 / "last_stand.toml", "saves/last_stand.toml"))
    game = load_game(path)
    state = game.state
    assert (state.unit("mara").fate, state.unit("mara").markers, state.unit("mara").markers_new) == (Fate.DEAD, 1, 2)
    assert state.unit("tess").morale is MoraleState.SHAKEN and state.unit("rico").start == (6, 4)
    assert [(side.edge, side.reroll_points) for side in state.sides] == [(Edge.W, 2), (Edge.E, 0)]
    assert state.deck is not None and state.deck.held == (("jackals", "torch"), ("kings", "doc"))
    assert state.unit("mara").slots.suppression.markers == 1
    assert Game.replay(game.start, game.seed, game.history).state == state
    game.play("end")  # the fight goes on, and is saved in today's format
    again = save_game(game, "saves/again")
    text = again.read_text(encoding="utf-8")
    assert text.startswith(f"format_version = {FORMAT_VERSION}\n") and "[state.slots.activation_deck.deck]" in text
    assert load_game(again).state == game.state


def test_a_format_7_save_keeps_the_rounds_losses_and_tests(in_tmp):
    Path("saves").mkdir(exist_ok=True)
    game = load_game(Path(shutil.copy(FORMAT_7 / "gang_fight.toml", "saves/gang_fight.toml")))
    assert (game.state.lost, game.state.morale_tested) == (("mara",), ("jackal_1", "jackal_2"))
    assert game.state.slots.morale.lost == ("mara",)
    assert Game.replay(game.start, game.seed, game.history).state == game.state


FORMAT_8 = Path(__file__).parent / "format_8"
"""Saves of format 8 (before the fog of war's slots): format 7's two saves, loaded and saved again by format 8."""


@pytest.mark.parametrize("name", ["last_stand", "gang_fight"])
def test_a_format_8_save_loads_with_fog_of_war_off_and_goes_on_in_todays_format(in_tmp, name):  # R21.10.1
    Path("saves").mkdir(exist_ok=True)
    game = load_game(Path(shutil.copy(FORMAT_8 / f"{name}.toml", f"saves/{name}.toml")))
    state = game.state
    assert not state.module_on("fog_of_war")
    assert not any(unit.hidden for unit in state.units)
    assert all(not side.slots.fog_of_war.marks and not side.slots.fog_of_war.seen for side in state.sides)
    assert Game.replay(game.start, game.seed, game.history).state == state
    game.play("end")
    again = save_game(game, "saves/again")
    assert again.read_text(encoding="utf-8").startswith(f"format_version = {FORMAT_VERSION}\n")
    assert load_game(again).state == game.state


FORMAT_9 = Path(__file__).parent / "format_9"
"""Saves of format 9 (before thrown weapons, R22): the gulch ambush and the hex ford with fog of war on, a round
of legal lines played by format 9."""


@pytest.mark.parametrize("name", ["gulch_ambush", "hex_ford"])
def test_a_format_9_save_loads_without_thrown_weapons_and_goes_on_in_todays_format(in_tmp, name):  # R22.1.2
    Path("saves").mkdir(exist_ok=True)
    game = load_game(Path(shutil.copy(FORMAT_9 / f"{name}.toml", f"saves/{name}.toml")))
    state = game.state
    assert state.module_on("fog_of_war") and state.blast_waiting is None
    assert all(not unit.thrown for unit in state.units)
    assert all(not carried.weapon.is_thrown for unit in state.units for carried in unit.weapons)
    assert Game.replay(game.start, game.seed, game.history).state == state
    game.play("end")
    again = save_game(game, "saves/again")
    assert again.read_text(encoding="utf-8").startswith(f"format_version = {FORMAT_VERSION}\n")
    assert load_game(again).state == game.state


FORMAT_10 = Path(__file__).parent / "format_10"
"""Saves of format 10 (before a side's colour): the molotov camp and the farmstead ruin, a round of legal lines
with two throws each, played by format 10 (3c829f5)."""


@pytest.mark.parametrize("name", ["molotov_camp", "ruin_grenades"])
def test_a_format_10_save_loads_with_its_sides_coloured_by_place_and_goes_on_in_todays_format(in_tmp, name):
    Path("saves").mkdir(exist_ok=True)
    game = load_game(Path(shutil.copy(FORMAT_10 / f"{name}.toml", f"saves/{name}.toml")))
    assert all(side.colour is None for side in game.state.sides)
    assert any(unit.thrown for unit in game.state.units)
    assert Game.replay(game.start, game.seed, game.history).state == game.state
    game.play("end")
    again = save_game(game, "saves/again")
    assert again.read_text(encoding="utf-8").startswith(f"format_version = {FORMAT_VERSION}\n")
    assert load_game(again).state == game.state


FORMAT_11 = Path(__file__).parent / "format_11"
"""Saves of format 11 (before notes, `gm add` and the players' view choices): Saloon brawl in table mode with
gm lines (a snapshot, `gm show`, HP and a condition), and the low wall with a side's colour, played by format
11 (f2bc606 with issue 28's first merges)."""


@pytest.mark.parametrize("name", ["low_wall", "table_brawl"])
def test_a_format_11_save_loads_without_notes_or_arrivals_and_goes_on_in_todays_format(in_tmp, name):
    Path("saves").mkdir(exist_ok=True)
    game = load_game(Path(shutil.copy(FORMAT_11 / f"{name}.toml", f"saves/{name}.toml")))
    assert all(unit.note == "" for unit in game.state.units)
    assert all(entry.arrival is None for entry in game.history)
    assert game.state.players_shown == PlayersShown(reasons=False, statuses=False)
    assert Game.replay(game.start, game.seed, game.history).state == game.state
    game.play("end")
    again = save_game(game, "saves/again")
    assert again.read_text(encoding="utf-8").startswith(f"format_version = {FORMAT_VERSION}\n")
    assert load_game(again).state == game.state
