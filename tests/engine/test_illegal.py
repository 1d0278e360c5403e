"""Illegal commands change nothing: `apcombat run` stops with exit code 2, the line and the reason, and prints
the state as it was before that line."""

from __future__ import annotations

import pytest

from .builders import duel

BEFORE = ["gm dice 6 1", "move ana 2,3"]  # R13.1: Ana first; she has spent 1 AP


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("fly ana 3,3", "unknown command 'fly'"),
        ("move ana", "missing where to"),
        ("move ana 3;3", "not a cell"),
        ("move ana 40,3", "outside"),
        ("move zed 3,3", "no unit 'zed'"),
        ("move bob 7,3", "not Bob's turn"),
        ("turn ana UP", "not a facing"),
        ("pose ana sitting", "not a pose"),
        ("shoot ana", "missing the target"),
        ("shoot ana zed", "no unit 'zed'"),
        ("shoot ana ana", "cannot attack itself"),
        ("shoot ana bob aimed nose", "not a location"),
        ("shoot ana bob twice", "not an option of shoot"),
        ("shoot ana bob aimed torso +4", "needs 10 AP"),
        ("melee ana bob", "firearm"),
        ("dual ana bob", "second gun"),
        ("flame ana bob", "flamethrower"),
        ("reload ana", "already full"),
        ("swap ana", "only one weapon"),
        ("uncover ana", "not in cover"),
        ("cover ana", "R9.1"),
        ("react ana", "already spent AP"),
        ("pin ana bob", "already spent AP"),
        ("delay ana", "already spent AP"),
        ("jump ana 8,3", "occupied"),
        ("jump ana 2,3", "already at 2,3"),
        ("jump ana", "missing where to"),
        ("gm set ana mood=1", "cannot change"),
        ("gm dice x", "a die must be a whole number from 0 to 1000, not 'x'"),
        ("gm force maybe", "hit or miss"),
        ("gm bonus ana 3", "before the first round"),
        ("gm what", "not a game-master command"),
        ("redo", "nothing to redo"),
        ("start now", "unexpected"),
    ],
)
def test_an_illegal_line_changes_nothing(play, line, reason):
    before = play(duel(), BEFORE).ok()
    out = play(duel(), [*BEFORE, line, "end"]).refused(3, reason)
    assert {key: value for key, value in out.data.items() if key != "error"} == before.data
    assert out.active == "ana" and out.ap("ana") == 7


def test_the_error_names_the_script_line_counting_comments_and_blank_lines(play):
    out = play(duel(), ["# set-up", "", "gm dice 6 1  # Ana first", "move ana 2,3", "", "move ana 2,2 2,1 2,0 9,0"])
    out.refused(6, "needs")
    assert out.at("ana") == (2, 3)


def test_an_illegal_first_command_does_not_start_the_fight(play):
    out = play(duel(), ["gm dice 6 1", "shoot ana bob aimed torso +5"]).refused(2, "needs 11 AP")
    assert out.round == 0 and out.active is None and out.events("initiative") == []
