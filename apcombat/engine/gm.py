"""The game master's commands: typed-in dice, overrides, bonuses and modifiers. Each is logged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from apcombat.dice import DiceSource
from apcombat.engine.commands import CommandError, GmBonus, GmDice, GmForce, GmMod, GmSet, GmSpot, parse_cell
from apcombat.engine.events import Event
from apcombat.engine.turns import check_victory
from apcombat.model import BodyLocation, Burning, Encounter, Exhaustion, Facing, Pose, Unit
from apcombat.model.conditions import BURN_SEQUENCE


def gm_dice(state: Encounter, command: GmDice, dice: DiceSource, events: list[Event]) -> Encounter:
    """The next rolls come from these numbers, one die each (00 on a d100 is 100, 0 on a d10 is 10)."""
    push = getattr(dice, "push", None)
    if push is None:
        raise CommandError("this game's dice cannot take typed-in numbers")
    push(list(command.values))
    events.append(
        Event(
            "gm",
            f"game master: the next rolls are {' '.join(map(str, command.values))}",
            {"dice": list(command.values)},
        )
    )
    return state


def gm_mod(state: Encounter, command: GmMod, dice: DiceSource, events: list[Event]) -> Encounter:
    events.append(Event("gm", f"game master: {command.modifier:+d} on the next test", {"modifier": command.modifier}))
    return attrs.evolve(state, gm_modifier=command.modifier)


def gm_force(state: Encounter, command: GmForce, dice: DiceSource, events: list[Event]) -> Encounter:
    word = "hit" if command.hit else "miss"
    events.append(Event("gm", f"game master override: the next to-hit roll is a {word}", {"force": word}))
    return attrs.evolve(state, gm_force_hit=command.hit)


def gm_spot(state: Encounter, command: GmSpot, dice: DiceSource, events: list[Event]) -> Encounter:
    """Table mode (R16.2): the game master judged that the mover entered the watcher's cone within its two
    best ranges; the watcher tests perception and may interrupt. On a map the geometry decides by itself."""
    from apcombat.engine.reactions import perception_test

    if state.map is not None:
        raise CommandError("on a map the watch is judged from the map: gm spot is for table mode")
    watcher, mover = _unit(state, command.watcher), _unit(state, command.mover)
    if watcher.watch is None or not watcher.standing:
        raise CommandError(f"{watcher.name} is not on reaction watch (R16.1)")
    if state.interrupt is not None:
        raise CommandError("an interruption is already under way")
    if mover.id != state.active or mover.side == watcher.side:
        raise CommandError(f"only the acting enemy can come into {watcher.name}'s watch")
    if mover.id in watcher.watch.tested:
        raise CommandError(f"{mover.name} already caused {watcher.name} a perception test this watch (R16.2)")
    return perception_test(state, watcher.id, mover.id, dice, events)[0]


def gm_bonus(state: Encounter, command: GmBonus, dice: DiceSource, events: list[Event]) -> Encounter:
    """R13.1: the initiative bonus for whoever opened the fight, given before round 1."""
    if state.round != 0:
        raise CommandError("initiative bonuses are given before the first round (R13.1)")
    unit = _unit(state, command.unit)
    events.append(
        Event(
            "gm",
            f"game master: {unit.name} gets {command.bonus:+d} initiative (R13.1)",
            {"bonus": command.bonus},
            unit=unit.id,
        )
    )
    return state.with_unit(attrs.evolve(unit, initiative_bonus=command.bonus))


def gm_set(state: Encounter, command: GmSet, dice: DiceSource, events: list[Event]) -> Encounter:
    """Override any of a unit's fields; logged as an override."""
    unit = _unit(state, command.unit)
    changes = []
    for field, value in command.fields:
        setter = _SETTERS.get(field)
        if setter is None:
            raise CommandError(f"gm set cannot change {field!r}: it changes {', '.join(_SETTERS)}")
        try:
            unit = setter(state, unit, value)
        except (ValueError, KeyError) as error:
            raise CommandError(f"gm set {field}={value}: {error}") from None
        changes.append(f"{field}={value}")
    events.append(
        Event(
            "gm",
            f"game master override: {unit.name} {' '.join(changes)}",
            {"set": dict(command.fields)},
            unit=unit.id,
        )
    )
    return check_victory(state.with_unit(unit), events)


def _unit(state: Encounter, unit_id: str) -> Unit:
    try:
        return state.unit(unit_id)
    except KeyError:
        raise CommandError(f"no unit {unit_id!r}: the units are {', '.join(u.id for u in state.units)}") from None


def _int(value: str, low: int = 0, high: int | None = None) -> int:
    number = int(value)
    if number < low or (high is not None and number > high):
        raise ValueError(f"{number} is out of range {low}..{high if high is not None else ''}")
    return number


def _bool(value: str) -> bool:
    if value.lower() in ("true", "yes", "1", "on"):
        return True
    if value.lower() in ("false", "no", "0", "off"):
        return False
    raise ValueError(f"{value!r} is not true or false")


def _set_at(state: Encounter, unit: Unit, value: str) -> Unit:
    if state.map is None:
        raise ValueError("table mode has no cells")
    cell = parse_cell(value)
    if not state.map.inside(cell):
        raise ValueError(f"{value} is outside the {state.map.width} x {state.map.height} map")
    if state.map.at(cell).blocks_movement:
        raise ValueError(f"{value} is {state.map.at(cell).value}")
    if any(u.at == cell and u.id != unit.id and not u.down for u in state.units):
        raise ValueError(f"{value} is occupied")
    return attrs.evolve(unit, at=cell)


def _set_hp(state: Encounter, unit: Unit, value: str) -> Unit:
    hp = int(value)
    taken = any(u.at == unit.at and u.id != unit.id and not u.down for u in state.units if u.at is not None)
    if unit.down and hp > 0 and taken:
        # While it was down another unit stepped into its cell: two units cannot share one (R7).
        raise ValueError(f"another unit stands on {unit.name}'s cell: move {unit.name} first (at=X,Y)")
    return attrs.evolve(unit, hp=hp)


def _set_wounds(state: Encounter, unit: Unit, value: str) -> Unit:
    names = [] if value.lower() in ("none", "") else value.split(",")
    return attrs.evolve(unit, wounds=frozenset(BodyLocation(name.strip().lower()) for name in names))


def _set_loaded(state: Encounter, unit: Unit, value: str) -> Unit:
    carried = unit.weapon
    if carried is None:
        raise ValueError("no weapon in hand")
    weapons = list(unit.weapons)
    weapons[unit.in_hand] = attrs.evolve(carried, loaded=_int(value, 0, carried.weapon.magazine))
    return attrs.evolve(unit, weapons=tuple(weapons))


def _set_broken(state: Encounter, unit: Unit, value: str) -> Unit:
    carried = unit.weapon
    if carried is None:
        raise ValueError("no weapon in hand")
    weapons = list(unit.weapons)
    weapons[unit.in_hand] = attrs.evolve(carried, broken=_bool(value))
    return attrs.evolve(unit, weapons=tuple(weapons))


def _set_burning(state: Encounter, unit: Unit, value: str) -> Unit:
    if value.lower() in ("off", "no", "false", "none"):
        return attrs.evolve(unit, burning=None)
    return attrs.evolve(unit, burning=Burning(step=_int(value, 1, len(BURN_SEQUENCE) - 1)))


def _set_exhaustion(state: Encounter, unit: Unit, value: str) -> Unit:
    penalty, _, turns = value.partition(":")
    return attrs.evolve(unit, exhaustion=Exhaustion(_int(penalty, 0, 40), _int(turns or "1", 0)))


_SETTERS: dict[str, Callable[[Encounter, Unit, str], Unit]] = {
    "hp": _set_hp,
    "ap": lambda s, u, v: attrs.evolve(u, ap=_int(v)),
    "pose": lambda s, u, v: attrs.evolve(u, pose=Pose(v.lower())),
    "facing": lambda s, u, v: attrs.evolve(u, facing=Facing(v.upper())),
    "at": _set_at,
    "in_cover": lambda s, u, v: attrs.evolve(u, in_cover=_bool(v)),
    "wounds": _set_wounds,
    "ammo": _set_loaded,
    "broken": _set_broken,
    "unconscious": lambda s, u, v: attrs.evolve(u, unconscious_rounds=_int(v)),
    "burning": _set_burning,
    "exhaustion": _set_exhaustion,
}

GM_HANDLERS: dict[type, Callable[..., Any]] = {
    GmDice: gm_dice,
    GmMod: gm_mod,
    GmForce: gm_force,
    GmBonus: gm_bonus,
    GmSet: gm_set,
    GmSpot: gm_spot,
}
