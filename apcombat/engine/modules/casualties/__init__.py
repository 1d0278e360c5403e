"""R18.2 Casualties: a character brought to 0 HP rolls d6 — stunned, man down or dead; `aid` treats a man down;
an untreated man down bleeds at the end of a round; the victory line counts them."""

from __future__ import annotations

from collections.abc import Iterator

from apcombat.dice import DiceSource
from apcombat.engine.command_base import Command, CommandError
from apcombat.engine.commands import ChangePose, End, LeaveCover, Move, TakeCover, Turn
from apcombat.engine.events import Event
from apcombat.engine.modules.casualties.commands import (
    Aid,
    GmNext,
    format_aid,
    format_gm_next,
    parse_aid,
    parse_gm_next,
)
from apcombat.engine.modules.casualties.gm import gm_next
from apcombat.engine.modules.casualties.rolls import aid, bleed, casualty_summary, pending, roll_casualties
from apcombat.engine.part import Accepted, CommandForm, RoundEnd, RuleModule
from apcombat.model import Encounter, Unit
from apcombat.model.encounter import with_state
from apcombat.model.fates import Fate
from apcombat.model.modules import Module

STUNNED_MAY = (Move, Turn, ChangePose, TakeCover, LeaveCover, End)


class Casualties(RuleModule):
    key, words, rule = Module.CASUALTIES.value, Module.CASUALTIES.words, Module.CASUALTIES.rule
    commands = (CommandForm("aid", parse_aid, "aid WHO PATIENT", Aid, aid, format_aid, listed=1),)
    gm_commands = (
        CommandForm("next", parse_gm_next, "gm next WHO PATIENT", GmNext, gm_next, format_gm_next, listed=3),
    )
    round_end = (RoundEnd(20, bleed),)  # R18.2.3
    unit_state = ("stunned", "times_stunned")
    encounter_state = ("gm_next_to",)

    def refuse(self, state: Encounter, command: Command, who: str | None) -> None:
        """R18.2.1: a stunned character may only move, turn, change pose, take or leave cover, and end."""
        if who is None or state.active is None:
            return
        unit = state.unit(who)
        if unit.stunned and not isinstance(command, STUNNED_MAY):
            raise CommandError(
                f"{unit.name} is stunned: this turn it may only move, turn, change pose, take or leave cover, "
                "and end (R18.2.1)"
            )

    def may_attack(self, state: Encounter, unit: Unit) -> bool:
        return not unit.stunned  # R18.2.1

    def after_action(self, before: Encounter, state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
        return roll_casualties(state, dice, events)  # R18.2.1

    def holds_verdict(self, state: Encounter) -> bool:
        return bool(pending(state))  # R18.2.1: no verdict before the casualty d6s are rolled

    def victory_note(self, state: Encounter) -> str:
        return casualty_summary(state)  # R18.2.4

    def unit_turn_ends(self, unit: Unit) -> Unit:
        return with_state(unit, Module.CASUALTIES, stunned=False)  # R18.2.1: its lost turn is over

    def legal_actions(self, state: Encounter, unit: Unit, accepted: Accepted) -> Iterator[Command]:
        for patient in state.units:  # R18.2.2: first aid for a friend who is man down
            if (
                patient.side == unit.side
                and patient.fate is Fate.MAN_DOWN
                and accepted(state, Aid(unit.id, patient.id))
            ):
                yield Aid(unit.id, patient.id)


CASUALTIES = Casualties()
