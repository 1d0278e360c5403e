"""Reading saves of older formats: each format's document is upgraded one step at a time to the current one.

When the format changes, FORMAT_VERSION goes up by one and MIGRATIONS gets the function that turns a
document of the previous format into one of the new (a plain dict as TOML read it, before any checks).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from apcombat.content.values import is_whole_number, show_value
from apcombat.saves.errors import refuse
from apcombat.saves.format import FORMAT_VERSION

Document = dict[str, Any]
"""A save file's top-level table, as TOML read it."""

Migration = Callable[[Document], Document]
"""Turns a document of format n into one of format n + 1 (its format_version is set by `upgrade`)."""

MIGRATIONS: dict[int, Migration] = {}
"""Format n -> the migration to format n + 1. Empty while format 1 is the only format there has been."""

_BROKEN_DOCUMENT = (KeyError, IndexError, TypeError, ValueError, AttributeError)
"""What a migration raises when an old document is not shaped as its format says."""


def format_version(document: Document, file: str) -> int:
    """The format a save document says it has; SaveError if it says none or one this apcombat cannot read."""
    if "format_version" not in document:
        refuse(file, [("format_version", "missing, so this is not an apcombat save (or its start was lost)")])
    version = document["format_version"]
    if not is_whole_number(version) or version < 0:
        refuse(file, [("format_version", f"expected a whole number, 0 or more, got {show_value(version)}")])
    if version > FORMAT_VERSION:
        refuse(
            file,
            [("", f"saved by a newer apcombat (format {version}); this one reads up to {FORMAT_VERSION}")],
        )
    return version


def upgrade(document: Document, file: str, migrations: dict[int, Migration] = MIGRATIONS) -> Document:
    """`document` upgraded to FORMAT_VERSION by MIGRATIONS, one format at a time; the document given is left
    as it was. SaveError if a step is missing or the old document is not shaped as its format says."""
    version = format_version(document, file)
    while version < FORMAT_VERSION:
        migration = migrations.get(version)
        if migration is None:
            oldest = min(migrations, default=FORMAT_VERSION)
            refuse(file, [("format_version", f"format {version} is too old: this apcombat reads {oldest} or newer")])
        try:
            document = migration(copy.deepcopy(document))
        except _BROKEN_DOCUMENT as error:
            reason = str(error) or type(error).__name__
            refuse(file, [("", f"cannot upgrade it from format {version} to {version + 1}: {reason}")])
        version += 1
        document["format_version"] = version
    return document
