"""R0.6: a fight with every optional rule switched off ([optional_rules] all false), through `apcombat run`."""

from __future__ import annotations

import pytest

from .builders import encounter, unit

ALL_OFF = {
    "initiative": False,
    "reaction": False,
    "covering_fire": False,
    "poses": False,
    "jumping": False,
    "running": False,
    "two_guns": False,
}


def plain_fight(rows=("." * 12,) * 7):
    ana = unit("ana", "a", (1, 3) if rows else None, facing="E", weapons=["colt_1911", "colt_1911"])
    bob = unit("bob", "b", (8, 3) if rows else None, facing="W", hp=15, weapons=["grease_gun"])
    return encounter([ana, bob], rows, optional_rules=ALL_OFF)


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ("react ana", "reaction"),
        ("pin ana bob", "covering fire"),
        ("jump ana 3,3", "jumping"),
        ("move ana 3,3 run", "running"),
        ("pose ana crouched", "poses"),
        ("dual ana bob", "two-gun fire"),
    ],
)
def test_switched_off_rules_are_refused_naming_r0_6(play, line, what):
    out = play(plain_fight(), ["start", line]).refused(2, what, "switched off", "R0.6")
    assert out.active == "ana" and out.ap("ana") == 8


@pytest.mark.parametrize(("line", "what"), [("move ana 6cm run", "running"), ("jump ana 3cm", "jumping")])
def test_switched_off_rules_are_refused_on_the_table_too(play, line, what):
    play(plain_fight(rows=None), ["start", line]).refused(2, what, "R0.6")


def test_the_fight_still_plays_to_a_winner(play):
    # R0.6: no initiative roll (units act as listed: Ana, then Bob); walking, single shots, bursts and
    # reloading still work, and the fight ends with a winner (R12.2).
    script = [
        "gm dice 99",  # Ana misses (to-hit 99)
        "move ana 3,3",
        "shoot ana bob",
        "end",
        "gm dice 10 2 99 99",  # Bob's burst: one hit (1d10+3 = 5), two misses
        "shoot bob ana burst",
        "end",
        "gm dice 30 9",  # round 2: Ana hits for 9 + 4 = 13
        "shoot ana bob",
        "end",
        "reload bob",
        "end",
        "gm dice 30 2",  # round 3: 6 more: Bob (15 HP) is down
        "shoot ana bob",
    ]
    out = play(plain_fight(), script).ok()
    assert "order listed" in out.last("initiative")["text"]
    assert [r["unit"] for r in out.events("turn")][:2] == ["ana", "bob"]
    assert out.hp("ana") == 25 and out.hp("bob") == -4
    assert out.winner == "a" and out.round == 3 and out.unit("bob")["status"] == "down"


@pytest.mark.parametrize(
    ("line", "word", "module", "key", "rule"),
    [
        ("aid ana bob", "aid", "casualties", "casualties", "R18.2.2"),
        ("calm ana", "calm", "suppression", "suppression", "R18.4.4"),
        ("reroll a 1", "reroll", "re-roll points", "rerolls", "R18.6"),
        ("hold a ana", "hold", "activation deck", "activation_deck", "R18.5"),
        ("last a", "last", "activation deck", "activation_deck", "R18.5"),
        ("gm fire 4,4 on", "gm fire", "spreading fires", "fire_spread", "R18.3.4"),
        ("gm morale ana steady", "gm morale", "morale", "morale", "R18.1"),
        ("gm next ana bob", "gm next", "casualties", "casualties", "R18.2"),
        ("gm near ana bob", "gm near", "suppression", "suppression", "R18.4.4"),
    ],
)
def test_a_command_of_a_module_that_is_off_is_refused_in_one_form(play, line, word, module, key, rule):
    # R18: every module's command says the same of a module the encounter has off, and how to switch it on.
    out = play(plain_fight(), ["start", line]).refused(2)
    assert out.error["reason"] == (
        f"{word} belongs to the {module} module, which this encounter has off: switch it on with {key} = true in "
        f"the encounter's [modules] ({rule})"
    )
