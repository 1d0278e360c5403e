"""R18.5 The activation deck: instead of initiative, each round the sides hold a card each (the winner of the
sides' d6 may go last instead) and the other cards are drawn one by one; there is no delay."""

from __future__ import annotations

from apcombat.dice import DiceSource
from apcombat.engine.command_base import Command
from apcombat.engine.commands import Delay
from apcombat.engine.events import Event
from apcombat.engine.modules.activation_deck.commands import (
    Hold,
    Last,
    format_hold,
    format_last,
    parse_hold,
    parse_last,
)
from apcombat.engine.modules.activation_deck.deck import (
    begin_round,
    choice_actions,
    choose,
    choosing,
    close_choosing,
    next_card,
    refuse_delay,
)
from apcombat.engine.part import CommandForm, RuleModule
from apcombat.model import Encounter
from apcombat.model.modules import Module


class ActivationDeck(RuleModule):
    key, words, rule = Module.ACTIVATION_DECK.value, Module.ACTIVATION_DECK.words, Module.ACTIVATION_DECK.rule
    commands = (
        CommandForm("hold", parse_hold, "hold SIDE WHO", Hold, choose, format_hold, listed=4),
        CommandForm("last", parse_last, "last SIDE", Last, choose, format_last, listed=5),
    )
    side_commands = (Hold, Last)
    encounter_state = ("deck",)

    def initiative_instead(self, state: Encounter) -> str | None:
        return "no initiative: the activation deck decides who acts (R18.5.1)"

    def begin_round(self, state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter | None:
        return begin_round(state, dice, events)  # R18.5.1: the sides choose before the first card

    def next_up(self, state: Encounter, dice: DiceSource, events: list[Event]) -> tuple[Encounter, str | None] | None:
        return next_card(state, dice, events) if state.deck is not None else None

    def waiting_for_sides(self, state: Encounter) -> bool:
        return choosing(state)

    def actions_while_waiting(self, state: Encounter) -> list[Command]:
        return choice_actions(state)

    def stop_waiting(self, state: Encounter, events: list[Event]) -> Encounter:
        return close_choosing(state, events)

    def refuse(self, state: Encounter, command: Command, who: str | None) -> None:
        if isinstance(command, Delay):
            refuse_delay(state)  # R18.5.3


ACTIVATION_DECK = ActivationDeck()
