"""R18.1 Morale: losses seen and a side's losses make characters test; the shaken and the broken may do less,
the broken run for their edge and flee, the shaken or broken may surrender; at the end of a round they rally."""

from __future__ import annotations

import attrs

from apcombat.board.paths import Path
from apcombat.dice import DiceSource
from apcombat.engine.command_base import Command
from apcombat.engine.events import Event
from apcombat.engine.modules.morale import conduct
from apcombat.engine.modules.morale.checks import after_losses, at_turn_end, end_of_round_tests, flee_if_at_edge, rally
from apcombat.engine.modules.morale.commands import GmMorale, format_gm_morale, parse_gm_morale
from apcombat.engine.modules.morale.gm import gm_morale
from apcombat.engine.part import CommandForm, RoundEnd, RuleModule
from apcombat.model import Encounter, Unit
from apcombat.model.encounter import with_state
from apcombat.model.modules import Module

_GM_MORALE_USAGE = "gm morale WHO steady|shaken|broken|surrenders|flees|lost FRIEND|friends on|off|leader LEADER|none"


class Morale(RuleModule):
    key, words, rule = Module.MORALE.value, Module.MORALE.words, Module.MORALE.rule
    gm_commands = (
        CommandForm("morale", parse_gm_morale, _GM_MORALE_USAGE, GmMorale, gm_morale, format_gm_morale, listed=2),
    )
    round_end = (RoundEnd(40, end_of_round_tests), RoundEnd(50, rally))  # R18.1.2 (c), R18.1.4
    unit_state = ("morale", "start", "gm_friends_near", "gm_leader_near")
    side_state = ("edge",)
    encounter_state = ("lost", "morale_tested")

    def round_begins(self, state: Encounter, number: int, dice: DiceSource, events: list[Event]) -> Encounter:
        state = with_state(state, Module.MORALE, lost=(), morale_tested=())  # R18.1.2: losses and tests are a round's
        if number == 1:  # R18.1.3: a broken one's edge may be nearest its start
            state = attrs.evolve(
                state, units=tuple(with_state(u, Module.MORALE, start=u.start or u.at) for u in state.units)
            )
        return state

    def refuse(self, state: Encounter, command: Command, who: str | None) -> None:
        conduct.refuse(state, command, who)  # R18.1.3

    def may_move(self, state: Encounter, unit: Unit) -> bool:
        return conduct.may_move(unit)

    def may_attack(self, state: Encounter, unit: Unit) -> bool:
        return conduct.may_attack(unit)

    def checks_paths(self, state: Encounter, unit: Unit) -> bool:
        return conduct.moves_restricted(unit)

    def path_problem(self, state: Encounter, unit: Unit, path: Path) -> str | None:
        return conduct.move_problem(state, unit, path)

    def after_action(self, before: Encounter, state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
        return after_losses(before, state, dice, events)  # R18.1.2 (a), (b)

    def after_move(self, state: Encounter, unit_id: str, events: list[Event]) -> Encounter:
        return flee_if_at_edge(state, unit_id, events)  # R18.1.3

    def turn_ended(self, state: Encounter, unit_id: str, events: list[Event]) -> Encounter:
        return at_turn_end(state, unit_id, events)  # R18.1.3 flee, R18.1.5 surrender


MORALE = Morale()
