"""Reading a TOML file into a table, with unreadable files and syntax errors as problems.

Every TOML file the program reads (content, scenarios, encounters, saves, the key file) comes through
`read_toml`, which also refuses what tomllib would choke on or hand on to choke the game: tables and lists
nested more than MAX_NESTING deep, integers outside TOML's 64 bits (thousands of digits included), and files
larger than MAX_FILE_BYTES.
"""

from __future__ import annotations

import functools
import re
import tomllib
from pathlib import Path
from typing import Any

from apcombat.content.errors import Loaded, Problem
from apcombat.content.field_paths import join_path
from apcombat.content.paths import shown

MAX_NESTING = 24
"""The deepest a file may nest tables and lists; the deepest the game's own files go is 6."""

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest TOML file read: 64 MiB (a 1,000 x 1,000 map takes 1 MiB)."""

LARGEST_INTEGER = 2**63 - 1
"""TOML integers are signed 64-bit numbers: -2^63 to 2^63 - 1."""

_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_AT_END = re.compile(r"\s*\(at end of document\)$")
_LONG_NUMBER = re.compile(r"[0-9][0-9_]{999,}")
_OPENING = re.compile(r"[\[{]")
_BRACKET = re.compile(r"[\[\]{}]")
_ONE_LINE_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'')


def not_utf8(data: bytes, error: UnicodeDecodeError) -> str:
    """Where `data` stops being UTF-8, as every reader of a file says it (a script, a content file, a save, the
    editor's file): "line 2, column 22: not UTF-8 text: save it as UTF-8" (the column counts bytes)."""
    line = data.count(b"\n", 0, error.start) + 1
    column = error.start - data.rfind(b"\n", 0, error.start)
    return f"line {line}, column {column}: not UTF-8 text: save it as UTF-8"


def read_toml(path: str | Path) -> Loaded[dict[str, Any] | None]:
    """The top-level table of a TOML file; None with one problem if it cannot be read or parsed."""
    file = shown(path)
    try:
        size = Path(path).stat().st_size
        if size > MAX_FILE_BYTES:
            megabytes = MAX_FILE_BYTES // (1024 * 1024)
            return Loaded(None, [Problem(file, f"is {size:,} bytes: files of more than {megabytes} MiB are not read")])
        data = Path(path).read_bytes()
        text = data.decode("utf-8")
    except OSError as error:
        return Loaded(None, [Problem(file, f"cannot read the file: {error.strerror or error}")])
    except UnicodeDecodeError as error:
        return Loaded(None, [Problem(file, not_utf8(data, error))])
    return parse_toml(text, file)


def parse_toml(text: str, file: str) -> Loaded[dict[str, Any] | None]:
    """The top-level table of TOML `text` read from `file`; None with one problem if it cannot be used."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return Loaded(None, [syntax_problem(file, str(error))])
    except RecursionError:
        return Loaded(None, [_too_deep(file, text)])
    except ValueError:  # Python's limit on digits in a number (4300)
        return Loaded(None, [_too_long(file, text)])
    problem = _beyond_limits(file, text, data)
    return Loaded(None, [problem]) if problem is not None else Loaded(data)


def syntax_problem(file: str, message: str) -> Problem:
    """A tomllib error message as a problem naming the line: `line 12: TOML syntax error: ...`."""
    position = _POSITION.search(message)
    if position:
        line, column = position.groups()
        text = _POSITION.sub("", message)
        return Problem(file, f"TOML syntax error: {text} (column {column})", [f"line {line}"])
    if _AT_END.search(message):
        return Problem(file, f"TOML syntax error: {_AT_END.sub('', message)}", ["end of file"])
    return Problem(file, f"TOML syntax error: {message}")


def _beyond_limits(file: str, text: str, data: dict[str, Any]) -> Problem | None:
    """The first place `data` nests too deep or holds an integer TOML cannot hold, as a problem."""
    pending: list[tuple[dict[str, Any] | list[Any], tuple[str | int, ...]]] = [(data, ())]
    while pending:
        container, path = pending.pop()
        if len(path) >= MAX_NESTING:
            return _too_deep(file, text, path)
        steps = container.items() if isinstance(container, dict) else enumerate(container)
        for step, value in steps:
            if isinstance(value, dict | list):
                pending.append((value, (*path, step)))
            elif type(value) is int and not -LARGEST_INTEGER - 1 <= value <= LARGEST_INTEGER:
                digits = len(str(abs(value)))
                return Problem(file, f"a number of {digits} digits, {_FIX_NUMBER}", [_field((*path, step))])
    return None


_FIX_NUMBER = f"more than TOML's 64-bit numbers hold (at most {LARGEST_INTEGER:,})"


def _too_deep(file: str, text: str, path: tuple[str | int, ...] = ()) -> Problem:
    """Tables and lists nested too deep, at the line where the nesting passes the limit if it can be found."""
    message = f"tables and lists nested more than {MAX_NESTING} deep: no apcombat file needs that; unnest them"
    line = _deepest_line(text)
    where = [f"line {line}"] if line is not None else []
    return Problem(file, message, where or ([_field(path)] if path else []))


def _too_long(file: str, text: str) -> Problem:
    """A number of thousands of digits, at its line."""
    found = _LONG_NUMBER.search(text)
    where = [f"line {text.count(chr(10), 0, found.start()) + 1}"] if found else []
    return Problem(file, f"a number of thousands of digits, {_FIX_NUMBER}", where)


def _deepest_line(text: str) -> int | None:
    """The first line on which brackets and braces open more than MAX_NESTING deep, leaving out one-line
    strings and comments: only to point at the place, never to decide."""
    depth = 0
    for number, line in enumerate(text.splitlines(), start=1):
        code = _ONE_LINE_STRING.sub("", line).split("#", 1)[0]
        for match in _BRACKET.finditer(code):
            depth += 1 if _OPENING.match(match.group()) else -1
            depth = max(depth, 0)
            if depth > MAX_NESTING:
                return number
    return None


def _field(path: tuple[str | int, ...]) -> str:
    """`shot.distance_m`, `unit[2].ammo` — where in the file a value is."""
    return functools.reduce(join_path, path, "")
