"""The map view: lines drawn, cursor by keys and mouse, messages, partial redraws, overlays, big maps, table mode."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import attrs
from rich.style import Style
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.pilot import Pilot
from textual.strip import Strip

from apcombat.engine import unit_marks
from apcombat.model import BattleMap, Character, Encounter, Facing, Pose, RangeBand, Side, Unit
from apcombat.tui.widgets.map_view import RULER_LINES, TABLE_MODE_TEXT, MapOverlay, MapView

GUTTER = 4  # the y ruler's width on maps of fewer than 1000 rows
ROWS = (
    "..........",
    "..##..==..",
    "..#...::..",
    "....H..__.",
    "..........",
    "..........",
)


def unit(unit_id: str, side: str, at: tuple[int, int], **changes: object) -> Unit:
    fresh = Unit(id=unit_id, side=side, character=Character(unit_id.title()), hp=20, at=at)
    return attrs.evolve(fresh, **changes)


def small_encounter() -> Encounter:
    return Encounter(
        name="test",
        sides=[Side("blue", "Blue"), Side("red", "Red")],
        units=[
            unit("ana", "blue", (1, 0), facing=Facing.E),
            unit("abe", "blue", (4, 2), facing=Facing.SW, pose=Pose.CROUCHED),
            unit("cy", "red", (6, 4), facing=Facing.NW, pose=Pose.PRONE),
            unit("bo", "red", (8, 4), hp=0),
            unit("dee", "red", (2, 5), unconscious_rounds=2),
        ],
        map=BattleMap(ROWS),
        active="ana",
    )


def open_map(size: int) -> BattleMap:
    return BattleMap(["." * size] * size)


class MapApp(App[None]):
    """A screen with only the map on it, which records the map's messages."""

    def __init__(self, state: Encounter, overlay: MapOverlay | None = None) -> None:
        super().__init__()
        self.state, self.overlay = state, overlay or MapOverlay()
        self.moved: list[tuple[int, int]] = []
        self.chosen: list[tuple[int, int]] = []

    def compose(self) -> ComposeResult:
        yield MapView(self.state, self.overlay)

    def on_mount(self) -> None:
        self.query_one(MapView).focus()

    def on_map_view_cursor_moved(self, message: MapView.CursorMoved) -> None:
        self.moved.append(message.cell)

    def on_map_view_cell_chosen(self, message: MapView.CellChosen) -> None:
        self.chosen.append(message.cell)


def run(
    state: Encounter,
    test: Callable[[MapApp, MapView, Pilot], Awaitable[None]],
    overlay: MapOverlay | None = None,
    size: tuple[int, int] = (60, 20),
) -> None:
    async def main() -> None:
        app = MapApp(state, overlay)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await test(app, app.query_one(MapView), pilot)

    asyncio.run(main())


def map_line(view: MapView, y: int) -> Strip:
    """The screen line of map row y (when the view is not scrolled vertically)."""
    return view.render_line(RULER_LINES + y - view.scroll_offset.y)


def cell_text(view: MapView, cell: tuple[int, int]) -> str:
    x, y = cell
    start = GUTTER + 2 * x - view.scroll_offset.x
    return map_line(view, y).text[start : start + 2]


def cell_style(view: MapView, cell: tuple[int, int], column: int = 0) -> Style:
    """The style of one of the cell's two columns on screen."""
    x, y = cell
    at = GUTTER + 2 * x + column - view.scroll_offset.x
    position = 0
    for segment in map_line(view, y):
        if position <= at < position + len(segment.text):
            return segment.style or Style()
        position += len(segment.text)
    raise AssertionError(f"column {at} is off the line")


def bg(style: Style) -> str | None:
    return style.bgcolor.name if style.bgcolor else None


def test_rows_show_terrain_and_units_with_facing_at_their_columns() -> None:
    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        assert map_line(view, 0).text.startswith("  0 · B1    ")  # a floor dot every fifth cell only
        assert cell_text(view, (1, 0)) == "B1"
        assert cell_text(view, (2, 1)) == "██"
        assert cell_text(view, (6, 1)) == "▄▄"
        assert cell_text(view, (6, 2)) == "░░"
        assert cell_text(view, (4, 3)) == "H "
        assert cell_text(view, (7, 3)) == "≈≈"
        assert cell_text(view, (0, 3)) == "  "

    run(small_encounter(), test)


def test_marks_are_the_sides_letter_and_a_number() -> None:
    assert unit_marks(small_encounter()) == {"ana": "B1", "abe": "B2", "cy": "R1", "bo": "R2", "dee": "R3"}


def test_pose_status_and_active_unit_glyphs() -> None:
    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        upright = cell_style(view, (1, 0))
        assert upright.bold and upright.reverse  # ana: upright and active
        assert cell_text(view, (4, 2)) == "B2"  # abe crouched: the first side in capitals
        crouched = cell_style(view, (4, 2))
        assert not crouched.bold and not crouched.underline and not crouched.reverse
        assert cell_text(view, (6, 4)) == "r1"  # cy prone: the second side in small letters
        prone = cell_style(view, (6, 4))
        assert prone.underline and prone.italic  # more than an underline
        assert cell_text(view, (8, 4)) == "r2"  # bo down: dim, struck through
        assert cell_style(view, (8, 4)).dim and cell_style(view, (8, 4)).strike
        assert cell_text(view, (2, 5)) == "r3" and cell_style(view, (2, 5)).dim  # dee unconscious
        assert cell_style(view, (1, 0)).color != cell_style(view, (6, 4)).color  # side colours

    run(small_encounter(), test)


def test_rulers_number_the_cells() -> None:
    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        assert view.render_line(0).text.startswith("    0         5")
        assert view.render_line(1).text.startswith("    0 1 2 3 4 5 6 7 8 9")
        assert [map_line(view, y).text[:4] for y in range(3)] == ["  0 ", "  1 ", "  2 "]

    run(small_encounter(), test)


def test_keys_move_the_cursor_and_post_cursor_moved() -> None:
    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        assert view.cursor == (0, 0)
        await pilot.press("right", "down", "l", "j")
        assert view.cursor == (2, 2)
        await pilot.press("shift+right", "h", "k", "up", "up")
        assert view.cursor == (6, 0)  # stops at the top edge
        await pilot.press("shift+down", "shift+right")
        assert view.cursor == (9, 5)  # stops at the corner
        await pilot.pause()
        assert app.moved == [(1, 0), (1, 1), (2, 1), (2, 2), (7, 2), (6, 2), (6, 1), (6, 0), (6, 5), (9, 5)]
        assert cell_style(view, (9, 5)).bgcolor is not None  # the cursor's cell is highlighted

    run(small_encounter(), test)


def test_enter_chooses_the_cursor_cell() -> None:
    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        view.cursor = (3, 4)
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [(3, 4)]

    run(small_encounter(), test)


def test_click_moves_the_cursor_and_a_second_click_chooses() -> None:
    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        await pilot.click(MapView, offset=(GUTTER + 2 * 5 + 1, RULER_LINES + 3))
        await pilot.pause()
        assert view.cursor == (5, 3)
        assert app.moved == [(5, 3)] and app.chosen == []
        await pilot.click(MapView, offset=(GUTTER + 2 * 5, RULER_LINES + 3))
        await pilot.pause()
        assert app.chosen == [(5, 3)]
        await pilot.click(MapView, offset=(1, 1))  # on the rulers: nothing
        await pilot.pause()
        assert view.cursor == (5, 3)

    run(small_encounter(), test)


def test_keys_are_remappable_by_binding_id() -> None:
    ids = {binding.id for binding in MapView.BINDINGS if hasattr(binding, "id")}
    assert {"map.cursor_up", "map.cursor_down", "map.cursor_left", "map.cursor_right", "map.choose"} <= ids

    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        app.set_keymap({"map.cursor_down": "s"})
        await pilot.press("s", "s")
        assert view.cursor == (0, 2)

    run(small_encounter(), test)


def spy_on_lines(view: MapView) -> list[int]:
    """Record the screen lines the view is asked to draw from now on."""
    drawn: list[int] = []
    render_line = view.render_line

    def spy(y: int) -> Strip:
        drawn.append(y)
        return render_line(y)

    view.render_line = spy  # type: ignore[method-assign]
    return drawn


def test_a_unit_moving_redraws_only_its_two_rows() -> None:
    state = small_encounter()

    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        drawn = spy_on_lines(view)
        refreshed: list[Region] = []
        refresh = view.refresh
        view.refresh = lambda *regions, **kw: refreshed.extend(regions) or refresh(*regions, **kw)  # type: ignore[method-assign]
        moved = state.with_unit(attrs.evolve(state.unit("abe"), at=(4, 4)))
        view.show(moved, MapOverlay())
        await pilot.pause()
        assert sorted(drawn) == [RULER_LINES + 2, RULER_LINES + 4]
        assert sorted(region.y for region in refreshed) == [RULER_LINES + 2, RULER_LINES + 4]
        assert cell_text(view, (4, 4)) == "B2" and cell_text(view, (4, 2)) == "  "
        drawn.clear()
        view.show(moved, MapOverlay())  # nothing changed: nothing redrawn
        await pilot.pause()
        assert drawn == []

    run(state, test)


def test_the_cursor_moving_redraws_its_rows_and_the_ruler_only() -> None:
    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        drawn = spy_on_lines(view)
        await pilot.press("down")
        await pilot.pause()
        assert sorted(drawn) == [RULER_LINES + 0, RULER_LINES + 1]  # same column: the ruler stays
        drawn.clear()
        await pilot.press("right")
        await pilot.pause()
        assert sorted(drawn) == [0, 1, RULER_LINES + 1]

    run(small_encounter(), test)


def test_overlays_tint_the_right_cells() -> None:
    overlay = MapOverlay(
        reachable={(0, 4): 2, (1, 4): 3, (2, 4): 4},
        path=(((0, 4), 5), ((1, 4), 4)),
        sight=frozenset((x, y) for x in range(10) for y in range(6) if x < 5),
        cones=frozenset({(2, 4), (3, 4)}),
        bands={(0, 3): RangeBand.CQC, (3, 3): RangeBand.LONG},
        cover=frozenset({(1, 5)}),
        target=(6, 4),
    )

    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        view.cursor = (9, 0)
        assert cell_text(view, (0, 4)) == "·5" and cell_text(view, (1, 4)) == "·4"  # AP left after each step
        assert bg(cell_style(view, (0, 4))) == "blue"  # reachable
        assert bg(cell_style(view, (2, 4))) == "magenta"  # reachable and in a cone
        assert bg(cell_style(view, (3, 4))) == "red"  # in a cone
        assert bg(cell_style(view, (4, 4))) == bg(view.rich_style)  # the map's own background
        assert bg(cell_style(view, (6, 4))) == "bright_yellow"  # the target
        assert cell_style(view, (0, 3)).color != cell_style(view, (3, 3)).color  # bands
        assert cell_style(view, (3, 3)).color != cell_style(view, (4, 3)).color
        assert cell_text(view, (1, 5)) == "·▪"  # cover
        assert cell_style(view, (7, 5)).dim and not cell_style(view, (3, 5)).dim  # out of sight dimmed
        view.show(app.state, attrs.evolve(overlay, costs_shown=True))
        assert cell_text(view, (2, 4)) == "4 "  # the AP cost, where no path step is drawn

    run(small_encounter(), test, overlay)


def test_a_100_by_100_map_mounts_and_scrolls_with_the_cursor() -> None:
    units = [unit(f"u{i}", "blue" if i % 2 else "red", (i * 2 + 1, i * 2 + 1)) for i in range(40)]
    state = Encounter("big", [Side("blue", "Blue"), Side("red", "Red")], units, map=open_map(100), active="u0")

    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        assert view.virtual_size.width == GUTTER + 200 and view.virtual_size.height == RULER_LINES + 100
        for _ in range(12):
            await pilot.press("shift+right", "shift+down")
        await pilot.pause()
        assert view.cursor == (60, 60)
        scroll_x, scroll_y = view.scroll_offset
        assert scroll_x > 0 and scroll_y > 0
        screen_y = RULER_LINES + 60 - scroll_y
        assert 0 < screen_y < view.size.height
        line = view.render_line(screen_y).text
        assert line.startswith(" 60 ")  # the y ruler stays at the left
        column = GUTTER + 120 - scroll_x
        assert 0 < column < view.size.width - 1
        assert view.render_line(1).text[column] == "0"  # the x ruler follows the scroll
        assert cell_text(view, (61, 61)) == view.labels["u30"].lower()  # the second side in small letters
        view.cursor = (0, 0)
        await pilot.pause()
        assert view.scroll_offset == (0, 0)

    run(state, test, size=(80, 30))


def test_a_cursor_set_before_the_first_layout_is_scrolled_into_view_and_clicks_follow_the_scroll() -> None:
    state = Encounter("big", [Side("blue", "Blue")], [unit("ana", "blue", (80, 70))], map=open_map(100))

    class FarCursorApp(MapApp):
        def on_mount(self) -> None:
            view = self.query_one(MapView)
            view.cursor = (80, 70)  # as the game screen does, before any layout
            view.focus()

    async def main() -> None:
        app = FarCursorApp(state)
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            view = app.query_one(MapView)
            scroll_x, scroll_y = view.scroll_offset
            assert scroll_x <= 160 < scroll_x + view.size.width - GUTTER - 1
            assert scroll_y <= 70 < scroll_y + view.size.height - RULER_LINES
            assert cell_text(view, (80, 70)) == view.labels[state.units[0].id]
            await pilot.click(MapView, offset=(GUTTER + 160 - scroll_x + 2, RULER_LINES + 70 - scroll_y + 1))
            await pilot.pause()
            assert view.cursor == (81, 71)

    asyncio.run(main())


def test_table_mode_shows_a_message() -> None:
    state = attrs.evolve(small_encounter(), map=None, units=[attrs.evolve(u, at=None) for u in small_encounter().units])

    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        lines = [view.render_line(y).text for y in range(view.size.height)]
        shown = [line for line in lines if line.strip()]
        assert [line.strip() for line in shown] == [TABLE_MODE_TEXT]
        assert shown[0].index("Table") > 0  # centred
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.chosen == []
        view.show(small_encounter())  # a map again: the rulers and rows come back
        await pilot.pause()
        assert view.virtual_size.height == RULER_LINES + len(ROWS)
        assert cell_text(view, (1, 0)) == "B1"
        view.show(state)
        await pilot.pause()
        assert view.virtual_size.height == 0 and TABLE_MODE_TEXT in view.render_line(view.size.height // 2).text

    run(state, test, size=(80, 10))


def test_the_table_mode_message_wraps_in_a_narrow_view() -> None:
    """The replay's map beside its panels at 80 x 24 is 38 columns: the message is not cut short."""
    state = attrs.evolve(small_encounter(), map=None, units=[attrs.evolve(u, at=None) for u in small_encounter().units])

    async def test(app: MapApp, view: MapView, pilot: Pilot) -> None:
        view.styles.width = 30
        await pilot.pause()
        shown = [view.render_line(y).text.strip() for y in range(view.size.height)]
        assert " ".join(line for line in shown if line) == TABLE_MODE_TEXT

    run(state, test, size=(80, 10))
