"""The one encounter writer: an Encounter as the TOML a person writes (map rows as strings one to a line, one
`[[unit]]` table per unit, only what differs from the defaults), used by the roster and the editor.

Given the text the encounter was read from (`WrittenEncounter`), the writer changes that text instead of
writing a new one: it compares what the text says (`encounter_table` of the encounter it loads as) with what
the new encounter says, and only the keys that differ are set, added or removed, so comments, order, blank
lines and the way values were written stay as they were. Nothing changed writes the same bytes. Sides and
units are matched by id. Should the changed text not load back as the encounter (a key written in a way the
comparison cannot see), the writer says so by writing a fresh file instead (`encounter_text` checks).

A key the file did not have goes where a person would write it (after the keys before it in the writer's
order), which tomlkit's public API cannot do: `_add` uses its containers' `_insert_after` and `_insert_at`
(tests/editor/test_files_as_written.py and the round trip catch a tomlkit that changes them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
import tomlkit
from tomlkit.container import Container
from tomlkit.items import AoT, Array, Comment, InlineTable, Item, SingleKey, String, StringType, Table, Whitespace

from apcombat.content.library import Library
from apcombat.content.writer import encounter_table
from apcombat.model.encounter import Encounter

ENTRY_ARRAYS = ("side", "unit")
"""The `[[table]]` arrays of an encounter file, whose entries are matched by their `id`."""

_SECTIONS = ("map", "house_rules", "optional_rules", "modules")
"""The top-level tables a fresh file writes as `[section]` headers."""


@attrs.frozen
class WrittenEncounter:
    """An encounter file as read: its text, and the encounter that text loads as (units as written, not told
    apart: `read_encounter(..., as_written=True)`)."""

    text: str
    encounter: Encounter
    newline: str = "\n"
    """The file's line ending ("\r\n" for a file written on Windows): `text` has "\n", the file is written
    back with the ending it had, so a diff shows only what changed."""

    def on_disk(self, text: str) -> str:
        """`text` (lines ending "\n") with this file's line ending."""
        return text if self.newline == "\n" else text.replace("\n", self.newline)


def encounter_text(
    encounter: Encounter,
    library: Library,
    base: WrittenEncounter | None = None,
    loads_as: Callable[[str], Encounter | None] | None = None,
) -> str:
    """The text of an encounter file describing `encounter`: `base`'s text with only what changed changed, or
    a fresh file. `loads_as`, if given, reads a text back; when the changed text does not read back as
    `encounter`, a fresh file is written instead (comments are worth less than the fight)."""
    table = encounter_table(encounter, library)
    if base is None:
        return _fresh_text(table)
    if base.encounter == encounter:
        return base.text
    document = tomlkit.parse(base.text)
    merge_table(document, encounter_table(base.encounter, library), table)
    text = document.as_string()
    if loads_as is not None and loads_as(text) != encounter:
        return _fresh_text(table)
    return text


def encounter_to_toml(encounter: Encounter, library: Library) -> str:
    """A new encounter file describing how `encounter` starts. A unit whose character is one of `library`'s
    names it by id (`character = "raider"`, with `name` when the unit has its own); any other character is
    written out (`[unit.character]`)."""
    return encounter_text(encounter, library)


# ----- a fresh file ---------------------------------------------------------------------------------------------


def _fresh_text(table: Mapping[str, Any]) -> str:
    """A fresh file's text, ending with one newline (tomlkit leaves none after an inline table's line)."""
    return fresh_document(table).as_string().rstrip("\n") + "\n"


def fresh_document(table: Mapping[str, Any]) -> tomlkit.TOMLDocument:
    """A new file: name and description first, then `[map]` with one row a line, `[[side]]` and `[[unit]]`
    tables (an inline character as `[unit.character]`), then the rules' sections; small tables inline."""
    document = tomlkit.document()
    for key, value in table.items():
        if key in ENTRY_ARRAYS:
            if not value:
                continue  # a fight with nobody yet (a draft) says so by having no [[unit]]
            document.add(tomlkit.nl())
            document.add(key, _entries(value))
        elif key in _SECTIONS:
            document.add(tomlkit.nl())
            document.add(key, _section_table(key, value))
        else:
            document.add(key, toml_value(value))
    return document


def _section_table(key: str, values: Mapping[str, Any]) -> Table:
    section = tomlkit.table()
    for name, value in values.items():
        item = map_rows(value) if (key, name) == ("map", "rows") else toml_value(value)
        item.trivia.trail = "\n"  # its own line: an inline table's would run into the blank line after it
        section.add(name, item)
    return section


def _entry_table(values: Mapping[str, Any]) -> Table:
    """One `[[side]]` or `[[unit]]` table; a character written out is its own `[unit.character]` table."""
    entry = tomlkit.table()
    for name, value in values.items():
        if name == "character" and isinstance(value, dict):
            character = tomlkit.table()
            for field, field_value in value.items():
                character.add(field, toml_value(field_value))
            entry.add(name, character)
        else:
            entry.add(name, toml_value(value))
    return entry


def _entries(entries: list[Mapping[str, Any]]) -> AoT:
    """`[[side]]` or `[[unit]]` tables, a blank line between two (tomlkit's: a table after another in a new
    array starts on a new line), none after the last."""
    tables = tomlkit.aot()
    for entry in entries:
        tables.append(_entry_table(entry))
    return tables


def map_rows(rows: list[str]) -> Array:
    """Map rows one to a line, indented two spaces as the shipped files have them, so the map reads as a map in
    the file and a change of a row diffs as one line."""
    # One quoting for every row: all in 'single quotes' when any needs them (brush `"`), so the map lines up.
    quoted = next((toml_string(row) for row in rows if '"' in row or "\\" in row), None)
    lines = "".join(f"  {toml_string(row, like=quoted).as_string()},\n" for row in rows)
    array: Array = tomlkit.parse(f"rows = [\n{lines}]\n")["rows"]
    return array


def toml_value(value: Any) -> Item:
    """A value as a person writes it: a table inline (`{ ST = 5, PE = 6 }`), lists on one line."""
    if isinstance(value, Mapping):
        inline = ", ".join(f"{_key(name)} = {toml_value(item).as_string()}" for name, item in value.items())
        # Parsed from a whole line: its own newline belongs to it, so a blank line after it stays blank.
        parsed: InlineTable = tomlkit.parse(f"v = {{ {inline} }}\n" if inline else "v = {}\n")["v"]
        return parsed
    if isinstance(value, str):
        return toml_string(value)
    return tomlkit.item(value)


def toml_string(text: str, like: object = None) -> Item:
    """A string as a person writes it: in 'single quotes' when it holds a double quote or a backslash (a map
    row of brush `"` reads as the map, not as escapes) or when the string it replaces (`like`) was written so."""
    literal_like = isinstance(like, String) and like.type is StringType.SLL
    plain = text.isprintable() and "'" not in text
    if plain and (literal_like or '"' in text or "\\" in text):
        return tomlkit.string(text, literal=True)
    return tomlkit.item(text)


def _key(name: str) -> str:
    return name if name and all(ch.isalnum() or ch in "_-" for ch in name) else toml_string(name).as_string()


# ----- changing a file as written -------------------------------------------------------------------------------


def merge_table(container: Container | Table | InlineTable, old: Mapping[str, Any], new: Mapping[str, Any]) -> None:
    """Change `container` (which says `old`) so that it says `new`: keys whose value changed are set in place
    (keeping their comments), keys gone are removed, new keys added; a key `old` and `new` agree on is left as
    written."""
    for key, value in new.items():
        before = old.get(key)
        if key in container and before == value:
            continue
        if key in ENTRY_ARRAYS and not value:
            if key in container:
                del container[key]  # the last unit gone: no [[unit]] at all (an empty array would read `unit = []`)
        elif key in ENTRY_ARRAYS and isinstance(value, list):
            _merge_entries(container, key, before if isinstance(before, list) else [], value)
        elif isinstance(value, Mapping) and isinstance(container.get(key), Table):
            # A table of its own ([map], [modules], [unit.character]) is changed key by key (its comments kept);
            # an inline one is one line, written anew (the order of its keys may matter: a belt's, R22.1.2).
            # A key the file gives its default value stays: a section's defaults never change.
            inner = container[key]
            assert isinstance(inner, Table)
            merge_table(inner, before if isinstance(before, Mapping) else {}, value)
        elif key == "rows" and isinstance(container.get(key), Array) and isinstance(before, list):
            _merge_rows(container, before, value)
        elif key == "character" and isinstance(value, Mapping) and isinstance(container, Table):
            if key in container:
                del container[key]  # a character named by id or file, now written out: its own table
            _add(container, key, value)
        elif key in container:
            container[key] = map_rows(value) if key == "rows" else toml_value(value)
        else:
            _add(container, key, value, tuple(new))
    for key in old:
        if key not in new and key in container:
            del container[key]


def _add(container: Container | Table | InlineTable, key: str, value: Any, order: Sequence[str] = ()) -> None:
    """A key the file did not have, placed as a person would write it: after the keys that come before it in
    `order` (the writer's order: id, side, character, name, at, facing, ...), a new section at the end."""
    if key == "map" and isinstance(container, Container) and isinstance(container.get("side"), AoT):
        section = _section_table(key, value)
        section.add(tomlkit.nl())
        # A map given to a table fight goes before the sides, as files have it.
        where = container._map[SingleKey("side")]
        container._insert_at(min(where) if isinstance(where, tuple) else where, key, section)
        return
    if key in _SECTIONS and isinstance(container, Container) and isinstance(value, Mapping):
        container.add(tomlkit.nl())
        container.add(key, _section_table(key, value))
        return
    if key == "character" and isinstance(value, Mapping) and isinstance(container, Table):
        container.add(key, _entry_table({key: value})[key])  # a [unit.character] table goes last
        return
    item = map_rows(value) if key == "rows" else toml_value(value)
    item.trivia.trail = "\n"  # its own line, whatever comes after it
    body = container.value if isinstance(container, Table) else container
    before = order[: order.index(key)] if key in order else ()
    after = next((name for name in reversed(before) if name in container and _is_plain(container, name)), None)
    if isinstance(body, Container) and after is not None:
        body._insert_after(after, key, item)  # tomlkit's add would put it after a trailing blank line or comment
    else:
        container.add(key, item)


def _is_plain(container: Container | Table | InlineTable, key: str) -> bool:
    """Whether a key is a value on its own line (not a table a new key would land inside of)."""
    return not isinstance(container.get(key), Table | AoT)


FIXED_DEFAULTS = frozenset(
    {"pose", "ai_role", "morale_state", "fate", "stunned", "markers", "hidden"}
    | {"control", "ai", "hp_shown", "edge", "reroll_points"}
)
"""Keys of a `[[unit]]` or `[[side]]` whose default follows no other key: written with the default by hand
(`pose = "upright"`), they stay when the entry changes."""


def _drop_unsaid(table: Table | InlineTable, new: Mapping[str, Any]) -> None:
    """In an entry that changed, a key written with the default value (so not in `new`) is removed when its
    default may differ now (spare ammunition follows the weapons, HP the character, facing the map's kind)."""
    for key in [key for key in table if key not in new and key not in FIXED_DEFAULTS]:
        del table[key]


def _merge_rows(container: Container | Table | InlineTable, old: list[str], new: list[str]) -> None:
    """Map rows: only the rows that changed are replaced (each keeps its comment); rows a taller map has are
    added at the end, rows a shorter one lost are taken from the end."""
    rows = container["rows"]
    assert isinstance(rows, Array)
    if len(rows) != len(old):
        container["rows"] = map_rows(new)
        return
    for y, (before, after) in enumerate(zip(old, new, strict=False)):
        if before != after:
            rows[y] = toml_string(after, like=rows[y])
    for _ in range(len(old) - len(new)):
        del rows[len(rows) - 1]
    for row in new[len(old) :]:
        rows.append(toml_string(row, like=rows[len(rows) - 1] if len(rows) else None))


def _merge_entries(container: Container | Table | InlineTable, key: str, old: list[Any], new: list[Any]) -> None:
    """`[[side]]` or `[[unit]]` entries matched by id: changed ones changed in place, new ones added at the end,
    gone ones removed; reordered when the order of the ids changed."""
    written = container.get(key)
    if not isinstance(written, AoT):
        if key in container:
            del container[key]
        container.add(tomlkit.nl()) if isinstance(container, Container) else None
        container.add(key, _entries(new))
        return
    was = {entry.get("id"): entry for entry in old}
    tables = {table.get("id"): table for table in written}
    last_blank = bool(len(written)) and _ends_blank(written[-1])
    kept: list[Table] = []
    for entry in new:
        table = tables.get(entry["id"])
        if table is None:
            kept.append(_entry_table(entry))
            continue
        before = was.get(entry["id"], {})
        if before != entry:
            merge_table(table, before, entry)
            _drop_unsaid(table, entry)
        kept.append(table)
    if len(written) and kept and kept[-1] is not written[-1]:
        _move_trailer(written[-1], kept[-1])
    for number, table in enumerate(kept):
        _end_blank(table, number < len(kept) - 1 or last_blank)
    if [table.get("id") for table in kept] != [table.get("id") for table in written]:
        for number in reversed(range(len(written))):
            del written[number]
        for table in kept:
            written.append(table)


def _move_trailer(old_last: Table, new_last: Table) -> None:
    """The comment lines after the file's last entry head what follows the entries (`# the map` before a
    `[map]` after the units): they move to the entry that is last now, so they still head it."""
    body = old_last.value.body
    start = len(body)
    while start and body[start - 1][0] is None:
        start -= 1
    trailer = body[start:]
    if not any(isinstance(item, Comment) for _, item in trailer):
        return
    del body[start:]
    if not new_last.as_string().endswith("\n\n"):
        new_last.value.body.append((None, Whitespace("\n")))
    new_last.value.body.extend(trailer if not isinstance(trailer[0][1], Whitespace) else trailer[1:])


def _ends_blank(table: Table) -> bool:
    """Whether a table is followed by a blank line or by a comment (the file's ways of separating `[[unit]]`
    tables: a comment after one is the next one's heading)."""
    text = table.as_string()
    return text.endswith("\n\n") or text.rstrip("\n").rsplit("\n", 1)[-1].lstrip().startswith("#")


def _end_blank(table: Table, blank: bool) -> None:
    """A table followed by a blank line, or not (the last of a file's: the file ends with its last line)."""
    if blank and not _ends_blank(table):
        table.add(tomlkit.nl())
    elif not blank and table.as_string().endswith("\n\n"):
        body = table.value.body
        while body and body[-1][0] is None and isinstance(body[-1][1], Whitespace) and not body[-1][1].s.strip():
            body.pop()  # the blank lines after the table's last key (ignored whitespace: no key points at it)
