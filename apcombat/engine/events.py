"""Events: every change of state, with the numbers behind it, in words a player can read."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs


@attrs.frozen
class Event:
    """One thing that happened. `data` holds the numbers (breakdowns, rolls, AP before and after)."""

    kind: str
    text: str
    data: dict[str, Any] = attrs.field(factory=dict)
    unit: str | None = None  # its subject: the unit that acts, tests or rolls in it (R21.8.3)
    # R21.8.3, the fog of war: the sides shown this line (None: every side), and the words a side is shown
    # instead of `text` (an unseen enemy in it named "an enemy out of sight"), by side id.
    shown_to: frozenset[str] | None = None
    told: tuple[tuple[str, str], ...] = ()

    def for_side(self, side: str | None) -> Event | None:
        """This line as `side` is shown it (R21.8.3), None when it is not; `side` None: the game master's."""
        if side is None or self.shown_to is None:
            return self
        if side not in self.shown_to:
            return None
        words = dict(self.told).get(side)
        if words is None:
            return self
        # Its numbers (a whole path, every die) are the line's as the game master reads it, and a subject out
        # of sight is no one the side may name.
        unit = None if "out of sight" in words else self.unit
        return attrs.evolve(self, text=words, data={}, unit=unit, shown_to=None, told=())

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.unit is not None:
            out["unit"] = self.unit
        out.update(self.data)
        return out


def side_log(events: Iterable[Event], side: str | None) -> list[Event]:
    """The log as `side` is shown it (R21.8.3), each line through `for_side` (`side` None: every line, the game
    master's); lines "Round R — out of sight" in a row, from one command or several, are one (R21.8.1)."""
    shown: list[Event] = []
    for event in events:
        told = event.for_side(side)
        if told is None:
            continue
        if shown and told.text == shown[-1].text and told.text.endswith("— out of sight"):
            continue
        shown.append(told)
    return shown


def ap_spent(kind: str, unit_id: str, name: str, what: str, before: int, after: int, rule: str, **data: Any) -> Event:
    """The common shape of an action that only costs AP: "Ana goes crouched: 2 AP (8 -> 6) (R8.1)"."""
    text = f"{name} {what}: {before - after} AP ({before} -> {after}) ({rule})"
    return Event(kind, text, data | {"ap_before": before, "ap_after": after}, unit=unit_id)
