"""Initiative, rounds and turns (R13), and what happens at the start and end of a turn:
burning (R6.2), head wounds (R12.1), unconsciousness, exhaustion (R14.2, R14.3), watches ending (R16.1)."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceRequest, DiceSource
from apcombat.engine import deck
from apcombat.engine.aftermath import aftermath
from apcombat.engine.casualties import casualty_summary, pending
from apcombat.engine.events import Event
from apcombat.engine.fire_damage import burn_in_fire, in_a_fire
from apcombat.engine.morale import at_turn_end
from apcombat.engine.suppression import turn_start_loss
from apcombat.model import NO_EXHAUSTION, Encounter, Exhaustion, Skill, Unit
from apcombat.rules.burning import burn_at_turn_start
from apcombat.rules.checks import skill_test
from apcombat.rules.initiative import InitiativeRoll, initiative_base, initiative_order, tied_groups
from apcombat.rules.running import after_own_turn, exhaustion_after_running, stronger_exhaustion


def take_gm_modifier(state: Encounter) -> tuple[Encounter, int]:
    """The game master's modifier for the next test, used up by it."""
    return attrs.evolve(state, gm_modifier=0), state.gm_modifier


def roll_initiative(state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
    """R13.1: AG + PE + LU // 2 + 1d6 + bonus; ties by base, AG, then a roll-off. R0.6: without the
    initiative rule, units act in the order the encounter lists them."""
    fighters = [unit for unit in state.units if not unit.down]
    if deck.deck_on(state):
        events.append(Event("initiative", "no initiative: the activation deck decides who acts (R18.5.1)"))
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
            off = dice.roll(DiceRequest(sides=6, purpose=purpose, breaks_tie=True))
            rolls[rolls.index(roll)] = attrs.evolve(roll, roll_off=off)
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
    state = attrs.evolve(
        state, round=number, taken=(), delayed=(), pre_empted=None, active=None, lost=(), morale_tested=()
    )
    if number == 1 and state.module_on("morale"):  # R18.1.3: a broken one's edge may be nearest its start
        state = attrs.evolve(state, units=tuple(attrs.evolve(u, start=u.start or u.at) for u in state.units))
    events.append(Event("round", f"round {number} begins", {"round": number}))
    if deck.deck_on(state):
        return deck.begin_round(state, dice, events)  # R18.5.1: the sides choose before the first card
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
        if deck.deck_on(state) and state.deck is not None:
            state, card = deck.next_card(state, dice, events)
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
        # Imported here: the modules' end-of-round steps use this module's victory and turn helpers.
        from apcombat.engine.round_end import end_round

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
    if in_a_fire(state, unit):  # R18.3.1: 2d10+5 again instead of the burn's tick
        unit = burn_in_fire(unit, dice, events, f"starts the turn in the fire at {unit.at[0]},{unit.at[1]}")
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
    ap = max(0, unit.character.ap_per_round - unit.ap_loss_next_turn)
    lost = unit.character.ap_per_round - ap
    unit = attrs.evolve(close_moves(unit), ap=ap, ap_loss_next_turn=0, ran_ap=0, spent_ap=False)
    unit, suppressed = turn_start_loss(state, unit)  # R18.4.2
    text = f"{unit.name}'s turn: {unit.ap} AP"
    if lost:
        text += f" ({lost} lost to a head wound, R12.1)"
    text += suppressed
    if unit.exhaustion.active:
        text += f"; exhausted -{unit.exhaustion.penalty} ({unit.exhaustion.turns} turn(s) left)"
    events.append(Event("turn", text, {"ap": unit.ap, "round": state.round}, unit=unit_id))
    return attrs.evolve(state.with_unit(unit), active=unit_id, taken=taken)


def end_turn(state: Encounter, dice: DiceSource, events: list[Event], sacrificed: bool = False) -> Encounter:
    """R13.2: AP left are lost; R14.2 the running test; R14.3 exhaustion counts down (one of its turns
    ended); R7.1, R7.3 movement left and the chain of turns end with the turn (and with a watch)."""
    assert state.active is not None
    unit = state.unit(state.active)
    state = test_after_running(state, unit.id, dice, events, after_own_turn(unit.exhaustion))
    unit = attrs.evolve(close_moves(state.unit(unit.id)), ap=0, stunned=False)  # R18.2.1: its lost turn is over
    if not sacrificed:
        events.append(Event("end", f"{unit.name} ends the turn", unit=unit.id))
    state = attrs.evolve(state.with_unit(unit), active=None)
    state = check_victory(at_turn_end(state, unit.id, events), events)  # R18.1.3 flee, R18.1.5 surrender
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


def check_victory(state: Encounter, events: list[Event]) -> Encounter:
    """The fight is won when only one side has anyone standing (R18: every out-of-the-fight state counts)."""
    if state.finished or pending(state):  # R18.2.1: no verdict before the casualty d6s are rolled
        return state
    sides_standing = {unit.side for unit in state.units if unit.standing}
    summary = casualty_summary(state)  # R18.2.4
    data = {"casualties": summary} if summary else {}
    summary = f"; {summary}" if summary else ""
    if len(sides_standing) == 1:
        (winner,) = sides_standing
        side = state.side(winner)
        text = f"Victory for {side.name} in round {state.round}{summary}"
        events.append(Event("victory", text, {"side": winner} | data))
        return attrs.evolve(state, winner=winner, finished=True, active=None, interrupt=None)
    if not sides_standing:
        text = f"nobody is left standing: the fight is over{summary}"
        events.append(Event("victory", text, {"side": None} | data))
        return attrs.evolve(state, finished=True, active=None, interrupt=None)
    return state


def out_of_the_fight(unit: Unit) -> Unit:
    """R12.2: a unit gone down stops watching (R16), pinning (R17), taking cover and burning (R6.2)."""
    return attrs.evolve(unit, watch=None, pin=None, in_cover=False, burning=None)


def close_moves(unit: Unit) -> Unit:
    """R7.1, R7.3: what any action other than moving ends — and the end of a turn, a watch, the start and
    end of an interruption: movement bought and not used, the chain of turns, the run-up of steps."""
    return attrs.evolve(unit, carried_mm=0, carried_rate=0, turn_degrees=0.0, turn_paid=0, recent_steps=())
