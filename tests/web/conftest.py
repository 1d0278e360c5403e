"""Fixtures of the web pages' tests: the players' view of a table-mode fight saved in a temporary folder, and
its server running in a thread."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from apcombat.engine import Game
from apcombat.players_view import WatchServer, watch_server
from apcombat.saves import load_game, save_game

BRAWL = Path(__file__).parents[1] / "saves" / "format_4" / "table_brawl.toml"
"""The saloon brawl in round 1: Drifter and Barkeep shot Raider Jed (8 of 33 HP left), Raider Moss burns, the
game master took 5 HP off Sue, and Raider Jed acts."""


@pytest.fixture
def save(tmp_path: Path) -> Path:
    """A copy of the brawl's save, as the app's autosave would be."""
    return Path(shutil.copy(BRAWL, tmp_path / "autosave.toml"))


def play(save: Path, *lines: str) -> Game:
    """The game master plays `lines` on the saved game, and the app saves it again."""
    game = load_game(save)
    game.play_all(lines)
    save_game(game, save)
    return game


@pytest.fixture
def served(save: Path) -> Iterator[WatchServer]:
    """The players' view of `save`, served on a free loopback port until the test ends."""
    server = watch_server(save, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join()
