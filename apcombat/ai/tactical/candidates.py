"""Candidate turn plans, each a small object (Wesnoth's RCA) that names the plans it offers from a situation:
the lines to play first without dice (moves, leaving cover, reloading, a watch or a pin), whether the AP
left go to attacks, and a line to finish with (cover after firing). The planner plays each on a copy of
the state and scores it; a candidate only proposes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

import attrs

from apcombat.ai.baseline.fighting import rounds_needed
from apcombat.ai.baseline.moving import all_friends_watch, coming_enemy, positions, situation_after
from apcombat.ai.baseline.situation import Situation
from apcombat.ai.reckoning.danger import enemy_turn_damage
from apcombat.ai.tactical.team import GUARD_STEPS, may_move, role_of
from apcombat.board.cover import can_take_cover, hidden_when_prone, protected
from apcombat.engine import (
    ChangePose,
    Command,
    LeaveCover,
    Move,
    PinDown,
    React,
    Swap,
    TakeCover,
    format_command,
)
from apcombat.engine import Reload as ReloadCommand  # the candidate below is called Reload
from apcombat.model import AiRole, Cell, Pose
from apcombat.rules.expected_damage import mean_after_armor

COVER_AP = 2  # R9.1
CROUCH_AP = 2  # R8.1


@attrs.frozen
class Sketch:
    """A turn plan before it is judged: `kind` names it in the reason, `prefix` its dice-free commands,
    `fires` whether the AP left go to attacks, `finish` a command after them with the AP it keeps back, and
    `worth` what it brings beyond damage dealt now (a watch, a pin), with why; `throw` a throw played after the
    prefix (R22), its AP taken from the attacks' and `dealt` its worth in HP dealt, as aggression weighs it."""

    kind: str
    prefix: tuple[Command, ...] = ()
    fires: bool = True
    finish: Command | None = None
    finish_ap: int = 0
    worth: float = 0.0
    why: str = ""
    throw: Command | None = None
    throw_ap: int = 0
    dealt: float = 0.0

    @property
    def prefix_lines(self) -> tuple[str, ...]:
        return tuple(format_command(command) for command in self.prefix)

    @property
    def finish_line(self) -> str | None:
        return None if self.finish is None else format_command(self.finish)


class Candidate(Protocol):
    name: str

    def sketches(self, situation: Situation, cells: int) -> Iterator[Sketch]: ...


PRONE_AP = {"upright": 4, "crouched": 2}  # R8.1
"""AP to lie down from each pose."""


def hides_prone(situation: Situation, cell: Cell) -> bool:
    """R8.5: lying prone at `cell`, a hip-high obstacle between it and some enemy hides the unit from that
    enemy: it cannot be shot from there, and it leans out to fire (R9.5) only in its own actions."""
    battlemap = situation.state.map
    assert battlemap is not None
    return any(e.at is not None and hidden_when_prone(battlemap, situation.grid, cell, e.at) for e in situation.enemies)


def finishes(situation: Situation, cell: Cell, in_cover: bool, pose: str) -> Iterator[tuple[Command | None, int]]:
    """Fire with every AP, or keep 2 back to take cover there (R9.1) — else to crouch (R8.4); or keep what
    lying down costs to go prone behind a low wall that hides it from an enemy (R8.5)."""
    me = situation.me
    yield None, 0
    assert situation.state.map is not None
    if not in_cover and can_take_cover(situation.state.map, situation.grid, cell):
        yield TakeCover(me.id), COVER_AP
    elif pose == "upright":
        yield ChangePose(me.id, Pose.CROUCHED), CROUCH_AP
    if pose in PRONE_AP and hides_prone(situation, cell):
        yield ChangePose(me.id, Pose.PRONE), PRONE_AP[pose]


class StayAndFire:
    """Stay where it stands: attack with the AP it has, then perhaps take cover or crouch."""

    name = "stay"

    def sketches(self, situation: Situation, cells: int) -> Iterator[Sketch]:
        me = situation.me
        if me.at is None:
            return
        for finish, ap in finishes(situation, me.at, me.in_cover, me.pose.value):
            yield Sketch("stay", finish=finish, finish_ap=ap)


FLANK_SHARE = 4
"""A quarter of the cells planned from (beyond the others) are flanking cells, when an enemy is in cover."""


def flanking_cells(situation: Situation, ordered: list[tuple[Cell, int]], attack_ap: int) -> list[tuple[Cell, int]]:
    """Cells from which an enemy in cover is in sight and range but not behind its cover (R9.2: the -40 of
    R9.3 gone), with the AP left for an attack — the enemy with the fewest HP first, then the cheapest walk.
    Baseline's firing worth never asks whether the target's cover faces the cell: without these a unit
    trades shots at a covered enemy from wherever it stands."""
    me, state = situation.me, situation.state
    carried = me.weapon
    covered = [e for e in situation.enemies if e.in_cover and e.at is not None]
    if carried is None or not covered or state.map is None:
        return []
    reach_m = carried.weapon.ranges.extreme.max
    found = []
    for cell, ap in ordered:
        if me.ap - ap < attack_ap:
            continue
        for enemy in covered:
            assert enemy.at is not None
            if (
                situation.distance(cell, enemy.at) <= reach_m
                and situation.memo.sees(cell, enemy.at)
                and not protected(state.map, situation.grid, enemy.at, cell)
            ):
                found.append((enemy.hp, ap, cell))
                break
    found.sort()
    return [(cell, ap) for _, ap, cell in found]


def chosen_cells(situation: Situation, cells: int) -> list[tuple[Cell, int]]:
    """The cells worth planning from, `cells` at most (effort), and a quarter more when an enemy is in cover:
    the best firing positions (baseline's worth of a cell: an enemy in sight and range, AP left to fire,
    cover, few other enemies seeing it), the cells fewest enemies see, those nearest the enemy around walls,
    and those that flank an enemy in cover (`flanking_cells`)."""
    me, judge = situation.me, positions(situation)
    reach = {c: ap for c, ap in situation.reach.items() if c != me.at}
    if role_of(me) is AiRole.GUARD and me.at is not None:
        guarded = situation.memo.steps_from((me.at,), frozenset(reach))
        reach = {c: ap for c, ap in reach.items() if guarded.get(c, GUARD_STEPS + 1) <= GUARD_STEPS}
    if not reach:
        return []
    ordered = sorted(reach.items())  # a fixed order before every sort: the same state, the same plans
    firing = sorted(ordered, key=lambda item: (-judge.firing_value(item[0], me.ap - item[1]), item[1]))
    safe = sorted(ordered, key=lambda item: (len(situation.seen_by(item[0])), judge.steps_to_enemy(item[0])))
    near = sorted(ordered, key=lambda item: (judge.steps_to_enemy(item[0]), item[1]))
    flanking = flanking_cells(situation, ordered, judge.cheapest_attack)
    picked: dict[Cell, int] = {}
    quotas = (
        (firing, max(1, cells // 2)),
        (safe, max(1, cells // 4)),
        (near, max(1, cells // 4)),
        (flanking, max(1, cells // FLANK_SHARE)),
    )
    for found, quota in quotas:
        taken = 0
        for cell, ap in found:
            if taken >= quota:
                break
            if cell not in picked:
                picked[cell] = ap
                taken += 1
    return list(picked.items())


class MoveAndFire:
    """Move to a cell (leaving cover first when in it, R9.1), attack with the AP left, then perhaps take
    cover or crouch there; the cells: `chosen_cells`."""

    name = "move"

    def sketches(self, situation: Situation, cells: int) -> Iterator[Sketch]:
        me = situation.me
        if not may_move(me) or me.at is None:
            return
        start: tuple[Command, ...] = ()
        walker = situation
        if me.in_cover:
            start = (LeaveCover(me.id),)
            found = situation_after(situation, start[0]) if start[0] in situation.legal_actions else None
            if found is None:
                return
            walker = found
        for cell, _ in chosen_cells(walker, cells):
            move = Move(me.id, (cell,))
            for finish, ap in finishes(situation, cell, False, me.pose.value):
                yield Sketch("move", (*start, move), finish=finish, finish_ap=ap)


class Reload:
    """Reload before being caught empty (R19.1), then attack with what is left; or swap to a loaded weapon
    when the one in hand is empty for good."""

    name = "reload"

    def sketches(self, situation: Situation, cells: int) -> Iterator[Sketch]:
        me, carried = situation.me, situation.me.weapon
        if carried is None or not carried.weapon.magazine or carried.loaded >= carried.weapon.magazine:
            return
        reload, swap = ReloadCommand(me.id), Swap(me.id)
        if reload in situation.legal_actions:
            yield Sketch("reload", (reload,))
        elif carried.loaded < rounds_needed(situation) and swap in situation.legal_actions:
            yield Sketch("swap", (swap,))


WATCH_HIT = 0.3
"""The chance a watch pays: the enemy must walk into its 45 degree cone and the perception test succeed
(R16.1, R16.2)."""

UNSEEN_HIT = 0.5
"""The hit chance guessed for a shot at an enemy not in sight yet."""


ENGAGED = 0.3
"""Share of a watch's worth left when the coming enemy already sees one of the unit's friends: it fights
there rather than walk into the watched cells."""


def friends_in_sight(situation: Situation) -> list:
    """The unit's standing friends on the map."""
    me = situation.me
    return [u for u in situation.state.units if u.side == me.side and u.id != me.id and u.standing and u.at]


class Watch:
    """R16.1: give up the turn to watch when an enemy yet to act can walk into the unit's sight within a
    turn; worth about one attack on it."""

    name = "watch"

    def sketches(self, situation: Situation, cells: int) -> Iterator[Sketch]:
        me = situation.me
        react = React(me.id)
        if react not in situation.legal_actions or me.weapon is None or me.at is None:
            return
        coming = coming_enemy(situation)
        if coming is None or all_friends_watch(situation):
            return  # a side that all watches waits for ever for an enemy that stays away
        enemy, steps = coming
        assert enemy.at is not None  # `coming_enemy` picks only enemies on the map
        if enemy.watch is not None:
            return  # it watches too: it will not walk in, and two watchers wait for ever
        weapon = me.weapon.weapon
        busy = ENGAGED if any(situation.memo.sees(enemy.at, f.at) for f in friends_in_sight(situation)) else 1.0
        shot = max((o.damage for o in situation.attacks if o.target.id == enemy.id), default=0.0)
        shot = shot or UNSEEN_HIT * mean_after_armor(weapon.damage, enemy.armor.stops(weapon.damage_type))
        why = f"{enemy.name} {steps} step{'' if steps == 1 else 's'} from its sight"
        yield Sketch("watch", (react,), fires=False, worth=busy * WATCH_HIT * shot, why=why)


PIN_SHARE = 0.5
"""Share of the pinned enemy's threat a pin takes away: leaving cover or leaning out now costs it (R17.2)."""


class Pin:
    """R17.1: pin an enemy in cover so it stays there while a friend yet to act moves up — worth a share of
    what that enemy would deal the side."""

    name = "pin"

    def sketches(self, situation: Situation, cells: int) -> Iterator[Sketch]:
        me, state = situation.me, situation.state
        waiting = [u for u in state.units if u.side == me.side and u.id != me.id and u.standing]
        waiting = [u for u in waiting if u.id not in state.taken]
        if not waiting:
            return  # nobody to move under the pin
        for command in situation.actions:
            if isinstance(command, PinDown) and command.unit == me.id:
                enemy = state.unit(command.target)
                if enemy.side == me.side:
                    continue  # the rules let a unit pin a friend in cover (R17.1); it never pays
                # no more than each friend has: a minigun's turn "expects" hundreds of HP on anyone it sees
                threat = max(min(enemy_turn_damage(state, enemy, friend), float(friend.hp)) for friend in waiting)
                if threat > 0:
                    why = f"{enemy.name} kept in cover, {threat:.1f} damage a turn against its friends"
                    yield Sketch("pin", (command,), fires=False, worth=PIN_SHARE * threat, why=why)


THROWS = 3
"""Throws planned from where the unit stands (the best by their worth)."""


class ThrowAndFire:
    """R22: throw from where it stands — each of the best listed throws worth more than its best shot for the
    same AP (`situation.throws`) — then fire the AP left, perhaps keeping some to take cover or crouch."""

    name = "throw"

    def sketches(self, situation: Situation, cells: int) -> Iterator[Sketch]:
        me = situation.me
        if me.at is None:
            return
        for option in situation.throws[:THROWS]:
            why = option.describe(me).removeprefix(me.name + " ")
            for finish, ap in finishes(situation, me.at, me.in_cover, me.pose.value):
                if option.ap_cost + ap <= me.ap:
                    yield Sketch(
                        "throw",
                        finish=finish,
                        finish_ap=ap,
                        why=why,
                        throw=option.command,
                        throw_ap=option.ap_cost,
                        dealt=option.worth,
                    )


CANDIDATES: tuple[Candidate, ...] = (StayAndFire(), MoveAndFire(), ThrowAndFire(), Reload(), Watch(), Pin())
