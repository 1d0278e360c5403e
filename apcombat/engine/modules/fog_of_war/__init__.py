"""R21 Fog of war and hidden characters: each side knows what its characters see (R21.1), keeps last-seen
marks of the enemies it lost sight of (R21.2); hidden characters (R21.3) are seen by no enemy until revealed
(R21.4). What a side is then shown is `engine.view` (R21.8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from apcombat.dice import DiceSource
from apcombat.engine.command_base import Command
from apcombat.engine.events import Event
from apcombat.engine.modules.fog_of_war import attacking, moving
from apcombat.engine.modules.fog_of_war.knowledge import marks_fade, update
from apcombat.engine.modules.fog_of_war.sight import looks
from apcombat.engine.part import RoundEnd, RuleModule
from apcombat.engine.side_view import view
from apcombat.model import Cell, Encounter, Unit
from apcombat.model.modules import Module

if TYPE_CHECKING:
    from apcombat.rules.resolve import AttackResult


class FogOfWar(RuleModule):
    key, words, rule = Module.FOG_OF_WAR.value, Module.FOG_OF_WAR.words, Module.FOG_OF_WAR.rule
    round_end = (RoundEnd(60, marks_fade),)  # R21.2.2 (b): the last step, after R18's rally
    unit_state = ("hidden", "quietly_revealed")
    side_state = ("seen", "marks", "ever_seen", "last_seen", "bumped", "told", "glimpsed")
    encounter_state = ("view_of",)

    def holds_verdict(self, state: Encounter) -> bool:
        return state.slots.fog_of_war.view_of is not None  # a side's view: its unseen enemies are left out

    # R21.1.3: the updates.

    def round_begins(self, state: Encounter, number: int, dice: DiceSource, events: list[Event]) -> Encounter:
        return update(state, events)  # at the start of round 1 (and of each round)

    def at_update(self, state: Encounter, events: list[Event]) -> Encounter:
        return update(state, events)  # a turn's start, an interruption's start and end

    def after_step(
        self, state: Encounter, mover_id: str, dice: DiceSource, events: list[Event]
    ) -> tuple[Encounter, bool]:
        return moving.step_update(state, mover_id)  # R21.6.1

    def after_action(self, before: Encounter, state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
        return update(state, events)

    def turn_ended(self, state: Encounter, unit_id: str, events: list[Event]) -> Encounter:
        return update(state, events)

    def after_command(self, state: Encounter, command: Command, gm: bool) -> Encounter:
        return update(state)

    # R21.1.4: every "in sight" is R21.1.1's.

    def hides(self, state: Encounter, looker: Unit, other: Unit) -> bool:
        return not looks(looker) or (other.hidden and other.side != looker.side)

    # R21.5: attacks.

    def refuse_unknown(self, state: Encounter, command: Command) -> None:
        attacking.refuse_unknown(state, command)

    def refuse_target(self, state: Encounter, attacker: Unit, target: Unit) -> None:
        attacking.refuse_target(state, attacker, target)

    def reacting_shown(self, state: Encounter, attacker: Unit, target: Unit, reacting: bool) -> bool:
        return attacking.reacting_shown(state, attacker, target, reacting)

    def after_attack(
        self,
        state: Encounter,
        attacker_id: str,
        target_id: str,
        result: AttackResult,
        dice: DiceSource,
        events: list[Event],
    ) -> Encounter:
        return attacking.attacked(state, attacker_id, target_id)

    def covering_fire_resolved(self, state: Encounter, pinner_id: str, target_id: str) -> Encounter:
        return attacking.attacked(state, pinner_id, target_id)  # R21.2.3 (a): covering fire when it resolves

    # R21.6, R21.9.2: moving and the acting side's lines, on what it knows.

    def unknown_to(self, state: Encounter, side: str, unit: Unit) -> bool:
        return moving.unknown_to(state, side, unit)

    def bumps(
        self, state: Encounter, mover_id: str, cell: Cell, jumping: bool, events: list[Event]
    ) -> Encounter | None:
        return moving.bump(state, mover_id, cell, jumping, events)

    def judged_on(self, state: Encounter) -> Encounter | None:
        if state.slots.fog_of_war.view_of is not None or state.active is None:
            return None
        return view(state, state.unit(state.active).side)


FOG_OF_WAR = FogOfWar()
