"""Why an edit cannot be made: one sentence the editor shows (nothing changes)."""

from __future__ import annotations


class EditRefused(ValueError):
    """An edit that would make no encounter file (a map past the format's limits, a unit pushed off the map,
    an unknown weapon): the message says why and what to do."""
