"""The attrs converters of the model's immutable collections, as typed functions.

mypy cannot read `converter=tuple` or `converter=frozenset` (it leaves their type variable unbound, so every
constructor call fails to check); these say what they take. The field's own annotation still gives what it holds.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable


def as_tuple(items: Iterable[object]) -> tuple[object, ...]:
    """Any iterable, kept as a tuple (in its order)."""
    return tuple(items)


def as_frozenset(items: Iterable[Hashable]) -> frozenset[Hashable]:
    """Any iterable of hashable things, kept as a frozenset."""
    return frozenset(items)
