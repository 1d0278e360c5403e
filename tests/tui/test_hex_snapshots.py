"""Snapshots of hex maps (R20) at 140 x 45 and 80 x 24: the 120 x 100 hex battlefield at the start of round 1,
and the hex duel with a path previewed (AP left after each step on the hexes it crosses).

`pytest tests/tui/test_hex_snapshots.py --snapshot-update` rewrites them after a change meant to change the look.
"""

from __future__ import annotations

import pytest
from test_snapshots import SIZES, round_one

from apcombat.content import content_root

ENCOUNTERS = content_root() / "encounters"


@SIZES
def test_the_hex_battlefield_at_the_start_of_round_one(snap, size):
    assert snap(round_one, size, open_path=ENCOUNTERS / "hex_battlefield.toml")


@pytest.mark.parametrize("size", [(140, 45)], ids=["140x45"])
def test_the_hex_duel_with_a_path_previewed(snap, size):
    async def steps(ui):
        await round_one(ui)
        await ui.move_cursor_to((5, 2))

    assert snap(steps, size, open_path=ENCOUNTERS / "hex_duel.toml")
