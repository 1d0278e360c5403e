"""Fixtures of the engine tests: encounter files written into tmp_path, and the real `apcombat run`
command run in-process on a script, its JSON parsed (builders in `builders.py`)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from apcombat.cli import main

from .builders import Outcome, parse_output, write_encounter


class Arena:
    """Writes encounters and scripts into a temporary folder and runs `apcombat run --json` on them."""

    def __init__(self, folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.folder = folder
        self.capsys = capsys
        self.numbers = itertools.count(1)

    def write(self, data: dict[str, Any]) -> Path:
        """An encounter file holding `data` (see `builders.encounter`)."""
        return write_encounter(self.folder / f"encounter_{next(self.numbers)}.toml", data)

    def run(self, source: dict[str, Any] | Path, script: str | list[str], seed: int = 1) -> Outcome:
        """`apcombat run SOURCE --json --script FILE --seed N`: one command a line."""
        path = source if isinstance(source, Path) else self.write(source)
        text = script if isinstance(script, str) else "\n".join(script)
        script_path = self.folder / f"script_{next(self.numbers)}.txt"
        script_path.write_text(text + "\n", encoding="utf-8")
        self.capsys.readouterr()
        code = main(["run", str(path), "--json", "--script", str(script_path), "--seed", str(seed)])
        return parse_output(code, self.capsys.readouterr().out)


@pytest.fixture
def arena(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Arena:
    return Arena(tmp_path, capsys)


@pytest.fixture
def play(arena: Arena) -> Callable[..., Outcome]:
    """`play(encounter_dict, script_lines, seed=1)`: write the encounter and run the script on it."""
    return arena.run
