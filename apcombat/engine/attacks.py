"""Attacks on the map or the table: shots, two guns, flamers, close combat (R1-R6, R9-R12), and the
turns given up for reaction (R16.1) and covering fire (R17.1)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import attrs

from apcombat.dice import DiceSource
from apcombat.engine.command_base import unit_by_id
from apcombat.engine.commands import Attack, CommandError, PinDown, React
from apcombat.engine.events import Event
from apcombat.engine.geometry import covered_against, distance_m, hidden_prone, sees_cover_of, sight_problem
from apcombat.engine.movement import other_action, pay
from apcombat.engine.part import parts_on
from apcombat.engine.reactions import covering_fire, react_to, refuse_while_interrupting, watchers_seeing
from apcombat.engine.turns import end_turn
from apcombat.engine.upkeep import out_of_the_fight
from apcombat.engine.victory import check_victory
from apcombat.model import (
    BodyLocation,
    CarriedWeapon,
    Encounter,
    FromCover,
    Pin,
    Shooter,
    Shot,
    ShotMode,
    ShotSituation,
    Target,
    Unit,
    Watch,
)
from apcombat.model.fates import Fate
from apcombat.rules.attack import AttackPlan, plan_attack
from apcombat.rules.covering_fire import MAX_COVERING_HITS
from apcombat.rules.explain import describe_plan, describe_result
from apcombat.rules.refusals import ImpossibleAttack, attack_options
from apcombat.rules.report import guns_report, rounds_report
from apcombat.rules.resolve import AttackResult, resolve_attack

COVERING_FIRE_ROUNDS = MAX_COVERING_HITS  # R17.1: covering fire spends 10 rounds


def attack_mode(command: Attack) -> ShotMode:
    if command.kind == "melee":
        return ShotMode.MELEE
    if command.kind == "flame":
        return ShotMode.FLAME
    if command.kind == "dual":
        return ShotMode.DUAL_BURST if command.burst else ShotMode.DUAL
    if command.location is not None:
        if command.burst:
            raise CommandError("a burst cannot be aimed (R3.4)")
        return ShotMode.AIMED
    return ShotMode.BURST if command.burst else ShotMode.SINGLE


def is_reacting(state: Encounter, unit: Unit) -> bool:
    """R9.3: on reaction watch, interrupting from one, or giving covering fire."""
    interrupting = state.interrupt is not None and state.interrupt.watcher == unit.id
    return unit.watch is not None or unit.pin is not None or interrupting


PLANS_KEPT = 8
"""States whose attack plans (and what the map says between two units) are kept: listing the legal lines
plans every attack, previewing one plans it again, every aim and extra AP against a target asks the map the
same, and an AI judging a turn asks all of that of the same few states (states are immutable)."""

# Three kinds of entry, each read back by the code that wrote it: plans or refusals, sides, `_between`'s answers.
_plans: list[tuple[Encounter, dict[Hashable, Any]]] = []


def _plans_of(state: Encounter) -> dict[Hashable, Any]:
    """What is already worked out in this very state object (plans or refusals by command, `_between` by
    pair); each caller keeps the table it was handed, so threads asking of different states never share one."""
    for held, held_table in _plans:
        if held is state:
            return held_table
    table: dict[Hashable, Any] = {}
    _plans.insert(0, (state, table))
    del _plans[PLANS_KEPT:]
    return table


def situation_for(state: Encounter, command: Attack) -> ShotSituation:
    """The rules' view of an attack command in this state (refusing what the map forbids)."""
    attacker, target = state.unit(command.unit), _target(state, command.unit, command.target)
    for part in parts_on(state):
        part.refuse_target(state, attacker, target)  # R21.5.1: whom an attack may name (a pin is not one)
    mode = attack_mode(command)
    carried = attacker.weapon
    if carried is None:
        raise CommandError(f"{attacker.name} has no weapon")
    if carried.broken:
        raise CommandError(f"{attacker.name}'s {carried.weapon.name} is broken (R12.1, R19.1): swap weapons")
    second = attacker.second_gun if mode in (ShotMode.DUAL, ShotMode.DUAL_BURST) else None
    if second is not None and second.broken:
        raise CommandError(f"{attacker.name}'s {second.weapon.name} is broken (R12.1, R19.1)")
    blind_spot, distance, covered = _between(state, attacker, target, mode is ShotMode.MELEE, command.distance_cm)
    if blind_spot is not None:
        raise CommandError(blind_spot)
    table = _plans_of(state)
    key = ("sides", attacker.id, target.id, second is not None)
    sides = table.get(key)
    if sides is None:
        sides = table[key] = (_shooter(state, attacker, target, second), _victim(state, attacker, target, covered))
    shooter, victim = sides
    shot = Shot(
        mode=mode,
        location=command.location,
        extra_ap=command.extra_ap,
        distance_m=distance,
        from_cover=command.from_cover,
        reaction=is_reacting(state, attacker),
        gm_modifier=state.gm_modifier,
    )
    return ShotSituation(shooter, victim, shot, state.house_rules, state.criticals, state.optional_rules)


def _victim(state: Encounter, attacker: Unit, target: Unit, covered: bool) -> Target:
    """The rules' view of the unit attacked (R9.2 `covered`: its cover is between it and the attacker; R9.3
    reacting as the attacker's side is shown it, R21.2.5)."""
    reacting = is_reacting(state, target)
    for part in parts_on(state):
        reacting = part.reacting_shown(state, attacker, target, reacting)
    return Target(
        name=target.name,
        hp=target.hp,
        pose=target.pose,
        in_cover=covered,
        reacting=reacting,
        armor=target.armor,
        special=target.character.special,
        skills=target.character.skills,
        exhaustion=target.exhaustion.penalty if target.exhaustion.active else 0,
        wounds=target.wounds,
        id=target.id,
        **_module_fields(state, target),
    )


def _between(
    state: Encounter, attacker: Unit, target: Unit, melee: bool, distance_cm: float | None
) -> tuple[str | None, float, bool]:
    """What the map says of an attack between the two units: why the attacker cannot see the target (None
    when it can; close combat does not ask), the distance in metres, and whether the target's cover is
    between them (R9.2); worked out once per state for every mode, aim and extra AP against that target."""
    table = _plans_of(state)
    key = ("between", attacker.id, target.id, melee, distance_cm)
    found = table.get(key)
    if found is None:
        blind_spot = sight_problem(state, attacker, target) if not melee else None
        if blind_spot is not None:
            found = (blind_spot, 0.0, False)
        else:
            if melee and state.map is None and distance_cm is None:
                distance = 1.0  # table mode: close combat is between neighbours unless the game master measures
            else:
                distance = distance_m(state, attacker, target, distance_cm)
            found = (None, distance, covered_against(state, target, attacker))
        table[key] = found
    return found


def _shooter(state: Encounter, attacker: Unit, target: Unit, second: CarriedWeapon | None) -> Shooter:
    """The rules' view of the attacker firing at the target (R8.5: hidden from it, prone behind cover)."""
    carried = attacker.weapon
    assert carried is not None
    return Shooter(
        name=attacker.name,
        special=attacker.character.special,
        skills=attacker.character.skills,
        weapon=carried.weapon,
        perks=attacker.character.perks,
        offhand=second.weapon if second is not None else None,
        pose=attacker.pose,
        in_cover=attacker.in_cover,
        hidden_behind_cover=hidden_prone(state, attacker, target),
        exhaustion=attacker.exhaustion.penalty if attacker.exhaustion.active else 0,
        wounds=attacker.wounds - {BodyLocation.WEAPON},  # a weapon wound breaks one weapon, tracked on it
        ammo=carried.loaded,
        offhand_ammo=second.loaded if second is not None else None,
        crit_chance=attacker.character.crit_chance,
        id=attacker.id,
        **_module_fields(state, attacker),
    )


def _module_fields(state: Encounter, unit: Unit) -> dict[str, int]:
    """What the modules add to the rules' view of a shooter or a target (R18.4.2: its suppression markers)."""
    fields: dict[str, int] = {}
    for part in parts_on(state):
        fields.update(part.shot_fields(state, unit))
    return fields


def choices(state: Encounter, attacker_id: str, target_id: str) -> dict[ShotMode, tuple[FromCover, ...]]:
    """What the attacker may choose against the target with the weapons in hand: each attack mode and the
    ways of firing from cover it allows there (`rules.refusals.attack_options`); empty without a weapon."""
    attacker, target = state.unit(attacker_id), state.unit(target_id)
    if attacker.weapon is None:
        return {}
    shooter = _shooter(state, attacker, target, attacker.second_gun)
    situation = ShotSituation(
        shooter,
        Target(name=target.name, hp=target.hp, pose=target.pose),
        Shot(),
        state.house_rules,
        state.criticals,
        state.optional_rules,
    )
    return attack_options(situation)


def plan_for(state: Encounter, command: Attack) -> AttackPlan:
    """Plan an attack command, turning the rules' refusal into a command error (R16.2: during an
    interruption only the enemy that triggered it may be attacked; previews say so too). The same command
    in the same state is planned once (`_plans_of`)."""
    table = _plans_of(state)
    found = table.get(command)
    if found is None:
        try:
            refuse_while_interrupting(state, command)
            found = plan_attack(situation_for(state, command))
        except ImpossibleAttack as error:
            found = str(error)
        except CommandError as error:
            found = str(error)
        table[command] = found
    if isinstance(found, str):
        raise CommandError(found)
    return found


def attack(state: Encounter, command: Attack, dice: DiceSource, events: list[Event]) -> Encounter:
    """Plan, pay, let covering fire answer a lean-out (R17.2), roll, and apply the result."""
    plan = plan_for(state, command)
    attacker = state.unit(command.unit)
    pay(attacker, plan.ap_cost, "attack")
    leaning = command.from_cover is FromCover.LEAN_OUT
    hidden_from = watchers_seeing(state, attacker) if leaning else frozenset()
    if leaning:
        state = covering_fire(state, attacker.id, "leans out to shoot", dice, events)
        attacker = state.unit(attacker.id)
        if attacker.down:
            return check_victory(state, events)
        plan = plan_for(state, command)
    force = state.gm_force_hit
    result = resolve_attack(plan, dice, force_hit=force)
    state = attrs.evolve(state, gm_modifier=0, gm_force_hit=None)
    ap_before = attacker.ap
    attacker = other_action(pay(attacker, plan.ap_cost, "attack"))
    attacker = _spend_ammo(attacker, plan)
    state = state.with_unit(attacker)
    events.append(_attack_event(attacker.id, plan, result, ap_before, attacker.ap, force))
    state = _apply_result(state, command.target, result, events)
    for part in parts_on(state):
        state = part.after_attack(state, attacker.id, command.target, result, dice, events)  # R18.3.2
    if plan.situation.shot.mode is not ShotMode.MELEE:
        for part in parts_on(state):
            state = part.shot_at(state, command.target, result.hits > 0, events, "")  # R18.4.1
    state = check_victory(state, events)
    if leaning and not state.finished and not state.unit(attacker.id).down:
        # R8.5, R9.5: leaning out, a prone character behind cover was seen for this action (R16.2)
        state = react_to(state, attacker.id, hidden_from, dice, events, leaning=True)[0]
    return state


def _attack_event(
    attacker_id: str, plan: AttackPlan, result: AttackResult, before: int, after: int, force: bool | None
) -> Event:
    lines = describe_plan(plan) + describe_result(result)
    if force is not None:
        lines.append(f"game master override: the first to-hit result forced to {'hit' if force else 'miss'}")
    data = {
        "ap_cost": plan.ap_cost,
        "ap_before": before,
        "ap_after": after,
        "band": plan.band.value if plan.band else None,
        "guns": guns_report(plan),
        "rounds_fired": rounds_report(result),
        "override": None if force is None else ("hit" if force else "miss"),
        "target_hp_after": result.hp_after,
        "lines": lines,
    }
    situation = plan.situation
    summary = f"{situation.shooter.name} attacks {situation.target.name}: "
    summary += "misses, no damage" if not result.hits else f"{result.hits} hit" + ("s" if result.hits != 1 else "")
    if result.damage:
        summary += f", {result.damage} damage ({result.hp_before} -> {result.hp_after} HP)"
    return Event("attack", summary, data | {"target": plan.situation.target.name}, unit=attacker_id)


def _spend_ammo(unit: Unit, plan: AttackPlan) -> Unit:
    if plan.situation.shot.mode is ShotMode.MELEE:
        return unit
    weapons = list(unit.weapons)
    for gun in plan.guns:
        index = unit.offhand if gun.offhand else unit.in_hand
        assert index is not None
        carried = weapons[index]
        weapons[index] = attrs.evolve(carried, loaded=carried.loaded - gun.rounds)
    return attrs.evolve(unit, weapons=tuple(weapons))


def _apply_result(state: Encounter, target_id: str, result: AttackResult, events: list[Event]) -> Encounter:
    target = state.unit(target_id)
    wounds = set(target.wounds)
    weapons = list(target.weapons)
    ap_loss = target.ap_loss_next_turn
    for location in result.wounds:
        effect = state.criticals.effect(location)
        wounds.add(location)
        ap_loss += effect.ap_loss_next_turn
        if effect.breaks_weapon and target.weapon is not None:
            weapons[target.in_hand] = attrs.evolve(weapons[target.in_hand], broken=True)
        events.append(
            Event("wound", f"{target.name} is wounded: {location.value} — {effect.text} (R12.1)", unit=target_id)
        )
    unconscious = max(target.unconscious_rounds, result.unconscious_rounds)
    if result.unconscious_rounds:
        events.append(
            Event(
                "unconscious",
                f"{target.name} falls unconscious for {result.unconscious_rounds} round(s) (R12.1)",
                {"rounds": result.unconscious_rounds},
                unit=target_id,
            )
        )
    burning = result.burning or target.burning
    if result.burning is not None:
        events.append(Event("burning", f"{target.name} is set on fire (R6.2)", unit=target_id))
    target = attrs.evolve(
        target,
        hp=result.hp_after,
        wounds=frozenset(wounds),
        weapons=tuple(weapons),
        ap_loss_next_turn=ap_loss,
        unconscious_rounds=unconscious,
        burning=burning,
    )
    if result.target_down:
        events.append(Event("down", f"{target.name} is down (R12.2)", unit=target_id))
        target = out_of_the_fight(target)
    return state.with_unit(target)


def react(state: Encounter, command: React, dice: DiceSource, events: list[Event]) -> Encounter:
    """R16.1: at the start of its turn, with no AP spent, sacrifice the turn and stand ready."""
    if not state.optional_rules.reaction:
        raise CommandError("reaction is switched off in [optional_rules] (R0.6)")
    unit = state.unit(command.unit)
    _refuse_after_spending(unit, "watch")
    if unit.weapon is None:
        raise CommandError(f"{unit.name} has no weapon to react with")
    events.append(
        Event(
            "watch",
            f"{unit.name} gives up the turn to watch facing {unit.facing.value} with {unit.ap} AP ready (R16.1)",
            {"ap": unit.ap},
            unit=unit.id,
        )
    )
    unit = attrs.evolve(unit, watch=Watch(), sacrificed_ap=unit.ap)
    return end_turn(state.with_unit(unit), dice, events, sacrificed=True)


def pin(state: Encounter, command: PinDown, dice: DiceSource, events: list[Event]) -> Encounter:
    """R17.1: with a fully automatic weapon holding 10 rounds, pin an enemy in cover whose cover is in sight."""
    if not state.optional_rules.covering_fire:
        raise CommandError("covering fire is switched off in [optional_rules] (R0.6)")
    unit = state.unit(command.unit)
    target = _target(state, unit.id, command.target)
    _refuse_after_spending(unit, "give covering fire")
    carried = unit.weapon
    if carried is None or not carried.weapon.automatic:
        raise CommandError(f"covering fire needs a fully automatic weapon (R17.1); {unit.name} has none in hand")
    if carried.loaded < COVERING_FIRE_ROUNDS:
        raise CommandError(
            f"covering fire spends {COVERING_FIRE_ROUNDS} rounds; "
            f"the {carried.weapon.name} holds {carried.loaded} (R17.1)"
        )
    for part in parts_on(state):
        part.refuse_pin(state, unit, target)  # R21.5.4: a side pins only what it sees, never a hidden one
    if not target.in_cover:
        raise CommandError(f"{target.name} is not in cover: covering fire pins an enemy behind cover (R17.1)")
    if not sees_cover_of(state, unit, target):
        raise CommandError(f"{unit.name} cannot see the cover {target.name} is behind (R17.1)")
    weapons = list(unit.weapons)
    weapons[unit.in_hand] = attrs.evolve(carried, loaded=carried.loaded - COVERING_FIRE_ROUNDS)
    unit = attrs.evolve(unit, pin=Pin(target=target.id), weapons=tuple(weapons))
    events.append(
        Event(
            "pin",
            f"{unit.name} gives up the turn to pin {target.name} down: {COVERING_FIRE_ROUNDS} rounds spent (R17.1)",
            {"target": target.id},
            unit=unit.id,
        )
    )
    return end_turn(state.with_unit(unit), dice, events, sacrificed=True)


def _refuse_after_spending(unit: Unit, what: str) -> None:
    if unit.spent_ap:
        raise CommandError(f"{unit.name} has already spent AP this turn: only a fresh turn can {what} (R16.1, R17.1)")


def _target(state: Encounter, attacker_id: str, target_id: str) -> Unit:
    if target_id == attacker_id:
        raise CommandError("a unit cannot attack itself")
    target = unit_by_id(state, target_id)
    if target.fate is not Fate.NONE:  # R18.1.5, R18.2.2
        fate = target.fate.value.replace("_", " ")
        raise CommandError(f"{target.name} is {fate}: out of the fight and no target (R18.1.5, R18.2.2)")
    return target
