"""On-demand benchmark of the encounter editor's map, key to the frame that shows the painted cells (not run by
pytest or CI; issue 27, item 9).

    python tests/bench/bench_editor.py [--keys 60] [--shapes 20] [--rounds 2] [--seed 7] [--gc-off]

The editor as a game master runs it (`create_app(editing=...)`, 140 x 45) on a 120 x 100 square map of
seeded walls, low walls and rubble. Timed with bench_frame.py's hook (`SettledFrames`): from a key's arrival
at the driver to

- shown: the end of the first frame in which the map view holds the painted map and has no line left to
  paint (the painted cells are on the screen);
- settled: the first frame after every handler the key caused has run (the panels and the problems too).

Figures, p50 / p95 in ms: the cursor in the editor (the stroke's preview follows it); a cell painted (keys 2
and 3 in turn on the same cell, each a change); a 5-brush stroke (the same, brush 5); a filled rectangle of
20 x 15 from a mark (`r`); a flood fill of a region of some hundreds of cells (`f`). In the same run the
battlefield's cursor frame (bench_frame.py's game screen, default overlay) is the reference: issue 27 asks a
cell and a 5-brush stroke within one 60 Hz frame (16.7 ms) at p95 and at most 2x the battlefield's cursor
p95; flood fill and rectangles within 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_frame import Figures, SettledFrames, game_screen, square_walk

WIDTH, HEIGHT = 120, 100
FRAME_60HZ = 1 / 60
SHAPES_WITHIN = 0.1
BATTLEFIELD = "battlefield: cursor"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keys", type=int, default=60, help="cursor keys and paint keys per round")
    parser.add_argument("--shapes", type=int, default=20, help="rectangles and flood fills per round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--gc-off", action="store_true", help="no garbage collection while the keys are timed")
    asyncio.run(bench(parser.parse_args()))


def bench_map(seed: int) -> Any:
    """A 120 x 100 map: seeded walls, low walls and rubble on the floor, a walled room of 20 x 20 (the flood's
    region) near the middle."""
    from apcombat.model import BattleMap

    rng = random.Random(seed)
    rows = [[rng.choice("....................#=:") for _ in range(WIDTH)] for _ in range(HEIGHT)]
    for y in range(40, 61):
        for x in range(50, 71):
            edge = y in (40, 60) or x in (50, 70)
            rows[y][x] = "#" if edge else "."
    return BattleMap(["".join(row) for row in rows])


async def editor(figures: Figures, timer: SettledFrames, args: argparse.Namespace) -> None:
    import attrs

    from apcombat.content import content_root, load_library
    from apcombat.editor.opening import new_fight
    from apcombat.model import Terrain
    from apcombat.tui.app import create_app
    from apcombat.tui.screens.editor import EditorScreen
    from apcombat.tui.widgets.map_view import MapView

    library = load_library(content_root())
    with tempfile.TemporaryDirectory() as folder:
        session = new_fight(library, "Bench", (WIDTH, HEIGHT))
        session.apply("the bench's map", attrs.evolve(session.encounter, map=bench_map(args.seed)))
        app = create_app(
            library=library, saves=Path(folder), keymap_file=Path(folder) / "no-keys.toml", editing=session
        )
        async with app.run_test(size=(140, 45)) as pilot:
            timer.attach(app)
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, EditorScreen)
            view = screen.query_one(MapView)
            shown: dict[str, float] = {}

            def painted() -> None:
                """At the end of a frame: whether the view holds the painted map and has painted every line."""
                done = not (view._repaint_required or view._repaint_regions)
                if "at" not in shown and done and view.state is screen.encounter:
                    shown["at"] = time.perf_counter()

            async def timed(what: str, key: str) -> None:
                before = screen.encounter
                await timer.quiet(app)
                shown.clear()
                timer.on_frame = painted
                arrived, settled, frames = await timer.key(app, key, key if len(key) == 1 else None)
                timer.on_frame = None
                assert screen.encounter is not before, f"{what}: the key {key} changed nothing"
                figures.add(f"editor: {what}, shown", shown["at"] - arrived)
                figures.add(f"editor: {what}, settled", settled - arrived, frames)

            view.cursor = (30, 30)
            for key in square_walk(args.keys):
                arrived, settled, frames = await timer.key(app, key)
                figures.add("editor: cursor, settled", settled - arrived, frames)
            for size, what in ((1, "a cell"), (5, "a 5-brush stroke")):
                while screen.brush_size != size:
                    await timer.key(app, "b", "b")
                for index in range(args.keys):
                    await timed(what, "23"[index % 2])
            while screen.brush_size != 1:
                await timer.key(app, "b", "b")
            for index in range(args.shapes):
                view.cursor = (10, 60)
                await timer.key(app, "23"[index % 2], "23"[index % 2])
                await timer.key(app, "m", "m")
                view.cursor = (29, 74)
                await timed("a 20 x 15 rectangle", "r")
            for index in range(args.shapes):
                view.cursor = (60, 50)
                screen.terrain = (Terrain.RUBBLE, Terrain.BRUSH)[index % 2]  # the room's floor, each time another
                await timed("a flood fill (the 19 x 19 room)", "f")


async def bench(args: argparse.Namespace) -> None:
    timer = SettledFrames()
    timer.install()
    figures = Figures()
    if args.gc_off:
        gc.disable()
    battle = argparse.Namespace(moves=args.keys, commands=0, opens=0, seed=args.seed, zoom=1, hex=False)
    for _ in range(args.rounds):
        await game_screen(figures, timer, battle)
        await editor(figures, timer, args)
    timer.uninstall()
    gc.enable()
    figures.samples[BATTLEFIELD] = figures.samples.pop("game: cursor, default overlay")
    figures.frames[BATTLEFIELD] = figures.frames.pop("game: cursor, default overlay")
    figures.samples.pop("game: cursor, all five overlays", None)
    collector = "off" if args.gc_off else "on"
    print(
        f"key to frame: editor on a {WIDTH} x {HEIGHT} map, 140 x 45, {args.rounds} rounds, seed {args.seed},"
        f" gc {collector}; ratios to the battlefield's cursor p95 (bench_frame.py's 100 x 100 map, same run)"
    )
    for what in figures.samples:
        print(figures.line(what, BATTLEFIELD))
    reference = figures.p95(BATTLEFIELD)
    for what in figures.samples:
        if what.endswith(", shown"):
            quick = "cell" in what or "brush" in what
            within = min(FRAME_60HZ, 2 * reference) if quick else SHAPES_WITHIN
            verdict = "ok" if figures.p95(what) <= within else "TOO SLOW"
            print(f"  {what:<40} p95 within {within * 1000:.1f} ms: {verdict}")


if __name__ == "__main__":
    main()
