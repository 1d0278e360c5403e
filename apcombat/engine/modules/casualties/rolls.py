"""R18.2 Casualties in play: the d6 of a character brought to 0 HP, `aid`, the bleeding of a man down at the
end of a round, and the victory summary's stunned, man down and dead.

A character brought to 0 HP or below is first *down* as R12.2 says (the attack or the burn logs it so);
with the module on it is *pending* until the end of the action, when `roll_casualties` rolls its d6 — so
later rounds of the same burst still miss it (R4.3) and no victory is declared before the roll.
"""

from __future__ import annotations

import attrs

from apcombat.dice import DiceRequest, DiceSource
from apcombat.engine.command_base import CommandError, module_off, unit_by_id
from apcombat.engine.events import Event
from apcombat.engine.geometry import grid_of
from apcombat.engine.grammar import format_command
from apcombat.engine.modules.casualties.commands import Aid, GmNext
from apcombat.engine.movement import other_action, pay
from apcombat.engine.upkeep import out_of_the_fight, take_gm_modifier
from apcombat.model import Encounter, Pose, Unit
from apcombat.model.encounter import with_state
from apcombat.model.fates import Fate
from apcombat.model.modules import Module
from apcombat.rules.casualties import AID_AP, CASUALTY_DIE, Casualty, bleeds_to_death, casualty_of, first_aid_skill
from apcombat.rules.checks import skill_test

_FACES = ("dead", "dead", "man down", "man down", "man down", "stunned")


def pending(state: Encounter) -> list[Unit]:
    """R18.2.1: the characters at 0 HP or below whose casualty d6 is still to roll, in the encounter's order."""
    if not state.module_on(Module.CASUALTIES):
        return []
    return [unit for unit in state.units if unit.hp <= 0 and unit.fate is Fate.NONE]


def roll_casualties(state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
    """R18.2.1: each pending character rolls d6 — 6 stunned, 3-5 man down, 1-2 dead — in the encounter's order."""
    for unit in pending(state):
        purpose = f"{unit.name}'s casualty roll (R18.2.1)"
        # R18.6.1: a casualty roll is its character's side's die (a re-roll may buy it again)
        d6 = dice.roll(DiceRequest(sides=CASUALTY_DIE, purpose=purpose, notation="d6", faces=_FACES, owner=unit.id))
        outcome = casualty_of(d6)
        state = state.with_unit(_fallen(state, unit, outcome))
        text = f"{unit.name} at {unit.hp} HP rolls for the casualty: d6 = {d6} — {outcome.value}"
        if outcome is Casualty.STUNNED:
            whose = "the rest of this turn" if state.active == unit.id and state.interrupt is None else "its next turn"
            text += f": 1 HP, prone, {whose} lost but for moving, turning, poses and cover"
        elif outcome is Casualty.MAN_DOWN:
            text += ": out of the fight, prone, 0 HP until a friend treats it"
        else:
            text += ": out of the fight for good"
        events.append(Event("casualty", text + " (R18.2.1)", {"roll": d6, "casualty": outcome.value}, unit=unit.id))
    return state


def _fallen(state: Encounter, unit: Unit, outcome: Casualty) -> Unit:
    if outcome is Casualty.STUNNED:
        return with_state(
            attrs.evolve(unit, hp=1, pose=Pose.PRONE, watch=None, pin=None),
            Module.CASUALTIES,
            stunned=True,
            times_stunned=unit.times_stunned + 1,
        )
    fallen = out_of_the_fight(with_state(attrs.evolve(unit, pose=Pose.PRONE), Module.CASUALTIES, stunned=False))
    if outcome is Casualty.MAN_DOWN:
        return attrs.evolve(fallen, hp=0, fate=Fate.MAN_DOWN)
    return attrs.evolve(fallen, fate=Fate.DEAD)


def aid(state: Encounter, command: Aid, dice: DiceSource, events: list[Event]) -> Encounter:
    """R18.2.2: 4 AP and a first_aid test next to a friend who is man down; success: back with 1 HP, prone."""
    if not state.module_on(Module.CASUALTIES):
        raise module_off("aid", Module.CASUALTIES, "R18.2.2")
    unit = state.unit(command.unit)
    patient = _patient(state, unit, command.patient)
    _refuse_unless_next_to(state, unit, patient)
    pay(unit, AID_AP, "give first aid (R18.2.2)")
    state, modifier = take_gm_modifier(state)
    skill = first_aid_skill(unit.character) - unit.exhaustion.penalty + modifier
    test = skill_test(dice, skill, unit.character.special.LU, f"{unit.name}'s first aid on {patient.name} (R18.2.2)")
    ap_before = unit.ap
    unit = other_action(pay(unit, AID_AP, "give first aid (R18.2.2)"))
    state = with_state(state.with_unit(unit), Module.CASUALTIES, gm_next_to=None)
    verdict = "success" if test.success else "critical failure" if test.critical_failure else "failure"
    text = (
        f"{unit.name} gives {patient.name} first aid: {AID_AP} AP ({ap_before} -> {unit.ap}); "
        f"first aid d100 = {test.roll} vs {test.needed} — {verdict}: "
    )
    if test.success:
        text += f"{patient.name} is back in the fight with 1 HP, prone, acting from its next turn (R18.2.2)"
        state = state.with_unit(
            with_state(attrs.evolve(patient, hp=1, pose=Pose.PRONE, fate=Fate.NONE), Module.CASUALTIES, stunned=False)
        )
    else:
        text += f"{patient.name} is still man down; {unit.name} may try again (R18.2.2)"
    data = {"roll": test.roll, "needed": test.needed, "success": test.success, "ap_before": ap_before}
    events.append(Event("aid", text, data | {"ap_after": unit.ap, "patient": patient.id}, unit=unit.id))
    return state


def _patient(state: Encounter, unit: Unit, patient_id: str) -> Unit:
    patient = unit_by_id(state, patient_id)
    if patient.side != unit.side:
        raise CommandError(f"{patient.name} is not {unit.name}'s friend: aid treats a friend (R18.2.2)")
    if patient.fate is not Fate.MAN_DOWN:
        state_word = patient.fate.value.replace("_", " ") if patient.fate is not Fate.NONE else "not man down"
        raise CommandError(f"{patient.name} is {state_word}: aid treats a man down (R18.2.2)")
    return patient


def _refuse_unless_next_to(state: Encounter, unit: Unit, patient: Unit) -> None:
    """R18.2.2: standing next to the patient — on a map a neighbouring cell; in table mode the game master's
    word (`gm next WHO PATIENT`), given before the aid."""
    if state.map is None or unit.at is None or patient.at is None:
        if state.gm_next_to != (unit.id, patient.id):
            raise CommandError(
                f"table mode: the game master says first that {unit.name} is next to {patient.name}: "
                f"{format_command(GmNext(unit.id, patient.id))} (R18.2.2)"
            )
        return
    neighbours = {step.to for step in grid_of(state).steps(unit.at)}
    if patient.at not in neighbours:
        raise CommandError(f"{unit.name} is not next to {patient.name}: aid needs a neighbouring cell (R18.2.2)")


def bleed(state: Encounter, dice: DiceSource, events: list[Event], before: Encounter) -> Encounter:
    """R18.2.3, an end-of-round step: each untreated man down rolls d6 and dies on a 1 — not one made man
    down in this end of round (`before`: the state when it began)."""
    if not state.module_on(Module.CASUALTIES):
        return state
    for unit in state.units:
        if unit.fate is not Fate.MAN_DOWN or before.unit(unit.id).fate is not Fate.MAN_DOWN:
            continue
        purpose = f"{unit.name} bleeding (R18.2.3)"
        request = DiceRequest(sides=CASUALTY_DIE, purpose=purpose, notation="d6", faces=("dies",), owner=unit.id)
        d6 = dice.roll(request)
        if bleeds_to_death(d6):
            state = state.with_unit(attrs.evolve(unit, fate=Fate.DEAD))
            text = f"{unit.name} bleeds, untreated: d6 = {d6} — dies (R18.2.3)"
        else:
            text = f"{unit.name} bleeds, untreated: d6 = {d6} — holds on (R18.2.3)"
        events.append(Event("bleeding", text, {"roll": d6, "dies": bleeds_to_death(d6)}, unit=unit.id))
    return state


def casualty_summary(state: Encounter) -> str:
    """R18.2.4: each side's stunned, man down and dead, for the victory line ("" with the module off)."""
    if not state.module_on(Module.CASUALTIES):
        return ""
    parts = []
    for side in state.sides:
        units = [unit for unit in state.units if unit.side == side.id]
        stunned = [u.name for u in units if u.times_stunned and u.fate not in (Fate.MAN_DOWN, Fate.DEAD)]
        man_down = [u.name for u in units if u.fate is Fate.MAN_DOWN]
        dead = [u.name for u in units if u.fate is Fate.DEAD]
        counts = [
            f"{len(names)} {word}" + (f" ({', '.join(names)})" if names else "")
            for word, names in (("stunned", stunned), ("man down", man_down), ("dead", dead))
        ]
        parts.append(f"{side.name}: " + ", ".join(counts))
    return "; ".join(parts) + " (R18.2.4)"
