"""On-demand balance check of the shipped map encounters (not run by pytest or CI): `apcombat sim` plays
each one with the same AI on every side and this prints the balance table of docs/balance.md.

    python tests/bench/bench_balance.py [--games 200] [--ai baseline] [--jobs 2] [--max-rounds 30] [NAME ...]

Why no `--swap`: swapping exchanges the AIs of the sides, and with one AI on both sides the swapped game is
the same game played again (same seed, same generators), so it would only count every game twice. "Each
side" here is a side of the map: side A is the encounter's first side, B its second, and A's share of the
decisive games (wins / (wins + losses), draws left out) with its 95 % Wilson interval says how fair the map
is. Plug-ins (`module:function`) are looked for in tests/ai/plugins as well as the working directory.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from apcombat.content import load_encounter, load_library
from apcombat.sim.summary import wilson_interval

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = ROOT / "tests" / "ai" / "plugins"
CONTENT = ROOT / "content"  # this tree's content, even when PYTHONPATH runs another tree's code
EVEN = (0.35, 0.65)  # the share of decisive games each side of a fight meant to be even must win


def map_encounters() -> list[Path]:
    """Every shipped encounter with a map (table-mode ones have no AI sides)."""
    library = load_library(CONTENT)
    folder = CONTENT / "encounters"
    return [path for path in sorted(folder.glob("*.toml")) if load_encounter(path, library).map is not None]


def simulate(path: Path, ai: str, games: int, jobs: int, max_rounds: int) -> dict:
    """`apcombat sim --json` on `path` with `ai` on every side; the JSON object it prints."""
    library = load_library(CONTENT)
    sides = [side.id for side in load_encounter(path, library).sides]
    command = [sys.executable, "-m", "apcombat", "--content", str(CONTENT), "sim", str(path), "--games", str(games)]
    command += ["--jobs", str(jobs)]
    command += ["--max-rounds", str(max_rounds), "--json"]
    for side in sides:
        command += ["--ai", f"{side}={ai}"]
    path_list = filter(None, [str(PLUGINS), os.environ.get("PYTHONPATH")])
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join(path_list))
    done = subprocess.run(command, capture_output=True, text=True, env=environment, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{path.name}: apcombat sim failed: {(done.stderr or done.stdout).strip()}")
    report = json.loads(done.stdout)
    report["side_order"] = sides
    return report


def table_row(name: str, report: dict) -> str:
    """One line of the balance table: games, each side's wins, draws, A's share of decisive games."""
    first, second = report["side_order"][:2]
    games = len(report["games"])
    a_wins = sum(1 for game in report["games"] if game["winner"] == first)
    b_wins = sum(1 for game in report["games"] if game["winner"] == second)
    draws = sum(1 for game in report["games"] if game["winner"] is None)
    decisive = a_wins + b_wins
    if decisive:
        low, high = wilson_interval(a_wins, decisive)
        share = f"{a_wins / decisive:.0%} ({low:.0%} - {high:.0%})"
    else:
        share = "no decisive game"
    return f"| {name} | {games} | {first} {a_wins} | {second} {b_wins} | {draws} ({draws / games:.0%}) | {share} |"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("names", nargs="*", help="encounter names (default: every map encounter)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--ai", default="baseline")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--max-rounds", type=int, default=30)
    args = parser.parse_args()
    paths = [path for path in map_encounters() if not args.names or path.stem in args.names]
    print(f"{args.ai} on every side, {args.games} seeds, --jobs {args.jobs}, round cap {args.max_rounds}")
    print("| encounter | games | side A wins | side B wins | draws | A's share of decisive games (95 %) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for path in paths:
        started = time.perf_counter()
        report = simulate(path, args.ai, args.games, args.jobs, args.max_rounds)
        print(table_row(path.stem, report), flush=True)
        print(f"    ({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
