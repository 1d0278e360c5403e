"""On-demand benchmark of the turn engine (not run by pytest or CI).

    python tests/bench/bench_engine.py [--rounds 10]

Plays the 4-vs-4 street fight for ten rounds with a simple scripted policy (each unit shoots the nearest
enemy it can hit while it has AP, otherwise steps towards one, then ends its turn), writes the script, then
times a replay of that script from the start: commands per second and the total.
"""

from __future__ import annotations

import argparse
import statistics
import time

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import CommandError, Game, parse_command, preview
from apcombat.model import Encounter


def policy(state: Encounter) -> str:
    """One command for the active unit: a shot if one is allowed, else a step forward, else `end`."""
    me = state.unit(state.active)
    enemies = [u for u in state.units if u.side != me.side and u.standing]
    enemies.sort(key=lambda u: abs(u.at[0] - me.at[0]) + abs(u.at[1] - me.at[1]))
    for enemy in enemies:
        line = f"shoot {me.id} {enemy.id}"
        if preview(state, parse_command(line)).allowed:
            return line
    if enemies and me.ap > 0 and not me.in_cover:
        x, y = me.at
        tx, ty = enemies[0].at
        step = (x + (tx > x) - (tx < x), y + (ty > y) - (ty < y))
        line = f"move {me.id} {step[0]},{step[1]}"
        if preview(state, parse_command(line)).allowed:
            return line
    return "end"


def play(start: Encounter, rounds: int, seed: int) -> list[str]:
    game = Game(start, seed=seed)
    lines: list[str] = []
    game.play("end")  # starts round 1 and hands the first turn on
    lines.append("end")
    while not game.state.finished and game.state.round <= rounds:
        line = policy(game.state)
        try:
            game.play(line)
        except CommandError:
            line = "end"
            game.play(line)
        lines.append(line)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    root = content_root()
    start = load_encounter(root / "encounters" / "street_fight.toml", load_library(root))
    lines = play(start, args.rounds, args.seed)
    timings = []
    for _ in range(args.repeat):
        began = time.perf_counter()
        game = Game(start, seed=args.seed)
        game.play_all(lines)
        timings.append(time.perf_counter() - began)
    median = statistics.median(timings)
    print(f"4-vs-4 street fight, {game.state.round - 1} full rounds, {len(lines)} commands, winner {game.state.winner}")
    print(f"replay: {median * 1000:.0f} ms median of {args.repeat} ({len(lines) / median:,.0f} commands/s)")


if __name__ == "__main__":
    main()
