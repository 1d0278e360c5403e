"""The full log's filters (ctrl+l on the battlefield): by unit, by side and by kind of event. Textual-free.

Kinds, from the engine's event kinds (anything else shows under "all" and "other"):
- attacks: attacks and throws with their blasts (and `gm blast` at the table), covering fire and pins, watches
  and their interruptions, wounds, going down and the casualty and bleeding rolls, burning and fires, the dice
  of an action and their re-rolls;
- moves: moving, jumping, turning, poses, cover;
- morale: morale tests, rallies, suppression, calming, exhaustion;
- GM: the game master's commands, undo and redo;
- AI: each AI command's line with its reason;
- turns: rounds, initiative, turns, delays, the activation deck, victory.

A unit's filter keeps the events it acts in and those naming it (the shots at it); a side's keeps the events
one of its units acts in (and, for those no unit acts in, those naming one of its units)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from apcombat.engine import Event
from apcombat.model import Encounter

KINDS: dict[str, frozenset[str]] = {
    "attacks": frozenset(
        {
            "attack",
            "covering_fire",
            "pin",
            "watch",
            "watch_ends",
            "reaction",
            "interrupt",
            "interrupt_end",
            "wound",
            "down",
            "unconscious",
            "casualty",
            "bleeding",
            "burning",
            "fire",
            "rolls",
            "reroll",
            "dice",
            "throw",  # R22: a throw, each share of its blast, a man down it kills, and at the table the blast
            "blast",  # waiting for the game master's `gm blast`
            "dead",
            "blast_waiting",
            "gm_blast",
        }
    ),
    "moves": frozenset({"move", "jump", "turn_facing", "pose", "cover"}),
    "morale": frozenset({"morale", "rally", "suppression", "calm", "exhaustion"}),
    "GM": frozenset({"gm", "undo", "redo"}),
    "AI": frozenset({"ai"}),
    "turns": frozenset({"round", "initiative", "turn", "end", "delay", "deck", "victory"}),
}
OTHER = "other"
KIND_CHOICES: tuple[str, ...] = (*KINDS, OTHER)
"""The kinds the filter steps through, after "all" (None)."""


def kind_of(event: Event) -> str:
    """The filter's kind of an engine event."""
    return next((kind for kind, kinds in KINDS.items() if event.kind in kinds), OTHER)


@attrs.frozen
class LogFilter:
    """Which events the full log shows: those of a unit, a side (its id) and a kind (None: any)."""

    unit: str | None = None
    side: str | None = None
    kind: str | None = None

    @property
    def any(self) -> bool:
        """Whether some filter is on."""
        return (self.unit, self.side, self.kind) != (None, None, None)

    def keeps(self, event: Event, state: Encounter) -> bool:
        if self.kind is not None and kind_of(event) != self.kind:
            return False
        if self.unit is not None and not _concerns(event, state, (self.unit,)):
            return False
        if self.side is not None:
            ids = [unit.id for unit in state.units if unit.side == self.side]
            if event.unit is not None:
                return event.unit in ids
            return _concerns(event, state, ids)
        return True

    def words(self, state: Encounter) -> str:
        """The filter as the full log's status line says it."""
        unit = state.unit(self.unit).name if self.unit is not None else "all"
        side = state.side(self.side).name if self.side is not None else "all"
        return f"unit: {unit} · side: {side} · kind: {self.kind or 'all'}"


def filtered(events: Sequence[Event], state: Encounter, chosen: LogFilter) -> list[Event]:
    """The events the filter keeps, in order."""
    if not chosen.any:
        return list(events)
    return [event for event in events if chosen.keeps(event, state)]


def step(choices: Sequence[str], current: str | None, by: int) -> str | None:
    """The next (or previous, `by` -1) of `choices`, "all" (None) coming before the first and after the last."""
    ring: list[str | None] = [None, *choices]
    place = ring.index(current) if current in ring else 0
    return ring[(place + by) % len(ring)]


def _concerns(event: Event, state: Encounter, unit_ids: Sequence[str]) -> bool:
    """Whether one of these units acts in the event or is named in its line."""
    if event.unit in unit_ids:
        return True
    names = [state.unit(unit_id).name for unit_id in unit_ids]
    return any(_names(event.text, name) for name in names) or event.data.get("target") in names


def _names(text: str, name: str) -> bool:
    """`name` stands in `text` as a name, not inside a longer one ("Raider 1" is not in "Raider 12")."""
    start = text.find(name)
    while start >= 0:
        end = start + len(name)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not before.isalnum() and not after.isdigit() and not after.isalpha():
            return True
        start = text.find(name, start + 1)
    return False
