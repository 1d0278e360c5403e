"""On-demand benchmark of save files (not run by pytest or CI).

    python tests/bench/bench_saves.py [--runs 21] [--commands 1000] [--encounter FILE]

Builds a 100 x 100 encounter with 40 units (every shipped character, each with its own weapons and armour),
or reads the one given with --encounter; plays a thousand commands on it (moves, turns, shots, overrides,
turns ended); then reports the save's size and the median and 95th-percentile times to save it (write the
file atomically) and to load it (read, check in full, replay the history to confirm the state, and resume
the game).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import platform
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

from apcombat.content import Library, content_root, load_encounter, load_library
from apcombat.engine import CommandError, Game
from apcombat.saves import load_game, save_game

SIZE = 100
UNITS = 40


def map_rows() -> list[str]:
    """A 100 x 100 map walled round, with low walls, rubble and wall stubs in a regular pattern."""
    rows = []
    for y in range(SIZE):
        row = []
        for x in range(SIZE):
            if x in (0, SIZE - 1) or y in (0, SIZE - 1):
                row.append("#")
            elif x % 10 == 5 and y % 7 in (2, 3):
                row.append("=")
            elif (x * 7 + y * 3) % 23 == 0:
                row.append(":")
            elif x % 17 == 8 and y % 9 == 4:
                row.append("#")
            else:
                row.append(".")
        rows.append("".join(row))
    return rows


def encounter_text(library: Library) -> str:
    """An encounter file: two sides of 20 units each, every shipped character used in turn."""
    characters = itertools.cycle(sorted(library.characters))
    lines = ['name = "Benchmark: forty in the wastes"', "", "[map]", "rows = ["]
    lines += [f'  "{row}",' for row in map_rows()]
    lines += ["]", ""]
    for side in ("vault", "raiders"):
        lines += ["[[side]]", f'id = "{side}"', f'name = "{side.title()}"', ""]
    for index in range(UNITS):
        side, x = ("vault", 2) if index % 2 == 0 else ("raiders", SIZE - 3)
        y = 2 + (index // 2) * 4
        lines += ["[[unit]]", f'id = "u{index}"', f'side = "{side}"', f'character = "{next(characters)}"']
        lines += [f"at = [{x}, {y}]", ""]
    return "\n".join(lines)


STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))
FACINGS = ("N", "E", "S", "W")


def commands(game: Game) -> Iterator[str]:
    """An endless stream of commands for whoever is acting: moves, turns, shots, pose changes, game-master
    overrides, turns ended."""
    for step in itertools.count():
        state = game.state
        active = state.active or state.units[0].id
        x, y = state.unit(active).at or (0, 0)
        dx, dy = STEPS[step // 7 % 4]
        target = state.units[step % len(state.units)].id
        yield (
            f"move {active} {x + dx},{y + dy}",
            f"turn {active} {FACINGS[step % 4]}",
            f"shoot {active} {target}",
            f"gm set {target} hp={10 + step % 20}",
            f"gm mod {step % 21 - 10}",
            f"pose {active} {('crouched', 'upright')[step % 2]}",
            "end",
        )[step % 7]


def played(game: Game, count: int) -> Game:
    """`game` after `count` commands it accepted (commands it refuses are not counted)."""
    stream = commands(game)
    while len(game.history) < count:
        with contextlib.suppress(CommandError):
            game.play(next(stream))
    return game


def big_fight(folder: str, commands: int, encounter: Path | None = None) -> Game:
    """The 40-unit encounter written in `folder` (or `encounter`, when given), after `commands` commands."""
    library = load_library(content_root())
    if encounter is None:
        encounter = Path(folder) / "big.toml"
        encounter.write_text(encounter_text(library), encoding="utf-8")
    return played(Game(load_encounter(encounter, library), seed=1), commands)


def timings_ms(work: Callable[[], object], runs: int) -> tuple[float, float, float]:
    """The median and the 95th percentile of `runs` timings of `work` and the median processor time, in
    milliseconds (the processor time is the steadier figure on a busy machine)."""
    times, cpu_times = [], []
    for _ in range(runs):
        start, cpu_start = time.perf_counter(), time.process_time()
        work()
        times.append((time.perf_counter() - start) * 1000)
        cpu_times.append((time.process_time() - cpu_start) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return statistics.median(times), p95, statistics.median(cpu_times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--commands", type=int, default=1000)
    parser.add_argument("--encounter", type=Path, help="an encounter file instead of the built 40-unit one")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        game = big_fight(folder, args.commands, args.encounter)
        path = Path(folder) / "bench.toml"
        saving = timings_ms(lambda: save_game(game, path), args.runs)
        loading = timings_ms(lambda: load_game(path), args.runs)
        file_size = path.stat().st_size
    print(f"Python {platform.python_version()} on {platform.machine()}")
    battle_map, units = game.state.map, len(game.state.units)
    size = f"{battle_map.width} x {battle_map.height} map" if battle_map else "no map"
    kinds = Counter(entry.line.split()[0] for entry in game.history)
    print(f"{game.state.name}: {size}, {units} units, round {game.state.round}")
    print(f"{len(game.history)} commands: " + ", ".join(f"{count} {verb}" for verb, count in kinds.most_common()))
    print(f"save file: {file_size / 1024:,.0f} KiB")
    for what, (median, p95, cpu) in (("save", saving), ("load", loading)):
        print(f"{what}, median (p95) of {args.runs}: {median:.1f} ({p95:.1f}) ms; processor time {cpu:.1f} ms")


if __name__ == "__main__":
    main()
