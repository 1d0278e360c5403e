"""A map a player reads at a glance (issue 24, item 3): each unit's mark (V1, R1) with its side's case at zoom 1
and its side's brackets when zoomed, the flags for cover and watch below a zoomed mark and in the panels'
lines, and the player's palette colouring the map at once."""

from __future__ import annotations

from test_table_fight import BRAWL

from apcombat.tui.screens.legend import legend_text
from apcombat.tui.screens.table import TableScreen
from apcombat.tui.widgets.map_palettes import PALETTES
from apcombat.tui.widgets.panels import TurnOrder, UnitPanel


def map_text(ui) -> str:
    view = ui.map
    return "\n".join(view.render_line(y).text for y in range(view.size.height))


def row_lines(ui, y: int) -> list[str]:
    """The screen lines of map row `y` (zoom lines of it)."""
    view = ui.map
    top = 2 + view.zoom * y - view.scroll_offset.y
    return [view.render_line(top + sub).text for sub in range(view.zoom)]


async def zoom_to(ui, zoom: int) -> None:
    while ui.map.zoom != zoom:
        await ui.press("z")
    await ui.settle()


def test_sides_differ_by_case_at_zoom_1_and_by_brackets_when_zoomed_with_cover_and_watch_marks(run_ui):
    async def script(ui):
        await ui.press("s")
        await ui.command("gm set ana in_cover=true")
        assert str(ui.game.query_one(UnitPanel).render()).startswith("[V1] ▪ Ana")  # her mark, in cover
        await ui.command("react ana")  # on watch (R16)
        assert ui.state.unit("ana").watch is not None and ui.state.unit("ana").in_cover

        await zoom_to(ui, 1)
        ana, rex = row_lines(ui, 3)[0], row_lines(ui, 0)[0]
        assert "V1" in ana and "r1" in rex and "R1" not in rex  # the first side in capitals, the second not

        await zoom_to(ui, 2)
        top, below = row_lines(ui, 3)
        assert "[V1]" in top and "(R1)" in row_lines(ui, 0)[0]
        at = top.index("[V1]")
        assert "▪◎" in below[at : at + 4]  # facing, pose, then in cover and watching

        await zoom_to(ui, 3)
        top, flags, _ = row_lines(ui, 3)
        at = top.index("[V1]")
        assert top[at + 4] == "→" and flags[at : at + 2] == "▪◎"
        assert "(R1)←" in row_lines(ui, 0)[0]

        # the panels: the mark in its side's brackets and the flags, always
        panel = str(ui.game.query_one(UnitPanel).render())
        assert panel.startswith("(R1) Rex")  # Ana's watch ended her turn: Rex acts
        order = str(ui.game.query_one(TurnOrder).render())
        ana_line = next(line for line in order.splitlines() if "Ana" in line)
        rex_line = next(line for line in order.splitlines() if "Rex" in line)
        assert "V1 Ana ▪◎ " in ana_line  # the flags after the name
        assert "R1 Rex" in rex_line

    run_ui(script)


def test_the_palette_colours_the_map_at_once(run_ui):
    async def script(ui):
        await ui.press("s")
        await zoom_to(ui, 1)
        ui.map.cursor = (9, 5)  # off Ana: the cursor colours its cell
        await ui.settle()

        def ana_colour() -> str:
            line = ui.map.render_line(2 + 3 - ui.map.scroll_offset.y)
            segment = next(segment for segment in line if "V1" in segment.text)
            assert segment.style is not None and segment.style.color is not None
            return segment.style.color.name

        assert ana_colour() == PALETTES["standard"].sides[0]
        for name in ("colour-blind", "high contrast"):
            ui.app.settings = ui.app.settings.replace(palette=name)
            ui.game.refresh_view()  # as the settings screen does after a change
            await ui.settle()
            assert ana_colour() == PALETTES[name].sides[0]
            shown = ui.game.query_one(UnitPanel).shown_for
            assert shown is not None and shown[3] == name  # the unit panel was drawn again in it
            legend = legend_text(colours=name)  # the legend follows the palette
            assert any(PALETTES[name].sides[1] in str(span.style) for span in legend.spans)

    run_ui(script)


def test_the_unit_panels_first_line_fits_with_a_long_side_name(run_ui) -> None:
    """The Drifter of The Dusty Mug's regulars at 80 x 24: the heading is one line (cut with …), so the panel's
    fixed height keeps its last line, the spare ammunition."""

    async def script(ui):
        await ui.wait_for_screen(TableScreen)
        await ui.press("s")
        await ui.settle()
        lines = ui.screen.query_one(UnitPanel).content.plain.splitlines()
        assert lines[0] == "[D3] Drifter  drifter · The Dusty M…" and len(lines[0]) == 36
        assert lines[1].startswith("HP ") and "spare: " in ui.screen_text()

    run_ui(script, open_path=BRAWL, size=(80, 24))
