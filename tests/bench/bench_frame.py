"""On-demand benchmark of the real game screen, key to the *settled* frame (not run by pytest or CI).

    python tests/bench/bench_frame.py [--moves 120] [--opens 30] [--commands 30] [--rounds 2] [--seed 7] [--gc-off]
                                      [--zoom 1|2|3] [--hex]

The app is the one a player runs (`create_app`, the GameScreen with the engine's previews, at 140 x 45) on the
100 x 100 map with 40 units that bench_map.py builds; here every unit carries a hunting rifle and every
fifth one stands on reaction watch, so the enemy cones overlay has something to show. After `start` the
acting unit plays. Figures, p50 / p95 in ms over the keys, each also as a ratio to the bare map's p95:

- cursor: an arrow key, the cursor walking a square around the acting unit (within reach and beyond it),
  with the default overlay (reachable cells) and with all five overlays on;
- `f`: the shot dialog opening on an enemy in sight (closed again with Escape); its first opening in a game,
  which builds the dialog, apart;
- `m`: a walk to a reachable cell out of the enemies' cones, to the first frame that shows the unit there
  (taken back with ctrl+z), and to the settled frame (overlays of the new state computed and drawn);
- bare map: the same cursor keys on an app holding only the Line-API map widget, the same state and every
  overlay drawn, and no engine at all (nothing answers a cursor move). The rounds alternate game and bare map.

The settled frame of a key is the first frame written after every handler the key caused has run: every
message dispatched (bubbled messages, `call_later`, a worker's messages and `call_from_thread`), every
`call_next` and every `call_after_refresh` callback. The timer records the end of each of those and the
start and end of each frame written (the screen's update and the terminal output it makes, rendered here as
the headless driver writes nothing); after the app has gone quiet (no handler, no frame and no worker for
QUIET seconds), the settled frame is the first whose start follows the last handler's end, or the last frame
written when a handler changed nothing that shows. Times run from the key's arrival at the driver.
The slowest commands are mostly Python's garbage collector walking the app's heap (--gc-off to see the rest).

`--hex` times the same map read as a hex map (R20: `kind = "hex"`, N and S facings turned to NE and SW) too,
each round on squares then on hexes, so the square map is the reference measured in the same run; every
figure is then named by its map and its ratio is to that map's own bare p95.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_map import SIZE, battlefield
from bench_tui import spot_in_sight

QUIET = 0.08  # seconds with nothing happening after which a key's effects are taken to be over
WEAPON = "hunting_rifle"
SQUARE = 14  # side of the square the cursor walks around the acting unit, in cells


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=120, help="cursor keys per round and overlay setting")
    parser.add_argument("--opens", type=int, default=30, help="shot dialogs opened per round")
    parser.add_argument("--commands", type=int, default=30, help="moves played per round")
    parser.add_argument("--rounds", type=int, default=2, help="rounds, each timing the bare map then the game")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--gc-off", action="store_true", help="no garbage collection while the keys are timed")
    parser.add_argument("--zoom", type=int, default=1, help="the map's zoom (z on the battlefield): 1, 2 or 3")
    parser.add_argument("--hex", action="store_true", help="time the map read as hexes too (squares as reference)")
    args = parser.parse_args()
    asyncio.run(bench(args))


class SettledFrames:
    """The timing hook: frames written and the handlers run, with their times (module note)."""

    FRAMES = ("_on_timer_update", "_refresh_layout")

    def __init__(self) -> None:
        self.frames: list[tuple[float, float]] = []  # start, end of every frame written
        self.handled: list[float] = []  # end of every handler run outside a frame
        self.on_frame: Callable[[], None] | None = None  # called at the end of each frame written
        self._originals: list[tuple[type, str, Any]] = []
        self._painting = 0
        self._written = False
        self._start = 0.0

    def install(self) -> None:
        from textual.message_pump import MessagePump
        from textual.screen import Screen

        for name in self.FRAMES:
            self._wrap(Screen, name, self._frame)
        self._wrap(MessagePump, "_dispatch_message", self._handler)
        self._wrap(MessagePump, "_flush_next_callbacks", self._handler, pending="_next_callbacks")
        self._wrap(Screen, "_invoke_and_clear_callbacks", self._handler, pending="_callbacks")

    def uninstall(self) -> None:
        for owner, name, original in reversed(self._originals):
            setattr(owner, name, original)
        self._originals.clear()

    def _wrap(self, owner: type, name: str, make: Callable[..., Any], **options: str) -> None:
        original = getattr(owner, name)
        self._originals.append((owner, name, original))
        setattr(owner, name, make(original, **options))

    def _frame(self, original: Callable[..., None]) -> Callable[..., None]:
        def frame(screen: object, *args: object, **kwargs: object) -> None:
            if self._painting == 0:
                self._start, self._written = time.perf_counter(), False
            self._painting += 1
            try:
                original(screen, *args, **kwargs)
            finally:
                self._painting -= 1
            if self._painting == 0 and self._written:
                self.frames.append((self._start, time.perf_counter()))
                if self.on_frame is not None:
                    self.on_frame()

        return frame

    def _handler(self, original: Callable[..., Any], pending: str = "") -> Callable[..., Any]:
        async def handler(pump: object, *args: object) -> None:
            if pending and not getattr(pump, pending):
                await original(pump, *args)
                return
            frames = len(self.frames)
            await original(pump, *args)
            if len(self.frames) == frames:  # a handler that painted a frame is the frame's, not the key's
                self.handled.append(time.perf_counter())

        return handler

    def attach(self, app: Any) -> None:
        """Count a frame as written when the app hands the driver a screen update (rendered here)."""
        from textual._compositor import CompositorUpdate

        original_display = app._display

        def display(screen: object, renderable: object) -> None:
            original_display(screen, renderable)
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(app.console)  # what the driver would write
                self._written = True

        app._display = display

    async def quiet(self, app: Any) -> None:
        """Wait until nothing has happened for QUIET seconds and no worker runs."""
        while True:
            await asyncio.sleep(QUIET / 4)
            last = max([0.0, *self.handled[-1:], *(end for _, end in self.frames[-1:])])
            busy = any(worker.is_running for worker in app.workers)
            if not busy and time.perf_counter() - last >= QUIET:
                return

    async def key(self, app: Any, key: str, character: str | None = None) -> tuple[float, float, int]:
        """Hand the driver a key event, as a terminal would; the key's arrival, the end of its settled frame
        and the number of frames written in between (the settled one included)."""
        from textual import events

        await self.quiet(app)
        self.frames.clear()
        self.handled.clear()
        event = events.Key(key, character)
        event.set_sender(app)
        arrived = time.perf_counter()
        app._driver.send_message(event)
        await self.quiet(app)
        if not self.frames:
            raise RuntimeError(f"the key {key} wrote no frame")
        last_handler = max(self.handled, default=arrived)
        after = [index for index, (start, _) in enumerate(self.frames) if start >= last_handler]
        settled = after[0] if after else len(self.frames) - 1
        return arrived, self.frames[settled][1], settled + 1


class Figures:
    """Latencies by what was timed, in seconds, and the frames each key took."""

    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = {}
        self.frames: dict[str, list[int]] = {}

    def add(self, what: str, latency: float, frames: int = 1) -> None:
        self.samples.setdefault(what, []).append(latency)
        self.frames.setdefault(what, []).append(frames)

    def p95(self, what: str) -> float:
        ordered = sorted(self.samples[what])
        return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]

    def line(self, what: str, bare: str) -> str:
        samples = self.samples[what]
        p50, p95 = statistics.median(samples), self.p95(what)
        ratio = p95 / self.p95(bare)
        frames = statistics.mean(self.frames[what])
        return (
            f"  {what:<40} p50 {p50 * 1000:6.2f}  p95 {p95 * 1000:6.2f} ms  ({ratio:4.2f}x bare p95;"
            f" {len(samples)} keys, {frames:.2f} frames a key)"
        )


def armed(seed: int, kind: str = "square") -> Any:
    """bench_map's battlefield with a rifle for every unit and every fifth one on reaction watch; on a hex map
    (`kind`), units facing N or S face NE or SW (R20.2)."""
    import attrs

    from apcombat.content import content_root, load_library
    from apcombat.model import CarriedWeapon, Facing, Skill, Watch

    on_hexes = {Facing.N: Facing.NE, Facing.S: Facing.SW} if kind == "hex" else {}

    rifle = load_library(content_root()).weapon(WEAPON)
    state, _, _ = battlefield(seed)
    units = [
        attrs.evolve(
            unit,
            character=attrs.evolve(unit.character, skills={Skill.SMALL_GUNS: 60}, weapons=(WEAPON,)),
            weapons=(CarriedWeapon(rifle, rifle.magazine),),
            watch=Watch() if index % 5 == 3 and not unit.down else None,
            facing=on_hexes.get(unit.facing, unit.facing),
        )
        for index, unit in enumerate(state.units)
    ]
    return attrs.evolve(state, map=attrs.evolve(state.map, kind=kind), units=tuple(units), active=None)


def square_walk(moves: int) -> list[str]:
    side = SQUARE // 2
    keys = ["left"] * side + ["up"] * side
    walk = ["right"] * SQUARE + ["down"] * SQUARE + ["left"] * SQUARE + ["up"] * SQUARE
    return (keys + walk * (moves // len(walk) + 1))[:moves]


async def bare_map(
    figures: Figures, timer: SettledFrames, state: Any, moves: int, zoom: int = 1, name: str = ""
) -> None:
    """Cursor keys on an app that holds only the map widget, every overlay drawn, no engine answering."""
    from textual.app import App, ComposeResult

    from apcombat.engine.views import band_cells, covered_cells, enemy_cones, reachable_cells, sight_cells
    from apcombat.tui.widgets.map_view import MapOverlay, MapView

    active = state.unit(state.active)
    overlay = MapOverlay(
        reachable=reachable_cells(state, active),
        sight=sight_cells(state, active),
        cones=enemy_cones(state, active.side),
        bands=band_cells(state, active),
        cover=covered_cells(state, active),
    )

    class BareMap(App[None]):
        def compose(self) -> ComposeResult:
            yield MapView(state, overlay, id="map")

    app = BareMap()
    async with app.run_test(size=(140, 45)):
        timer.attach(app)
        view = app.query_one(MapView)
        view.zoom = zoom
        view.focus()
        view.cursor = tuple(min(max(at, SQUARE), SIZE - 1 - SQUARE) for at in active.at)
        for key in square_walk(moves):
            arrived, settled, frames = await timer.key(app, key)
            figures.add(f"{name}bare map: cursor", settled - arrived, frames)


async def game_screen(figures: Figures, timer: SettledFrames, args: argparse.Namespace, kind: str = "square") -> Any:
    """The real app on the armed battlefield: cursor keys, the shot dialog and moves played; the state after
    `start` (for the bare map). With `--hex` every figure is named by its map kind."""
    name = f"{kind}: " if args.hex else ""
    import attrs

    from apcombat.engine import Game
    from apcombat.engine.views import enemy_cones, reachable_area
    from apcombat.tui.app import create_app
    from apcombat.tui.screens.game import GameScreen
    from apcombat.tui.screens.shot import ShotScreen
    from apcombat.tui.widgets.map_view import MapView

    with tempfile.TemporaryDirectory() as folder:
        app = create_app(saves=Path(folder), keymap_file=Path(folder) / "no-keys.toml", seed=args.seed)
        async with app.run_test(size=(140, 45)) as pilot:
            timer.attach(app)
            app.open_game(Game(armed(args.seed, kind), seed=args.seed), "bench")
            await pilot.pause()
            game = app.screen
            assert isinstance(game, GameScreen)
            view = game.query_one(MapView)
            await timer.key(app, "s", "s")
            while view.zoom != args.zoom:
                await timer.key(app, "z", "z")
            started = game.state
            unit_id = started.active
            home = started.unit(unit_id).at

            size = started.map.width, started.map.height
            centre = tuple(min(max(at, SQUARE), side - 1 - SQUARE) for at, side in zip(home, size, strict=True))

            async def cursor_keys(what: str) -> None:
                view.cursor = centre  # the square walked stays on the map: every key moves the cursor
                for key in square_walk(args.moves):
                    arrived, settled, frames = await timer.key(app, key)
                    figures.add(name + what, settled - arrived, frames)

            await cursor_keys("game: cursor, default overlay")
            for key in "1234":
                await timer.key(app, key, key)
            assert game.overlays == {"sight", "cones", "bands", "cover", "reach"}
            await cursor_keys("game: cursor, all five overlays")

            # moves played: to reachable cells whose whole path stays out of the enemies' cones
            unit = game.state.unit(unit_id)
            area, cones = reachable_area(game.state, unit), enemy_cones(game.state, unit.side)
            assert area is not None
            far = sorted(area, key=lambda cell: -area[cell].ap)
            targets = [c for c in far if c != home and not (set(area.path_to(c).cells) & cones)][: args.commands]
            shown: dict[str, float] = {}
            for cell in targets:
                view.cursor = cell
                await timer.quiet(app)

                def moved(cell: tuple[int, int] = cell) -> None:
                    """At the end of a frame: whether the map shows the unit at `cell` (its state has it
                    there, and every line the map was asked to redraw is painted)."""
                    state, painted = view.state, not (view._repaint_required or view._repaint_regions)
                    if "at" not in shown and painted and state is not None and state.unit(unit_id).at == cell:
                        shown["at"] = time.perf_counter()

                shown.clear()
                timer.on_frame = moved
                arrived, settled, frames = await timer.key(app, "m", "m")
                timer.on_frame = None
                assert game.state.unit(unit_id).at == cell, f"the move to {cell} was not played"
                figures.add(f"{name}game: m, frame showing the move", shown["at"] - arrived)
                figures.add(f"{name}game: m, settled frame", settled - arrived, frames)
                await timer.key(app, "ctrl+z")
                assert game.state.unit(unit_id).at == home

            # the shot dialog, from a cell where the acting unit sees an enemy
            x, y = spot_in_sight(game.state, unit_id)
            game.act(f"gm set {unit_id} at={x},{y}")
            await timer.key(app, "tab")
            assert game.target is not None, "no target in sight"
            for opened in range(args.opens):
                arrived, settled, frames = await timer.key(app, "f", "f")
                assert isinstance(app.screen, ShotScreen)
                what = "game: f, shot dialog" if opened else "game: f, shot dialog's first (built)"
                figures.add(name + what, settled - arrived, frames)
                await timer.key(app, "escape")
                assert app.screen is game
    return attrs.evolve(started, active=unit_id)


async def bench(args: argparse.Namespace) -> None:
    timer = SettledFrames()
    timer.install()
    figures = Figures()
    if args.gc_off:
        gc.disable()
    kinds = ("square", "hex") if args.hex else ("square",)
    for _ in range(args.rounds):
        for kind in kinds:
            started = await game_screen(figures, timer, args, kind)
            await bare_map(figures, timer, started, args.moves, args.zoom, f"{kind}: " if args.hex else "")
    timer.uninstall()
    gc.enable()
    collector = "off" if args.gc_off else "on"
    print(
        f"key to settled frame: {SIZE_TEXT}, 140 x 45, zoom {args.zoom}, {args.rounds} rounds, seed {args.seed},"
        f" gc {collector}"
    )
    for what in figures.samples:
        kind = what.split(": ")[0] + ": " if args.hex else ""
        print(figures.line(what, f"{kind}bare map: cursor"))


SIZE_TEXT = "100 x 100 map, 40 units (bench_map.py's, armed)"

if __name__ == "__main__":
    main()
