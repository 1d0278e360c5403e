"""The map's legend (L) shows what map_glyphs draws; the map's lower edge names the overlays on; a watch's cone
is drawn and the hint line says what makes it fire (R16.2: an enemy entering the cone, not one inside)."""

from __future__ import annotations

from rich.style import Style
from tui_kit import SKIRMISH_UNITS, character, write_encounter

from apcombat.engine.views import watch_cone
from apcombat.model import Facing, Pose, RangeBand
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.legend import BAND_WORDS, TERRAIN_WORDS, LegendScreen, legend_text
from apcombat.tui.widgets.map_glyphs import TERRAIN_GLYPHS
from apcombat.tui.widgets.map_palettes import PALETTES
from apcombat.tui.widgets.panels import HintLine
from apcombat.tui.widgets.unit_looks import FACING_MARKS, FLAG_MARKS, UnitLook, unit_line

FIRES_ON_ENTERING = "watches: it fires when an enemy enters its cone at 0-10 m, its cqc and close ranges (R16.2)"
NOT_INSIDE = "not at an enemy already inside"


def hint(ui) -> str:
    return ui.game.query_one(HintLine).said


def style_at(line, offset: int) -> Style:
    """The style of the legend line's character at `offset`."""
    return Style.combine(span.style for span in line.spans if span.start <= offset < span.end)


def line_of(text, words: str):
    """The legend's line holding these words."""
    return next(line for line in text.split("\n") if words in line.plain)


def test_l_opens_the_legend_and_escape_closes_it(run_ui):
    async def script(ui):
        await ui.press("s", "L")
        await ui.wait_for_screen(LegendScreen)
        shown = ui.screen_text()
        assert "Map legend" in shown and "Terrain" in shown
        await ui.press("escape")
        await ui.wait_for_screen(GameScreen)

    run_ui(script)


def test_the_legend_draws_every_glyph_as_the_map_does():
    text = legend_text()
    plain = text.plain
    for terrain, glyph in TERRAIN_GLYPHS.items():
        line = line_of(text, TERRAIN_WORDS[terrain])
        if glyph.strip():
            assert line.plain.strip().startswith(glyph.strip()), terrain
            assert style_at(line, 2) == PALETTES["standard"].terrain[terrain], terrain
    assert all(mark in plain for mark in FACING_MARKS.values())
    assert all(mark in plain for mark in FLAG_MARKS.values())
    for pose, words in ((Pose.UPRIGHT, "upright:"), (Pose.CROUCHED, "crouched:"), (Pose.PRONE, "prone:")):
        glyph, style = unit_line(UnitLook("A1", 0, pose, Facing.E), "standard", 1, 0)
        line = line_of(text, words)
        assert line.plain.strip().startswith(glyph)
        assert style_at(line, 2) == style
    crouched, prone = (line_of(text, words) for words in ("crouched:", "prone:"))
    assert not style_at(crouched, 2).underline and style_at(prone, 2).underline and style_at(prone, 2).italic
    for words in ("the acting unit", "z unconscious", "x down", "the cursor", "the target", "the previewed path"):
        assert words in plain
    assert all(BAND_WORDS[band] in plain for band in RangeBand)
    for number in "12345":
        assert f"  {number} " in plain
    assert "entering its cone, not one in it (R16.2)" in plain
    cones = line_of(text, "2 watch cones")
    assert style_at(cones, 2).bgcolor == PALETTES["standard"].tints["cone"].bgcolor


def test_the_maps_lower_edge_names_the_overlays_on(run_ui):
    async def script(ui):
        await ui.press("s", "1", "3")
        assert ui.map.border_subtitle == "L legend · on: sight, bands, reachable"
        await ui.press("5", "3", "1")
        assert ui.map.border_subtitle == "L legend · on: none"

    run_ui(script)


def test_ordering_a_watch_says_it_fires_at_an_enemy_entering_its_cone(run_ui):
    async def script(ui):
        await ui.press("s", "o")
        assert ui.state.unit("ana").watch is not None
        assert f"Ana (ana) {FIRES_ON_ENTERING}" in hint(ui) and NOT_INSIDE in hint(ui)
        # Rex's turn: Ana's cone is drawn (an enemy's: red) while the cursor is on her, whatever overlays are on
        assert ui.state.active == "rex" and ui.map.overlay.cones == frozenset()
        await ui.move_cursor_to((1, 3))
        cone = watch_cone(ui.state, ui.state.unit("ana"))
        assert cone and ui.map.overlay.cones == cone and ui.map.overlay.watches == frozenset()
        assert NOT_INSIDE in hint(ui)
        await ui.press("right")
        assert ui.map.overlay.cones == frozenset()

    run_ui(script)


def test_a_watching_friend_has_its_cone_drawn(run_ui, tmp_path):
    bob = {
        "id": "bob",
        "side": "vault",
        "at": [1, 5],
        "facing": "E",
        "character": character("Bob", ["colt_1911"]),
    }
    path = write_encounter(tmp_path / "encounters", name="trio", units=(*SKIRMISH_UNITS, bob))

    async def script(ui):
        await ui.press("s", "o")  # Ana always acts first, and watches until her next turn
        while ui.state.active != "bob":
            assert ui.state.round == 1
            await ui.press("e")
        cone = watch_cone(ui.state, ui.state.unit("ana"))
        assert cone and ui.map.overlay.watches == frozenset()  # overlay 2 off, cursor on Bob
        await ui.move_cursor_to((1, 3))
        assert ui.map.overlay.watches == cone and ui.map.overlay.cones == frozenset()
        assert f"Ana (ana) {FIRES_ON_ENTERING}" in hint(ui)
        await ui.press("down", "2")  # the watch cones overlay draws every watch, the side's own in green
        assert ui.map.overlay.watches == cone

    run_ui(script, open_path=path)
