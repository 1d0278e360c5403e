"""On-demand benchmark of the terminal app (not run by pytest or CI).

    python tests/bench/bench_tui.py [--opens 50] [--runs 11] [--seed 7] [--fps N] [--gc-off]
                                    [--skip-startup | --startup-only]

(a) Key to the shot dialog: on content/encounters/big_battlefield.toml (a 120 x 100 map) at 140 x 45, the
    acting unit (put by `gm set` where it sees an enemy) has a target; `f` opens the shot dialog, which asks
    the engine for the attack's preview and shows its breakdown. Timed inside the app with the timing hook of
    bench_map.py (`FrameTimer`): from the key event's arrival at the driver to the end of the first frame
    written with the dialog and its breakdown on it (frames in between, if any, are counted); p50/p95 over
    the opens, each closed again with Escape. The slowest opens are mostly Python's garbage collector going
    through the app's large heap (--gc-off to see the rest).
(b) Start-up: the time from starting a fresh Python process to the end of the first frame written of
    `apcombat` (the title screen, through the command's `main`) and to the end of the first frame in which
    the title screen is usable (its encounter list filled), and to the first frame of an empty Textual app
    (`class Empty(App): pass`), all with the headless driver (TEXTUAL_DRIVER) at 80 x 24; the median and
    p95 of --runs runs each, the two apps started in turns, and the ratios to the empty app (the aim: the
    usable title screen within 1.5x). A frame is counted when the app hands the driver a screen update,
    whichever of Textual's paths wrote it (FrameTimer counts only those of a screen's refresh timer and
    layout, and misses the title screen's first frame). The children keep their compiled bytecode (in a
    temporary PYTHONPYCACHEPREFIX, whatever PYTHONDONTWRITEBYTECODE says), as an installed program does, and
    one start-up of each app before the timed ones fills it.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_map import FrameTimer, percentiles

HERE = Path(__file__).resolve()
HEADLESS = "textual.drivers.headless_driver:HeadlessDriver"
FRAME = b"first-frame\n"
USABLE = b"usable\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--opens", type=int, default=50, help="shot dialogs opened for (a)")
    parser.add_argument("--runs", type=int, default=11, help="start-ups of each app for (b)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--fps", type=int, default=None, help="TEXTUAL_FPS, the most frames a second (60)")
    parser.add_argument("--gc-off", action="store_true", help="no garbage collection while (a) is timed")
    parser.add_argument("--skip-startup", action="store_true", help="only (a)")
    parser.add_argument("--startup-only", action="store_true", help="only (b)")
    parser.add_argument("--child", choices=("apcombat", "empty"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.fps is not None:
        os.environ["TEXTUAL_FPS"] = str(args.fps)  # read when textual is imported
    if args.child:
        first_frame(args.child)
        return
    import asyncio

    if not args.startup_only:
        asyncio.run(shot_dialog(args.opens, args.seed, args.gc_off))
    if not args.skip_startup:
        startup(args.runs)


# ----- (a) key to the shot dialog -------------------------------------------------------------------------------


def spot_in_sight(state, unit_id: str) -> tuple[int, int]:
    """A free floor cell from which the unit would see an enemy, nearest an enemy first."""
    import attrs

    from apcombat.engine.views import visible_enemies
    from apcombat.model import Terrain

    unit = state.unit(unit_id)
    enemy = next(u for u in state.units if u.side != unit.side and not u.down and u.at is not None)
    taken = {u.at for u in state.units}
    cells = [
        (x, y)
        for y in range(state.map.height)
        for x in range(state.map.width)
        if state.map.terrain[y][x] is Terrain.FLOOR and (x, y) not in taken
    ]
    cells.sort(key=lambda cell: abs(abs(cell[0] - enemy.at[0]) + abs(cell[1] - enemy.at[1]) - 8))
    for cell in cells:
        if visible_enemies(state.with_unit(attrs.evolve(unit, at=cell)), attrs.evolve(unit, at=cell)):
            return cell
    raise RuntimeError(f"{unit_id} sees no enemy from anywhere")


async def shot_dialog(opens: int, seed: int, gc_off: bool = False) -> None:
    from apcombat.content import content_root, load_library
    from apcombat.tui.app import create_app
    from apcombat.tui.screens.game import GameScreen
    from apcombat.tui.screens.shot import ShotScreen

    timer = FrameTimer()
    timer.install()
    encounter = content_root() / "encounters" / "big_battlefield.toml"
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            library=load_library(content_root()),
            open_path=encounter,
            saves=Path(folder),
            keymap_file=Path(folder) / "no-keys.toml",
            seed=seed,
        )
        async with app.run_test(size=(140, 45)) as pilot:
            timer.attach(app)
            await pilot.pause()
            game = app.screen
            assert isinstance(game, GameScreen)
            game.act("start")
            active = game.state.active
            x, y = spot_in_sight(game.state, active)
            game.act(f"gm set {active} at={x},{y}")
            await pilot.press("tab")
            assert game.target is not None, "no target"
            target = game.state.unit(game.target)

            def dialog_shown(screen: object) -> bool:
                return isinstance(screen, ShotScreen) and bool(screen.query_one("#shot-lines").content)

            latencies, frame_work, extra_frames = [], [], 0
            if gc_off:
                gc.disable()
            for _ in range(opens):
                await timer.quiet(pilot)
                arrived, frame_start, frame_end = await timer.key_to_frame(app, "f", "f")
                while not dialog_shown(timer.last_screen):
                    frame_start, frame_end = await timer.next_frame()
                    extra_frames += 1
                latencies.append(frame_end - arrived)
                frame_work.append(frame_end - frame_start)
                await pilot.press("escape")
                assert app.screen is game
            gc.enable()
        timer.uninstall()
    where = f"{game.state.unit(active).name} at {x},{y} -> {target.name} at {target.at[0]},{target.at[1]}"
    print(f"shot dialog: {encounter.name} ({game.state.map.width} x {game.state.map.height}), 140 x 45, {where}")
    print(f"  key f to the dialog painted ({opens} opens)  {percentiles(latencies)}")
    print(f"  its frame alone                       {percentiles(frame_work)}")
    print(f"  frames before the dialog's: {extra_frames} in {opens} opens; garbage collection on: {not gc_off}")


# ----- (b) start-up -------------------------------------------------------------------------------------------


def first_frame(which: str) -> None:
    """In the child process: run the app until its first frame is written, then say so on stdout (bypassing
    the app's redirection); for apcombat go on to the first frame of the title screen with its encounters
    listed and say so too; then stop at once. A frame is written when the app hands the driver a screen
    update, whatever made it (rendered here, as the headless driver writes nothing)."""
    from textual._compositor import CompositorUpdate
    from textual.app import App

    said_first = False

    def written(screen: object) -> None:
        nonlocal said_first
        if which == "empty":
            os.write(1, FRAME)
            os._exit(0)
        if type(screen).__name__ != "TitleScreen":
            return
        if not said_first:
            os.write(1, FRAME)
            said_first = True
        if screen.query_one("#encounters").option_count:  # type: ignore[attr-defined]
            os.write(1, USABLE)
            os._exit(0)

    made = App.__init__

    def attach_when_made(app: App, *args: object, **kwargs: object) -> None:
        made(app, *args, **kwargs)
        display = app._display

        def displayed(screen: object, renderable: object) -> None:
            display(screen, renderable)  # type: ignore[arg-type]
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(app.console)  # what the driver would write
                written(screen)

        app._display = displayed  # type: ignore[method-assign]

    App.__init__ = attach_when_made  # type: ignore[method-assign]  # reaches the app the command makes
    if which == "empty":

        class Empty(App):
            pass

        Empty().run()
    else:
        from apcombat.cli import main as apcombat_main

        apcombat_main([])
    os._exit(1)  # the app stopped without writing the frames looked for


def start_once(which: str, bytecode: str) -> list[float]:
    """Seconds from starting the child to each line it says: the first frame, then (apcombat) the usable one.
    `bytecode`: the folder the child keeps its compiled modules in."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    env |= {"TEXTUAL_DRIVER": HEADLESS, "PYTHONPYCACHEPREFIX": bytecode}
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, str(HERE), "--child", which], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    assert child.stdout is not None
    expected = [FRAME] if which == "empty" else [FRAME, USABLE]
    elapsed = []
    for line in expected:
        said = child.stdout.readline()
        elapsed.append(time.perf_counter() - started)
        if said != line:
            _, errors = child.communicate(timeout=30)
            what = line.decode().strip()
            raise RuntimeError(f"{which}: no {what} frame (exit {child.returncode}): {errors.decode()[-2000:]}")
    child.communicate(timeout=30)
    return elapsed


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def startup(runs: int) -> None:
    times: dict[str, list[float]] = {"empty": [], "first frame": [], "usable": []}
    with tempfile.TemporaryDirectory(prefix="bench-tui-bytecode-") as bytecode:
        start_once("empty", bytecode)  # not timed: compiles what each app imports
        start_once("apcombat", bytecode)
        for _ in range(runs):
            times["empty"] += start_once("empty", bytecode)
            first, usable = start_once("apcombat", bytecode)
            times["first frame"].append(first)
            times["usable"].append(usable)
    medians = {which: statistics.median(samples) for which, samples in times.items()}
    print(f"start-up, fresh process, headless, {runs} runs of each app in turns: median (p95)")
    for which, samples in times.items():
        shown = " ".join(f"{sample * 1000:.0f}" for sample in samples)
        print(f"  {which:<12} {medians[which] * 1000:5.0f} ({p95(samples) * 1000:5.0f}) ms   (runs: {shown})")
    for which, aim in (("first frame", ""), ("usable", " (aim: within 1.5x)")):
        print(f"  {which} / empty: {medians[which] / medians['empty']:.2f}x{aim}")


if __name__ == "__main__":
    main()
