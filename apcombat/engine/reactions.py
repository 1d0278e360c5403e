"""Reaction watches and interrupts (R16) and covering fire (R17)."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceSource, roll_dice
from apcombat.engine.commands import (
    Attack,
    ChangePose,
    Command,
    CommandError,
    Delay,
    Jump,
    LeaveCover,
    Move,
    PinDown,
    React,
    Reload,
    Swap,
    TakeCover,
    Throw,
    Turn,
)
from apcombat.engine.events import Event
from apcombat.engine.geometry import grid_of, watches
from apcombat.engine.part import parts_on
from apcombat.engine.upkeep import out_of_the_fight, take_gm_modifier
from apcombat.model import Encounter, Facing, Interrupt, Unit, Watch
from apcombat.rules.checks import attribute_test, d10_share
from apcombat.rules.covering_fire import covering_fire_hits


def watchers_seeing(state: Encounter, mover: Unit, leaning: bool = False) -> frozenset[str]:
    """Enemy watchers whose watched cells the mover stands in now (R16.1); `leaning`: as it is seen in an
    action in which it leans out (R8.5, R9.5)."""
    return frozenset(
        unit.id
        for unit in state.units
        if unit.watch is not None and unit.side != mover.side and unit.standing and watches(state, unit, mover, leaning)
    )


def react_to(
    state: Encounter,
    mover_id: str,
    seen_before: frozenset[str],
    dice: DiceSource,
    events: list[Event],
    leaning: bool = False,
) -> tuple[Encounter, bool]:
    """R16.2: the mover entered watched cells (or, `leaning`, showed itself there by leaning out, R9.5):
    each watcher tests perception once per enemy; the first success interrupts with all its sacrificed AP.
    Returns the state and whether it was interrupted."""
    if not state.optional_rules.reaction or state.interrupt is not None:
        return state, False
    mover = state.unit(mover_id)
    entered = watchers_seeing(state, mover, leaning) - seen_before
    for watcher_id in (uid for uid in state.order if uid in entered):
        watch = state.unit(watcher_id).watch
        if watch is None or mover_id in watch.tested:
            continue
        state, interrupted = perception_test(state, watcher_id, mover_id, dice, events)
        if interrupted:
            for part in parts_on(state):
                state = part.at_update(state, events)  # R21.1.3: the start of an interruption
            return state, True
    return state, False


def perception_test(
    state: Encounter, watcher_id: str, mover_id: str, dice: DiceSource, events: list[Event]
) -> tuple[Encounter, bool]:
    """R16.2: the watcher tests perception (d10 <= PE, game-master modifier allowed) once for this enemy;
    success interrupts at once with all its sacrificed AP (R16.3: one interruption per watch)."""
    watcher, mover = state.unit(watcher_id), state.unit(mover_id)
    assert watcher.watch is not None
    state, modifier = take_gm_modifier(state)
    needed = watcher.character.special.PE + modifier + d10_share(-watcher.exhaustion.penalty)
    needed += sum(part.d10_modifier(state, watcher) for part in parts_on(state))  # R18.4.2
    test = attribute_test(dice, needed, f"{watcher.name}'s perception: {mover.name} in sight", owner=watcher.id)
    watch = Watch(tested=watcher.watch.tested | {mover_id})
    data = {"roll": test.roll, "needed": test.needed, "watcher": watcher_id, "mover": mover_id}
    if not test.success:
        events.append(
            Event(
                "reaction",
                f"{watcher.name} watches {mover.name}: perception d10 = {test.roll} vs {test.needed} — "
                "does not notice in time (R16.2)",
                data,
                unit=watcher_id,
            )
        )
        return state.with_unit(attrs.evolve(watcher, watch=watch)), False
    watcher = attrs.evolve(watcher, watch=None, ap=watcher.sacrificed_ap, sacrificed_ap=0, spent_ap=False)
    events.append(
        Event(
            "interrupt",
            f"{watcher.name} spots {mover.name}: perception d10 = {test.roll} vs {test.needed} — "
            f"interrupts with {watcher.ap} AP (R16.2)",
            data | {"ap": watcher.ap},
            unit=watcher_id,
        )
    )
    interrupt = Interrupt(watcher=watcher_id, interrupted=mover_id)
    state = attrs.evolve(state.with_unit(watcher), interrupt=interrupt, active=watcher_id)
    for part in parts_on(state):
        state = part.interruption_begins(state, watcher_id, events)  # R21.4.2 (c)
    return state, True


ALLOWED_WHILE_INTERRUPTING = (Attack, Throw, TakeCover, LeaveCover, ChangePose, Move, Turn)
"""R16.2: what an interrupting watcher may do (attacks and turns only as `refuse_while_interrupting` says; a
throw only at the entering enemy's cell, R22.8.3, as `engine.throwing` says)."""

NOT_WHILE_INTERRUPTING = {
    React: "a new watch",
    PinDown: "a pin",
    Delay: "a delay",
    Reload: "a reload",
    Swap: "a weapon swap",
    Jump: "a jump",
}


def refuse_while_interrupting(state: Encounter, command: Command) -> None:
    """R16.2: an interrupting watcher may only attack the enemy that triggered it (any mode), take or leave
    cover, change pose, move (with the turns a move makes), and turn to the facing nearest the bearing to
    that enemy (either of two at a tie); then `end`. Anything else raises CommandError with the reason."""
    interrupt = state.interrupt
    if interrupt is None:
        return
    watcher, enemy = state.unit(interrupt.watcher), state.unit(interrupt.interrupted)
    facings = _facings_towards(state, watcher, enemy)
    towards = f" ({' or '.join(f.value for f in facings)})" if facings else ""
    allowed = (
        f"R16.2: during an interruption {watcher.name} may only attack {enemy.name}, take or leave cover, "
        f"change pose, move, or turn to face {enemy.name}{towards}; then end"
    )
    if not isinstance(command, ALLOWED_WHILE_INTERRUPTING):
        what = NOT_WHILE_INTERRUPTING.get(type(command), f"'{type(command).__name__.lower()}'")
        raise CommandError(f"{allowed} — {what} is not allowed while interrupting")
    if isinstance(command, Attack) and command.target != enemy.id:
        raise CommandError(f"{allowed} — not an attack on another enemy ({command.target})")
    if isinstance(command, Turn) and command.facing is not None and facings and command.facing not in facings:
        raise CommandError(f"{allowed} — not a turn to {command.facing.value}")


def _facings_towards(state: Encounter, watcher: Unit, enemy: Unit) -> tuple[Facing, ...]:
    """The facings nearest the bearing from the watcher to the enemy (none in table mode: the GM judges)."""
    if state.map is None or watcher.at is None or enemy.at is None or watcher.at == enemy.at:
        return ()
    return grid_of(state).facings_towards(watcher.at, enemy.at)


def covering_fire(state: Encounter, target_id: str, how: str, dice: DiceSource, events: list[Event]) -> Encounter:
    """R17.2: the pinned enemy leaves cover or leans out: each pinner tests luck once, before the action;
    success by 0-1 is one hit, by n >= 2 n hits (at most 10); every hit rolls damage, no criticals."""
    for pinner in [u for u in state.units if u.pin is not None and u.pin.target == target_id and u.standing]:
        target = state.unit(target_id)
        if target.down:
            break
        state, modifier = take_gm_modifier(state)
        needed = pinner.character.special.LU + modifier + d10_share(-pinner.exhaustion.penalty)
        needed += sum(part.d10_modifier(state, pinner) for part in parts_on(state))  # R18.4.2
        purpose = f"{pinner.name}'s covering fire on {target.name} ({how})"
        test = attribute_test(dice, needed, purpose, owner=pinner.id)
        hits = covering_fire_hits(needed, test.roll)
        weapon = pinner.weapon.weapon if pinner.weapon else None
        damages = []
        lines = []  # each hit's damage, as the log shows an attack's (R1.2)
        hp = target.hp
        for number in range(1, hits + 1):
            if hp <= 0 or weapon is None:
                break
            purpose = f"damage of covering-fire hit {number} on {target.name}"
            roll = roll_dice(dice, weapon.damage, purpose, owner=pinner.id)
            stopped = max(0, min(roll.total, target.armor.stops(weapon.damage_type)))
            damage = max(0, roll.total - stopped)
            hp -= damage
            damages.append({"roll": list(roll.values), "damage": damage, "armor": stopped})
            armour = f" - {stopped} armour = {damage}" if stopped else ""
            lines.append(f"hit {number}: damage {roll}{armour} -> {target.name} at {hp} HP")
        events.append(
            Event(
                "covering_fire",
                f"{pinner.name}'s covering fire as {target.name} {how}: luck d10 = {test.roll} vs {test.needed} — "
                f"{hits} hit{'s' if hits != 1 else ''}"
                + (f", {target.hp - hp} damage, {target.name} at {hp} HP" if damages else "")
                + " (R17.2)",
                {"roll": test.roll, "needed": test.needed, "hits": hits, "damage": damages, "hp": hp, "lines": lines},
                unit=pinner.id,
            )
        )
        target = attrs.evolve(target, hp=hp)
        if target.down:
            events.append(Event("down", f"{target.name} is down", unit=target_id))
            target = out_of_the_fight(target)
        state = state.with_unit(attrs.evolve(pinner, pin=None)).with_unit(target)
        for part in parts_on(state):
            state = part.shot_at(state, target_id, hits > 0, events, " of covering fire")  # R18.4.1: one attack
        for part in parts_on(state):
            state = part.covering_fire_resolved(state, pinner.id, target_id)  # R21.2.3 (a)
    return state
