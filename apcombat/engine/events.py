"""Events: every change of state, with the numbers behind it, in words a player can read."""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen
class Event:
    """One thing that happened. `data` holds the numbers (breakdowns, rolls, AP before and after)."""

    kind: str
    text: str
    data: dict[str, Any] = attrs.field(factory=dict)
    unit: str | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.unit is not None:
            out["unit"] = self.unit
        out.update(self.data)
        return out


def ap_spent(kind: str, unit_id: str, name: str, what: str, before: int, after: int, rule: str, **data: Any) -> Event:
    """The common shape of an action that only costs AP: "Ana goes crouched: 2 AP (8 -> 6) (R8.1)"."""
    text = f"{name} {what}: {before - after} AP ({before} -> {after}) ({rule})"
    return Event(kind, text, data | {"ap_before": before, "ap_after": after}, unit=unit_id)
