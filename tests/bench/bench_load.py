"""On-demand benchmark of opening a big save in the terminal app, and of undo right after (not run by pytest).

    python tests/bench/bench_load.py [--runs 15] [--commands 1000]

The save is bench_saves.py's: a 100 x 100 encounter with 40 units after a thousand commands. In one headless
app at 140 x 45, taken in turns in every run:

(a) the save format's own load: `open_save` (read, check, replay the history to confirm the state), and
    the engine's undo (`Game.undo`) right after it;
(b) the app's load of the same save: from the app's `open_save` (what Enter on the load screen calls) to the
    end of the first frame written with the battlefield and its log filled, timed inside the app with
    bench_map.py's `FrameTimer`;
(c) undo right after that load: ctrl+z to the end of the first frame showing the state before the last
    command and the log with the "undone" line;
(d) undo otherwise: a command played in the app after the load (`gm mod 1`), then ctrl+z, timed as (c).

Medians and p95 of each, and the ratios (b)/(a) (the aim: at most 1.5x) and (c)/(d) (the aim: about 1x,
and (c) under 10 ms). Between runs the app goes back to the title screen.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gc
import platform
import statistics
import tempfile
import time
from pathlib import Path

from bench_map import FrameTimer
from bench_saves import big_fight


def p50_p95(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


async def bench(path: Path, runs: int) -> dict[str, list[float]]:
    from apcombat.saves import open_save
    from apcombat.tui.app import create_app
    from apcombat.tui.screens.game import GameScreen
    from apcombat.tui.widgets.event_log import EventLog

    timer = FrameTimer()
    timer.install()
    times: dict[str, list[float]] = {
        "format": [],
        "engine undo": [],
        "app": [],
        "undo after load": [],
        "undo otherwise": [],
    }
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(saves=Path(folder), keymap_file=Path(folder) / "no-keys.toml", ai_pace=0)
        async with app.run_test(size=(140, 45)) as pilot:
            timer.attach(app)
            await pilot.pause()

            def game_shown(length: int, last_event: str) -> bool:
                """The battlefield in front, its game `length` commands long, its log showing every event of
                the game, the last one starting with `last_event`."""
                screen = timer.last_screen
                if not isinstance(screen, GameScreen) or len(screen.session.game.history) != length:
                    return False
                log, events = screen.query_one(EventLog), screen.session.log
                filled = log.shown == len(events) and log.virtual_size.height > 0
                return filled and events[-1].text.startswith(last_event)

            async def until_frame(started: float, shown) -> float:
                while not shown():
                    await timer.next_frame(10)
                return timer.frames[-1][1] - started

            async def undo(length: int, line: str) -> float:
                arrived, *_ = await timer.key_to_frame(app, "ctrl+z")
                return await until_frame(arrived, lambda: game_shown(length - 1, f"undone: {line}"))

            for _ in range(runs):
                gc.collect()
                started = time.perf_counter()
                game = open_save(path).game
                times["format"].append(time.perf_counter() - started)
                length, last = len(game.history), game.log[-1].text
                started = time.perf_counter()
                game.undo()
                times["engine undo"].append(time.perf_counter() - started)
                del game
                gc.collect()
                await timer.quiet(pilot)
                started = time.perf_counter()
                app.open_save(path)
                loaded = functools.partial(game_shown, length, last)
                times["app"].append(await until_frame(started, loaded))
                await timer.quiet(pilot)
                line = app.screen.session.game.history[-1].line
                times["undo after load"].append(await undo(length, line))
                await timer.quiet(pilot)
                app.screen.act("gm mod 1")
                await timer.quiet(pilot)
                times["undo otherwise"].append(await undo(length, "gm mod 1"))
                app._to_title()  # no question: the bench leaves its own play unsaved on purpose
        timer.uninstall()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--commands", type=int, default=1000)
    args = parser.parse_args()
    from apcombat.saves import save_game

    with tempfile.TemporaryDirectory() as folder:
        game = big_fight(folder, args.commands)
        path = save_game(game, Path(folder) / "bench.toml")
        size = path.stat().st_size
        times = asyncio.run(bench(path, args.runs))
    print(f"Python {platform.python_version()} on {platform.machine()}")
    print(
        f"{game.state.name}: {len(game.state.units)} units, {len(game.history)} commands, save {size / 1024:,.0f} KiB"
    )
    figures = {what: p50_p95(samples) for what, samples in times.items()}
    print(f"median (p95) of {args.runs} runs, taken in turns:")
    for what, (median, p95) in figures.items():
        print(f"  {what:<16} {median * 1000:8.1f} ({p95 * 1000:6.1f}) ms")
    load_ratio = figures["app"][0] / figures["format"][0]
    undo_ratio = figures["undo after load"][0] / figures["undo otherwise"][0]
    print(f"  app load / the format's load: {load_ratio:.2f}x (aim: at most 1.5x)")
    print(f"  undo after load / undo otherwise: {undo_ratio:.2f}x (aim: about 1x; undo after load under 10 ms)")


if __name__ == "__main__":
    main()
