"""A save's stored state must pass every check a state can pass without its history, whatever rules wrote it: a
save of older rules goes on from its stored state (it is not played again), so a damaged one would otherwise
play a different game. A save of newer rules than this apcombat plays is refused like a newer format."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from save_helpers import edit, set_field

from apcombat import __version__
from apcombat.rules.version import RULES_VERSION
from apcombat.saves import SaveError, list_saves, load_game, open_save, save_game

FORMAT_1_DUEL = Path(__file__).parent / "format_1" / "duel.toml"

DAMAGE = {
    "HP over the maximum": (
        "state.units.0.hp",
        90,
        "state.units[0].hp: expected at most the unit's max HP (31), got 90",
    ),
    "ammo over the magazine": (
        "state.units.0.weapons.0.loaded",
        12,
        "state.units[0].weapons[0].loaded: expected at most the Colt 1911's magazine (7), got 12",
    ),
    "spare ammunition dropped": (
        "state.units.0.ammo",
        {},
        "state.units[0].ammo: missing '45acp': the unit had ",  # 28 spare rounds now, 14 in format 1
    ),
    "more spare ammunition than at the start": (
        "state.units.0.ammo.45acp",
        99,
        "state.units[0].ammo.45acp: expected 0 to the ",
    ),
    "a start cell off the map": (  # R18.1.3: where a unit started, which a broken one flees to
        "state.units.0.slots.morale.start",
        [16, 5],
        "state.units[0].slots.morale.start: [16, 5] is outside the map",
    ),
    "a start cell in a wall": (
        "state.units.0.slots.morale.start",
        [8, 1],
        "state.units[0].slots.morale.start: [8, 1] is a wall, where no unit can stand",
    ),
    "an unknown weapon id": (
        "state.units.0.weapons.0.weapon.id",
        "raygun",
        "state.units[0].weapons[0].weapon.id: unknown weapon 'raygun'",
    ),
    "an armour id blanked": (
        "state.units.0.armor.id",
        "",
        "state.units[0].armor.id: expected an id, got an empty one",
    ),
    "an armour id the unit did not wear": (
        "state.units.0.armor.id",
        "power_armor",
        "state.units[0].armor.id: unknown armour 'power_armor'",
    ),
    "a range of 0": (
        "state.units.0.weapons.0.weapon.ranges.cqc.max",
        0.0,
        "state.units[0].weapons[0].weapon.ranges.cqc.max: expected more than 0, got 0",
    ),
    "ranges out of order": (
        "state.units.0.weapons.0.weapon.ranges.medium.max",
        5.0,
        "state.units[0].weapons[0].weapon.ranges.medium.max: expected more than ranges.close.max (10), got 5",
    ),
}


def _refusal(path: Path) -> str:
    with pytest.raises(SaveError) as refused:
        open_save(path)
    message = str(refused.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("field, value, message", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_state_of_older_rules_is_refused_naming_the_field(saved, field, value, message):
    edit(saved, lambda document: (set_field(field, value)(document), set_field("rules_version", 1)(document)))
    assert _refusal(saved).startswith(f"saves/x.toml: {message}")
    (listed,) = list_saves("saves")
    assert listed.problem is not None and message in listed.problem


@pytest.mark.parametrize("field, value, message", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_state_of_a_format_1_save_is_refused_naming_the_field(in_tmp, field, value, message):
    old = Path("saves") / "old.toml"
    old.parent.mkdir()
    shutil.copy(FORMAT_1_DUEL, old)
    assert load_game(old).state.units[0].hp == 31  # undamaged, it loads
    edit(old, set_field(field, value))
    assert _refusal(old).startswith(f"saves/old.toml: {message}")


def test_a_damaged_start_is_refused_too(saved):
    edit(
        saved, lambda document: (set_field("start.units.1.hp", 900)(document), set_field("rules_version", 1)(document))
    )
    assert "start.units[1].hp: expected at most the unit's max HP" in _refusal(saved)


def test_a_save_of_newer_rules_is_refused_in_one_sentence(saved):
    edit(saved, set_field("rules_version", 99))
    message = _refusal(saved)
    assert message == (
        "saves/x.toml: rules_version: saved by a newer apcombat (rules version 99); "
        f"this apcombat ({__version__}) plays up to {RULES_VERSION}: update apcombat to open it"
    )


def test_hp_the_game_master_set_above_the_most_is_kept(saved):
    # The game master may give a unit more HP than its most (`gm set`): a save of older rules keeps it.
    game = load_game(saved)
    game.play("gm set raider hp=40")
    edit(save_game(game, saved), set_field("rules_version", 1))
    assert open_save(saved).game.state.unit("raider").hp == 40
