"""R21 Fog of war and hidden characters: each side knows what its characters see (R21.1), keeps last-seen
marks of the enemies it lost sight of (R21.2); hidden characters (R21.3) are seen by no enemy until revealed
(R21.4). What a side is then shown is `engine.view` (R21.8)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from apcombat.dice import DiceSource
from apcombat.engine.command_base import Command
from apcombat.engine.events import Event
from apcombat.engine.modules.fog_of_war import attacking, blasts, kept, moving, telling
from apcombat.engine.modules.fog_of_war.commands import (
    GmHide,
    GmReveal,
    GmSees,
    Reveal,
    format_gm_hide,
    format_gm_reveal,
    format_gm_sees,
    format_reveal,
    parse_gm_hide,
    parse_gm_reveal,
    parse_gm_sees,
    parse_reveal,
)
from apcombat.engine.modules.fog_of_war.gm import gm_hide, gm_reveal
from apcombat.engine.modules.fog_of_war.hiding import (
    refuse_hidden_target,
    reveal,
    reveal_at_start,
    reveal_by_change,
    reveal_command,
    watch_after_own_reveal,
)
from apcombat.engine.modules.fog_of_war.knowledge import marks_fade, update
from apcombat.engine.modules.fog_of_war.pins import pin_marks, refuse_pin
from apcombat.engine.modules.fog_of_war.sight import looks
from apcombat.engine.modules.fog_of_war.table import gm_sees, refuse_spot, see_each_other
from apcombat.engine.part import Accepted, CommandForm, RoundEnd, RuleModule
from apcombat.engine.side_view import view
from apcombat.model import Cell, Encounter, Unit
from apcombat.model.modules import Module

_SEES_USAGE = "gm sees SIDE WHO|all on|off  (table mode: SIDE sees WHO from now on, or no longer)"

if TYPE_CHECKING:
    from collections.abc import Mapping

    from apcombat.engine.blast import Caught
    from apcombat.model import Weapon
    from apcombat.rules.resolve import AttackResult


class FogOfWar(RuleModule):
    key, words, rule = Module.FOG_OF_WAR.value, Module.FOG_OF_WAR.words, Module.FOG_OF_WAR.rule
    commands = (CommandForm("reveal", parse_reveal, "reveal WHO", Reveal, reveal_command, format_reveal, listed=6),)
    gm_commands = (
        CommandForm("hide", parse_gm_hide, "gm hide WHO", GmHide, gm_hide, format_gm_hide, listed=6),
        CommandForm("reveal", parse_gm_reveal, "gm reveal WHO", GmReveal, gm_reveal, format_gm_reveal, listed=6),
        CommandForm("sees", parse_gm_sees, _SEES_USAGE, GmSees, gm_sees, format_gm_sees, listed=6),
    )
    round_end = (RoundEnd(60, marks_fade),)  # R21.2.2 (b): the last step, after R18's rally
    unit_state = ("hidden", "quietly_revealed")
    side_state = ("seen", "marks", "ever_seen", "last_seen", "bumped", "told", "glimpsed", "glimpsed_at")
    encounter_state = ("view_of",)

    def holds_verdict(self, state: Encounter) -> bool:
        return state.slots.fog_of_war.view_of is not None  # a side's view: its unseen enemies are left out

    # R21.1.3: the updates.

    def round_begins(self, state: Encounter, number: int, dice: DiceSource, events: list[Event]) -> Encounter:
        return update(state, events)  # R21.1.3: at the start of round 1 (and of each round)

    def at_update(self, state: Encounter, events: list[Event]) -> Encounter:
        return update(state, events)  # a turn's start, an interruption's start and end

    def refuse_pin(self, state: Encounter, pinner: Unit, target: Unit) -> None:
        refuse_pin(state, pinner, target)  # R21.5.4

    def refuse_gm(self, state: Encounter, command: Command) -> None:
        refuse_spot(state, command)  # R21.7.3

    def before_action(self, state: Encounter, command: Command, events: list[Event]) -> Encounter:
        state = reveal_at_start(state, command, events)  # R21.4.2 (b), R21.4.3
        return blasts.seen_leaning_out(state, command)  # R22.2.5, R21.1.1 (c)

    def interruption_begins(self, state: Encounter, watcher_id: str, events: list[Event]) -> Encounter:
        state = reveal(state, watcher_id, "it interrupts (R21.4.2 c)", events)
        return update(state, events)  # R21.1.3: the start of an interruption is an update

    def legal_actions(self, state: Encounter, unit: Unit, accepted: Accepted) -> Iterator[Command]:
        """R21.4.1: a hidden character may reveal itself."""
        if unit.hidden and accepted(state, reveal_it := Reveal(unit=unit.id)):
            yield reveal_it

    def after_step(
        self, state: Encounter, mover_id: str, dice: DiceSource, events: list[Event]
    ) -> tuple[Encounter, bool]:
        return moving.step_update(state, mover_id, events)  # R21.6.1

    def after_action(self, before: Encounter, state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
        state = reveal_by_change(before, state, events)  # R21.4.2 (e)-(g)
        state = update(state, events)
        state = pin_marks(before, state, events)  # R21.2.3 (b), R21.5.4
        return watch_after_own_reveal(before, state, dice, events)  # R21.4.3

    def turn_ended(self, state: Encounter, unit_id: str, events: list[Event]) -> Encounter:
        state = reveal_by_change(state, state, events)  # R21.4.2 (g): a flight or surrender at the turn's end
        return update(state, events)

    def after_command(self, state: Encounter, command: Command, gm: bool) -> Encounter:
        return update(state)

    def replay_base(self, base: Encounter, first: Encounter) -> Encounter:
        return kept.replay_base(base, first)  # R21.8.8

    def replayed(self, first: Encounter, base: Encounter, after: Encounter) -> Encounter:
        return kept.replayed(first, base, after)  # R21.8.8

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

    # R21.1.4: every "in sight" is R21.1.1's.

    def hides(self, state: Encounter, looker: Unit, other: Unit) -> bool:
        return not looks(looker) or (other.hidden and other.side != looker.side)

    # R21.5: attacks.

    def refuse_unknown(self, state: Encounter, command: Command) -> None:
        attacking.refuse_unknown(state, command)

    def refuse_target(self, state: Encounter, attacker: Unit, target: Unit) -> None:
        attacking.refuse_target(state, attacker, target)
        refuse_hidden_target(attacker, target)  # R21.3.1: no attack can name a hidden character (table mode too)

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
        state = see_each_other(state, attacker_id, target_id)  # R21.7.3: table mode
        return attacking.attacked(state, attacker_id, target_id)  # R21.5.2

    def covering_fire_resolved(self, state: Encounter, pinner_id: str, target_id: str) -> Encounter:
        return attacking.attacked(state, pinner_id, target_id)  # R21.2.3 (a): covering fire when it resolves

    def blast_landed(
        self,
        state: Encounter,
        thrower_id: str,
        weapon: Weapon,
        landing: Cell | None,
        caught: tuple[Caught, ...],
        lost: Mapping[str, int],
        fires: frozenset[Cell],
        dice: DiceSource,
        events: list[Event],
    ) -> Encounter:
        # R22.7.1 (6): the caught hidden characters revealed; no mark of the thrower (R21.2.3, R22.8.4)
        return blasts.reveal_caught(state, caught, events)

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
