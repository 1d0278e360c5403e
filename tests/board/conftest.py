"""Fixtures of the board tests: the `grid` fixture runs a test on the square grid and on R20's hex grid."""

from __future__ import annotations

import pytest

from apcombat.board import Grid, HexGrid, SquareGrid


@pytest.fixture(scope="session", params=[SquareGrid(), HexGrid()], ids=["square", "hex"])
def grid(request: pytest.FixtureRequest) -> Grid:
    return request.param
