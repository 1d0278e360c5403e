"""Reading saves of older formats: each format's document is upgraded one step at a time to the current one.

When the format changes, FORMAT_VERSION goes up by one and MIGRATIONS gets the function that turns a
document of the previous format into one of the new (a plain dict as TOML read it, before any checks).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from apcombat import __version__
from apcombat.content.values import is_whole_number, show_value
from apcombat.rules.version import RULES_VERSION
from apcombat.saves.errors import SaveError, refuse
from apcombat.saves.format import FORMAT_VERSION

Document = dict[str, Any]
"""A save file's top-level table, as TOML read it."""

Migration = Callable[[Document], Document]
"""Turns a document of format n into one of format n + 1 (its format_version is set by `upgrade`)."""


def from_format_1(document: Document) -> Document:
    """Format 1 -> 2: saves record the rules their history was played under; format 1 saves were all written
    under rules version 1. Their table-mode moves recorded R15.1's run-up as the steps "moved", which no
    save could read back: they become steps straight ahead, as the engine records them now."""
    upgraded: Document = {"format_version": 2, "rules_version": 1} | document
    for part in ("start", "state"):
        for unit in upgraded.get(part, {}).get("units", []):
            steps = unit.get("recent_steps")
            if isinstance(steps, list) and "moved" in steps:
                unit["recent_steps"] = [unit.get("facing", "N") if step == "moved" else step for step in steps]
    return upgraded


def from_format_2(document: Document) -> Document:
    """Format 2 -> 3: the state keeps each AI side's generator and the history the AI's reasons. A format-2
    game has none of them, so nothing changes: its AI sides' generators start afresh when next asked."""
    return document


def from_format_3(document: Document) -> Document:
    """Format 3 -> 4: each AI side has its settings (`ai`: level, effort, aggression, caution) and each unit
    may have an `ai_role`. A format-3 game had neither, so nothing changes: its AI sides play at the default
    level with the default settings, as they did, and its units have no role."""
    return document


def from_format_4(document: Document) -> Document:
    """Format 4 -> 5: each side has `hp_shown`, how the players' view shows its HP, and a history entry names
    which of its dice the program rolled for the person (`rolled_dice`). A format-4 game had neither, so nothing
    changes: every side's HP is shown exactly, the default, and its log calls every die an entry holds typed."""
    return document


def from_format_5(document: Document) -> Document:
    """Format 5 -> 6: a map may be a hex map (`kind = "hex"`, R20) and the house rules hold `hex_turns`
    (R20.2). A format-5 game was played on squares, where both readings of `hex_turns` charge the same, so
    nothing changes."""
    return document


def from_format_6(document: Document) -> Document:
    """Format 6 -> 7: the R18 modules (morale, casualties, fires, suppression, the activation deck, re-roll
    points) now do what they say, with their state in the save (morale states, casualties, fires, markers,
    the deck, re-roll points). A format-6 game was played while every `[modules]` switch did nothing, so its
    switches are turned off in its start and its state: the game replays and goes on as it was played."""
    for part in ("start", "state"):
        table = document.get(part)
        if isinstance(table, dict) and "modules" in table:
            table["modules"] = {}
    return document


SLOTTED: dict[str, dict[str, tuple[str, ...]]] = {
    "units": {
        "morale": ("morale", "start", "gm_friends_near", "gm_leader_near"),
        "casualties": ("stunned", "times_stunned"),
        "suppression": ("markers", "markers_new", "markers_round"),
    },
    "sides": {"morale": ("edge",), "rerolls": ("reroll_points",)},
    "": {
        "morale": ("lost", "morale_tested"),
        "casualties": ("gm_next_to",),
        "fire_spread": ("fresh_fires", "table_fires"),
        "suppression": ("gm_near",),
        "activation_deck": ("deck",),
        "rerolls": ("rolls",),
    },
}
"""Format 7's flat module fields, by where they were ("": the encounter's own), and the slot each moved to."""


def from_format_7(document: Document) -> Document:
    """Format 7 -> 8: the modules' state moves from beside the core's fields into slots by module key (a
    unit's `markers` becomes its `slots.suppression.markers`); the values are the same, so the game is too."""
    for part in ("start", "state"):
        table = document.get(part)
        if not isinstance(table, dict):
            continue
        _slot(table, SLOTTED[""])
        for where in ("units", "sides"):
            for entry in table.get(where, []):
                _slot(entry, SLOTTED[where])
    return document


def _slot(table: Document, modules: dict[str, tuple[str, ...]]) -> None:
    """Move `table`'s module fields into its `slots` table, each under its module's key."""
    for module, fields in modules.items():
        moved = {field: table.pop(field) for field in fields if field in table}
        if moved:
            table.setdefault("slots", {}).setdefault(module, {}).update(moved)


def from_format_8(document: Document) -> Document:
    """Format 8 -> 9: the fog of war's slots (R21) join the units', sides' and encounter's. A format 8 save was
    played without the module, so it loads with it off (its `[modules]` has no `fog_of_war`) and empty slots:
    nothing in the document changes."""
    return document


def from_format_9(document: Document) -> Document:
    """Format 9 -> 10: weapons may be thrown (R22: `kind`, `blast`, `burns`), units carry a `thrown` stock and
    table mode's state may hold a throw waiting for its `gm blast`. A format 9 game had no thrown weapons: its
    weapons are all held (the default), its units carry none and nothing waits, so nothing changes."""
    return document


def from_format_10(document: Document) -> Document:
    """Format 10 -> 11: a side may name its colour (`colour`). A format 10 side named none, so it is drawn by
    its place in the encounter as before: nothing changes."""
    return document


def from_format_11(document: Document) -> Document:
    """Format 11 -> 12: units may carry the game master's `note`, the state what the players' view shows
    (`players_shown`) and a history entry the unit `gm add` brought in (`arrival`). A format 11 fight had no
    notes and no arrivals; its players' view takes the new defaults (the AI's reasons and hidden-HP enemies'
    statuses not shown: the game master turns them on with `gm show`), so nothing in the document changes."""
    return document


MIGRATIONS: dict[int, Migration] = {
    1: from_format_1,
    2: from_format_2,
    3: from_format_3,
    4: from_format_4,
    5: from_format_5,
    6: from_format_6,
    7: from_format_7,
    8: from_format_8,
    9: from_format_9,
    10: from_format_10,
    11: from_format_11,
}
"""Format n -> the migration to format n + 1."""

_BROKEN_DOCUMENT = (KeyError, IndexError, TypeError, ValueError, AttributeError)
"""What a migration raises when an old document is not shaped as its format says."""


_THIS = f"this apcombat ({__version__})"
_UPDATE = ": update apcombat to open it"
"""What a save from a newer apcombat asks of the user: the refusal names this one's version."""


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
            [
                (
                    "",
                    f"saved by a newer apcombat (format {version}); {_THIS} reads up to {FORMAT_VERSION}{_UPDATE}",
                )
            ],
        )
    return version


def refuse_newer_rules(document: Document, file: str) -> None:
    """SaveError if the save says its history was played under rules newer than this apcombat plays: as with a
    newer format, this apcombat cannot know what its state means (a wrong value is left to the field checks)."""
    version = document.get("rules_version")
    if is_whole_number(version) and version > RULES_VERSION:
        refuse(
            file,
            [
                (
                    "rules_version",
                    f"saved by a newer apcombat (rules version {version}); {_THIS} plays up to "
                    f"{RULES_VERSION}{_UPDATE}",
                )
            ],
        )


def upgrade(document: Document, file: str, migrations: dict[int, Migration] = MIGRATIONS) -> Document:
    """`document` upgraded to FORMAT_VERSION by MIGRATIONS, one format at a time; the document given is left
    as it was. SaveError if a step is missing or the old document is not shaped as its format says."""
    version = format_version(document, file)
    while version < FORMAT_VERSION:
        migration = migrations.get(version)
        if migration is None:
            oldest = min(migrations, default=FORMAT_VERSION)
            too_old = f"format {version} is too old: this apcombat reads {oldest} or newer"
            raise SaveError.found_in(file, [("format_version", too_old)])
        try:
            document = migration(copy.deepcopy(document))
        except _BROKEN_DOCUMENT as error:
            reason = str(error) or type(error).__name__
            refuse(file, [("", f"cannot upgrade it from format {version} to {version + 1}: {reason}")])
        version += 1
        document["format_version"] = version
    return document
