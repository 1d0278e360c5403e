"""What follows every action and every step outside one (a burn at a turn's start, an end-of-round step): each
module's after-action hook in turn — R18.2.1's casualty d6s, then R18.1.2's morale tests for the friends lost
in it. With every module off it changes nothing."""

from __future__ import annotations

from apcombat.dice import DiceSource
from apcombat.engine.events import Event
from apcombat.engine.part import parts_on
from apcombat.model import Encounter


def aftermath(before: Encounter, state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
    """The modules' after-action hooks, in their order: `before` is the state when the action or step began."""
    for part in parts_on(state):
        state = part.after_action(before, state, dice, events)
    return state
