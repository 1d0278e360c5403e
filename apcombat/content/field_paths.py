"""The path of a field inside a file, as problems name it: `ranges.close`, `weapons[1]`.

A module of its own so that reading a TOML file (`toml_files`) does not import cattrs with the checks."""

from __future__ import annotations


def join_path(path: str, step: str | int) -> str:
    """`ranges` + `close` -> `ranges.close`; `weapons` + 1 -> `weapons[1]`."""
    if isinstance(step, int):
        return f"{path}[{step}]"
    if len(step) > _LONGEST_STEP:  # a key of thousands of letters is never shown in full
        step = f"{step[:_LONGEST_STEP]}… ({len(step):,} characters)"
    return f"{path}.{step}" if path else step


_LONGEST_STEP = 24
