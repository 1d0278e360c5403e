"""R21.8.6: whose view the players' page shows. With the fog of war on it shows one side's view — the side
`--side` names, else the encounter's only `human` side — and with none to choose it says it needs `--side`;
with the fog off every side is shown everything and `--side` changes nothing."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from apcombat.engine import Event, fog_on, side_log, view, without_notes
from apcombat.model import Control, Encounter


@attrs.frozen
class PlayersSide:
    """The side whose view the page shows (None: everything), or why the page cannot choose one."""

    side: str | None = None
    problem: str | None = None


def players_side(state: Encounter, asked: str | None) -> PlayersSide:
    """R21.8.6: the side the page shows, from `--side` (`asked`) and the encounter's controls."""
    if not fog_on(state):
        return PlayersSide()
    ids = [side.id for side in state.sides]
    if asked is not None:
        if asked in ids:
            return PlayersSide(asked)
        return PlayersSide(problem=f"This fight has no side {asked}: give --side one of {', '.join(ids)} (R21.8.6).")
    humans = [side.id for side in state.sides if side.control is Control.HUMAN]
    if len(humans) == 1:
        return PlayersSide(humans[0])
    why = "no side is played by a person" if not humans else "more than one side is played by a person"
    return PlayersSide(
        problem=f"This fight plays with the fog of war and {why}: the page shows one side's view, so serve it with "
        f"--side SIDE, one of {', '.join(ids)} (R21.8.6)."
    )


def as_shown(state: Encounter, log: Sequence[Event] | None, side: str | None) -> tuple[Encounter, list[Event] | None]:
    """The fight and its log as `side` is shown them (R21.8.1, R21.8.3); `side` None: everything."""
    if side is None:  # everything but the game master's notes (R21.7.4)
        return without_notes(state), None if log is None else list(log)
    return view(state, side), None if log is None else side_log(log, side)
