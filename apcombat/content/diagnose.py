"""Turn cattrs' structuring errors into (field path, message) pairs a player can act on."""

from __future__ import annotations

import attrs
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)

from apcombat.content.field_paths import join_path
from apcombat.content.suggest import did_you_mean
from apcombat.model.wording import shown_word

Finding = tuple[str, str]
"""A field path inside an entry (`ranges.close.max`, "" for the entry itself) and what is wrong there."""


def findings(error: BaseException, path: str = "") -> list[Finding]:
    """Every problem inside a (detailed-validation) cattrs error, each with the path of its field."""
    if isinstance(error, ClassValidationError | IterableValidationError):
        found: list[Finding] = []
        for inner in error.exceptions:
            note = _note(inner)
            if isinstance(inner, KeyError) and isinstance(note, AttributeValidationNote):
                found.append((path, f"missing required key {note.name!r}"))
            else:
                found.extend(findings(inner, _inner_path(inner, path)))
        return found
    if isinstance(error, ForbiddenExtraKeysError):
        allowed = [field.name for field in attrs.fields(error.cl)]
        return [
            (path, f"unknown key {shown_word(key)}{did_you_mean(key, allowed)}") for key in sorted(error.extra_fields)
        ]
    return [(path, str(error) or type(error).__name__)]


def _note(error: BaseException) -> AttributeValidationNote | IterableValidationNote | None:
    for note in getattr(error, "__notes__", ()):
        if isinstance(note, AttributeValidationNote | IterableValidationNote):
            return note
    return None


def _inner_path(error: BaseException, path: str) -> str:
    note = _note(error)
    if isinstance(note, AttributeValidationNote):
        return join_path(path, note.name)
    if isinstance(note, IterableValidationNote):
        if note.startswith("Structuring mapping key"):
            return path  # a bad key is a problem of the table itself
        return join_path(path, note.index if isinstance(note.index, int) else str(note.index))
    return path
