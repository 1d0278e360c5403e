"""The game master's commands: typed-in dice, overrides, bonuses and modifiers. Each is logged."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

import attrs

from apcombat.dice import DiceSource
from apcombat.engine.arrivals import gm_add, gm_remove
from apcombat.engine.command_base import unit_by_id
from apcombat.engine.commands import (
    CommandError,
    GmAdd,
    GmBack,
    GmBlast,
    GmBonus,
    GmCondition,
    GmDice,
    GmForce,
    GmHp,
    GmMod,
    GmNote,
    GmOrder,
    GmRemove,
    GmSet,
    GmShow,
    GmShowSwitch,
    GmSnapshot,
    GmSpot,
    parse_cell,
)
from apcombat.engine.events import Event
from apcombat.engine.geometry import facing_on_map
from apcombat.engine.gm_thrown import thrown_setter
from apcombat.engine.notes import gm_note
from apcombat.engine.numbers import WrongInput, shown_word, whole_number
from apcombat.engine.reactions import perception_test
from apcombat.engine.shown_to_players import gm_show, gm_show_switch
from apcombat.engine.snapshots import gm_back, gm_snapshot
from apcombat.engine.table_throw import gm_blast
from apcombat.engine.upkeep import out_of_the_fight
from apcombat.engine.victory import check_victory
from apcombat.model import (
    NO_EXHAUSTION,
    BodyLocation,
    Burning,
    CarriedWeapon,
    Encounter,
    Exhaustion,
    Facing,
    Pose,
    Unit,
    limits,
)
from apcombat.model.conditions import BURN_SEQUENCE
from apcombat.model.encounter import with_state
from apcombat.model.limits import Limit
from apcombat.model.modules import Module


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
    if state.map is not None:
        raise CommandError("on a map the watch is judged from the map: gm spot is for table mode")
    watcher, mover = unit_by_id(state, command.watcher), unit_by_id(state, command.mover)
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
    unit = unit_by_id(state, command.unit)
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
    """Override any of a unit's fields; logged as an override. A value the field cannot take is refused
    with the field, what it takes and what was given."""
    unit = before = unit_by_id(state, command.unit)
    if before.down and state.finished and any(f == "hp" for f, _ in command.fields):
        raise CommandError(f"the fight is over: {unit.name} cannot come back into it")
    changes = []
    for field, value in command.fields:
        setter = _SETTERS.get(field) or thrown_setter(field)
        if setter is None:
            fields = ", ".join([*_SETTERS, "thrown.ID"])
            raise CommandError(f"gm set cannot change {shown_word(field)}: it changes {fields}")
        try:
            unit = setter(state, unit, value)
        except ValueError as error:
            raise CommandError(str(error)) from None
        changes.append(f"{field}={value}")
    events.append(
        Event(
            "gm",
            f"game master override: {unit.name} {' '.join(changes)}",
            {"set": dict(command.fields)},
            unit=unit.id,
        )
    )
    return check_victory(_after_hp_change(state, before, unit, events), events)


def gm_hp(state: Encounter, command: GmHp, dice: DiceSource, events: list[Event]) -> Encounter:
    """A quick change of HP, kept between 0 and the unit's most. At 0 HP it goes down (R12.2); healed
    above 0 it is back in the fight — the game master's word, as R18.2.2's first aid brings a man down
    back — and, if the round's order had left it out, joins the end of the order from the next round."""
    unit = unit_by_id(state, command.unit)
    most = unit.character.hit_points
    if command.change < 0 and unit.down:
        raise CommandError(f"{unit.name} is already down at {unit.hp} HP")
    if command.change > 0 and unit.hp >= most:
        raise CommandError(f"{unit.name} already has {unit.hp} HP, the most it has (R0.5)")
    hp = min(most, unit.hp + command.change) if command.change > 0 else max(0, unit.hp + command.change)
    if unit.down and state.finished:
        raise CommandError(f"the fight is over: {unit.name} cannot come back into it")
    if unit.down:
        try:
            _set_hp(state, unit, str(hp))  # two units cannot share a cell (R7)
        except WrongInput as error:
            raise CommandError(str(error)) from None
    text = f"game master: {unit.name} {command.change:+d} HP, {unit.hp} -> {hp} HP"
    events.append(Event("gm", text, {"hp_change": command.change, "hp": hp}, unit=unit.id))
    return check_victory(_after_hp_change(state, unit, attrs.evolve(unit, hp=hp), events), events)


def _after_hp_change(state: Encounter, before: Unit, unit: Unit, events: list[Event]) -> Encounter:
    """A game master's HP change at 0 puts the unit down (R12.2); above 0 on a downed unit brings it back
    into the fight and, if the round's order had left it out, to the end of the order from the next round."""
    if unit.down and not before.down:
        events.append(Event("down", f"{unit.name} is down (R12.2)", unit=unit.id))
        unit = out_of_the_fight(unit)
    elif before.down and not unit.down:
        events.append(Event("gm", f"{unit.name} is back in the fight", unit=unit.id))
        if state.order and unit.id not in state.order:
            state = attrs.evolve(state, order=(*state.order, unit.id), taken=(*state.taken, unit.id))
    return state.with_unit(unit)


def gm_condition(state: Encounter, command: GmCondition, dice: DiceSource, events: list[Event]) -> Encounter:
    """Set or clear burning (R6.2), exhaustion (R14.3), unconsciousness or a head wound (R12.1); each then
    counts down as its rule says, on the unit's turns."""
    unit = unit_by_id(state, command.unit)
    if unit.down and command.amount is not None:
        raise CommandError(f"{unit.name} is down and out of the fight (R12.2): conditions no longer touch it")
    unit, said = _CONDITION_SETTERS[command.name](unit, command)
    events.append(
        Event(
            "gm",
            f"game master: {unit.name} {said}",
            {"condition": command.name, "amount": command.amount},
            unit=unit.id,
        )
    )
    return check_victory(state.with_unit(unit), events)


def _burning(unit: Unit, command: GmCondition) -> tuple[Unit, str]:
    if command.amount is None:
        return attrs.evolve(unit, burning=None), "is no longer burning"
    burning = Burning.with_burns_left(command.amount)
    burns = burning.burns_left
    return attrs.evolve(unit, burning=burning), (
        f"is burning: {burns} burn{'s' if burns != 1 else ''} to come, {burning.dice} next (R6.2)"
    )


def _exhaustion(unit: Unit, command: GmCondition) -> tuple[Unit, str]:
    if command.amount is None:
        return attrs.evolve(unit, exhaustion=NO_EXHAUSTION), "is no longer exhausted"
    penalty = command.penalty or (unit.exhaustion.penalty if unit.exhaustion.active else 20)
    turns = command.amount
    return attrs.evolve(unit, exhaustion=Exhaustion(penalty, turns)), (
        f"is exhausted: -{penalty} for {turns} turn{'s' if turns != 1 else ''} (R14.3)"
    )


def _unconscious(unit: Unit, command: GmCondition) -> tuple[Unit, str]:
    if command.amount is None:
        return attrs.evolve(unit, unconscious_rounds=0), "comes to"
    rounds = command.amount
    return attrs.evolve(unit, unconscious_rounds=rounds), (
        f"is unconscious for {rounds} round{'s' if rounds != 1 else ''} (R12.1)"
    )


def _head_wound(unit: Unit, command: GmCondition) -> tuple[Unit, str]:
    if command.amount is None:
        wounds = unit.wounds - {BodyLocation.HEAD}
        return attrs.evolve(unit, wounds=wounds, ap_loss_next_turn=0), "no longer has a head wound"
    lost = command.amount
    return attrs.evolve(unit, wounds=unit.wounds | {BodyLocation.HEAD}, ap_loss_next_turn=lost), (
        f"has a head wound: loses {lost} AP at the start of the next turn (R12.1)"
    )


_CONDITION_SETTERS: dict[str, Callable[[Unit, GmCondition], tuple[Unit, str]]] = {
    "burning": _burning,
    "exhaustion": _exhaustion,
    "unconscious": _unconscious,
    "head": _head_wound,
}


def gm_order(state: Encounter, command: GmOrder, dice: DiceSource, events: list[Event]) -> Encounter:
    """Move a unit in the round's initiative order (R13.2); whoever has not acted yet this round acts in
    the new order, and the order carries over to the next rounds."""
    unit = unit_by_id(state, command.unit)
    if state.deck is not None:
        raise CommandError("the activation deck decides who acts next (R18.5): gm dice names the card drawn")
    if not state.order:
        raise CommandError("there is no initiative order before the first round: gm bonus changes initiative (R13.1)")
    if unit.id not in state.order:
        raise CommandError(f"{unit.name} is not in this round's initiative order")
    if command.place > len(state.order):
        raise CommandError(f"the place must be 1 to {len(state.order)}: there are {len(state.order)} in the order")
    order = [uid for uid in state.order if uid != unit.id]
    order.insert(command.place - 1, unit.id)
    names = ", ".join(state.unit(uid).name for uid in order)
    text = f"game master: {unit.name} moves to place {command.place} in the initiative order: {names}"
    events.append(Event("gm", text, {"order": order}, unit=unit.id))
    return attrs.evolve(state, order=tuple(order))


_YES = ("true", "yes", "1", "on")
_NO = ("false", "no", "0", "off")


def _bool(field: str, value: str) -> bool:
    if value.lower() in _YES + _NO:
        return value.lower() in _YES
    raise WrongInput(f"{field} must be true or false, not {shown_word(value)}")


def _word(field: str, vocabulary: type[Enum], value: str) -> Any:
    """A member of `vocabulary` (a pose, a facing, a body location) written as its value, any case."""
    for member in vocabulary:
        if str(member.value).lower() == value.strip().lower():
            return member
    words = [str(member.value) for member in vocabulary]
    raise WrongInput(f"{field} must be {', '.join(words[:-1])} or {words[-1]}, not {shown_word(value)}")


def _set_at(state: Encounter, unit: Unit, value: str) -> Unit:
    if state.map is None:
        raise WrongInput("at: table mode has no cells")
    try:
        cell = parse_cell(value)
    except WrongInput as error:
        raise WrongInput(f"at: {error}") from None
    if not state.map.inside(cell):
        raise WrongInput(f"at: {value} is outside the {state.map.width} x {state.map.height} map")
    if state.map.at(cell).blocks_movement:
        raise WrongInput(f"at: {value} is {state.map.at(cell).value}")
    if any(u.at == cell and u.id != unit.id and not u.down for u in state.units):
        raise WrongInput(f"at: {value} is occupied")
    return attrs.evolve(unit, at=cell)


def _set_hp(state: Encounter, unit: Unit, value: str) -> Unit:
    hp = whole_number(value, limits.HIT_POINTS, "hp")
    taken = any(u.at == unit.at and u.id != unit.id and not u.down for u in state.units if u.at is not None)
    if unit.down and hp > 0 and taken:
        # While it was down another unit stepped into its cell: two units cannot share one (R7).
        raise WrongInput(f"another unit stands on {unit.name}'s cell: move {unit.name} first (at=X,Y)")
    return attrs.evolve(unit, hp=hp)


def _set_wounds(state: Encounter, unit: Unit, value: str) -> Unit:
    names = [] if value.lower() in ("none", "") else value.split(",")
    try:
        return attrs.evolve(unit, wounds=frozenset(_word("wounds", BodyLocation, name) for name in names))
    except WrongInput as error:
        raise WrongInput(f"{error} (or none; several: arm,legs)") from None


def _in_hand(unit: Unit, field: str) -> CarriedWeapon:
    if unit.weapon is None:
        raise WrongInput(f"{field}: {unit.name} has no weapon in hand")
    return unit.weapon


def _with_in_hand(unit: Unit, carried: CarriedWeapon) -> Unit:
    weapons = list(unit.weapons)
    weapons[unit.in_hand] = carried
    return attrs.evolve(unit, weapons=tuple(weapons))


def _set_loaded(state: Encounter, unit: Unit, value: str) -> Unit:
    carried = _in_hand(unit, "ammo")
    magazine = Limit(0, carried.weapon.magazine)
    return _with_in_hand(unit, attrs.evolve(carried, loaded=whole_number(value, magazine, "ammo")))


def _set_broken(state: Encounter, unit: Unit, value: str) -> Unit:
    carried = _in_hand(unit, "broken")
    return _with_in_hand(unit, attrs.evolve(carried, broken=_bool("broken", value)))


def _set_burning(state: Encounter, unit: Unit, value: str) -> Unit:
    if value.lower() in ("off", "no", "false", "none"):
        return attrs.evolve(unit, burning=None)
    step = whole_number(value, Limit(1, len(BURN_SEQUENCE) - 1), "burning (or off)")
    return attrs.evolve(unit, burning=Burning(step=step))


def _set_exhaustion(state: Encounter, unit: Unit, value: str) -> Unit:
    """R14.3: the penalty in force and for how many more turns, written PENALTY:TURNS."""
    penalty, _, turns = value.partition(":")
    if penalty not in ("0", "10", "20", "40"):
        raise WrongInput(f"exhaustion must be 0, 10, 20 or 40 (then :TURNS, like 20:2), not {shown_word(value)}")
    return attrs.evolve(
        unit, exhaustion=Exhaustion(int(penalty), whole_number(turns or "1", limits.ROUNDS, "exhaustion's turns"))
    )


_SETTERS: dict[str, Callable[[Encounter, Unit, str], Unit]] = {
    "hp": _set_hp,
    "ap": lambda s, u, v: attrs.evolve(u, ap=whole_number(v, limits.ACTION_POINTS, "ap")),
    "pose": lambda s, u, v: attrs.evolve(u, pose=_word("pose", Pose, v)),
    "facing": lambda s, u, v: attrs.evolve(u, facing=facing_on_map(s, _word("facing", Facing, v))),
    "at": _set_at,
    "in_cover": lambda s, u, v: attrs.evolve(u, in_cover=_bool("in_cover", v)),
    "wounds": _set_wounds,
    "ammo": _set_loaded,
    "broken": _set_broken,
    "unconscious": lambda s, u, v: attrs.evolve(u, unconscious_rounds=whole_number(v, limits.ROUNDS, "unconscious")),
    "burning": _set_burning,
    "exhaustion": _set_exhaustion,
    "markers": lambda s, u, v: with_state(
        u, Module.SUPPRESSION, markers=whole_number(v, limits.MARKERS, "markers")
    ),  # R18.4
}

GM_HANDLERS: dict[type, Callable[..., Any]] = {
    GmDice: gm_dice,
    GmMod: gm_mod,
    GmForce: gm_force,
    GmBonus: gm_bonus,
    GmSet: gm_set,
    GmSpot: gm_spot,
    GmHp: gm_hp,
    GmCondition: gm_condition,
    GmOrder: gm_order,
    GmShow: gm_show,
    GmShowSwitch: gm_show_switch,
    GmBlast: gm_blast,
    GmSnapshot: gm_snapshot,
    GmBack: gm_back,
    GmNote: gm_note,
    GmAdd: gm_add,  # issue 28: reinforcements and bystanders
    GmRemove: gm_remove,
}
"""The core's game-master commands; the modules' are their parts'."""
