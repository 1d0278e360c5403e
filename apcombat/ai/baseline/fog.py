"""R21.9: how an AI level plays with the fog of war on — from its side's view only, with beliefs of the enemies
it lost sight of (`beliefs`), scouting when it knows of no enemy, and hidden characters kept hidden until an
ambush pays.

`decide_in_fog(state, rng, plan)` wraps a level's own decision (`plan`, which judges a full-information
state): it is handed the view (or makes it, when given the fight itself), builds the planning copy with the
believed enemies, and answers itself only where the fog asks for something the level does not know how to
do — to hold an ambush, or to go looking for an enemy. Everything it reads is in the view, so the same view
and the same generator state give the same decision (R21.9.1).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from apcombat.ai.baseline.fighting import best_attack
from apcombat.ai.baseline.morale import restricted
from apcombat.ai.baseline.situation import Situation
from apcombat.ai.beliefs import planning_state, shown_to_asker
from apcombat.ai.decision import Decision
from apcombat.board.cover import can_take_cover
from apcombat.engine import End, LeaveCover, Move, React, TakeCover, side_asked
from apcombat.model import Cell, Encounter, Unit
from apcombat.model.fates import Fate

Plan = Callable[[Encounter, random.Random], Decision]

AMBUSH_CHANCE = 45
"""Hit chance (%) from which a hidden character's attack pays for giving its place away: below it, it stays
hidden and stands watch (R21.3.3), and lets the enemy come nearer."""

PATIENCE_ROUNDS = 3
"""Rounds a hidden character waits for an enemy while its side knows of none; after them it goes looking
(an ambush nobody walks into wins nothing). Knowing of one, it waits twice as long at most."""

COVER_STEPS = 2
"""Steps a scout gives up, on the way to where it looks, to end its move beside cover."""

NEAR_M = 3.0
"""A scout this near a place it wanted to look at has looked: it goes on to the next."""


def decide_in_fog(state: Encounter, rng: random.Random, plan: Plan) -> Decision:
    """The decision for `state.active` (or the side the deck asks) from its side's view (R21.9.1)."""
    shown = shown_to_asker(state)
    planning = planning_state(shown)
    if side_asked(shown) is not None or shown.active is None or shown.finished:
        return plan(planning, rng)
    me = planning.unit(shown.active)
    if shown.interrupt is not None or restricted(me):
        return plan(planning, rng)
    knows = any(unit.side != me.side and unit.standing and unit.at is not None for unit in planning.units)
    if me.hidden and _holds(planning, me, knows):
        return _hold(planning, me)
    if not knows and planning.map is not None:
        scouting = _scout(shown, planning, me)
        if scouting is not None:
            return scouting
    return plan(planning, rng)


def _holds(planning: Encounter, me: Unit, knows: bool) -> bool:
    """Whether a hidden character keeps its place: no attack on a seen enemy pays yet, and it has waited
    fewer than PATIENCE_ROUNDS rounds (twice as many while its side knows of an enemy that may walk in)."""
    if planning.round > (PATIENCE_ROUNDS * 2 if knows else PATIENCE_ROUNDS):
        return False
    situation = Situation(planning, jumps=False)
    option = best_attack(situation.attacks, me.ap)
    pays = option is not None and max(gun.hit_chance for gun in option.plan.guns) >= AMBUSH_CHANCE
    return not pays


def _hold(planning: Encounter, me: Unit) -> Decision:
    """Stay hidden (R21.3.3): stand watch, which keeps it hidden, or else end the turn."""
    react = React(me.id)
    situation = Situation(planning, jumps=False)
    if react in situation.legal_actions:
        return Decision.of(react, f"{me.name} stays hidden and stands watch: no enemy in good range yet (R21.3.3)")
    return Decision.of(End(), f"{me.name} stays hidden: no enemy in good range yet (R21.3.3)")


def _scout(shown: Encounter, planning: Encounter, me: Unit) -> Decision | None:
    """Its side knows of no enemy: walk towards where one may be — the newest place an enemy was last seen,
    else across the map from its side's start, else the map's centre — ending beside cover where it can."""
    situation = Situation(planning, jumps=False)
    if me.at is None:
        return None
    goal = _goal(shown, me, situation)
    if goal is None:
        return None
    uncover = LeaveCover(me.id)
    if me.in_cover and uncover in situation.legal_actions:
        return Decision.of(uncover, f"{me.name} leaves cover to look for the enemy: its side sees none")
    steps = situation.memo.steps_from((goal,), frozenset(situation.reach) | {me.at})
    here = steps.get(me.at, 10_000)
    assert planning.map is not None
    best: tuple[float, int, Cell] | None = None
    for cell, ap in situation.reach.items():
        if cell == me.at or cell not in steps or Move(me.id, (cell,)) not in situation.legal_actions:
            continue
        cover = can_take_cover(planning.map, situation.grid, cell)
        key = (steps[cell] - (COVER_STEPS if cover else 0), ap, cell)
        if steps[cell] < here and (best is None or key < best):
            best = key
    where = f"{goal[0]},{goal[1]}"
    if best is not None:
        cell = best[2]
        return Decision.of(
            Move(me.id, (cell,)),
            f"{me.name} scouts towards {where}: its side sees no enemy ({cell[0]},{cell[1]}, {best[1]} AP)",
        )
    take = TakeCover(me.id)
    if not me.in_cover and take in situation.legal_actions:
        return Decision.of(take, f"{me.name} takes cover on its way to {where}: its side sees no enemy")
    return None


def _goal(shown: Encounter, me: Unit, situation: Situation) -> Cell | None:
    """Where to look next: the newest place an enemy was last seen, then, of the places no character of the
    side sees now (an enemy there would be seen) — across the map from the side, the centres of the map and of
    its quarters, its corners — the nearest to where the enemies were seen (bodies too), else to across the
    map; the first more than NEAR_M from the scout."""
    here = me.at
    assert here is not None and shown.map is not None
    knows = shown.side(me.side).slots.fog_of_war
    lost = sorted(
        (sight for sight in knows.last_seen if sight.at is not None and sight.hp > 0 and sight.fate is Fate.NONE),
        key=lambda sight: -sight.round,
    )
    places = [sight.at for sight in lost if sight.at is not None]
    ours = [unit for unit in shown.units if unit.side == me.side and not unit.down and unit.at is not None]
    width, height = shown.map.width, shown.map.height
    x = sum(unit.at[0] for unit in ours if unit.at) / max(1, len(ours))
    y = sum(unit.at[1] for unit in ours if unit.at) / max(1, len(ours))
    across = (min(width - 1, max(0, round(width - 1 - x))), min(height - 1, max(0, round(height - 1 - y))))
    quarters = [(width * i // 4, height * j // 4) for i in (1, 2, 3) for j in (1, 2, 3)]
    corners = [(1, 1), (width - 2, 1), (1, height - 2), (width - 2, height - 2)]
    unseen = [
        place
        for place in dict.fromkeys((across, *quarters, *corners))
        if not any(unit.at and situation.memo.sees(place, unit.at) for unit in ours)
    ]
    far = [place for place in unseen if situation.distance(here, place) > NEAR_M]
    seen_at = [sight.at for sight in knows.last_seen if sight.at is not None]  # bodies too: where they came from
    anchor = (
        (sum(cell[0] for cell in seen_at) / len(seen_at), sum(cell[1] for cell in seen_at) / len(seen_at))
        if seen_at
        else across
    )
    places += sorted(far, key=lambda place: (place[0] - anchor[0]) ** 2 + (place[1] - anchor[1]) ** 2)
    return next((place for place in places if situation.distance(here, place) > NEAR_M), None)
