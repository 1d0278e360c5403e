"""Fixtures of the R18 modules' tests: the real `apcombat` entry point run in-process, what it prints captured (as
tests/cli's conftest has it: these tests lived there)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

from apcombat.cli import main


@attrs.frozen
class Run:
    code: int
    out: str
    err: str

    @property
    def json(self) -> dict:
        return json.loads(self.out)


@pytest.fixture
def apcombat(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    def run(*args: str | Path) -> Run:
        code = main([str(arg) for arg in args])
        captured = capsys.readouterr()
        return Run(code=code, out=captured.out, err=captured.err)

    return run
