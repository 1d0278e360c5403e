"""What the web pages' tests share besides fixtures: the save they show, and the game master playing on it."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs

from apcombat.engine import Game
from apcombat.players_view import WatchServer
from apcombat.saves import load_game, save_game

BRAWL = Path(__file__).parents[1] / "saves" / "format_4" / "table_brawl.toml"
"""The saloon brawl in round 1: Drifter and Barkeep shot Raider Jed (8 of 33 HP left), Raider Moss burns, the
game master took 5 HP off Sue, and Raider Jed acts."""


def play(save: Path, *lines: str) -> Game:
    """The game master plays `lines` on the saved game, and the app saves it again."""
    game = load_game(save)
    game.play_all(lines)
    save_game(game, save)
    return game


def map_fight(folder: Path) -> Game:
    """A fight on R22.11 B's corner under the fog of war: Ana of the vault sees Jed, not Rat behind the walls,
    and has just moved (the map's last action's line)."""
    from tests.engine.throw_fights import MAP_B, ana, jed, rat, throw_game

    game = throw_game(folder, ana((0, 2)), jed((4, 2)), rat((8, 2)), rows=MAP_B, modules=("fog_of_war",))
    game.play("move ana 1,2")
    return game


WATCHDOG_S = 60  # how long a server may take to start or a process to end (a slow, shared machine); not a goal


@attrs.frozen
class Served:
    """A server started by the tests: its port, process and the addresses it printed to open it at."""

    port: int
    process: subprocess.Popen
    urls: list[str]

    def app_processes(self) -> list[int]:
        """The app processes the server runs for its pages (its children)."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text("ascii")
        return [int(pid) for pid in children.split()]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def in_a_thread(server: WatchServer) -> Iterator[WatchServer]:
    """The players' view `server` answering on a thread of this process until the block ends."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@contextlib.contextmanager
def serving(folder: Path, *options: str, at: str = "127.0.0.1") -> Iterator[Served]:
    """`apcombat serve OPTIONS` on a free port, in its own process group (ended with it), once it listens and
    has printed where to open it; it is asked if it listens at `at` (the loopback address it is reached at)."""
    port = free_port()
    printed = folder / "printed.txt"
    with printed.open("w", encoding="utf-8") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "apcombat", "serve", "--port", str(port), *options],
            cwd=folder,
            env=os.environ | {"APCOMBAT_SAVES": str(folder / "saves")},
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_until(lambda: _answers(at, port) or server.poll() is not None)
        wait_until(lambda: "http://" in printed.read_text("utf-8") or server.poll() is not None)
        yield Served(port, server, re.findall(r"http://[^\s/]+/\S*", printed.read_text("utf-8")))
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)  # the server and the apps it started for its pages
        server.wait(timeout=WATCHDOG_S)


def _answers(address: str, port: int) -> bool:
    try:
        socket.create_connection((address, port), timeout=WATCHDOG_S).close()
    except OSError:
        return False
    return True


def wait_until(done: Callable[[], bool]) -> None:
    """Wait for `done()` — a watchdog only, catching a hang."""
    for _ in range(WATCHDOG_S * 10):
        if done():
            return
        time.sleep(0.1)
    raise AssertionError(f"not done within {WATCHDOG_S} s")
