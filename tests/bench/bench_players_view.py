"""On-demand benchmark of the players' view (not run by pytest or CI).

    python tests/bench/bench_players_view.py [--runs 21] [--commands 1000]

The same 100 x 100 encounter with 40 units as bench_saves.py, after a thousand commands. What a command
costs the game master since the app autosaves after every one (issue 13, item 4): the autosave (written
atomically: a temporary file synced to disk, the old save kept as .bak, a rename, the folder synced) against
writing the same text plainly in the same runs. And what the players' view takes to follow it: the page's
fight after one more command (the save read and checked, the log rebuilt by playing the new command, the
HTML), and after a first read (the whole history played to rebuild the log). With the page asking every
0.4 s, a command shows on the players' screen within autosave + follow + 0.4 s.
"""

from __future__ import annotations

import argparse
import contextlib
import platform
import tempfile
from pathlib import Path

from bench_saves import big_fight, commands, timings_ms

from apcombat.engine import CommandError, Game
from apcombat.players_view import FollowedSave
from apcombat.saves import SaveFile, autosave, save_text


def one_more(game: Game) -> None:
    """The next command the stream offers that the game accepts."""
    stream = commands(game)
    while True:
        with contextlib.suppress(CommandError):
            game.play(next(stream))
            return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--commands", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        game = big_fight(folder, args.commands)
        path = autosave(game, folder)
        plain = Path(folder) / "plain.toml"
        saving = timings_ms(lambda: autosave(game, folder), args.runs)
        writing = timings_ms(lambda: plain.write_text(save_text(SaveFile.of(game)), encoding="utf-8"), args.runs)
        followed = FollowedSave(path)
        first = timings_ms(lambda: FollowedSave(path).view(), max(3, args.runs // 4))
        followed.view()

        def follow_one_more() -> None:
            one_more(game)
            autosave(game, folder)
            followed.view()

        following = timings_ms(follow_one_more, args.runs)
        size = path.stat().st_size
    print(f"Python {platform.python_version()} on {platform.machine()}")
    print(
        f"{game.state.name}: {len(game.state.units)} units, {len(game.history)} commands, save {size / 1024:,.0f} KiB"
    )
    print(
        f"autosave, median (p95) of {args.runs}: {saving[0]:.1f} ({saving[1]:.1f}) ms; the same text written "
        f"plainly: {writing[0]:.1f} ({writing[1]:.1f}) ms: {saving[0] / writing[0]:.1f}x"
    )
    print(f"players' view, a first read: {first[0]:.0f} ({first[1]:.0f}) ms")
    print(
        f"one more command played, autosaved and followed by the players' view: {following[0]:.1f} "
        f"({following[1]:.1f}) ms"
    )


if __name__ == "__main__":
    main()
