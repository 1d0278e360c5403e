"""The danger of where a unit ends its turn: what each enemy that sees it there within range may do to it in
its next turn (its hit chances on the unit at that cell, in that pose, behind that cover — R1, R8.4, R9.3 —
and the damage after armour over the AP of its turn), shared among the unit's friends that enemy sees too,
less what the unit's own attacks are expected to take out first; plus one attack from each watcher whose
cone the cell lies in (R16.1), and one from each enemy that can walk up to it first."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import lru_cache

import attrs

from apcombat.ai.reckoning.fire_risk import fire_danger
from apcombat.ai.reckoning.memo import MapMemo
from apcombat.engine import Attack, CommandError, enemy_cones, grid_of, hidden_prone, plan_for
from apcombat.model import Cell, DamageType, Encounter, FromCover, Pose, Unit
from apcombat.rules.expected_damage import expected_damage, mean_after_armor


@attrs.frozen
class Danger:
    """`expected`: HP the unit is expected to lose before its next turn; `eyes`: enemies that see it there
    within range; `cones`: watchers whose cone it stands in."""

    expected: float = 0.0
    eyes: int = 0
    cones: int = 0

    def describe(self, unit: Unit) -> str:
        expected = f"{self.expected:.1f} damage expected against {unit.name}"
        if self.eyes == 0 and self.cones == 0:
            walking = f", {expected} from enemies walking up" if self.expected >= 0.05 else ""
            return f"ends out of every enemy's sight{walking}"
        seen = f"ends in {self.eyes} enemy's sight" if self.eyes == 1 else f"ends in {self.eyes} enemies' sight"
        watched = f", {self.cones} watching" if self.cones else ""
        return f"{seen}{watched}, {expected}"


def enemy_turn_damage(state: Encounter, enemy: Unit, target: Unit) -> float:
    """What `enemy` is expected to deal `target` in a turn from where both stand: its best attack of a single
    shot, a burst or both guns at once (R11; the rules' own plan), repeated over the AP of its turn; 0 when
    it cannot attack it. Two guns count: a gunslinger's turn is two shots, not one."""
    best = 0.0
    carried = enemy.weapon
    if carried is None:
        return 0.0
    weapon = carried.weapon
    kind = "melee" if weapon.is_close_combat else "flame" if weapon.is_flamer else "shoot"
    kinds = (kind, "dual") if kind == "shoot" and enemy.offhand is not None else (kind,)
    modes = [burst for burst in (False, True) if (weapon.automatic if burst else weapon.fires_single)]
    ways = (FromCover.LEAN_OUT, FromCover.BLIND) if enemy.in_cover else (FromCover.NONE,)  # R9.4, R9.5
    if enemy.pose is Pose.PRONE and not enemy.in_cover:
        ways = (FromCover.NONE, FromCover.LEAN_OUT)  # R8.5, R9.5: prone behind a low wall it leans out
    for attack_kind, burst, way in itertools.product(kinds, modes or [False], ways):
        try:
            attack = Attack(unit=enemy.id, target=target.id, kind=attack_kind, burst=burst, from_cover=way)
            plan = plan_for(state, attack)
        except (CommandError, KeyError, ValueError):
            continue
        repeats = max(1, enemy.character.ap_per_round // max(1, plan.ap_cost))
        best = max(best, expected_damage(plan, target.armor) * repeats)
    return best


def watch_shot(state: Encounter, enemy: Unit, target: Unit) -> float:
    """One attack of a watcher on the unit (R16.2: it interrupts once, with the AP it gave up)."""
    once = enemy_turn_damage(state, enemy, target)
    repeats = max(1, enemy.character.ap_per_round // 3)
    return once / repeats


CLOSING_HIT = 0.5
"""The hit chance guessed for an enemy that walks up before it attacks (where it will stand is unknown)."""

SHARED = 0.3
"""What the side loses by the unit showing itself to an enemy that sees its friends too, as a share of the
unit's part of that enemy's fire: that fire would go to the friends if not to it."""

LETHAL = 0.75
"""An enemy whose turn of fire would take this share of the unit's HP counts in full, shared or not."""

PINNED = 0.5
"""Share of a pinned enemy's threat a pin takes away (R17.2): it stays in cover or pays to come out."""

MELEE_HIT = 0.9
"""The hit chance guessed for a blade or a fist once it has walked up (close combat rarely misses)."""

SIGHT_STEPS = 3
"""Steps short of the unit's cell at which a gunner walking up is taken to see it."""


@lru_cache(maxsize=512)
def walking_steps(memo: MapMemo, start: Cell, limit: int) -> dict[Cell, int]:
    """Steps from `start` to every cell within `limit` steps, around walls (one search per enemy and map)."""
    found = {start: 0}
    frontier = [start]
    for steps in range(1, limit + 1):
        later = []
        for cell in frontier:
            for to in memo.neighbours(cell):
                if to not in found:
                    found[to] = steps
                    later.append(to)
        frontier = later
    return found


def closing_in(memo: MapMemo, enemy: Unit, target: Unit) -> float:
    """What an enemy that does not see the unit now may deal it after walking up in its next turn (about a
    step per AP, R7.1): the attacks the AP left after the walk pay for, at a guessed hit chance — a blade
    needs to reach the unit (and then rarely misses), a gun only to come a few steps near."""
    carried = enemy.weapon
    if carried is None or enemy.at is None or target.at is None:
        return 0.0
    weapon = carried.weapon
    costs = [cost for cost in (weapon.ap_single, weapon.ap_burst) if cost > 0]
    if not costs:
        return 0.0
    ap = enemy.character.ap_per_round
    short = 1 if weapon.is_close_combat else SIGHT_STEPS
    steps = walking_steps(memo, enemy.at, max(0, ap - min(costs) + short)).get(target.at)
    if steps is None:
        return 0.0
    attacks = max(1, (ap - max(0, steps - short)) // min(costs))
    damage_type = DamageType.FIRE if weapon.is_flamer else weapon.damage_type
    rounds = weapon.burst if weapon.automatic and not weapon.fires_single else 1
    hit = MELEE_HIT if weapon.is_close_combat else CLOSING_HIT
    return hit * attacks * rounds * mean_after_armor(weapon.damage, target.armor.stops(damage_type))


def danger_at(state: Encounter, unit_id: str, memo: MapMemo, kills: Mapping[str, float] | None = None) -> Danger:
    """The danger of `unit_id` ending its turn where it stands in `state` (after its plan's moves, pose and
    cover); `kills`: each enemy's chance to be down by then, which takes its share off."""
    me = state.unit(unit_id)
    if me.at is None:
        return Danger()
    grid = grid_of(state)
    friends = [u for u in state.units if u.side == me.side and u.standing and u.at is not None]
    cones = enemy_cones(state, me.side)
    pinned = {u.pin.target for u in friends if u.pin is not None}
    total, eyes, watched = 0.0, 0, 0
    for enemy in state.units:
        if enemy.side == me.side or not enemy.standing or enemy.at is None or enemy.weapon is None:
            continue
        reach = enemy.weapon.weapon.ranges.extreme.max
        alive = 1.0 - (kills or {}).get(enemy.id, 0.0)
        if enemy.id in pinned and enemy.in_cover:
            alive *= 1.0 - PINNED  # R17.2: leaving cover or leaning out to shoot draws the pin's fire first
        if grid.distance_m(me.at, enemy.at) > reach or not memo.sees(me.at, enemy.at) or hidden_prone(state, me, enemy):
            # out of its sight — or prone behind a low wall it must walk round to flank (R8.5)
            total += alive * closing_in(memo, enemy, me)
            continue
        if enemy.watch is not None and me.at in cones:
            watched += 1
            total += alive * watch_shot(state, enemy, me)
            continue
        eyes += 1
        # the enemy shoots one of the units it sees: the unit's share of its fire
        targets = sum(
            1
            for friend in friends
            if friend.at is not None
            and grid.distance_m(friend.at, enemy.at) <= reach
            and memo.sees(friend.at, enemy.at)
        )
        damage = enemy_turn_damage(state, enemy, me)
        # its fire goes to a friend if not to this unit — unless it could down this one
        shared = SHARED if targets > 1 and damage < LETHAL * max(me.hp, 0) else 1.0
        total += alive * shared * damage / max(1, targets)
    total += fire_danger(state, me)  # R18.3.1: ending the turn in a fire
    return Danger(min(total, 1.5 * max(me.hp, 0)), eyes, watched)
