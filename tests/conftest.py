"""Fixtures shared by several test folders."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from hypothesis import settings

# CI (`.ci/run` sets HYPOTHESIS_PROFILE=ci) runs the same examples every time, so a clean clone passes or fails
# on its code alone; a developer's run draws new examples and keeps what fails in .hypothesis/ to replay.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

PLUGINS = Path(__file__).parent / "ai" / "plugins"


@pytest.fixture(autouse=True)
def user_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Everything the program writes for the user (apcombat.content.user_files) goes under tmp_path/home in
    every test, never to the real home folder or the checkout: platformdirs reads these variables, and the
    saves go to tmp_path/home/saves (tests of the saves folder's own policy unset APCOMBAT_SAVES)."""
    home = tmp_path / "home"
    for variable, folder in (
        ("XDG_DATA_HOME", "data"),
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_STATE_HOME", "state"),
        ("XDG_CACHE_HOME", "cache"),
    ):
        monkeypatch.setenv(variable, str(home / folder))
    monkeypatch.setenv("APCOMBAT_SAVES", str(home / "saves"))
    monkeypatch.delenv("APCOMBAT_KEYS", raising=False)
    return home


@pytest.fixture
def ai_plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in a temporary folder holding the test plug-in bots (tests/ai/plugins), as a modder would: the
    working directory is where `apcombat sim` looks for `module:function`. The Python path and the imported
    bot modules are put back afterwards."""
    for source in PLUGINS.glob("*.py"):
        shutil.copy(source, tmp_path / source.name)
        monkeypatch.delitem(sys.modules, source.stem, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    yield tmp_path
    for source in PLUGINS.glob("*.py"):
        sys.modules.pop(source.stem, None)


@attrs.frozen
class Run:
    """What one run of the `apcombat` entry point gave: its exit code and what it printed."""

    code: int
    out: str
    err: str

    @property
    def json(self) -> dict:
        return json.loads(self.out)


@pytest.fixture
def apcombat(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """The real `apcombat` entry point run in-process (tests/cli, and the R18 modules' tests that lived there)."""
    from apcombat.cli import main

    def run(*args: str | Path) -> Run:
        code = main([str(arg) for arg in args])
        captured = capsys.readouterr()
        return Run(code=code, out=captured.out, err=captured.err)

    return run
