"""The last few results of a view, kept by what they were worked out from.

The app asks the views for a new state after every command, though many views read only part of it: the
cells protected by cover against a unit depend on the map and the unit's cell alone, the enemies' cones on
the map and the watchers. A `Recent` keeps a few results keyed by those parts: objects that are compared by
identity (the map, the weapons: they never change once made, and may not be hashable), and plain values.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class Recent(Generic[T]):
    """At most `size` results, the oldest dropped first; safe to share with a worker thread (at worst a result
    is worked out twice)."""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self._values: dict[Hashable, tuple[tuple[object, ...], T]] = {}

    def get(self, same: tuple[object, ...], equal: Hashable, work_out: Callable[[], T]) -> T:
        """The result for these objects (by identity) and this value (by equality), worked out if not kept."""
        key = (tuple(map(id, same)), equal)
        entry = self._values.get(key)
        if entry is not None and all(kept is given for kept, given in zip(entry[0], same, strict=True)):
            return entry[1]
        value = work_out()
        while len(self._values) >= self.size:
            self._values.pop(next(iter(self._values)), None)
        self._values[key] = (same, value)  # the objects are held, so their ids are not reused while kept
        return value
