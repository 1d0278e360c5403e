"""The danger of where a unit ends its turn: what each enemy that sees it there within range may do to it in
its next turn (its hit chances on the unit at that cell, in that pose, behind that cover — R1, R8.4, R9.3 —
and the damage after armour over the AP of its turn), shared among the unit's friends that enemy sees too,
less what the unit's own attacks are expected to take out first; plus one attack from each watcher whose
cone the cell lies in (R16.1)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import attrs

from apcombat.ai.baseline.damage import expected_damage
from apcombat.ai.baseline.memo import MapMemo
from apcombat.engine import CommandError, views
from apcombat.engine.attacks import plan_for
from apcombat.engine.commands import Attack
from apcombat.engine.geometry import grid_of
from apcombat.model import Encounter, FromCover, Unit


@attrs.frozen
class Danger:
    """`expected`: HP the unit is expected to lose before its next turn; `eyes`: enemies that see it there
    within range; `cones`: watchers whose cone it stands in."""

    expected: float = 0.0
    eyes: int = 0
    cones: int = 0

    def describe(self, unit: Unit) -> str:
        if self.eyes == 0 and self.cones == 0:
            return "ends out of every enemy's sight"
        seen = f"ends in {self.eyes} enem{'y' if self.eyes == 1 else 'ies'}'s sight"
        watched = f", {self.cones} watching" if self.cones else ""
        return f"{seen}{watched}, {self.expected:.1f} damage expected against {unit.name}"


def enemy_turn_damage(state: Encounter, enemy: Unit, target: Unit) -> float:
    """What `enemy` is expected to deal `target` in a turn from where both stand: its best attack of a single
    shot or a burst (the rules' own plan), repeated over the AP of its turn; 0 when it cannot attack it."""
    best = 0.0
    carried = enemy.weapon
    if carried is None:
        return 0.0
    weapon = carried.weapon
    kind = "melee" if weapon.is_close_combat else "flame" if weapon.is_flamer else "shoot"
    modes = [burst for burst in (False, True) if (weapon.automatic if burst else weapon.fires_single)]
    ways = (FromCover.LEAN_OUT, FromCover.BLIND) if enemy.in_cover else (FromCover.NONE,)  # R9.4, R9.5
    for burst, way in itertools.product(modes or [False], ways):
        try:
            attack = Attack(unit=enemy.id, target=target.id, kind=kind, burst=burst, from_cover=way)
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


def danger_at(state: Encounter, unit_id: str, memo: MapMemo, kills: Mapping[str, float] | None = None) -> Danger:
    """The danger of `unit_id` ending its turn where it stands in `state` (after its plan's moves, pose and
    cover); `kills`: each enemy's chance to be down by then, which takes its share off."""
    me = state.unit(unit_id)
    if me.at is None:
        return Danger()
    grid = grid_of(state)
    friends = [u for u in state.units if u.side == me.side and u.standing and u.at is not None]
    cones = views.enemy_cones(state, me.side)
    total, eyes, watched = 0.0, 0, 0
    for enemy in state.units:
        if enemy.side == me.side or not enemy.standing or enemy.at is None or enemy.weapon is None:
            continue
        reach = enemy.weapon.weapon.ranges.extreme.max
        if grid.distance_m(me.at, enemy.at) > reach or not memo.sees(me.at, enemy.at):
            continue
        alive = 1.0 - (kills or {}).get(enemy.id, 0.0)
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
        total += alive * enemy_turn_damage(state, enemy, me) / max(1, targets)
    return Danger(min(total, 1.5 * max(me.hp, 0)), eyes, watched)
