"""On-demand benchmark of the map view alone (not run by pytest or CI); bench_frame.py times the real game
screen, key to the settled frame, against a bare map in the same run.

    python tests/bench/bench_map.py [--moves 200] [--seed 7] [--fps 60] [--no-preview] [--gc-off] [--verbose]

A 100 x 100 map (seeded walls, low obstacles, rubble, stairs) with 40 units and every overlay on (reachable
cells, sight and cover from `apcombat.engine.views` for the active unit; range bands over its sight and a
reaction cone made up here), in a headless app of 140 x 45.
Timed inside the app, with no Pilot round-trip in the measure:

(a) key to frame: from a cursor key's arrival (the key event handed to the driver, as a terminal would) to the
    end of the next frame, where a frame is the screen's update (compositor, the view's `render_line`s) plus
    the terminal output it makes (the headless driver writes nothing, so the bench renders the escape sequence
    itself; the hook is `FrameTimer`, which bench_tui.py reuses). p50/p95 ms over the moves, which walk the
    cursor right, down, left and up, scrolling at the edges.
    Textual paints at most TEXTUAL_FPS frames a second (60 by default); a key on an idle screen is painted
    at once, so the pacing hardly shows here (--fps 1000 to check).
    Like the game screen, the app answers each `CursorMoved` with `show()` and a new path preview
    (--no-preview turns this off). The few slowest moves are mostly Python's garbage collector (--gc-off).
(b) the frame alone (work of one frame after a cursor move), p50/p95 ms.
(c) `show()` with every overlay on: first time (each overlay split by row), again with equal overlays (nothing
    redrawn), and with one unit turned; then the frame that paints a whole screen of new lines.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from apcombat.model import Cell, Encounter

SIZE = 100
UNITS = 40
SLOW = 1 / 60  # a frame at 60 Hz
SCATTER = (("#", 0.08), ("=", 0.03), (":", 0.04), ("H", 0.01))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--fps", type=int, default=None, help="TEXTUAL_FPS, the most frames a second (60)")
    parser.add_argument("--no-preview", action="store_true", help="do not re-show a path on every cursor move")
    parser.add_argument("--gc-off", action="store_true", help="no garbage collection while the keys are timed")
    parser.add_argument("--verbose", action="store_true", help="list the moves slower than a 60 Hz frame")
    args = parser.parse_args()
    if args.fps is not None:
        os.environ["TEXTUAL_FPS"] = str(args.fps)  # read when textual is imported
    import asyncio

    asyncio.run(bench(args.moves, args.seed, not args.no_preview, args.gc_off, args.verbose))


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    p50, worst = statistics.median(ordered), ordered[-1]
    return f"p50 {p50 * 1000:6.2f} ms   p95 {p95 * 1000:6.2f} ms   max {worst * 1000:6.2f} ms"


class FrameTimer:
    """The timing hook: the start and end of every frame an app writes, timed inside the app.

    A frame is the screen's update (compositor, the widgets' `render_line`s) plus the terminal output it makes;
    the headless driver writes nothing, so the timer renders the escape sequence itself. `install()` wraps the
    Screen methods that paint (for every app in the process; `uninstall()` puts them back), `attach(app)` the
    app's output. `key_to_frame` hands a key event to the driver, as a terminal would, and waits for the frame.
    """

    HOOKED = ("_on_timer_update", "_refresh_layout")

    def __init__(self) -> None:
        import asyncio

        self.frames: list[tuple[float, float]] = []  # start, end of every frame written
        self.frame_done = asyncio.Event()
        self.last_screen: object = None  # the screen of the last frame written
        self.on_frame: Callable[[object], None] | None = None  # called with it at the end of each frame written
        self._originals: dict[str, object] = {}
        self._depth = 0
        self._start = 0.0
        self._written = False

    def install(self) -> None:
        from textual.screen import Screen

        self._originals = {name: getattr(Screen, name) for name in self.HOOKED}
        for name in self.HOOKED:
            setattr(Screen, name, self._timed(name))

    def uninstall(self) -> None:
        from textual.screen import Screen

        for name, method in self._originals.items():
            setattr(Screen, name, method)

    def _timed(self, name: str):
        original = self._originals[name]

        def wrapper(screen: object, *args: object, **kwargs: object) -> None:
            if self._depth == 0:
                self._start, self._written = time.perf_counter(), False
            self._depth += 1
            try:
                original(screen, *args, **kwargs)  # type: ignore[operator]
            finally:
                self._depth -= 1
            if self._depth == 0 and self._written:
                self.frames.append((self._start, time.perf_counter()))
                self.last_screen = screen
                self.frame_done.set()
                if self.on_frame is not None:
                    self.on_frame(screen)

        return wrapper

    def attach(self, app: object) -> None:
        """Count a frame as written when the app hands the driver a screen update (rendered here)."""
        from textual._compositor import CompositorUpdate

        original_display = app._display  # type: ignore[attr-defined]

        def display(screen: object, renderable: object) -> None:
            original_display(screen, renderable)
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(app.console)  # type: ignore[attr-defined]  # what the driver would write
                self._written = True

        app._display = display  # type: ignore[attr-defined]

    async def quiet(self, pilot: object) -> None:
        """Let the app settle, then forget the frames written so far."""
        import asyncio

        await pilot.pause()  # type: ignore[attr-defined]
        await asyncio.sleep(0.03)
        self.frame_done.clear()

    async def next_frame(self, seconds: float = 2) -> tuple[float, float]:
        """The start and end of the next frame written."""
        import asyncio

        await asyncio.wait_for(self.frame_done.wait(), seconds)
        self.frame_done.clear()
        return self.frames[-1]

    async def key_to_frame(self, app: object, key: str, character: str | None = None) -> tuple[float, float, float]:
        """Hand the driver a key event; the key's arrival and the start and end of the next frame written."""
        from textual import events

        event = events.Key(key, character)
        event.set_sender(app)  # type: ignore[arg-type]
        arrived = time.perf_counter()
        app._driver.send_message(event)  # type: ignore[attr-defined]
        frame_start, frame_end = await self.next_frame()
        return arrived, frame_start, frame_end


def battlefield(seed: int) -> tuple[Encounter, list[Cell], list[Cell]]:
    """The benchmark's 100 x 100 map (seeded walls, low obstacles, rubble, stairs) with 40 units on it, every
    13th one down: the state, the floor cells and the units' cells in unit order (bench_frame.py arms them)."""
    from apcombat.model import BattleMap, Character, Encounter, Facing, Pose, Side, Unit

    chance = random.Random(seed)
    rows = []
    for _ in range(SIZE):
        row = ""
        for _ in range(SIZE):
            roll, ch = chance.random(), "."
            for symbol, share in SCATTER:
                if roll < share:
                    ch = symbol
                    break
                roll -= share
            row += ch
        rows.append(row)
    battlemap = BattleMap(rows)
    floor = [(x, y) for y in range(SIZE) for x in range(SIZE) if rows[y][x] == "."]
    spots = chance.sample(floor, UNITS)
    units = [
        Unit(
            id=f"{'raider' if i % 2 else 'guard'}{i}",
            side="raiders" if i % 2 else "guards",
            character=Character(f"U{i}"),
            hp=0 if i % 13 == 5 else 20,
            at=spots[i],
            facing=list(Facing)[i % 8],
            pose=list(Pose)[i % 3],
        )
        for i in range(UNITS)
    ]
    sides = [Side("guards", "Guards"), Side("raiders", "Raiders")]
    return Encounter("bench", sides, units, battlemap, active="guard0"), floor, spots


async def bench(moves: int, seed: int, preview: bool, gc_off: bool = False, verbose: bool = False) -> None:

    import attrs
    from textual.app import App, ComposeResult

    from apcombat.engine.views import covered_cells, reachable_cells, sight_cells
    from apcombat.model import Facing, RangeBand
    from apcombat.tui.widgets.map_view import MapOverlay, MapView

    state, floor, spots = battlefield(seed)
    ax, ay = spots[0]

    def distance(cell: tuple[int, int]) -> int:
        return max(abs(cell[0] - ax), abs(cell[1] - ay))

    active = state.units[0]
    active = attrs.evolve(active, ap=10)
    state = state.with_unit(active)
    sight = sight_cells(state, active)
    bands_by_distance = [(4, RangeBand.CQC), (12, RangeBand.CLOSE), (30, RangeBand.MEDIUM), (60, RangeBand.LONG)]
    overlay = MapOverlay(
        reachable=reachable_cells(state, active),
        sight=sight,
        cones=frozenset(cell for cell in floor if 20 <= cell[0] <= 40 and abs(cell[1] - 50) <= cell[0] - 20),
        bands={  # what band_cells gives for a rifle: a band for every cell in sight
            cell: next((band for limit, band in bands_by_distance if distance(cell) <= limit), RangeBand.EXTREME)
            for cell in sight
        },
        cover=covered_cells(state, active),
        target=spots[1],
    )

    def path_to(cell: tuple[int, int]) -> tuple[tuple[tuple[int, int], int], ...]:
        """A straight-line stand-in for the engine's preview: up to 10 steps towards the cell."""
        steps, (x, y) = [], (ax, ay)
        while (x, y) != cell and len(steps) < 10:
            x += (cell[0] > x) - (cell[0] < x)
            y += (cell[1] > y) - (cell[1] < y)
            steps.append(((x, y), 10 - len(steps) - 1))
        return tuple(steps)

    timer = FrameTimer()
    timer.install()

    class BenchApp(App[None]):
        def compose(self) -> ComposeResult:
            yield MapView(id="map")

        previewing = False

        def on_map_view_cursor_moved(self, message: MapView.CursorMoved) -> None:
            if self.previewing:
                view.show(state, attrs.evolve(overlay, path=path_to(message.cell)))

    app = BenchApp()
    async with app.run_test(size=(140, 45)) as pilot:
        view = app.query_one(MapView)
        timer.attach(app)

        async def quiet() -> None:
            await timer.quiet(pilot)

        # (c) show() with every overlay on
        await quiet()
        view.focus()
        view.cursor = (ax, ay)
        await quiet()
        start = time.perf_counter()
        view.show(state, overlay)
        show_first = time.perf_counter() - start
        frame_start, frame_end = await timer.next_frame()
        full_frame = frame_end - frame_start
        await quiet()
        same = attrs.evolve(overlay, reachable=dict(overlay.reachable), cover=frozenset(overlay.cover))
        start = time.perf_counter()
        view.show(state, same)
        show_same = time.perf_counter() - start
        await quiet()
        moved = state.with_unit(attrs.evolve(state.units[0], facing=Facing.S))
        start = time.perf_counter()
        view.show(moved, same)
        show_moved = time.perf_counter() - start
        await quiet()

        # (a), (b) key to frame
        view.cursor = (20, 20)
        app.previewing = preview
        await quiet()
        keys = (["right"] * 50 + ["down"] * 50 + ["left"] * 50 + ["up"] * 50) * (moves // 200 + 1)
        latencies, frame_work = [], []
        if gc_off:
            gc.disable()
        for key in keys[:moves]:
            arrived, frame_start, frame_end = await timer.key_to_frame(app, key)
            latencies.append(frame_end - arrived)
            if verbose and frame_end - arrived > SLOW:
                print(
                    f"  slow: {key} to {view.cursor}, scrolled to {tuple(view.scroll_offset)}: "
                    f"{(frame_end - arrived) * 1000:.1f} ms, frame {(frame_end - frame_start) * 1000:.1f} ms"
                )
            frame_work.append(frame_end - frame_start)
            await quiet()

    gc.enable()
    timer.uninstall()
    fps = os.environ.get("TEXTUAL_FPS", "60")
    print(f"map view: {SIZE} x {SIZE} map, {UNITS} units, every overlay on, 140 x 45, TEXTUAL_FPS={fps}")
    print(f"  show() first, every overlay split   {show_first * 1000:6.2f} ms")
    print(f"  frame after it (whole screen new)   {full_frame * 1000:6.2f} ms")
    print(f"  show() again, equal overlays        {show_same * 1000:6.2f} ms")
    print(f"  show() with one unit turned         {show_moved * 1000:6.2f} ms")
    print(f"  key to frame ({len(latencies)} cursor moves)  {percentiles(latencies)}")
    print(f"  moves slower than {SLOW * 1000:.1f} ms: {sum(latency > SLOW for latency in latencies)}")
    print(f"  frame work alone                    {percentiles(frame_work)}")
    print(f"  (cursor ended at {view.cursor}, scrolled to {tuple(view.scroll_offset)}; preview on: {preview})")


if __name__ == "__main__":
    main()
