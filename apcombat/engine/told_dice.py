"""R21.8.3: the `dice:` line as each side reads it — the dice of the command it is shown, numbered 1, 2, 3 ...
without gaps (a gap would betray an unseen die). With no module hiding dice, the line is everyone's as it is."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from apcombat.engine.events import Event
from apcombat.engine.part import RuleModule, die_shown, parts_on
from apcombat.model import Encounter

Die = tuple[str | None, str, str, bool]
"""A die as the line tells it: the unit it was rolled for (None: no one's), its purpose, its words, typed."""


def hides_dice(state: Encounter) -> bool:
    """Whether a module that is on may hide dice from a side (the fog of war, R21.8.3)."""
    return any(type(part).shows_die is not RuleModule.shows_die for part in parts_on(state))


def told_dice(state: Encounter, event: Event, dice: Sequence[Die]) -> Event:
    """The `dice:` line with the sides shown it and each one's words."""
    if not hides_dice(state):
        return event
    words: dict[str, str] = {}
    for side in state.sides:
        shown = [(said, typed) for owner, purpose, said, typed in dice if die_shown(state, side.id, owner, purpose)]
        if shown:
            words[side.id] = numbered_line(shown)
    return attrs.evolve(event, shown_to=frozenset(words), told=tuple(words.items()))


def numbered_line(shown: Sequence[tuple[str, bool]]) -> str:
    """'dice: typed 1: d10 4, 2: d6 3; rolled by the program 3: d100 37'."""
    typed = [f"{number}: {said}" for number, (said, was_typed) in enumerate(shown, 1) if was_typed]
    rolled = [f"{number}: {said}" for number, (said, was_typed) in enumerate(shown, 1) if not was_typed]
    parts = ([f"typed {', '.join(typed)}"] if typed else []) + (
        [f"rolled by the program {', '.join(rolled)}"] if rolled else []
    )
    return f"dice: {'; '.join(parts)}"
