"""R18.6 Re-roll points: while a side holds two points, it may re-roll one of its own dice of the action just
played (`reroll SIDE N`); the action is played again from the state before it."""

from __future__ import annotations

from collections.abc import Iterator

from apcombat.dice import DiceSource
from apcombat.engine.command_base import Command
from apcombat.engine.commands import GmDice
from apcombat.engine.events import Event
from apcombat.engine.modules.rerolls.commands import Reroll, format_reroll, parse_reroll
from apcombat.engine.modules.rerolls.replay import Recorder, close_and_open, reroll, rerollable, rolls_event
from apcombat.engine.part import Accepted, CommandForm, RuleModule
from apcombat.model import Encounter, Unit
from apcombat.model.modules import Module


class Rerolls(RuleModule):
    key, words, rule = Module.REROLLS.value, Module.REROLLS.words, Module.REROLLS.rule
    commands = (CommandForm("reroll", parse_reroll, "reroll SIDE N", Reroll, None, format_reroll, listed=3),)
    own_apply = {Reroll: reroll}
    side_state = ("reroll_points",)
    encounter_state = ("rolls", "reroll_base")

    def recorder(self, state: Encounter, command: Command, dice: DiceSource) -> DiceSource | None:
        """R18.6.2: every die of a command is recorded and numbered in the log (`gm dice` leaves the last
        action's dice as they are; a re-roll records its own)."""
        return None if isinstance(command, GmDice | Reroll) else Recorder(dice)

    def recorded(
        self, state: Encounter, before: Encounter, command: Command, recording: DiceSource, events: list[Event]
    ) -> Encounter:
        assert isinstance(recording, Recorder)
        state = close_and_open(state, before, command, recording.rolls)
        numbered = rolls_event(state)
        if numbered is not None:
            events.append(numbered)
        return state

    def legal_actions(self, state: Encounter, unit: Unit, accepted: Accepted) -> Iterator[Command]:
        """R18.6.2: the re-rolls its side may buy of the action just played."""
        for place in rerollable(state, unit.side):
            yield Reroll(unit.side, place)


REROLLS = Rerolls()
