"""Reading a TOML file into a table, with unreadable files and syntax errors as problems."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from apcombat.content.errors import Loaded, Problem
from apcombat.content.paths import shown

_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_AT_END = re.compile(r"\s*\(at end of document\)$")


def read_toml(path: str | Path) -> Loaded[dict[str, Any] | None]:
    """The top-level table of a TOML file; None with one problem if it cannot be read or parsed."""
    file = shown(path)
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except OSError as error:
        return Loaded(None, [Problem(file, f"cannot read the file: {error.strerror or error}")])
    except UnicodeDecodeError as error:
        return Loaded(None, [Problem(file, f"not UTF-8 text (bad byte at offset {error.start})")])
    try:
        return Loaded(tomllib.loads(text))
    except tomllib.TOMLDecodeError as error:
        return Loaded(None, [syntax_problem(file, str(error))])


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
