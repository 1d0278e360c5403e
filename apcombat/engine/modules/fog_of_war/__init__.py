"""R21 Fog of war and hidden characters: each side knows what its characters see (R21.1), keeps last-seen
marks of the enemies it lost sight of (R21.2); hidden characters (R21.3) are seen by no enemy until revealed
(R21.4). What a side is then shown is `engine.view` (R21.8)."""

from __future__ import annotations

from apcombat.dice import DiceSource
from apcombat.engine.command_base import Command
from apcombat.engine.events import Event
from apcombat.engine.modules.fog_of_war import telling
from apcombat.engine.modules.fog_of_war.knowledge import marks_fade, update
from apcombat.engine.part import RoundEnd, RuleModule
from apcombat.model import Encounter
from apcombat.model.modules import Module


class FogOfWar(RuleModule):
    key, words, rule = Module.FOG_OF_WAR.value, Module.FOG_OF_WAR.words, Module.FOG_OF_WAR.rule
    round_end = (RoundEnd(60, marks_fade),)  # R21.2.2 (b): the last step, after R18's rally
    unit_state = ("hidden", "quietly_revealed")
    side_state = ("seen", "marks", "ever_seen", "last_seen", "bumped", "told", "glimpsed", "glimpsed_at")
    encounter_state = ("view_of",)

    def holds_verdict(self, state: Encounter) -> bool:
        return state.slots.fog_of_war.view_of is not None  # a side's view: its unseen enemies are left out

    def round_begins(self, state: Encounter, number: int, dice: DiceSource, events: list[Event]) -> Encounter:
        return update(state)  # R21.1.3: at the start of round 1 (and of each round)

    def after_step(
        self, state: Encounter, mover_id: str, dice: DiceSource, events: list[Event]
    ) -> tuple[Encounter, bool]:
        mover = state.unit(mover_id)
        before = state.side(mover.side).slots.fog_of_war.seen
        state = update(state)
        return state, bool(state.side(mover.side).slots.fog_of_war.seen - before)  # R21.6.1

    def after_action(self, before: Encounter, state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
        return update(state)

    def turn_ended(self, state: Encounter, unit_id: str, events: list[Event]) -> Encounter:
        return update(state)

    def after_command(self, state: Encounter, command: Command, gm: bool) -> Encounter:
        return update(state)

    # A side's view played forward (an AI weighing a line) is shown to no one: it tells nothing.

    def command_begins(self, state: Encounter, command: Command) -> Encounter:
        if state.slots.fog_of_war.view_of is not None:
            return state
        return telling.begin(state)  # R21.8.3: from the update before the command

    def tell(self, before: Encounter, state: Encounter, command: Command, events: list[Event]) -> list[Event]:
        if state.slots.fog_of_war.view_of is not None:
            return events
        return telling.tell(before, state, command, events)

    def tell_line(self, state: Encounter, event: Event) -> Event:
        return telling.tell_game_line(state, event)

    def shows_die(self, state: Encounter, side: str, owner: str | None, purpose: str) -> bool:
        return telling.shown_die(state, side, owner, purpose)


FOG_OF_WAR = FogOfWar()
