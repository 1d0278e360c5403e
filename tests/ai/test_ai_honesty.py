"""R21.9.1: with the fog of war on, every AI level decides from its side's view only — two states that show
the side the same view get the same decision from the same state of the AI's own generator, whatever the
enemies it does not see do (where they stand, whether they are there at all, their hidden flags, watches and
HP)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from apcombat.ai.levels import LEVELS
from apcombat.ai.turn import ask
from apcombat.engine import Game, sees_now, view
from apcombat.engine.modules.fog_of_war.knowledge import update
from apcombat.model import DEFAULT_AI, Encounter, Watch
from apcombat.model.encounter import with_state
from tests.engine.modules.fog_fights import YARD, ana, ben, fog_encounter, jed, moss, rat

AI_LEVELS = ("baseline", "tactical")
FLOOR = tuple((x, y) for y, row in enumerate(YARD) for x, char in enumerate(row) if char == ".")
ENEMIES = ("jed", "rat", "moss")


def player(level: str):  # type: ignore[no-untyped-def]
    return LEVELS[level](attrs.evolve(DEFAULT_AI, level=level))


@pytest.fixture(scope="module")
def yard(tmp_path_factory: pytest.TempPathFactory) -> Encounter:
    """The yard with every character placed, round 1, Ana to act (the vault is the AI side)."""
    folder = tmp_path_factory.mktemp("yard")
    units = (ana((0, 3)), ben((2, 6)), jed((6, 3)), rat((9, 2), "W"), moss((9, 6)))
    game = Game(fog_encounter(folder, *units), seed=3)
    game.play("start")
    return game.state


def placed(state: Encounter, cells: dict[str, tuple[int, int]], hidden: frozenset[str] = frozenset()) -> Encounter:
    """`state` with the characters moved to `cells` and `hidden` hidden, and the sight worked out again."""
    units = tuple(
        with_state(attrs.evolve(unit, at=cells.get(unit.id, unit.at)), "fog_of_war", hidden=unit.id in hidden)
        for unit in state.units
    )
    return update(attrs.evolve(state, units=units))


def decision(level: str, state: Encounter, seed: int) -> tuple[str, str, tuple[str, ...]]:
    answer, _, failure = ask(player(level), state, random.Random(seed))
    assert failure is None
    return answer.line, answer.reason, tuple(str(option) for option in answer.options)


def unseen_changed(state: Encounter, change: str, cell: tuple[int, int], hp: int) -> Encounter | None:
    """`state` with one thing about an enemy the vault does not see changed (None: it sees them all)."""
    seen = sees_now(state, "vault")
    if change == "seen_watch":  # R21.2.5: a seen enemy's watch is never shown
        watcher = next((unit for unit in state.units if unit.id in seen), None)
        if watcher is None:
            return None
        changed = attrs.evolve(watcher, watch=None if watcher.watch else Watch(), sacrificed_ap=2)
        return update(attrs.evolve(state, units=tuple(changed if u.id == watcher.id else u for u in state.units)))
    unseen = [unit for unit in state.units if unit.side != "vault" and unit.id not in seen]
    if not unseen:
        return None
    enemy = unseen[0]
    if change == "remove":
        units = tuple(unit for unit in state.units if unit.id != enemy.id)
        return attrs.evolve(state, units=units, order=tuple(u for u in state.order if u != enemy.id))
    if change == "move":
        changed = attrs.evolve(enemy, at=cell)
    elif change == "hp":
        changed = attrs.evolve(enemy, hp=hp)
    elif change == "hidden":
        changed = with_state(enemy, "fog_of_war", hidden=not enemy.hidden)
    else:  # "watch"
        changed = attrs.evolve(enemy, watch=None if enemy.watch else Watch(), sacrificed_ap=3)
    return update(attrs.evolve(state, units=tuple(changed if u.id == enemy.id else u for u in state.units)))


cells = st.sampled_from(FLOOR)


@pytest.mark.parametrize("level", AI_LEVELS)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    at=st.fixed_dictionaries({uid: cells for uid in ("ana", "ben", "jed", "rat", "moss")}),
    before=st.fixed_dictionaries({uid: cells for uid in ENEMIES}),
    hidden=st.frozensets(st.sampled_from(ENEMIES)),
    change=st.sampled_from(("remove", "move", "hp", "hidden", "watch", "seen_watch")),
    to=cells,
    hp=st.integers(1, 30),
    seed=st.integers(0, 2**32),
)
def test_what_the_side_does_not_see_never_changes_the_decision(
    yard, level, at, before, hidden, change, to, hp, seed
):  # R21.9.1, R21.2.1: random states, some with marks of enemies seen at an update before
    assume(len(set(at.values())) == len(at))
    earlier = {**at, **before}
    assume(len(set(earlier.values())) == len(earlier))
    state = placed(placed(yard, earlier, hidden), at, hidden)
    other = unseen_changed(state, change, to, hp)
    assume(other is not None and not state.finished)
    assume(len({unit.at for unit in other.units}) == len(other.units))
    assume(view(other, "vault") == view(state, "vault"))
    assert decision(level, other, seed) == decision(level, state, seed)


@pytest.mark.parametrize("level", AI_LEVELS)
def test_a_crafted_ambush_and_a_raider_behind_the_wall_change_nothing(yard, level):  # R21.9.1
    # Ana at 0,3 sees Jed at 6,3; Rat lies hidden at 9,2 in her line; Moss stands behind the wall at 4,0.
    state = placed(yard, {"moss": (4, 0), "ben": (0, 6)}, frozenset({"rat"}))
    assert sees_now(state, "vault") == frozenset({"jed"})
    first = decision(level, state, 7)
    unhidden_moss = placed(yard, {"moss": (4, 0), "ben": (0, 6)}, frozenset({"rat", "moss"}))
    rat_elsewhere = placed(yard, {"moss": (4, 0), "ben": (0, 6), "rat": (9, 5)}, frozenset({"rat"}))
    jed_watching = attrs.evolve(
        state, units=tuple(attrs.evolve(u, watch=Watch(), sacrificed_ap=4) if u.id == "jed" else u for u in state.units)
    )
    for other in (unhidden_moss, rat_elsewhere, jed_watching):
        assert view(other, "vault") == view(state, "vault")
        assert decision(level, other, 7) == first


def test_the_view_and_the_state_ask_the_same(yard):  # R21.9.3: handed the state, a level still plays the view
    state = placed(yard, {"moss": (4, 0)}, frozenset({"rat"}))
    for level in AI_LEVELS:
        chosen = player(level).decide(state, random.Random(5))
        shown = player(level).decide(view(state, "vault"), random.Random(5))
        assert (chosen.line, chosen.reason) == (shown.line, shown.reason)
