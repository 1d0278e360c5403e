"""Close-match suggestions for mistyped names and ids ("did you mean 'smg'?")."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from apcombat.model.wording import shown_word


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """Return ` (did you mean 'x'?)` for the closest of `choices` to `word` (never `word` itself), or "" if none
    is close."""
    choices = [choice for choice in choices if choice != word]  # the word itself is no suggestion
    same_letters = [choice for choice in choices if choice.casefold() == word.casefold()]
    matches = same_letters or difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean {matches[0]!r}?)" if matches else ""


def unknown_id(kind: str, content_id: str, known: Iterable[str]) -> str:
    """The message for an id that names nothing: `unknown weapon 'colt1911' (did you mean 'colt_1911'?)`."""
    return f"unknown {kind} {shown_word(content_id)}{did_you_mean(content_id, known)}"
