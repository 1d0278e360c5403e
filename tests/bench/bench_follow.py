"""On-demand benchmark of following the action (issue 24 items 1 and 8; not run by pytest or CI).

    python tests/bench/bench_follow.py [--rounds 1] [--runs 3] [--seed 7] [--pace SECONDS] [--also-pace-0]

The app a player runs (`create_app`, 140 x 45, headless) on content/encounters/big_battlefield.toml, the
River raiders played by their AI, the Brotherhood's units ending their turns at once (`e`, as soon as control
is back: the "While you waited" panel has opened). The same AI turns every run: the AI's decisions are worked
out once beforehand, without the app, from the same seed (the AI is not asked again in the runs, so its
thinking time is no part of the figures); every run plays them from `start` to the end of round --rounds.
Runs alternate follow the action on and off (the `follow` setting), at the default pace (0.4 s a command, as
the issue asks; the pace's waits are the same both ways) and, with --also-pace-0, at pace 0 too, where the
follow's own work shows most.

Figures for each pace and setting: the wall time of an AI command (from the command before it to it: the
pace, playing it, the frame and, follow on, scrolling and drawing the shot) median and p95 over every AI
command of every run, and the whole stretch's wall time (median of the runs); the ratio on/off of each. The
issue's aim: follow on at most 1.10 x follow off.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import statistics
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIG = ROOT / "content" / "encounters" / "big_battlefield.toml"
SIZE = (140, 45)
HUMAN_LINE = "end"


def decisions(seed: int, rounds: int) -> list:
    """The AI's decisions of the stretch, in order, worked out without the app: the humans end at once."""
    from apcombat.ai import player_for
    from apcombat.ai.turn import Answer
    from apcombat.content import content_root, load_encounter, load_library
    from apcombat.engine import Game
    from apcombat.fight import Fight
    from apcombat.model import Control

    state = load_encounter(BIG, load_library(content_root(None)))
    game = Game(state, seed)
    game.play("start")
    players = {side.id: player_for(side.ai) for side in state.sides if side.control is Control.AI}
    fight = Fight(game, players)
    decided = []
    while not game.state.finished and game.state.round <= rounds:
        if fight.ai_side() is None:
            game.play(HUMAN_LINE)
            continue
        player, rng, generator = fight.question()
        decision = player.decide(game.state, rng)
        decided.append(decision)
        fight.play(Answer(decision, 0.0, None, generator))
    return decided


class Replayed:
    """A level that answers with the decisions worked out beforehand, in order."""

    def __init__(self, decided: list) -> None:
        self.decided = list(decided)

    def decide(self, state, rng: random.Random):
        from apcombat.ai import Decision

        return self.decided.pop(0) if self.decided else Decision("end", "no decision left")


async def one_run(decided: list, seed: int, rounds: int, pace: float, follow: bool) -> tuple[float, list[float]]:
    """One run from `start` to the end of `rounds`: its wall time, and each AI command's."""
    from apcombat.ai import LEVELS
    from apcombat.content import content_root, load_library
    from apcombat.tui.app import create_app

    kept = dict(LEVELS)
    shared = Replayed(decided)
    for name in list(LEVELS):
        LEVELS[name] = lambda settings: shared
    try:
        with tempfile.TemporaryDirectory() as folder:
            app = create_app(
                library=load_library(content_root(None)),
                saves=Path(folder) / "saves",
                keymap_file=Path(folder) / "keys.toml",
                open_path=BIG,
                seed=seed,
                ai_pace=pace,
            )
            stamps: list[tuple[float, bool]] = []
            async with app.run_test(size=SIZE) as pilot:
                app.settings = app.settings.replace(follow=follow)
                await pilot.pause()
                screen = app.screen
                fight = screen.session.fight
                game = screen.session.game
                game.command_listeners.append(
                    lambda g: stamps.append(
                        (
                            time.perf_counter(),
                            fight.waiting.last is not None and fight.waiting.last.side in fight.players,
                        )
                    )
                )
                started = time.perf_counter()
                await pilot.press("s")
                while not game.state.finished and game.state.round <= rounds:
                    if fight.side_in_control() is not None and not screen.ai.pending and not screen.busy:
                        await pilot.press("e")
                    else:
                        await asyncio.sleep(0.002)
                wall = time.perf_counter() - started
    finally:
        LEVELS.clear()
        LEVELS.update(kept)
    commands = [b[0] - a[0] for a, b in itertools.pairwise(stamps) if a[1] and b[1]]
    return wall, commands


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def measure(decided: list, seed: int, rounds: int, pace: float, runs: int) -> None:
    walls: dict[bool, list[float]] = {True: [], False: []}
    commands: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(runs):
        for follow in (True, False):
            wall, each = asyncio.run(one_run(decided, seed, rounds, pace, follow))
            walls[follow].append(wall)
            commands[follow] += each
    print(f"pace {pace} s, {runs} runs of each, {len(commands[True]) // runs} AI commands a run:")
    for follow in (True, False):
        each = commands[follow]
        print(
            f"  follow {'on ' if follow else 'off'}: AI command median {statistics.median(each) * 1000:7.1f} ms, "
            f"p95 {p95(each) * 1000:7.1f} ms; the whole run median {statistics.median(walls[follow]):6.2f} s"
        )
    on, off = commands[True], commands[False]
    whole = statistics.median(walls[True]) / statistics.median(walls[False])
    print(
        f"  ratio on/off: median {statistics.median(on) / statistics.median(off):.3f}, "
        f"p95 {p95(on) / p95(off):.3f}, whole run {whole:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--pace", type=float, default=None, help="the AI pace (default: the app's, 0.4 s)")
    parser.add_argument("--also-pace-0", action="store_true", help="measure at pace 0 too")
    args = parser.parse_args()
    from apcombat.content.settings import Settings, ai_pace

    pace = args.pace if args.pace is not None else ai_pace(Settings())
    decided = decisions(args.seed, args.rounds)
    measure(decided, args.seed, args.rounds, pace, args.runs)
    if args.also_pace_0 and pace != 0:
        measure(decided, args.seed, args.rounds, 0.0, args.runs)


if __name__ == "__main__":
    main()
