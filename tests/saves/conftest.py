"""Fixtures for the save tests: a game of the shipped duel, saved in ./saves of a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from save_helpers import SOME_PLAY, duel_game

from apcombat.engine import Game
from apcombat.saves import save_game


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in tmp_path, so messages name files as `saves/x.toml`."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("APCOMBAT_SAVES", raising=False)
    return tmp_path


@pytest.fixture
def game() -> Game:
    """The duel after a few commands."""
    return duel_game(seed=7, script=SOME_PLAY)


@pytest.fixture
def saved(in_tmp: Path, game: Game) -> Path:
    """`game` saved as saves/x.toml (a relative path)."""
    return save_game(game, Path("saves") / "x.toml")
