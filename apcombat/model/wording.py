"""How a side's name joins a verb or takes a possessive: one rule, asked everywhere a sentence does so.

A side is named as a group ("The Jackals", "Raiders") or as one ("Vault 13", "The Brotherhood"). The rule:
a name ending in "s" is plural — "The Jackals hold", "The Kings' d6" — and any other singular — "Vault 13
holds", "The Brotherhood's d6". It is a guess from the spelling ("Atlas" reads as plural); a name that reads
wrongly is one a player can rename in the roster.
"""

from __future__ import annotations

import unicodedata

_IRREGULAR = {"is": "are", "has": "have", "was": "were", "goes": "go", "does": "do"}
"""Verbs whose plural is not the singular without its last "s"."""


def plural_name(name: str) -> bool:
    """Whether a side's name reads as plural: it ends in "s" (or "S")."""
    return name.rstrip().lower().endswith("s")


def possessive(name: str) -> str:
    """The side's name owning something: "The Jackals'", "Vault 13's"."""
    return f"{name}'" if plural_name(name) else f"{name}'s"


def says(name: str, verb: str, pronoun: bool = False) -> str:
    """The side's name and a verb in the present, written in its singular ("holds", "already goes"), agreeing
    with the name: "Vault 13 holds", "The Jackals hold", "The Jackals already go"; with `pronoun`, the pronoun
    standing for the name instead: "it holds", "they hold"."""
    subject = ("they" if plural_name(name) else "it") if pronoun else name
    return f"{subject} {_plural_verb(verb) if plural_name(name) else verb}"


def its(name: str) -> str:
    """The possessive pronoun standing for the side: "its" or "their"."""
    return "their" if plural_name(name) else "its"


def them(name: str) -> str:
    """The object pronoun standing for the side: "it" or "them"."""
    return "them" if plural_name(name) else "it"


_ADVERBS = frozenset({"already", "still", "now", "also", "no", "longer", "never"})  # "no longer sees"


def _plural_verb(verb: str) -> str:
    first, space, rest = verb.partition(" ")
    if first in _ADVERBS and rest:
        return f"{first} {_plural_verb(rest)}"
    plural = _IRREGULAR.get(first) or (first[:-1] if first.endswith("s") else first)
    return plural + space + rest


def counted(count: int, noun: str) -> str:
    """A count and its noun, agreeing: "1 command", "3 commands" (the noun given in the singular)."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


LONGEST_SHOWN = 24
"""The most characters of a word a message quotes in full."""


def shown_word(word: str) -> str:
    """A word a person typed or wrote in a file, as a message quotes it: one of thousands of characters is cut
    short (a message never repeats it in full), and a control character is escaped."""
    if len(word) <= LONGEST_SHOWN:
        return repr(word)
    return f"{word[:LONGEST_SHOWN]!r}… ({len(word):,} characters)"


def control_character(text: str, lines: bool = False) -> str | None:
    """The first character of `text` a terminal obeys instead of showing (an escape clears the screen, a bell
    rings, a carriage return writes over the line), as `U+001B`; None if it has none. `lines`: a line break and
    a tab are text (a description's), else they too are refused (a name, a note: one line)."""
    for letter in text:
        if unicodedata.category(letter) == "Cc" and not (lines and letter in "\n\t"):
            return f"U+{ord(letter):04X}"
    return None
