"""Stopping a long command cleanly: SIGTERM stops it as Ctrl-C does, where it can clean up (cancel work,
stop its worker processes, write nothing half), and what it prints at the end goes out whole."""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from typing import TextIO

_asked: list[int] = []  # the signals that asked to stop, in case a handler's exception was lost


class Stopped(KeyboardInterrupt):
    """The command was asked to stop by a signal; `code` is the exit status a shell expects (128 + its number)."""

    def __init__(self, signum: int) -> None:
        self.name = signal.Signals(signum).name
        self.code = 128 + signum
        super().__init__(f"stopped by {self.name}")


@contextlib.contextmanager
def signals_stop() -> Iterator[None]:
    """Within: SIGINT, SIGTERM (and SIGHUP) raise Stopped in the main thread, so `finally` blocks run."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    from apcombat.sim.pool import STOPPING_SIGNALS

    def stop(signum: int, _frame: object) -> None:
        _asked.append(signum)
        raise Stopped(signum)

    previous = {signum: signal.signal(signum, stop) for signum in STOPPING_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        _asked.clear()


def check() -> None:
    """Raise Stopped if a signal asked to stop and its handler's exception was lost (raised where Python
    only reports it: a fork hook, a finaliser)."""
    if _asked:
        raise Stopped(_asked[0])


def write_whole(text: str, stream: TextIO | None = None) -> None:
    """Write `text` and flush it with the stopping signals held back, so it goes out whole: a signal that
    comes meanwhile acts once the text is out."""
    from apcombat.sim.pool import signals_held

    stream = stream or sys.stdout
    with signals_held():
        stream.write(text)
        stream.flush()
