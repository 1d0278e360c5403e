"""Both AI levels with thrown weapons (R22, issue 26 item 4): they throw at two enemies bunched behind cover
instead of shooting, never with a friend in the blast, never at what their side does not know (R21.9), never
for less than their best shot, and say why in numbers. The maps and characters: R22.11's (tests/engine/
throw_fights): Ana (throwing 60, a Colt 1911) against raiders behind the low wall of map C."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

from apcombat.ai.baseline import Situation
from apcombat.ai.baseline.throws import MOST_FRIEND_CHANCE
from apcombat.ai.beliefs import planning_state
from apcombat.ai.decision import Option
from apcombat.ai.levels import LEVELS
from apcombat.engine import Throw, legal_commands, marks_of, preview, sees_now, view
from apcombat.engine.modules.fog_of_war.knowledge import update
from apcombat.model import DEFAULT_AI, Encounter
from tests.engine.throw_fights import MAP_A, MAP_C, ana, ben, jed, kid, rat, throw_game

AI_LEVELS = ("baseline", "tactical")


WALLED = (".........", ".....#...", ".....#...", ".....#...", ".........")
"""Open ground with a full wall at 5,1-5,3: an enemy east of it is out of Ana's sight."""


def decide(level: str, state: Encounter):  # type: ignore[no-untyped-def]
    return LEVELS[level](attrs.evolve(DEFAULT_AI, level=level)).decide(state, random.Random(1))


def covered(state: Encounter, *ids: str) -> Encounter:
    """The state with those characters in cover (R9.1: as after `cover WHO`; a file starts only hidden ones so)."""
    return attrs.evolve(state, units=tuple(attrs.evolve(u, in_cover=True) if u.id in ids else u for u in state.units))


def bunched(folder: Path, *more: dict, grenades: int = 2) -> Encounter:  # type: ignore[type-arg]
    """Jed and Rat side by side in cover behind map C's low wall (R9.2: -40 to a shot), Ana 4 m off."""
    folder.mkdir(exist_ok=True)
    units = (
        ana((0, 2), thrown={"frag_grenade": grenades}),
        *more,
        jed((4, 2)),
        rat((4, 3)),
    )
    return covered(throw_game(folder, *units, rows=MAP_C).state, "jed", "rat")


@pytest.mark.parametrize("level", AI_LEVELS)
def test_it_throws_at_two_enemies_bunched_behind_cover_instead_of_shooting(tmp_path: Path, level: str) -> None:
    state = bunched(tmp_path)
    decision = decide(level, state)
    assert decision.line.startswith("throw ana frag_grenade "), decision.reason
    assert decision.line in legal_commands(state)
    # the reason in the game's numbers: the enemies caught, the damage over every landing, the shot it beats
    reason = decision.reason
    assert reason.startswith("Ana throws a frag grenade at ") and "2 enemies in the blast (Jed, Rat)" in reason
    assert "damage expected over every landing" in reason and "best shot" in reason and "2 left" in reason


@pytest.mark.parametrize("level", AI_LEVELS)
def test_its_throw_weighs_every_landing_not_only_the_hit(tmp_path: Path, level: str) -> None:  # R22.4
    state = bunched(tmp_path)
    decision = decide(level, state)
    cell = tuple(int(n) for n in decision.line.split()[-1].split(","))
    judged = preview(state, Throw("ana", "frag_grenade", cell)).throw
    assert judged is not None and judged.plan.chance < 100 and len(judged.landings) > 1
    said = f"{judged.expected_enemy_damage:.1f} damage expected over every landing"
    assert said in decision.reason  # the preview's mean over every landing cell, the scatter's chances weighed
    assert judged.friend_caught_chance <= MOST_FRIEND_CHANCE  # Ana herself stays out of her blast


@pytest.mark.parametrize("level", AI_LEVELS)
def test_it_does_not_throw_with_a_friend_in_the_blast(tmp_path: Path, level: str) -> None:
    state = bunched(tmp_path, ben((5, 2)))  # Ben stands just behind the raiders
    listed = [line for line in legal_commands(state) if line.startswith("throw ana")]
    assert "throw ana frag_grenade 4,2" in listed  # the rules allow it
    assert Situation(state).throws == ()
    decision = decide(level, state)
    assert not decision.line.startswith("throw"), decision.reason


@pytest.mark.parametrize("level", AI_LEVELS)
def test_it_does_not_throw_a_grenade_for_less_than_its_best_shot(tmp_path: Path, level: str) -> None:
    # Jed alone in the open 2 m off: a sure shot, and a blast there would catch Ana herself
    state = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((2, 2)), rows=MAP_A).state
    assert any(line.startswith("throw ana frag_grenade 2,2") for line in legal_commands(state))
    assert Situation(state).throws == ()
    decision = decide(level, state)
    assert decision.line.startswith("shoot ana jed"), decision.reason


def test_the_last_grenade_is_kept_from_a_small_chance(tmp_path: Path) -> None:
    # Kid in combat armour at the grenade's reach: worth the second of two, not the last one
    two = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), kid((8, 2)), rows=MAP_A).state
    last = attrs.evolve(
        two, units=tuple(u.with_thrown_count("frag_grenade", 1) if u.id == "ana" else u for u in two.units)
    )
    worth = {option.line: option for option in Situation(two).throws}
    kept = {option.line: option for option in Situation(last).throws}
    assert worth and all(kept[line].worth < worth[line].worth for line in kept)


@pytest.mark.parametrize("level", AI_LEVELS)
def test_with_fog_on_it_never_throws_at_enemies_its_side_does_not_know(tmp_path: Path, level: str) -> None:
    # R21.9.1, R21.9.2: the same raiders hidden behind the wall: no throw listed at them, none played
    units = (jed((4, 2), in_cover=True, hidden=True), rat((4, 3), in_cover=True, hidden=True))
    state = throw_game(
        tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), *units, rows=MAP_C, modules=("fog_of_war",)
    ).state
    assert sees_now(state, "vault") == frozenset()
    assert not [line for line in legal_commands(view(state, "vault")) if line.startswith("throw")]
    decision = decide(level, state)
    assert not decision.line.startswith("throw"), decision.reason


@pytest.mark.parametrize("level", AI_LEVELS)
def test_with_fog_on_it_throws_at_seen_enemies_bunched_behind_cover(tmp_path: Path, level: str) -> None:
    units = (jed((4, 2)), rat((4, 3)))
    state = throw_game(
        tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), *units, rows=MAP_C, modules=("fog_of_war",)
    ).state
    state = covered(state, "jed", "rat")
    assert sees_now(state, "vault") == frozenset({"jed", "rat"})
    decision = decide(level, state)
    assert decision.line.startswith("throw ana frag_grenade "), decision.reason


@pytest.mark.parametrize("level", AI_LEVELS)
def test_with_fog_on_it_flushes_the_cells_where_its_side_marked_two_enemies(tmp_path: Path, level: str) -> None:
    # R21.2.1: the vault saw Jed and Rat at 4,2 and 4,3; they went behind the wall: marks, believed there (R21.9.1)
    state = throw_game(tmp_path, ana((0, 2), facing="E", thrown={"frag_grenade": 2}), jed((4, 2)), rat((4, 3)),
                       rows=WALLED, modules=("fog_of_war",)).state  # fmt: skip
    for uid, cell in (("jed", (7, 2)), ("rat", (7, 3))):
        units = tuple(attrs.evolve(u, at=cell) if u.id == uid else u for u in state.units)
        state = update(attrs.evolve(state, units=units))
    assert sees_now(state, "vault") == frozenset() and len(marks_of(state, "vault")) == 2
    decision = decide(level, state)
    assert decision.line in ("throw ana frag_grenade 4,2", "throw ana frag_grenade 4,3"), decision.reason
    assert "(last seen)" in decision.reason  # the believed enemies, named as the side knows them
    # the believed raiders count at a discount: worth less than the same throw at them in sight
    seen = Situation(planning_state(view(throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2)),
                                                    rat((4, 3)), rows=WALLED).state, "vault"))).throws  # fmt: skip
    believed = Situation(planning_state(view(state, "vault"))).throws
    assert believed[0].worth < max(option.worth for option in seen)


def test_tactical_throws_then_fires_the_ap_left(tmp_path: Path) -> None:
    # Ana with 12 AP: the grenade (4 AP, R22.10), then a shot with what is left, in one plan
    units = (ana((0, 2), thrown={"frag_grenade": 2}, ap=12), jed((4, 2)), rat((4, 3)))
    state = covered(throw_game(tmp_path, *units, rows=MAP_C).state, "jed", "rat")
    decision = decide("tactical", state)
    best = decision.options[0]
    assert isinstance(best, Option) and best.lines[0] == decision.line and decision.line.startswith("throw ana")
    assert any(line.startswith("shoot ana jed") for line in best.lines[1:]), best.lines
