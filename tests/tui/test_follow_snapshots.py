"""Snapshots of the battlefield after an AI turn, the "While you waited" panel showing (issue 24 item 1), at
140 x 45 and 80 x 24: the demo duel, its raider played by a scripted test level (a burst at Ana, cover, end),
so the picture does not follow the AI's thinking. `--snapshot-update` rewrites them."""

from __future__ import annotations

import pytest
from tui_kit import Scripted

from apcombat.ai import DEFAULT_LEVEL, LEVELS
from apcombat.tui.widgets.waited_panel import WaitedPanel

SIZES = pytest.mark.parametrize("size", [(140, 45), (80, 24)], ids=["140x45", "80x24"])


@SIZES
def test_the_battlefield_after_an_ai_turn_with_while_you_waited(snap, size, duel, monkeypatch):
    monkeypatch.setitem(LEVELS, DEFAULT_LEVEL, lambda settings: Scripted(["shoot raider ana burst", "cover raider"]))

    async def steps(ui):
        await ui.press("s")
        await ui.until(lambda: ui.state.active == "ana", "Ana's turn")
        await ui.press("e")
        await ui.until(lambda: ui.state.active == "ana" and ui.game.query(WaitedPanel), "the panel")
        await ui.settle()

    assert snap(steps, size, open_path=duel, ai_pace=0)
