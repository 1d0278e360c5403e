"""The end of a round (R18): the optional modules' end-of-round steps, in the order R18 fixes.

Each step takes the state as it is now and `before`, the state when this end of round began, because some
steps ask about that moment: a man down made in this end of round does not bleed (R18.2.3), and only
characters shaken or broken before it began rally (R18.1.4). A step whose module is off returns the state
unchanged; with every module off the end of a round changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from apcombat.dice import DiceSource
from apcombat.engine.casualties import bleed
from apcombat.engine.events import Event
from apcombat.engine.fires import fire_step
from apcombat.engine.morale import end_of_round_tests, rally
from apcombat.engine.suppression import recovery
from apcombat.model import Encounter

RoundEndStep = Callable[[Encounter, DiceSource, list[Event], Encounter], Encounter]

STEPS: tuple[RoundEndStep, ...] = (  # in R18's order
    fire_step,  # R18.3.3
    bleed,  # R18.2.3
    recovery,  # R18.4.3
    end_of_round_tests,  # R18.1.2 (c)
    rally,  # R18.1.4
)


def end_round(state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
    """R18: run every end-of-round step in order, each over the characters in the order the encounter lists
    them; stops early if a step ends the fight."""
    # Imported here: engine.turns, which these modules use, calls this module at the end of a round.
    from apcombat.engine.aftermath import aftermath
    from apcombat.engine.turns import check_victory

    before = state
    for step in STEPS:
        at_step = state
        state = step(state, dice, events, before)
        state = check_victory(aftermath(at_step, state, dice, events), events)  # R18.2.1, R18.1.2 after a step
        if state.finished:
            break
    return state
