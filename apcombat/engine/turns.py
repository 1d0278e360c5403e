"""Initiative, rounds and turns (R13), and what happens at the start and end of a turn:
burning (R6.2), head wounds (R12.1), unconsciousness, exhaustion (R14.2, R14.3), watches ending (R16.1)."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceRequest, DiceSource
from apcombat.engine.aftermath import aftermath
from apcombat.engine.events import Event
from apcombat.engine.part import parts_on
from apcombat.engine.round_end import end_round
from apcombat.engine.upkeep import close_moves, out_of_the_fight, take_gm_modifier
from apcombat.engine.victory import check_victory
from apcombat.model import NO_EXHAUSTION, Encounter, Exhaustion, Skill, Unit
from apcombat.rules.burning import burn_at_turn_start
from apcombat.rules.checks import skill_test
from apcombat.rules.initiative import InitiativeRoll, initiative_base, initiative_order, tied_groups
from apcombat.rules.running import after_own_turn, exhaustion_after_running, stronger_exhaustion


def roll_initiative(state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
    """R13.1: AG + PE + LU // 2 + 1d6 + bonus; ties by base, AG, then a roll-off. R0.6: without the
    initiative rule, units act in the order the encounter lists them."""
    fighters = [unit for unit in state.units if not unit.down]
    instead = next((text for part in parts_on(state) if (text := part.initiative_instead(state))), None)
    if instead is not None:
        events.append(Event("initiative", instead))
        return attrs.evolve(state, order=tuple(unit.id for unit in fighters))
    if not state.optional_rules.initiative:
        events.append(Event("initiative", "initiative is off: units act in the order listed"))
        return attrs.evolve(state, order=tuple(unit.id for unit in fighters))
    rolls = []
    for unit in fighters:
        d6 = dice.roll(DiceRequest(sides=6, purpose=f"{unit.name}'s initiative", notation="d6"))
        rolls.append(
            InitiativeRoll(
                unit.id,
                initiative_base(unit.character.special),
                d6,
                unit.initiative_bonus,
                unit.character.special.AG,
            )
        )
    for group in tied_groups(rolls):
        for roll in group:
            purpose = f"{state.unit(roll.unit).name}'s initiative roll-off"
            roll_off = dice.roll(DiceRequest(sides=6, purpose=purpose, breaks_tie=True))
            rolls[rolls.index(roll)] = attrs.evolve(roll, roll_off=roll_off)
    ordered = initiative_order(rolls)
    units = {r.unit: r for r in rolls}
    state = attrs.evolve(
        state,
        order=tuple(r.unit for r in ordered),
        units=tuple(attrs.evolve(u, initiative=units[u.id].total) if u.id in units else u for u in state.units),
    )
    lines = []
    for r in ordered:
        bonus = f" + {r.bonus} bonus" if r.bonus else ""
        off = f" (roll-off {r.roll_off})" if r.roll_off else ""
        lines.append(f"{state.unit(r.unit).name} {r.total} (base {r.base} + d6 {r.d6}{bonus}){off}")
    events.append(
        Event(
            "initiative",
            "initiative: " + "; ".join(lines),
            {"rolls": [attrs.asdict(r) | {"total": r.total} for r in ordered]},
        )
    )
    return state


def start_round(state: Encounter, number: int, dice: DiceSource, events: list[Event]) -> Encounter:
    """R13.2: a new round; everyone's turn is to come (R13.3: delayed turns not taken are lost)."""
    state = attrs.evolve(state, round=number, taken=(), delayed=(), pre_empted=None, active=None)
    modules = parts_on(state)
    for part in modules:
        state = part.round_begins(state, number, dice, events)
    events.append(Event("round", f"round {number} begins", {"round": number}))
    for part in modules:
        begun = part.begin_round(state, dice, events)  # R18.5.1: the sides choose before the first card
        if begun is not None:
            return begun
    if number > 1 and state.house_rules.reroll_initiative_each_round:
        state = roll_initiative(state, dice, events)
    return next_turn(state, dice, events)


def next_turn(state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
    """Hand the turn to the next unit in order; delayed units get their chance when the others are done."""
    while not state.finished:
        if state.pre_empted is not None:
            back = state.unit(state.pre_empted)
            state = attrs.evolve(state, pre_empted=None)
            if back.standing:
                events.append(Event("turn", f"back to {back.name} ({back.ap} AP)", unit=back.id))
                # R7.3: the end of the turn taken before it closed its chain of turns.
                return attrs.evolve(state.with_unit(close_moves(back)), active=back.id)
        dealt = next((up for part in parts_on(state) if (up := part.next_up(state, dice, events)) is not None), None)
        if dealt is not None:
            state, card = dealt
            waiting = [card] if card is not None else []
        else:
            waiting = [uid for uid in state.order if uid not in state.taken and uid not in state.delayed]
        if waiting:
            state = start_turn(state, waiting[0], dice, events)
            if state.active is not None:
                return state
            continue
        delayed = [uid for uid in state.delayed if state.unit(uid).standing]
        if delayed:
            unit = state.unit(delayed[0])
            events.append(Event("turn", f"{unit.name} takes the delayed turn ({unit.ap} AP)", unit=unit.id))
            return attrs.evolve(state, active=unit.id, delayed=tuple(d for d in state.delayed if d != unit.id))
        state = end_round(state, dice, events)
        if state.finished:
            return state
        return start_round(state, state.round + 1, dice, events)
    return state


def start_turn(state: Encounter, unit_id: str, dice: DiceSource, events: list[Event]) -> Encounter:
    """The start of a unit's turn. Leaves `active` None when the unit cannot act (down, unconscious).

    R6.2: the burn comes when the turn would start even if the unit cannot act (unconscious): fire does
    not wait for its victim. R18.3.1: a unit starting its turn in a fire is set burning as by a flamer hit."""
    unit = state.unit(unit_id)
    taken = (*state.taken, unit_id)
    if unit.down:
        return attrs.evolve(state.with_unit(out_of_the_fight(unit)), taken=taken)
    if unit.watch is not None or unit.pin is not None:
        what = "watch" if unit.watch is not None else "covering fire"
        events.append(Event("watch_ends", f"{unit.name}'s {what} ends", unit=unit_id))
        unit = attrs.evolve(unit, watch=None, pin=None, sacrificed_ap=0)
    burnt = next((b for part in parts_on(state) if (b := part.burn_at_turn_start(state, unit, dice, events))), None)
    if burnt is not None:  # R18.3.1: 2d10+5 again instead of the burn's tick
        unit = burnt
    elif unit.burning is not None:
        burn = burn_at_turn_start(unit.burning, unit.armor, dice, unit.name)
        hp = unit.hp - burn.damage
        events.append(
            Event(
                "burning",
                f"{unit.name} burns: {burn.roll}"
                + (f" - {burn.armor} armour = {burn.damage}" if burn.armor else "")
                + f" damage, {unit.hp} -> {hp} HP"
                + ("" if burn.burning_after else "; the fire goes out"),
                {"roll": list(burn.roll.values), "damage": burn.damage, "armor": burn.armor, "hp": hp},
                unit=unit_id,
            )
        )
        unit = attrs.evolve(unit, hp=hp, burning=burn.burning_after)
    if unit.down:  # burnt down at the turn's start (R6.2, R18.3.1)
        events.append(Event("down", f"{unit.name} is down", unit=unit_id))
        before = state
        state = attrs.evolve(state.with_unit(out_of_the_fight(unit)), taken=taken)
        # R18.2.1: the casualty d6 at once, in the unit's own turn (stunned: the rest of it); R18.1.2
        state = attrs.evolve(aftermath(before, attrs.evolve(state, active=unit_id), dice, events), active=None)
        unit = state.unit(unit_id)
        if unit.down:
            return check_victory(state, events)
        state = attrs.evolve(state, taken=tuple(t for t in state.taken if t != unit_id))
    if unit.unconscious_rounds > 0:
        left = unit.unconscious_rounds - 1
        unit = attrs.evolve(unit, unconscious_rounds=left, ap=0)
        text = f"{unit.name} is unconscious and loses the turn" + (
            f" ({left} more round{'s' if left != 1 else ''})" if left else "; comes to at the end of it"
        )
        events.append(Event("unconscious", text, {"rounds_left": left}, unit=unit_id))
        return attrs.evolve(state.with_unit(unit), taken=taken)
    ap = fresh_ap(unit)
    lost = unit.character.ap_per_round - ap
    unit = attrs.evolve(close_moves(unit), ap=ap, ap_loss_next_turn=0, ran_ap=0, spent_ap=False)
    added = ""
    for part in parts_on(state):
        unit, words = part.turn_begins(state, unit)  # R18.4.2
        added += words
    text = f"{unit.name}'s turn: {unit.ap} AP"
    if lost:
        text += f" ({lost} lost to a head wound, R12.1)"
    text += added
    if unit.exhaustion.active:
        text += f"; exhausted -{unit.exhaustion.penalty} ({unit.exhaustion.turns} turn(s) left)"
    events.append(Event("turn", text, {"ap": unit.ap, "round": state.round}, unit=unit_id))
    state = attrs.evolve(state.with_unit(unit), active=unit_id, taken=taken)
    for part in parts_on(state):
        state = part.at_update(state, events)  # R21.1.3: a turn's start, after its burns and lost AP
    return state


def fresh_ap(unit: Unit) -> int:
    """The AP a unit's turn starts with, before the rule modules' losses: a round's AP less what a head wound
    takes from this turn (R12.1)."""
    return max(0, unit.character.ap_per_round - unit.ap_loss_next_turn)


def end_turn(state: Encounter, dice: DiceSource, events: list[Event], sacrificed: bool = False) -> Encounter:
    """R13.2: AP left are lost; R14.2 the running test; R14.3 exhaustion counts down (one of its turns
    ended); R7.1, R7.3 movement left and the chain of turns end with the turn (and with a watch)."""
    assert state.active is not None
    unit = state.unit(state.active)
    state = test_after_running(state, unit.id, dice, events, after_own_turn(unit.exhaustion))
    unit = attrs.evolve(close_moves(state.unit(unit.id)), ap=0)
    modules = parts_on(state)
    for part in modules:
        unit = part.unit_turn_ends(unit)  # R18.2.1: its lost turn is over
    if not sacrificed:
        events.append(Event("end", f"{unit.name} ends the turn", unit=unit.id))
    state = attrs.evolve(state.with_unit(unit), active=None)
    for part in modules:
        state = part.turn_ended(state, unit.id, events)  # R18.1.3 flee, R18.1.5 surrender
    state = check_victory(state, events)
    if state.finished:
        return state
    return next_turn(state, dice, events)


def end_interruption(state: Encounter, watcher_id: str, dice: DiceSource, events: list[Event]) -> Encounter:
    """R16.2: the end of an interruption: R14.2 a watcher that ran tests body control (R14.3: an
    interruption is not one of its turns, so no penalty counts down); its AP left are lost; R7.1, R7.3 its
    movement left and chain of turns end."""
    state = test_after_running(state, watcher_id, dice, events, state.unit(watcher_id).exhaustion)
    return state.with_unit(attrs.evolve(close_moves(state.unit(watcher_id)), ap=0))


def test_after_running(
    state: Encounter, unit_id: str, dice: DiceSource, events: list[Event], lasting: Exhaustion
) -> Encounter:
    """R14.2: after a turn or an interruption in which it ran, the unit tests body control (with the penalty
    in force); R14.3 the new penalty replaces `lasting` (what is left of the old one after this moment) only
    if it is larger, or equal and longer. The AP spent running start again from 0."""
    unit = state.unit(unit_id)
    if unit.ran_ap <= 0 or unit.down:
        lasting = lasting if lasting.active else NO_EXHAUSTION
        return state.with_unit(attrs.evolve(unit, ran_ap=0, exhaustion=lasting))
    state, modifier = take_gm_modifier(state)
    skill = unit.character.skill(Skill.BODY_CONTROL) - unit.exhaustion.penalty + modifier
    purpose = f"{unit.name}'s body control after running"
    test = skill_test(dice, skill, unit.character.special.LU, purpose, owner=unit.id)
    new = exhaustion_after_running(test, unit.ran_ap)
    exhaustion = stronger_exhaustion(lasting, new)
    verdict = (
        "lucky success: no penalty"
        if test.success and test.lucky
        else "success"
        if test.success
        else "critical failure"
        if test.critical_failure
        else "failure"
    )
    penalty = f"-{new.penalty} for {new.turns} turn(s)" if new.active else "no penalty"
    if new.active and exhaustion is not new:
        penalty += f", which does not replace -{exhaustion.penalty} for {exhaustion.turns} turn(s) (R14.3)"
    events.append(
        Event(
            "exhaustion",
            f"{unit.name} ran ({unit.ran_ap} AP): body control d100 = {test.roll} vs {test.needed} — "
            f"{verdict}; {penalty} (R14.2)",
            {"roll": test.roll, "needed": test.needed, "penalty": new.penalty, "turns": new.turns},
            unit=unit.id,
        )
    )
    exhaustion = exhaustion if exhaustion.active else NO_EXHAUSTION
    return state.with_unit(attrs.evolve(unit, ran_ap=0, exhaustion=exhaustion))
