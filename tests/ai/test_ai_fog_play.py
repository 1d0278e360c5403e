"""R21.9: how the AI levels play under the fog of war — beliefs from marks, scouting when they know of no
enemy, hidden characters kept hidden until an ambush pays — and plug-in bots handed their side's view."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

from apcombat.ai.baseline.situation import Situation
from apcombat.ai.beliefs import believed, planning_state
from apcombat.ai.levels import LEVELS
from apcombat.ai.players import Plugin
from apcombat.ai.turn import ask
from apcombat.engine import Attack, Game, Move, PinDown, React, marks_of, sees_now, view
from apcombat.engine.modules.fog_of_war.knowledge import update
from apcombat.model import DEFAULT_AI, Encounter
from apcombat.model.encounter import with_state
from tests.engine.modules.fog_fights import ana, ben, fog_encounter, jed, moss, rat

AI_LEVELS = ("baseline", "tactical")


def player(level: str):  # type: ignore[no-untyped-def]
    return LEVELS[level](attrs.evolve(DEFAULT_AI, level=level))


def started(folder: Path, *units: dict) -> Encounter:  # type: ignore[type-arg]
    folder.mkdir(exist_ok=True)
    game = Game(fog_encounter(folder, *units), seed=2)
    game.play("start")
    return game.state


def moved(state: Encounter, uid: str, cell: tuple[int, int]) -> Encounter:
    units = tuple(attrs.evolve(unit, at=cell) if unit.id == uid else unit for unit in state.units)
    return update(attrs.evolve(state, units=units))


@pytest.fixture
def marked(tmp_path: Path) -> Encounter:
    """Ana to act; the vault saw Jed (his Grease Gun in hand) at 6,3, and he has gone behind the wall to 9,6."""
    state = started(tmp_path, ana((0, 3)), ben((0, 6)), jed((6, 3)))
    assert sees_now(state, "vault") == frozenset({"jed"})
    state = moved(state, "jed", (9, 6))
    assert sees_now(state, "vault") == frozenset()
    assert [mark.at for mark in marks_of(state, "vault")] == [(6, 3)]
    return state


def test_a_mark_is_believed_where_it_was_seen_with_what_it_held(marked):  # R21.9.1
    planning = planning_state(view(marked, "vault"))
    ghost = planning.unit("jed")
    assert (ghost.at, ghost.weapon.weapon.id if ghost.weapon else None) == ((6, 3), "grease_gun")
    assert believed(planning) == frozenset({"jed"})
    assert ghost.name == "jed (last seen)"


def test_no_line_of_an_ai_names_a_believed_enemy(marked):  # R21.5.1, R21.5.4: it sees nobody to shoot
    situation = Situation(planning_state(view(marked, "vault")))
    assert not [c for c in situation.actions if isinstance(c, Attack | PinDown) and c.target == "jed"]
    for level in AI_LEVELS:
        answer, _, failure = ask(player(level), marked, random.Random(1))
        assert failure is None and "jed" not in answer.line.split()


def test_an_enemy_never_seen_does_not_exist_for_it(tmp_path):  # R21.9.1: no mark, no belief
    state = started(tmp_path, ana((0, 3)), moss((9, 6)))
    assert sees_now(state, "vault") == frozenset() and marks_of(state, "vault") == ()
    assert [unit.id for unit in planning_state(view(state, "vault")).units] == ["ana"]


@pytest.mark.parametrize("level", AI_LEVELS)
def test_it_scouts_when_it_knows_of_no_enemy(tmp_path, level):  # R21.9: towards the far side, not `end`
    state = started(tmp_path, ana((0, 0)), moss((9, 6)))
    assert sees_now(state, "vault") == frozenset()
    answer, _, failure = ask(player(level), state, random.Random(1))
    assert failure is None and isinstance(answer.command, Move), answer
    assert "scouts towards 9,6" in answer.reason
    to = answer.command.waypoints[-1]
    assert abs(9 - to[0]) + abs(6 - to[1]) < 15


@pytest.mark.parametrize("level", AI_LEVELS)
def test_a_hidden_character_holds_its_ambush_until_it_pays(tmp_path, level):  # R21.3.3, R21.9
    far = started(tmp_path, rat((9, 2), "W", hidden=True), ana((0, 0)))
    assert sees_now(far, "raiders") == frozenset()
    answer, _, _ = ask(player(level), far, random.Random(1))
    assert answer.command == React("rat") and "stays hidden" in answer.reason
    near = started(tmp_path / "near", rat((9, 2), "W", hidden=True), ana((6, 2), "E"))
    assert sees_now(near, "raiders") == frozenset({"ana"})
    answer, _, _ = ask(player(level), near, random.Random(1))
    assert "stays hidden" not in answer.reason and answer.command != React("rat")


def test_a_plug_in_is_handed_its_sides_view(marked):  # R21.9.3: an Encounter like the state, marks_of
    handed: list[Encounter] = []

    def bot(state: Encounter, rng: random.Random) -> str:
        handed.append(state)
        return "end"

    answer, _, failure = ask(Plugin("mybots:bot", bot), marked, random.Random(1))
    assert failure is None and answer.line == "end"
    assert [unit.id for unit in handed[0].units] == ["ana", "ben"]
    assert [mark.unit for mark in marks_of(handed[0], "vault")] == ["jed"]


def test_with_the_fog_off_a_plug_in_is_handed_the_state(tmp_path):  # R21: nothing changes with it off
    state = started(tmp_path, ana((0, 3)), moss((9, 6)))
    state = attrs.evolve(state, modules={**state.modules, "fog_of_war": False})
    handed: list[Encounter] = []
    ask(Plugin("mybots:bot", lambda shown, rng: handed.append(shown) or "end"), state, random.Random(1))
    assert handed == [state]


@pytest.mark.parametrize("level", AI_LEVELS)
def test_an_ambush_nobody_walks_into_is_given_up_after_round_3(tmp_path, level):  # R21.9: then it looks
    far = started(tmp_path, rat((9, 2), "W", hidden=True), ana((0, 0)))
    later = attrs.evolve(far, round=4)
    answer, _, failure = ask(player(level), later, random.Random(1))
    assert failure is None and "stays hidden" not in answer.reason and answer.command != React("rat")


def test_a_faded_mark_is_believed_until_the_side_looks_at_its_cell(marked):  # R21.2.2 (b), R21.9.1
    faded = attrs.evolve(
        marked,
        sides=tuple(with_state(side, "fog_of_war", marks=()) if side.id == "vault" else side for side in marked.sides),
    )
    assert marks_of(faded, "vault") == ()
    in_sight = planning_state(view(faded, "vault"))  # Ana at 0,3 has a clear line to 6,3: nobody there
    assert "jed" not in {unit.id for unit in in_sight.units}
    away = moved(moved(faded, "ana", (0, 0)), "ben", (1, 0))  # behind the wall 3-5,1 and 3,2
    believed_there = planning_state(view(away, "vault"))
    assert believed_there.unit("jed").at == (6, 3)
