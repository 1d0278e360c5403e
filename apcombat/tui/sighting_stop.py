"""Why a move of the player's ended short under the fog of war: R21.6.1 stops a move after the step at whose
update the mover's side sees an enemy it did not see before. The log says only where the mover went; the
hint line adds who came into sight, so the player does not take the short move for a wrong path."""

from __future__ import annotations

from collections.abc import Sequence

from apcombat.engine import Event, fog_on, view
from apcombat.model import Encounter


def enemies_seen(state: Encounter, side: str | None) -> frozenset[str]:
    """The enemies in `side`'s view now (none on the game master's screen or with the fog off)."""
    if side is None or not fog_on(state):
        return frozenset()
    return frozenset(unit.id for unit in view(state, side).units if unit.side != side)


def came_into_sight(before: frozenset[str], after: Encounter, side: str | None, events: Sequence[Event]) -> str:
    """' — Raider 1 comes into sight (a move stops there, R21.6.1)' after a move of one of `side`'s own units
    that brought enemies into sight (`before`: those seen before it); '' otherwise (a bump or an
    interruption says its own words)."""
    moves = [event for event in events if event.kind == "move"]
    if side is None or not fog_on(after) or not moves or any(event.kind in ("bump", "interrupt") for event in events):
        return ""
    mover = next((unit for unit in after.units if unit.id == moves[-1].unit), None)
    if mover is None or mover.side != side:
        return ""
    shown = view(after, side)
    new = [unit.name for unit in shown.units if unit.side != side and unit.id not in before]
    if not new:
        return ""
    verb = "comes" if len(new) == 1 else "come"
    return f" — {', '.join(new)} {verb} into sight (a move stops there, R21.6.1)"
