"""A low wall and crates look different on the map at every zoom (R9.1: both are hip-high cover; R18.3.1: only
crates burn), in the map, the legend and the editor's terrain panel alike (one table of glyphs draws them all)."""

from __future__ import annotations

from tui_kit import shown

from apcombat.content import content_root
from apcombat.model import Cell

CAMP = content_root() / "encounters" / "molotov_camp.toml"  # "=" low stone walls at x 3, "%" crates at 14-15
LOW_WALL, CRATES, MORE_CRATES = (3, 4), (14, 5), (15, 5)


def block(ui, cell: Cell) -> list[str]:
    """The lines of one map cell as the screen shows it: 2 x zoom columns, zoom lines."""
    offset, zoom = ui.cell_offset(cell), ui.map.zoom
    lines = shown(ui.map).split("\n")
    return [lines[offset.y + sub].ljust(offset.x + 2 * zoom)[offset.x : offset.x + 2 * zoom] for sub in range(zoom)]


def test_a_low_wall_is_one_bar_and_crates_are_boxes_at_every_zoom(run_ui):
    async def script(ui):
        seen = {}
        for _ in range(3):  # z: zoom 1, 2, 3 in turn
            seen[ui.map.zoom] = (block(ui, LOW_WALL), block(ui, CRATES), block(ui, MORE_CRATES))
            await ui.press("z")
        assert seen[1] == (["▄▄"], ["▗▖"], ["▗▖"])  # R9.1 hip-high both; crates burn (R18.3.1): a box each
        assert seen[2] == (["    ", "▄▄▄▄"], ["    ", "▗▄▄▖"], ["    ", "▗▄▄▖"])  # low: the bottom line only
        assert seen[3][0][-1] == "▄" * 6 and seen[3][1][-1] == "▗▄▄▄▄▖"

    run_ui(script, open_path=CAMP)
