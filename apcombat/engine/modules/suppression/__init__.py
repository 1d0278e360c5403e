"""R18.4 Suppression: being shot at gives markers; markers cost AP, attacks and d10 tests and forbid running;
they are shed at the end of a round, or by `calm`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from apcombat.dice import DiceSource
from apcombat.engine.command_base import Command
from apcombat.engine.events import Event
from apcombat.engine.modules.suppression.commands import (
    Calm,
    GmNear,
    format_calm,
    format_gm_near,
    parse_calm,
    parse_gm_near,
)
from apcombat.engine.modules.suppression.markers import (
    calm,
    caught_in_blast,
    d10_modifier,
    gm_near,
    markers_of,
    recovery,
    refuse_running,
    turn_start_loss,
    under_fire,
)
from apcombat.engine.part import Accepted, CommandForm, RoundEnd, RuleModule
from apcombat.model import Cell, Encounter, Unit, Weapon
from apcombat.model.encounter import with_state
from apcombat.model.modules import Module

if TYPE_CHECKING:
    from apcombat.engine.blast import Caught

_GM_NEAR_USAGE = "gm near WHO FRIEND  (table mode: FRIEND is within 5 m of WHO and in sight)"


class Suppression(RuleModule):
    key, words, rule = Module.SUPPRESSION.value, Module.SUPPRESSION.words, Module.SUPPRESSION.rule
    commands = (CommandForm("calm", parse_calm, "calm WHO [FRIEND]", Calm, calm, format_calm, listed=2),)
    gm_commands = (CommandForm("near", parse_gm_near, _GM_NEAR_USAGE, GmNear, gm_near, format_gm_near, listed=4),)
    round_end = (RoundEnd(30, recovery),)  # R18.4.3
    unit_state = ("markers", "markers_new", "markers_round")
    encounter_state = ("gm_near",)

    def refuse_running(self, state: Encounter, unit: Unit) -> None:
        refuse_running(state, unit)  # R18.4.2

    def shot_fields(self, state: Encounter, unit: Unit) -> Mapping[str, int]:
        return {"suppression": markers_of(state, unit)}  # R18.4.2: -10 a marker on attacks, -1 on d10 tests

    def d10_modifier(self, state: Encounter, unit: Unit) -> int:
        return d10_modifier(state, unit)  # R18.4.2

    def turn_begins(self, state: Encounter, unit: Unit) -> tuple[Unit, str]:
        return turn_start_loss(state, unit)  # R18.4.2

    def shot_at(self, state: Encounter, target_id: str, hit: bool, events: list[Event], how: str) -> Encounter:
        return under_fire(state, target_id, hit, events, how)  # R18.4.1

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
        return caught_in_blast(state, lost, events)  # R22.7.1 (5); a throw is no attack on anyone (R22.2.1)

    def legal_actions(self, state: Encounter, unit: Unit, accepted: Accepted) -> Iterator[Command]:
        """R18.4.4 calm: itself, then each friend, in the encounter's order."""
        for friend in [unit] + [u for u in state.units if u.side == unit.side and u.id != unit.id and not u.down]:
            calm = Calm(unit=unit.id, friend=None if friend is unit else friend.id)
            if friend.markers and accepted(state, calm):
                yield calm

    def after_command(self, state: Encounter, command: Command, gm: bool) -> Encounter:
        if state.gm_near is not None and not gm:
            return with_state(
                state, Module.SUPPRESSION, gm_near=None
            )  # R18.4.4: the game master's word is for the next command
        return state


SUPPRESSION = Suppression()
