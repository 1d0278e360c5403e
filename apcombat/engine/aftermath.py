"""What follows every action and every step outside one (a burn at a turn's start, an end-of-round step):
R18.2.1's casualty d6s, then R18.1.2's morale tests for the friends lost in it. With both modules off it
changes nothing."""

from __future__ import annotations

from apcombat.dice import DiceSource
from apcombat.engine.casualties import roll_casualties
from apcombat.engine.events import Event
from apcombat.engine.morale import after_losses
from apcombat.model import Encounter


def aftermath(before: Encounter, state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
    """R18.2.1 then R18.1.2: `before` is the state when the action or step began."""
    state = roll_casualties(state, dice, events)
    return after_losses(before, state, dice, events)
