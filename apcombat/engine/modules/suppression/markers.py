"""Suppression (R18.4) in play: markers from fire, AP lost at the start of a turn, no running, the end-of-round
recovery d6 and `calm`. Every function leaves the state unchanged while the module is off."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from apcombat.dice import DiceRequest, DiceSource
from apcombat.engine.command_base import CommandError, module_off, unit_by_id
from apcombat.engine.events import Event
from apcombat.engine.geometry import distance_m, sight_problem
from apcombat.engine.modules.suppression.commands import Calm, GmNear
from apcombat.engine.movement import other_action, pay
from apcombat.engine.upkeep import take_gm_modifier
from apcombat.model import Encounter, Unit
from apcombat.model.encounter import with_state
from apcombat.model.modules import Module
from apcombat.rules.checks import attribute_test, d10_share
from apcombat.rules.suppression import (
    CALM_AP,
    CALM_RANGE_M,
    MAX_MARKERS,
    MAX_NEW_MARKERS_A_ROUND,
    ap_lost,
    d10_penalty,
    markers_earned,
    markers_gained,
    recovers,
)


def on(state: Encounter) -> bool:
    return state.module_on(Module.SUPPRESSION)


def markers_of(state: Encounter, unit: Unit) -> int:
    """The markers that count against the unit (none while the module is off)."""
    return unit.markers if on(state) else 0


def in_the_fight(unit: Unit) -> bool:
    """R18: not down (the morale and casualties modules add dead, man down, surrendered and fled)."""
    return not unit.down


def _s(count: int) -> str:
    return "" if count == 1 else "s"


def under_fire(state: Encounter, target_id: str, hit: bool, events: list[Event], how: str = "") -> Encounter:
    """R18.4.1: after an attack at the target (every mode but close combat; covering fire once, when it
    resolves): 1 marker, 2 if a round hit it — at most 2 new a round and 3 held."""
    if not on(state):
        return state
    target = state.unit(target_id)
    if not in_the_fight(target):
        return state
    why = "hit" if hit else "missed"
    return _gain(state, target, markers_earned(hit), f"{target.name} is under fire{how} ({why})", events)


def caught_in_blast(state: Encounter, lost: Mapping[str, int], events: list[Event]) -> Encounter:
    """R22.7.1 (5): each character a blast caught that is still above 0 HP gains R18.4.1's markers for one
    attack — 1 for being under the template, 2 if it lost at least 1 HP — within the caps (2 new a round, 3
    held), in the encounter's order. `lost`: the HP each caught character in the fight lost (0 included)."""
    if not on(state):
        return state
    for unit_id in [unit.id for unit in state.units if unit.id in lost]:
        unit = state.unit(unit_id)
        if unit.hp <= 0 or not in_the_fight(unit):
            continue
        hurt = lost[unit_id] >= 1
        why = "hurt" if hurt else "unhurt"
        state = _gain(state, unit, 2 if hurt else 1, f"{unit.name} is caught in the blast ({why})", events)
    return state


def _gain(state: Encounter, target: Unit, earned: int, head: str, events: list[Event]) -> Encounter:
    """R18.4.1: `earned` markers for one attack, within the caps — at most 2 new a round and 3 held; the log's
    line begins with `head`."""
    new_this_round = target.markers_new if target.markers_round == state.round else 0
    gained = markers_gained(earned, target.markers, new_this_round)
    text = f"{head}: "
    if gained == earned:
        text += f"{gained} suppression marker{_s(gained)}"
    elif gained == 0:
        cap = "already holds 3" if target.markers >= MAX_MARKERS else "already gained 2 this round"
        text += f"no new suppression marker ({cap})"
    else:
        text += f"{gained} of {earned} suppression markers (at most {MAX_NEW_MARKERS_A_ROUND} new a round, "
        text += f"{MAX_MARKERS} held)"
    held = target.markers + gained
    text += f", {held} held (R18.4.1)"
    events.append(Event("suppression", text, {"earned": earned, "gained": gained, "markers": held}, unit=target.id))
    target = with_state(
        target, Module.SUPPRESSION, markers=held, markers_new=new_this_round + gained, markers_round=state.round
    )
    return state.with_unit(target)


def turn_start_loss(state: Encounter, unit: Unit) -> tuple[Unit, str]:
    """R18.4.2: at the start of its turn a unit with n markers loses n AP, at most half the AP it starts with.
    The unit with its AP, and the words the turn's line adds ("" when nothing is lost)."""
    count = markers_of(state, unit)
    lost = ap_lost(count, unit.ap)
    if not count:
        return unit, ""
    capped = f" (at most half of {unit.ap})" if lost < count else ""
    text = f"; suppressed ({count} marker{_s(count)}): -{lost} AP{capped}, -{10 * count} on attacks, no running"
    text += " (R18.4.2)"
    return attrs.evolve(unit, ap=unit.ap - lost), text


def refuse_running(state: Encounter, unit: Unit) -> None:
    """R18.4.2: a suppressed character may not run."""
    count = markers_of(state, unit)
    if count:
        raise CommandError(f"{unit.name} is suppressed ({count} marker{_s(count)}) and may not run (R18.4.2)")


def d10_modifier(state: Encounter, unit: Unit) -> int:
    """R18.4.2: -n on each of the unit's d10 tests."""
    return d10_penalty(markers_of(state, unit))


def recovery(state: Encounter, dice: DiceSource, events: list[Event], before: Encounter) -> Encounter:
    """R18.4.3 (an end-of-round step): each suppressed character in the fight, in the order the encounter
    lists them, rolls d6; more than n removes one marker."""
    if not on(state):
        return state
    for unit_id in [unit.id for unit in state.units]:
        unit = state.unit(unit_id)
        if unit.markers <= 0 or not in_the_fight(unit):
            continue
        count = unit.markers
        request = DiceRequest(
            sides=6,
            purpose=f"{unit.name}'s recovery from suppression",
            notation="d6",
            at_most=None,
            owner=unit.id,
        )
        roll = dice.roll(request)
        if recovers(roll, count):
            unit = with_state(unit, Module.SUPPRESSION, markers=count - 1)
            verdict = f"one marker removed, {count - 1} left"
        else:
            verdict = f"keeps {count} marker{_s(count)}"
        events.append(
            Event(
                "suppression",
                f"{unit.name} recovers from suppression: d6 = {roll}, needs more than {count} — {verdict} (R18.4.3)",
                {"roll": roll, "markers_before": count, "markers": unit.markers},
                unit=unit.id,
            )
        )
        state = state.with_unit(unit)
    return state


def calm(state: Encounter, command: Calm, dice: DiceSource, events: list[Event]) -> Encounter:
    """R18.4.4: 2 AP and a CH test (R0.4) to remove one marker from itself or a friend in the fight within 5 m
    and in sight (table mode: the game master says so with `gm near WHO FRIEND`). Not an attack."""
    if not on(state):
        raise module_off("calm", Module.SUPPRESSION, "R18.4.4")
    unit = state.unit(command.unit)
    friend = _friend(state, unit, command.friend)
    if friend.markers <= 0:
        raise CommandError(f"{friend.name} holds no suppression marker to remove (R18.4.4)")
    unit = other_action(pay(unit, CALM_AP, "calm"))
    state, modifier = take_gm_modifier(state)
    needed = unit.character.special.CH + modifier + d10_share(-unit.exhaustion.penalty) + d10_modifier(state, unit)
    whom = "down" if friend.id == unit.id else friend.name
    test = attribute_test(dice, needed, f"{unit.name}'s CH test to calm {whom}", owner=unit.id)
    state = with_state(state.with_unit(unit), Module.SUPPRESSION, gm_near=None)
    if friend.id == unit.id:
        friend = unit
    left = friend.markers - 1 if test.success else friend.markers
    verdict = f"success: one marker removed, {left} left" if test.success else f"failure: {left} kept"
    events.append(
        Event(
            "calm",
            f"{unit.name} calms {whom}: 2 AP ({unit.ap + CALM_AP} -> {unit.ap}), CH d10 = {test.roll} vs "
            f"{test.needed} — {verdict} (R18.4.4)",
            {"roll": test.roll, "needed": test.needed, "markers": left, "friend": friend.id, "ap_after": unit.ap},
            unit=unit.id,
        )
    )
    return state.with_unit(with_state(state.unit(friend.id), Module.SUPPRESSION, markers=left))


def _friend(state: Encounter, unit: Unit, friend_id: str | None) -> Unit:
    """The character calmed: the unit itself, or a friend in the fight within 5 m and in its sight."""
    if friend_id is None or friend_id == unit.id:
        return unit
    friend = unit_by_id(state, friend_id)
    if friend.side != unit.side:
        raise CommandError(f"{friend.name} is not {unit.name}'s friend: calm steadies oneself or a friend (R18.4.4)")
    if not in_the_fight(friend):
        raise CommandError(f"{friend.name} is out of the fight (R18.4.4)")
    if state.map is None or unit.at is None or friend.at is None:
        if state.gm_near != (unit.id, friend.id):
            raise CommandError(
                f"table mode: the game master says whether {friend.name} is within 5 m of {unit.name} and in sight: "
                f"play 'gm near {unit.id} {friend.id}' first (R18.4.4)"
            )
        return friend
    blind = sight_problem(state, unit, friend)
    if blind is not None:
        raise CommandError(f"{blind}: calm needs the friend in sight (R18.4.4)")
    distance = distance_m(state, unit, friend, None)
    if distance > CALM_RANGE_M:
        raise CommandError(
            f"{friend.name} is {distance:.1f} m from {unit.name}: calm reaches a friend within 5 m (R18.4.4)"
        )
    return friend


def gm_near(state: Encounter, command: GmNear, dice: DiceSource, events: list[Event]) -> Encounter:
    """Table mode (R18.4.4): the game master says the friend is within 5 m of the unit and in its sight, for
    the `calm` that follows."""
    if not on(state):
        raise module_off("gm near", Module.SUPPRESSION, "R18.4.4")
    if state.map is not None:
        raise CommandError("on a map distance and sight are measured: gm near is for table mode")
    names = []
    for unit_id in (command.unit, command.friend):
        names.append(unit_by_id(state, unit_id).name)
    text = f"game master: {names[1]} is within 5 m of {names[0]} and in sight (R18.4.4)"
    events.append(Event("gm", text, {"near": [command.unit, command.friend]}, unit=command.unit))
    return with_state(state, Module.SUPPRESSION, gm_near=(command.unit, command.friend))
