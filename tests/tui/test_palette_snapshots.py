"""Snapshots of the map in each palette (standard, colour-blind, high contrast) at 140 x 45 and at 80 x 24: the
street fight at round 1, a unit in cover and one on watch, the enemies' watch cones on (issue 24, item 3).

`pytest tests/tui/test_palette_snapshots.py --snapshot-update` rewrites the SVGs; open them to check."""

from __future__ import annotations

import pytest

from apcombat.content import content_root
from apcombat.content.settings import PALETTES
from apcombat.tui.screens.game import GameScreen

STREET_FIGHT = content_root() / "encounters" / "street_fight.toml"


@pytest.mark.parametrize("size", [(140, 45), (80, 24)], ids=["140x45", "80x24"])
@pytest.mark.parametrize("palette", PALETTES)
def test_the_map_in_each_palette(snap, size, palette):
    async def steps(ui):
        ui.app.settings = ui.app.settings.replace(palette=palette)
        await ui.press("s")
        await ui.wait_for_screen(GameScreen)
        acting = ui.state.active
        enemy = next(unit.id for unit in ui.state.units if unit.side != ui.state.unit(acting).side)
        await ui.command(f"gm set {acting} in_cover=true", f"gm set {enemy} in_cover=true")
        await ui.press("2")  # the watch cones

    assert snap(steps, size, open_path=STREET_FIGHT)
