"""The end of a round (R18): the modules' end-of-round steps, in the order R18 fixes.

Each step takes the state as it is now and `before`, the state when this end of round began, because some
steps ask about that moment: a man down made in this end of round does not bleed (R18.2.3), and only
characters shaken or broken before it began rally (R18.1.4). Only the modules that are on have steps; with
every module off the end of a round changes nothing.
"""

from __future__ import annotations

from apcombat.dice import DiceSource
from apcombat.engine.aftermath import aftermath
from apcombat.engine.events import Event
from apcombat.engine.part import RoundEndStep, round_end_steps
from apcombat.engine.victory import check_victory
from apcombat.model import Encounter

STEPS: tuple[RoundEndStep, ...] = ()
"""Steps of the core's own, run before the modules' (none: every step of R18's order is a module's)."""


def end_round(state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
    """R18: run every end-of-round step in order, each over the characters in the order the encounter lists
    them; stops early if a step ends the fight."""
    before = state
    for step in (*STEPS, *round_end_steps(state)):
        at_step = state
        state = step(state, dice, events, before)
        state = check_victory(aftermath(at_step, state, dice, events), events)  # R18.2.1, R18.1.2 after a step
        if state.finished:
            break
    return state
