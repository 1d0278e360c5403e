"""Which battle maps the app can draw: square ones. Hex maps (R20) play in `apcombat run` and `apcombat sim`
until the map view learns to draw hexes; the app refuses them rather than draw their cells as squares."""

from __future__ import annotations

from apcombat.model import Encounter

DRAWN_KINDS = ("square",)
"""The map kinds the app's map view draws."""


def undrawn_map(encounter: Encounter) -> str | None:
    """The sentence that refuses an encounter whose map the app cannot draw yet, or None when it can."""
    if encounter.map is None or encounter.map.kind in DRAWN_KINDS:
        return None
    return (
        f"{encounter.map.kind} maps play in `apcombat run` and `apcombat sim` for now; "
        "the app does not draw them yet"
    )
