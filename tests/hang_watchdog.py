"""A watchdog against hangs, shared by the tests that play something which might never come back (not a
speed assertion: its limit is far beyond any honest run)."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator


class Hang(BaseException):
    """The watchdog fired: the program did not come back. A BaseException, so no `except Exception` in the
    code under test swallows it."""


@contextlib.contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """Raise Hang in the main thread if the block runs longer than `seconds` (POSIX timers)."""

    def fire(signum: int, frame: object) -> None:
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
