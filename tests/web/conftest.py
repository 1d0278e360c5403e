"""Fixtures of the web pages' tests: the players' view of a table-mode fight saved in a temporary folder, and
its server running in a thread."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_helpers import BRAWL, in_a_thread

from apcombat.players_view import WatchServer, watch_server


@pytest.fixture
def save(tmp_path: Path) -> Path:
    """A copy of the brawl's save, as the app's autosave would be."""
    return Path(shutil.copy(BRAWL, tmp_path / "autosave.toml"))


@pytest.fixture
def served(save: Path) -> Iterator[WatchServer]:
    """The players' view of `save`, served on a free loopback port until the test ends."""
    with in_a_thread(watch_server(save, "127.0.0.1", 0)) as server:
        yield server
