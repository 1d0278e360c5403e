"""R6.2 burning: the burn comes when the victim's turn would start, whether or not it can act, and stops
when the victim goes out of the fight (R12.2). Through `apcombat run`."""

from __future__ import annotations

from .builders import encounter, first_in_file_order, unit

ORDER = first_in_file_order(3)  # R13.1: Ana, Bob, Cid


def three_units():
    return encounter(
        [
            unit("ana", "a", (1, 3), facing="E", weapons=["flamer"], ST=6),
            unit("bob", "b", (5, 3), facing="W"),
            unit("cid", "b", (8, 5), facing="W"),
        ]
    )


def burns(out):
    return [(e["unit"], e["roll"], e["hp"]) for e in out.events("burning") if "roll" in e]


def test_an_unconscious_burning_character_burns_when_its_lost_turn_would_start(play):
    # R6.2 ruling: Bob burns (1d10+5 next) and is unconscious for 1 round: at the start of his lost turn in
    # round 1 the fire hurts him (d10 4: 9 damage), and the 1d10 comes at the start of his turn in round 2.
    script = ["gm set bob burning=1 unconscious=1", ORDER, "start", "gm dice 4", "end"]
    out = play(three_units(), script).ok()
    assert burns(out) == [("bob", [4], 21)]
    assert out.active == "cid" and out.last("unconscious")["unit"] == "bob"
    out = play(three_units(), [*script, "end", "gm dice 3", "end"]).ok()
    assert burns(out) == [("bob", [4], 21), ("bob", [3], 18)]
    assert out.round == 2 and out.active == "bob" and "goes out" in out.events("burning")[-1]["text"]


def test_burning_stops_when_its_victim_goes_down(play):
    # R6.2, R12.2: the 1d10+5 tick (d10 6: 11) downs Bob at 5 HP; the fire stops with him. Brought back by
    # the game master, he does not burn at the start of his next turn (the 1d10 would have come then).
    script = ["gm set bob burning=1 hp=5", ORDER, "start", "gm dice 6", "end"]
    out = play(three_units(), script).ok()
    assert burns(out) == [("bob", [6], -6)] and out.unit("bob")["status"] == "down"
    out = play(three_units(), [*script, "gm set bob hp=10", "end", "end"]).ok()
    assert out.round == 2 and out.active == "bob" and burns(out) == [("bob", [6], -6)]
    assert out.hp("bob") == 10
