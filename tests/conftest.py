"""Fixtures shared by several test folders."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

PLUGINS = Path(__file__).parent / "ai" / "plugins"


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
